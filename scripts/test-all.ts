/**
 * `npm test`: every test, with the machine's two cores kept busy.
 *
 * The steps and what each waits for:
 *
 *   check:lockfile → lint → typecheck          (one after another: small, and their errors read best first)
 *   build          the production build, once (dist/; scripts/build-once.ts)
 *   unit           Worker tests in workerd + web unit tests (vitest projects worker, web)
 *   e2e            Chromium against the build                       after build
 *   bench:size     the bundle budgets of the same build             after build
 *   check:deploy   wrangler deploy --dry-run of the same build      after build
 *
 * Steps run side by side as soon as what they wait for is done; each one's output is kept and printed
 * whole when it ends, so two steps never interleave their lines. At the end: one line per step with its
 * time and the load average when it started and ended, the total, and the CPU time everything used.
 * Exits 1 when any step failed (a step whose prerequisite failed is not run and counts as failed), and a
 * step whose processes all sit idle for minutes is killed and failed as hung (scripts/step-stall.ts).
 *
 * `npm test -- --only unit,e2e` runs those steps (and what they wait for); `--steps` lists them.
 */
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { watchForStall } from "./step-stall.ts";
import { whatFailed } from "./test-failures.ts";
import type { TestRunSummary } from "./test-times-table.ts";

const root = resolve(import.meta.dirname, "..");
const buildDir = join(root, "dist");

interface Step {
  name: string;
  command: string[];
  after?: string[];
  /** The build step itself makes the build the others reuse. */
  makesBuild?: boolean;
}

const STEPS: Step[] = [
  { name: "check:lockfile", command: ["npm", "run", "--silent", "check:lockfile"] },
  { name: "lint", command: ["npm", "run", "--silent", "lint"], after: ["check:lockfile"] },
  // One thread: the other steps keep both cores busy, and TypeScript 7's checkers in parallel only add CPU.
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck", "--", "--singleThreaded"], after: ["lint"] },
  { name: "build", command: ["node", "scripts/build-once.ts"], makesBuild: true },
  // Two test files at a time: the Worker tests are CPU work (scrypt, image codecs) and the e2e files mostly wait.
  // UNIT_WORKERS changes it (E2E_WORKERS does the same for the e2e files, vitest.config.ts).
  {
    name: "unit",
    command: ["npx", "vitest", "run", "--project", "worker", "--project", "web", `--maxWorkers=${process.env.UNIT_WORKERS ?? 2}`],
  },
  { name: "e2e", command: ["npx", "vitest", "run", "--project", "e2e"], after: ["build"] },
  { name: "bench:size", command: ["npm", "run", "--silent", "bench:size"], after: ["build"] },
  { name: "check:deploy", command: ["npm", "run", "--silent", "check:deploy"], after: ["build"] },
];

const args = process.argv.slice(2);
// Child mode: run one step's command, then write the CPU time it and everything it started used (Linux).
if (args[0] === "--run-step") {
  const [command, ...rest] = JSON.parse(args[1]!) as string[];
  const child = spawn(command!, rest, { cwd: root, stdio: "inherit" });
  const code = await new Promise<number>((done) => child.on("exit", (status, signal) => done(status ?? (signal ? 1 : 0))));
  const cpu = childrenCpuSeconds();
  if (cpu !== undefined) writeFileSync(args[2]!, String(cpu));
  process.exit(code);
}
if (args.includes("--steps")) {
  for (const step of STEPS)
    console.log(`${step.name.padEnd(14)} ${step.command.join(" ")}${step.after ? `   (after ${step.after.join(", ")})` : ""}`);
  process.exit(0);
}
const onlyArg = args.find((arg) => arg.startsWith("--only"));
const only = onlyArg ? (onlyArg.includes("=") ? onlyArg.split("=")[1]! : args[args.indexOf(onlyArg) + 1]!).split(",") : undefined;
const wanted = new Set<string>();
const want = (name: string) => {
  const step = STEPS.find((s) => s.name === name);
  if (!step) throw new Error(`no step named ${name} (npm test -- --steps lists them)`);
  wanted.add(name);
  for (const before of step.after ?? []) want(before);
};
for (const name of only ?? STEPS.map((s) => s.name)) want(name);
const steps = STEPS.filter((s) => wanted.has(s.name));

const load1 = () => loadavg()[0]!.toFixed(2);
const busyAtStart = machineBusySeconds();
const work = mkdtempSync(join(tmpdir(), "vidriera-test-"));
const started = performance.now();
const loadAtStart = load1();
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

interface Result {
  step: Step;
  code: number;
  startMs: number;
  endMs: number;
  load: [string, string];
  /** CPU seconds of the step's processes (Linux), when known. */
  cpu?: number;
  output?: string;
}
const results = new Map<string, Result>();
const running = new Map<string, Promise<Result>>();

console.log(
  `npm test: ${steps.map((s) => s.name).join(", ")} on ${availableParallelism()} cores (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")})`,
);

