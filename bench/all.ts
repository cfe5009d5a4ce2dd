/**
 * `npm run bench`: every figure of the performance and reliability tables (docs/) from one command.
 *
 * Builds the app once (`vite build`, the production build, into dist/), then runs every `bench:*` script
 * of package.json in the order listed there, and `check:deploy`, one after another on that build
 * (VIDRIERA_BUILD_DIR: scripts/local-app.ts and scripts/build-once.ts reuse it instead of building again).
 * Each bench prints its figures as usual and appends its rows to a file (the contract in bench/results.ts);
 * this script adds the machine's load average when that bench started and ended, then writes the tables
 * between their markers (bench/table.ts: the performance table in docs/performance.md, and the attacks of
 * bench:abuse in docs/reliability.md) with the date, the commit and the core count. A row over its budget is
 * marked in the table; a bench that failed is named under it. Exits 1 when any bench failed.
 *
 *   npm run bench                         every bench, tables written
 *   npm run bench -- bench:jobs bench:size only these, table printed (the tables are written by whole runs only)
 *   npm run bench -- --no-write           print the table only
 *   BENCH_QUICK=1 npm run bench           fewer iterations, to prove the machinery; the table says so
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { OFFLINE_ENV } from "../scripts/local-state.ts";
import { type BenchRow, QUICK } from "./results.ts";
import { benchScripts, type MeasuredRow, renderTables, TABLE_FILES, type TableName, writeTable } from "./table.ts";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const only = args.filter((arg) => !arg.startsWith("--"));
// A partial run would drop the other benches' rows: only a whole run writes the tables.
const writeDocs = !args.includes("--no-write") && only.length === 0;
const scripts = benchScripts(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<string, string>);
const unknown = only.filter((name) => !scripts.includes(name));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(", ")} (known: ${scripts.join(", ")})`);
  process.exit(2);
}
const selected = only.length ? scripts.filter((name) => only.includes(name)) : scripts;

const load1 = () => Number(loadavg()[0]!.toFixed(2));
const git = (...gitArgs: string[]) => execFileSync("git", gitArgs, { cwd: root, encoding: "utf8" }).trim();
const commit = git("rev-parse", "--short=12", "HEAD");
const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
const started = new Date();

console.log(`npm run bench: ${selected.length} benches on commit ${commit}${dirty ? " (with uncommitted changes)" : ""}`);
console.log(
  `${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}${QUICK ? ", QUICK mode" : ""}\n`,
);

const buildStarted = performance.now();
execFileSync("vite", ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit", env: { ...OFFLINE_ENV, NODE_ENV: "production" } });
console.log(`production build in dist/ (${((performance.now() - buildStarted) / 1000).toFixed(0)} s), reused by every bench\n`);

const work = mkdtempSync(join(tmpdir(), "vidriera-bench-"));
const rows: MeasuredRow[] = [];
const failures: { script: string; code: number; rows: number }[] = [];
for (const script of selected) {
  const resultsFile = join(work, `${script.replace(/\W/g, "-")}.jsonl`);
  writeFileSync(resultsFile, "");
  const loadBefore = load1();
  const t0 = performance.now();
  console.log(`=== npm run ${script} (load average ${loadBefore}) ===`);
  const code = await new Promise<number>((done) => {
    const child = spawn("npm", ["run", "--silent", script], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, BENCH_RESULTS: resultsFile, VIDRIERA_BUILD_DIR: join(root, "dist") },
    });
    child.on("exit", (status, signal) => done(status ?? (signal ? 1 : 0)));
  });
  const loadAfter = load1();
  const reported = readFileSync(resultsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchRow);
  for (const row of reported) rows.push({ ...row, load: [loadBefore, loadAfter] });
  const seconds = ((performance.now() - t0) / 1000).toFixed(0);
  console.log(`=== ${script}: exit ${code}, ${reported.length} rows, ${seconds} s, load average ${loadBefore} → ${loadAfter} ===\n`);
  if (code !== 0) failures.push({ script, code, rows: reported.length });
}
rmSync(work, { recursive: true, force: true });

const tables = renderTables({
  rows,
  failures,
  date: started,
  commit,
  dirty,
  cores: availableParallelism(),
  quick: QUICK,
});
console.log(`${tables.performance}\n\n${tables.reliability}`);
if (writeDocs) {
  for (const name of Object.keys(tables) as TableName[]) {
    const path = join(root, TABLE_FILES[name]);
    writeFileSync(path, writeTable(readFileSync(path, "utf8"), name, tables[name]));
  }
  console.log(`\n${Object.values(TABLE_FILES).join(" and ")}: performance and reliability tables written (${rows.length} rows)`);
}
process.exit(failures.length ? 1 : 0);
