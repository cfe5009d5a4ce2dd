import { QueryClient, QueryObserver, queryOptions } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cacheAnswer } from "./cache-answer";

/** A list query whose fetches the test answers by hand, watched like a screen watches it. */
function slowList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pending: ((list: string[]) => void)[] = [];
  const options = queryOptions({
    queryKey: ["products", "u1"],
    queryFn: () => new Promise<string[]>((answer) => pending.push(answer)),
  });
  const observer = new QueryObserver(queryClient, options);
  const stop = observer.subscribe(() => {});
  const settled = () => new Promise((done) => setTimeout(done, 0));
  return { queryClient, key: options.queryKey, pending, observer, stop, settled };
}

describe("cacheAnswer", () => {
  it("keeps a change's answer when a fetch that began before it answers after it", async () => {
    const { queryClient, key, pending, observer, stop, settled } = slowList();
    pending.shift()!(["Remera: sin publicar"]);
    await settled();
    // A refetch (the screen mounting again) is under way when the change answers.
    void queryClient.refetchQueries({ queryKey: key });
    expect(pending).toHaveLength(1);
    await cacheAnswer(queryClient, key, (list) => list?.map(() => "Remera: publicada"));
    // The old state arrives late: it must not undo the change.
    pending.shift()!(["Remera: sin publicar"]);
    await settled();
    expect(observer.getCurrentResult().data).toEqual(["Remera: publicada"]);
    expect(observer.getCurrentResult().fetchStatus).toBe("idle");
    stop();
  });

  it("a plain write, for contrast, is undone by that late answer", async () => {
    const { queryClient, key, pending, observer, stop, settled } = slowList();
    pending.shift()!(["Remera: sin publicar"]);
    await settled();
    void queryClient.refetchQueries({ queryKey: key });
    queryClient.setQueryData(key, (list) => list?.map(() => "Remera: publicada"));
    pending.shift()!(["Remera: sin publicar"]);
    await settled();
    expect(observer.getCurrentResult().data).toEqual(["Remera: sin publicar"]);
    stop();
  });

  it("fetches again when the stopped fetch was the first, so the screen does not stay loading", async () => {
    const { queryClient, key, pending, observer, stop, settled } = slowList();
    expect(pending).toHaveLength(1);
    await cacheAnswer(queryClient, key, (list) => list?.map(() => "Remera: publicada"));
    // The first fetch was stopped and a new one began, after the change.
    expect(pending).toHaveLength(2);
    pending[0]!(["Remera: sin publicar"]);
    pending[1]!(["Remera: publicada"]);
    await settled();
    expect(observer.getCurrentResult().data).toEqual(["Remera: publicada"]);
    expect(observer.getCurrentResult().status).toBe("success");
    stop();
  });

  it("writes a whole answer (not an update) the same way", async () => {
    const { queryClient, key, pending, observer, stop, settled } = slowList();
    void queryClient.refetchQueries({ queryKey: key });
    await cacheAnswer(queryClient, key, ["Remera", "Buzo"]);
    for (const answer of pending.splice(0)) answer(["Remera"]);
    await settled();
    expect(observer.getCurrentResult().data).toEqual(["Remera", "Buzo"]);
    stop();
  });
});