function run(step: Step): Promise<Result> {
  const existing = running.get(step.name);
  if (existing) return existing;
  const promise = (async (): Promise<Result> => {
    const before = await Promise.all(
      (step.after ?? []).filter((name) => wanted.has(name)).map((name) => run(STEPS.find((s) => s.name === name)!)),
    );
    const startMs = performance.now() - started;
    const load: [string, string] = [load1(), ""];
    if (before.some((r) => r.code !== 0)) {
      console.log(
        `\n✗ ${step.name}: not run, ${before
          .filter((r) => r.code !== 0)
          .map((r) => r.step.name)
          .join(", ")} failed`,
      );
      return { step, code: 1, startMs, endMs: startMs, load: [load[0], load[0]] };
    }
    console.log(`▶ ${step.name} (at ${seconds(startMs)}, load average ${load[0]})`);
    let output = "";
    // The build is made once and reused by the others (scripts/build-once.ts, scripts/local-app.ts); colours as on a terminal.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
      VIDRIERA_BUILD_DIR: buildDir,
      // Node keeps the code it compiled on disk and the next process loads it instead of compiling again: the
      // suite starts dozens of Node processes over the same vitest, vite and wrangler code (a vitest start
      // 3.3 -> 2.65 CPU s once the cache is warm).
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(root, "node_modules", ".cache", "node-compile-cache"),
    };
    if (step.makesBuild) delete env.VIDRIERA_BUILD_DIR;
    const cpuFile = join(work, `${step.name.replace(/\W/g, "-")}.cpu`);
    const code = await new Promise<number>((done) => {
      const child = spawn(process.execPath, [import.meta.filename, "--run-step", JSON.stringify(step.command), cpuFile], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env,
      });
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      // A step stuck for good fails now, saying so, instead of holding the run (scripts/step-stall.ts).
      const stopWatching = watchForStall(child.pid!, (idle) => {
        output += `\n${step.name}: hung: its processes used no CPU for ${idle} s, so all of them were killed (scripts/step-stall.ts)\n`;
      });
      child.on("exit", (status, signal) => {
        stopWatching();
        done(status ?? (signal ? 1 : 0));
      });
    });
    const endMs = performance.now() - started;
    load[1] = load1();
    const cpu = existsSync(cpuFile) ? Number(readFileSync(cpuFile, "utf8")) : undefined;
    const mark = code === 0 ? "✓" : "✗";
    console.log(`\n${mark} ${step.name}: ${seconds(endMs - startMs)}, exit ${code}\n${output.trimEnd()}`);
    return { step, code, startMs, endMs, load, cpu, output };
  })();
  running.set(step.name, promise);
  promise.then((result) => results.set(step.name, result));
  return promise;
}

await Promise.all(steps.map(run));
const total = performance.now() - started;

console.log("\nnpm test, per step (seconds from the start; CPU time; 1-minute load average when the step started → ended):");
for (const step of steps) {
  const r = results.get(step.name)!;
  const cpu = r.cpu === undefined ? "" : `CPU ${r.cpu.toFixed(0)} s`;
  console.log(
    `  ${r.code === 0 ? "✓" : "✗"} ${step.name.padEnd(14)} ${seconds(r.endMs - r.startMs).padStart(6)}   ${seconds(r.startMs).padStart(5)} → ${seconds(r.endMs).padEnd(6)} ${cpu.padEnd(10)}  load ${r.load[0]} → ${r.load[1]}`,
  );
}
const cpu = childrenCpuSeconds();
const busyNow = machineBusySeconds();
const busy = busyAtStart === undefined || busyNow === undefined ? undefined : busyNow - busyAtStart;
console.log(
  `  total ${seconds(total)}${cpu === undefined ? "" : `, CPU time the steps reported ${cpu.toFixed(0)} s`}${busy === undefined ? "" : `; the machine's cores were busy ${busy.toFixed(0)} s (${(busy / (total / 1000)).toFixed(2)} of ${availableParallelism()} on average, /proc/stat)`}`,
);
rmSync(work, { recursive: true, force: true });
// scripts/test-times.ts asks for the same figures as one JSON line, to write the table of runs in docs/testing.md.
if (process.env.TEST_TIMES_FILE) {
  const summary: TestRunSummary = {
    seconds: Math.round(total / 1000),
    cpuSeconds: cpu === undefined ? null : Math.round(cpu),
    busyCoreSeconds: busy === undefined ? null : Math.round(busy),
    cores: availableParallelism(),
    load: [Number(loadAtStart), Number(load1())],
    steps: steps.map((step) => {
      const r = results.get(step.name)!;
      return { name: step.name, seconds: Math.round((r.endMs - r.startMs) / 1000), code: r.code };
    }),
  };
  appendFileSync(process.env.TEST_TIMES_FILE, `${JSON.stringify(summary)}\n`);
}
const failed = [...results.values()].filter((r) => r.code !== 0);
// What failed comes last, where a CI log cut to its tail still shows it (each step's whole output is above).
for (const r of failed) if (r.output) console.log(`\n${r.step.name}, what failed:\n${whatFailed(r.output)}`);
if (failed.length) console.log(`  FAILED: ${failed.map((r) => r.step.name).join(", ")}`);
process.exit(failed.length ? 1 : 0);

/**
 * Seconds the machine's cores have been busy since boot (Linux /proc/stat: all but idle and iowait), or undefined
 * elsewhere. The children's CPU above misses processes nobody waited for (workerd's, Chromium's helpers): on this
 * suite it said 1.2 cores busy while the machine was near 2.
 */
function machineBusySeconds(): number | undefined {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    // USER_HZ is 100 on Linux.
    return (ticks.slice(0, 8).reduce((sum, t) => sum + t, 0) - idle) / 100;
  } catch {
    return undefined;
  }
}

/** User + system CPU of every finished child process (Linux /proc: cutime + cstime), or undefined elsewhere. */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3): indexes 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
