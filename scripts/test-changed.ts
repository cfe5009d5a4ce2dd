/**
 * `npm run test:changed`: the inner loop, only what a change touches.
 *
 * The change is everything that differs from the branch's fork point from `main` (`--base <ref>` for another
 * base): commits, uncommitted edits and new files. Then, stopping at the first failure:
 * 1. Biome on the changed files it knows;
 * 2. the type-check (`npm run typecheck`, incremental: quick when little changed);
 * 3. `vitest related`: every Worker, web and e2e test file that imports a changed file, directly or through
 *    others (a changed test file is its own), plus the test files named after `--`.
 * A change to what every test runs on (package.json, the lockfile, vitest or vite config, wrangler.toml,
 * migrations) runs every Worker and web test instead: `vitest related` cannot see those through imports.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const args = process.argv.slice(2);
const baseIndex = args.indexOf("--base");
const base = baseIndex >= 0 ? args[baseIndex + 1]! : "main";
const named = args.filter((arg, i) => !arg.startsWith("--") && (baseIndex < 0 || i !== baseIndex + 1));

const git = (...gitArgs: string[]) => execFileSync("git", gitArgs, { encoding: "utf8" }).split("\n").filter(Boolean);
const forkPoint = git("merge-base", base, "HEAD")[0]!;
const changed = [...new Set([...git("diff", "--name-only", forkPoint), ...git("ls-files", "--others", "--exclude-standard")])].filter(
  (file) => existsSync(file),
);

const EVERYTHING = /^(package(-lock)?\.json|vitest\.config\.ts|vite\.config\.ts|wrangler\.toml|tsconfig.*\.json|migrations\/)/;
console.log(
  `test:changed: ${changed.length} files changed since ${base} (${forkPoint.slice(0, 12)})${named.length ? `, plus ${named.join(" ")}` : ""}`,
);
if (changed.length === 0 && named.length === 0) process.exit(0);

function step(name: string, command: string, commandArgs: string[]) {
  console.log(`\n▶ ${name}: ${command} ${commandArgs.join(" ")}`);
  const run = spawnSync(command, commandArgs, { stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`\ntest:changed: ${name} failed`);
    process.exit(run.status ?? 1);
  }
}

const lintable = changed.filter((file) => /\.(ts|tsx|js|mjs|json|css)$/.test(file));
if (lintable.length) step("lint", "biome", ["check", "--no-errors-on-unmatched", ...lintable]);
step("typecheck", "npm", ["run", "--silent", "typecheck"]);
if (changed.some((file) => EVERYTHING.test(file))) {
  step("tests (a shared setting changed: every Worker and web test)", "vitest", ["run", "--project", "worker", "--project", "web"]);
  if (named.length) step("named tests", "vitest", ["run", ...named]);
} else {
  const sources = changed.filter((file) => /\.(ts|tsx)$/.test(file));
  if (sources.length || named.length) step("tests", "vitest", ["related", "--run", "--passWithNoTests", ...sources, ...named]);
}
console.log("\ntest:changed: all green");
