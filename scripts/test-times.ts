/**
 * `npm run test:times [-- --runs 5]`: how long `npm test` takes, measured as a new clone would run it, and
 * written into the table of runs in docs/testing.md (between its markers, scripts/test-times-table.ts).
 *
 * Clones this repository's HEAD into a temporary folder beside it, installs it once (`npm ci`), then runs `npm test`
 * there the given number of times in a row, each time after `git clean -xdf` (everything a run leaves
 * behind, but node_modules: the build, the local databases, the type-checker's caches), so every run starts
 * as a fresh clone does. Each run's output goes to a log whose path is printed; its figures come from
 * scripts/test-all.ts (TEST_TIMES_FILE). Run it on a quiet machine, on a committed tree (the table names the
 * commit), and commit the docs/testing.md it writes. Exits 1 when a run failed (the table says which step).
 */
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { renderTimes, type TestRunSummary, writeTimes } from "./test-times-table.ts";

/** `npm test` from a fresh clone of the last commit before the suite's steps ran side by side, on this project's 2-core machine. */
const BEFORE = { seconds: 627, commit: "01d11d8" };

const root = resolve(import.meta.dirname, "..");
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs takes a whole number of runs (1 or more)");
  process.exit(2);
}
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
if (git(root, "status", "--porcelain", "--untracked-files=no")) {
  console.error("Commit your changes first: the table names the commit its runs were made on.");
  process.exit(2);
}
const commit = git(root, "rev-parse", "--short=12", "HEAD");

const work = mkdtempSync(join(tmpdir(), "vidriera-test-times-"));
// Beside this checkout, as a clone of it would be: tests and benches read ../shared/fixtures.
const clone = mkdtempSync(join(dirname(root), ".vidriera-test-times-"));
const figures = join(work, "runs.jsonl");

function run(command: string, args: string[], log: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((done) => {
    const out = createWriteStream(log);
    const child = spawn(command, args, { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

console.log(`npm test ${runs} times on a fresh checkout of ${commit} (${clone})`);
git(root, "clone", "--quiet", root, clone); // into the empty folder mkdtemp made
git(clone, "checkout", "--quiet", commit);
const installLog = join(work, "npm-ci.log");
if ((await run("npm", ["ci", "--no-audit", "--no-fund"], installLog)) !== 0) {
  console.error(`npm ci failed: ${installLog}`);
  process.exit(1);
}
for (let index = 1; index <= runs; index++) {
  git(clone, "clean", "-xdfq", "-e", "node_modules");
  const log = join(work, `npm-test-${index}.log`);
  const started = performance.now();
  const code = await run("npm", ["test"], log, { ...process.env, TEST_TIMES_FILE: figures });
  console.log(
    `  run ${index}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${Math.round((performance.now() - started) / 1000)} s, ${log}`,
  );
}

const summaries = readFileSync(figures, "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as TestRunSummary);
const table = renderTimes({ runs: summaries, date: new Date(), commit, before: BEFORE });
console.log(`\n${table}`);
const readme = join(root, "docs", "testing.md");
writeFileSync(readme, writeTimes(readFileSync(readme, "utf8"), table));
console.log(`\ndocs/testing.md written. Logs kept in ${work}.`);
const failed = summaries.some((run) => run.steps.some((step) => step.code !== 0)) || summaries.length < runs;
if (!failed) rmSync(clone, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
