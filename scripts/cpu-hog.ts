/**
 * Keeps every core busy, as other work on a shared CI box or a developer's
 * machine does: one worker thread per core spinning on arithmetic. Bounded:
 * it stops itself after `seconds` (default 30 minutes) and when its parent
 * goes away, so a crashed run cannot leave it behind.
 *
 *   node scripts/cpu-hog.ts [seconds]
 *
 * scripts/stress.ts starts it beside the end-to-end tests.
 */
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

if (isMainThread) {
  const seconds = Number(process.argv[2] ?? 1800);
  const cores = availableParallelism();
  const workers = Array.from({ length: cores }, () => new Worker(new URL(import.meta.url)));
  const stop = () => {
    for (const worker of workers) void worker.terminate();
    process.exit(0);
  };
  setTimeout(stop, seconds * 1000).unref();
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, stop);
  // Started with an IPC channel (scripts/stress.ts): its closing means the parent is gone.
  process.on("disconnect", stop);
  // Also checked by pid, for a parent that started us without IPC.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 1000);
  console.log(`cpu-hog: ${cores} busy threads for up to ${seconds} s`);
} else {
  // Busy in slices, so terminate() is honoured promptly.
  let x = 0;
  const spin = () => {
    const until = Date.now() + 50;
    while (Date.now() < until) x = (x * 1103515245 + 12345) % 2147483648;
    setImmediate(spin);
  };
  spin();
  parentPort?.on("message", () => undefined);
}
