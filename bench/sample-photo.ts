/**
 * The tests' synthetic T-shirt photo as a JPEG, made in Node for the benches (no binary fixtures), and the
 * benches' other shared pieces: percentiles, workerd's memory, the ledger check.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode.js";

const root = resolve(import.meta.dirname, "..");

export async function samplePhotoJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  // Loaded at run time: the module belongs to the Worker's TypeScript project, not the benches'.
  const { samplePhoto } = (await import(pathToFileURL(join(root, "worker/providers/studio-sample-photo.ts")).href)) as {
    samplePhoto(options: { width: number; height: number; garment: readonly number[]; grain: number }): ImageData;
  };
  const wasm = readFileSync(join(root, "node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"));
  await (initJpegEncoder as (compiled: WebAssembly.Module) => Promise<void>)(new WebAssembly.Module(wasm));
  // Grain makes it compress like a real photo.
  return new Uint8Array(await encodeJpeg(samplePhoto({ width, height, garment: [40, 90, 170], grain: 10 }), { quality: 90 }));
}

/**
 * The same JPEG made distinct (its own R2 key, as each product of a real store has), still decoding cleanly:
 * a comment segment carrying `n` right after the start marker.
 */
export function distinctJpeg(photo: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const comment = [0xff, 0xfe, 0x00, 0x04, (n >> 8) & 0xff, n & 0xff];
  const bytes = new Uint8Array(photo.length + comment.length);
  bytes.set(photo.subarray(0, 2));
  bytes.set(comment, 2);
  bytes.set(photo.subarray(2), 2 + comment.length);
  return bytes;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The workerd that this process started (through vite preview, wrangler or miniflare), from Linux /proc. */
export function workerdPid(): number {
  return workerdPids()[0]!;
}

/** Every workerd this process started (`wrangler dev` runs one for its proxy beside the Worker's). */
export function workerdPids(): number[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      names.set(Number(entry), readFileSync(`/proc/${entry}/comm`, "utf8").trim());
    } catch {
      // the process ended while we looked
    }
  }
  const descends = (pid: number): boolean => pid === process.pid || (pid > 1 && descends(parents.get(pid) ?? 0));
  const found = [...names].filter(([pid, name]) => name === "workerd" && descends(pid)).map(([pid]) => pid);
  if (!found.length) throw new Error("workerd process not found");
  return found;
}

/** Resident memory now (VmRSS) or at its peak so far (VmHWM), in MiB. */
export function memoryMiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) / 1024;
}

/** Resolves once the process is gone, so nothing else holds the local database when the ledger is checked. */
export async function processEnded(pid: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (existsSync(`/proc/${pid}`)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm run check:ledger -- --persist-to <dir>`: its output, and whether every money invariant holds. */
export function checkLedger(persistTo: string): { ok: boolean; output: string } {
  const run = spawnSync("npm", ["run", "--silent", "check:ledger", "--", "--persist-to", persistTo], { cwd: root, encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** CPU time these processes have used so far, all their threads (Linux /proc schedstat, nanoseconds), in ms. */
export function cpuMs(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended while we looked
      }
    }
  }
  return ns / 1e6;
}

/**
 * Resolves once the process has used under 2% of a core for `quietMs` in a row: its background work (the
 * queue's consumer, a waitUntil) is over. A state, not a clock: it waits as long as the work takes, up to
 * a minute.
 */
export async function waitUntilIdle(pids: number[], quietMs: number): Promise<void> {
  const step = 100;
  const deadline = Date.now() + 60_000;
  let quietFor = 0;
  let last = cpuMs(pids);
  while (quietFor < quietMs) {
    if (Date.now() > deadline) throw new Error(`workerd (${pids.join(", ")}) still busy after a minute`);
    await new Promise((r) => setTimeout(r, step));
    const now = cpuMs(pids);
    quietFor = now - last < step * 0.02 ? quietFor + step : 0;
    last = now;
  }
}
