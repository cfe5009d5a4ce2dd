import { describe, expect, it } from "vitest";
import { inStudioSlot, STUDIO_SLOTS } from "../../worker/providers/studio-slots";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

// Each picture starts a macrotask after it gets its slot (studio-slots.ts yields first).
const tick = () => new Promise((r) => setTimeout(r, 10));

describe("studio slots", () => {
  it("runs at most STUDIO_SLOTS pictures at once, the rest in the order they came", async () => {
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const jobs = gates.map((gate, i) =>
      inStudioSlot(async () => {
        started.push(i);
        peak = Math.max(peak, ++running);
        await gate.promise;
        running--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1].slice(0, STUDIO_SLOTS));
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(STUDIO_SLOTS);
  });

  it("a job given up while waiting leaves the queue without taking a slot; a failure frees its slot", async () => {
    const busy = Array.from({ length: STUDIO_SLOTS }, deferred);
    const holders = busy.map((gate) => inStudioSlot(() => gate.promise));
    const abort = new AbortController();
    let ranAborted = false;
    const given = inStudioSlot(async () => {
      ranAborted = true;
    }, abort.signal);
    const next = inStudioSlot(async () => "next");
    abort.abort(new Error("tab closed"));
    await expect(given).rejects.toThrow("tab closed");

    busy[0]!.resolve();
    expect(await next).toBe("next");
    expect(ranAborted).toBe(false);
    await expect(inStudioSlot(() => Promise.reject(new Error("decode failed")))).rejects.toThrow("decode failed");
    busy[1]!.resolve();
    await Promise.all(holders);
    expect(await inStudioSlot(async () => "free again")).toBe("free again");
  });
});
