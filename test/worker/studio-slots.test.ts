import { describe, expect, it, onTestFinished } from "vitest";
import { inStudioSlot, STUDIO_SLOTS, studioQueue } from "../../worker/providers/studio-slots";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Waiting jobs look for a free slot on their own timers: wait for the state, not for a fixed time, and only while
 * the test lives (a timed-out test must not keep spinning through the files after it).
 */
async function until(check: () => boolean) {
  let ended = false;
  onTestFinished(() => {
    ended = true;
  });
  while (!ended && !check()) await new Promise((r) => setTimeout(r, 5));
}

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
    await until(() => started.length === STUDIO_SLOTS);
    expect(started).toEqual([0, 1]);
    expect(studioQueue()).toEqual({ running: 2, waiting: 3 });
    gates[1]!.resolve();
    await until(() => started.length === 3);
    expect(started).toEqual([0, 1, 2]);
    // A later job never jumps the line while earlier ones wait.
    gates[0]!.resolve();
    await until(() => started.length === 4);
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(STUDIO_SLOTS);
    expect(studioQueue()).toEqual({ running: 0, waiting: 0 });
  });

  it("a job given up while waiting leaves the line without taking a slot; a failure frees its slot", async () => {
    const busy = Array.from({ length: STUDIO_SLOTS }, deferred);
    const holders = busy.map((gate) => inStudioSlot(() => gate.promise));
    const abort = new AbortController();
    let ranAborted = false;
    const given = inStudioSlot(async () => {
      ranAborted = true;
    }, abort.signal);
    const next = inStudioSlot(async () => "next");
    await until(() => studioQueue().waiting === 2);
    abort.abort(new Error("tab closed"));
    await expect(given).rejects.toThrow("tab closed");
    expect(studioQueue()).toEqual({ running: 2, waiting: 1 });

    busy[0]!.resolve();
    expect(await next).toBe("next");
    expect(ranAborted).toBe(false);
    await expect(inStudioSlot(() => Promise.reject(new Error("decode failed")))).rejects.toThrow("decode failed");
    busy[1]!.resolve();
    await Promise.all(holders);
    expect(await inStudioSlot(async () => "free again")).toBe("free again");
    expect(studioQueue()).toEqual({ running: 0, waiting: 0 });
  });
});
