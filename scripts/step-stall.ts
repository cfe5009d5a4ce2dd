/**
 * A step of `npm test` that hangs is stopped with a reason instead of holding CI until its own timeout.
 *
 * Seen once: every Worker and web test file had passed, and the unit step's vitest waited on, with its
 * workerd idle, for minutes, until the workerd was killed by hand. A healthy step always works: tests,
 * browsers, the app, the type-checker. So a step whose processes together use almost no CPU for a long
 * stretch is stuck, not slow: its whole process tree is killed and the step fails saying so. Linux only
 * (/proc); elsewhere nothing is watched.
 */
import { readdirSync, readFileSync } from "node:fs";

/** How long a step may go without using CPU before it counts as hung: no test waits anywhere near this long. */
export const STALL_SECONDS = 180;
/** Less CPU than this over that stretch is a hang (timers and pipes of idle processes use a little). */
const IDLE_CPU_SECONDS = 1;

interface ProcessInfo {
  pid: number;
  ppid: number;
  cpuSeconds: number;
}

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // After the command's name (in parentheses, which may hold spaces): state, ppid, … utime (14), stime (15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      found.push({ pid: Number(name), ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The process and everything it started, still running: pid and CPU used so far. */
export function processTree(rootPid: number): ProcessInfo[] {
  const all = processes();
  const tree = all.filter((p) => p.pid === rootPid);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i]!.pid));
  return tree;
}

/**
 * Watches the tree under `rootPid`: when the CPU it used (the living processes' own, plus what the ones that
 * ended had used) grows by less than `idleCpuSeconds` in `stallSeconds`, kills every process of it and calls
 * `onStall`. Returns the function that stops watching.
 */
export function watchForStall(
  rootPid: number,
  onStall: (idleSeconds: number) => void,
  { stallSeconds = STALL_SECONDS, idleCpuSeconds = IDLE_CPU_SECONDS } = {},
): () => void {
  if (process.platform !== "linux") return () => {};
  const seen = new Map<number, number>();
  const used = () => {
    for (const p of processTree(rootPid)) seen.set(p.pid, p.cpuSeconds);
    return [...seen.values()].reduce((sum, s) => sum + s, 0);
  };
  let mark = { at: Date.now(), cpu: used() };
  const timer = setInterval(
    () => {
      const cpu = used();
      if (cpu - mark.cpu >= idleCpuSeconds) {
        mark = { at: Date.now(), cpu };
        return;
      }
      const idle = (Date.now() - mark.at) / 1000;
      if (idle < stallSeconds) return;
      clearInterval(timer);
      for (const p of processTree(rootPid).reverse()) {
        try {
          process.kill(p.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      onStall(Math.round(idle));
    },
    Math.min(5_000, (stallSeconds * 1000) / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}
