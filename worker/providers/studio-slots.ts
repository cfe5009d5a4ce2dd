/**
 * How many studio pictures one isolate makes at the same time. Each holds
 * 10–15 MiB of pixels while it runs, and Durable Objects of one class can
 * share an isolate (128 MB): 50 jobs at once all decoding together took
 * workerd from 190 MiB to 870 MiB locally, and every job finished only when
 * the last did. Queued here, each job waits with nothing but its photo's
 * bytes, and jobs finish one after another.
 */
export const STUDIO_SLOTS = 2;

let running = 0;
const waiting: (() => void)[] = [];

export async function inStudioSlot<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (running >= STUDIO_SLOTS) {
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener("abort", giveUp);
        resolve();
      };
      const giveUp = () => {
        const at = waiting.indexOf(wake);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal!.reason);
      };
      waiting.push(wake);
      signal?.addEventListener("abort", giveUp, { once: true });
    });
  }
  running++;
  try {
    // Pictures are long stretches of CPU on the isolate's one thread: yielding first lets the jobs that
    // just finished store their image and answer, instead of all of them waiting for the last picture.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
