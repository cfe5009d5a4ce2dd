/**
 * `npm run check:deploy`: what `npm run deploy` would upload, checked against
 * Cloudflare's limits without an account or the network.
 *
 * Runs `wrangler deploy --dry-run --outdir` on the last `vite build` (the
 * Vite plugin's dist/vidriera/wrangler.json is what deploy reads), then:
 * - the Worker (every module wrangler would upload: code chunks and WASM)
 *   must fit the strictest documented script limit, 3 MiB gzip-compressed
 *   (Workers Free; Paid allows 10 MiB), and 64 MiB uncompressed;
 * - every static asset must be under 25 MiB and there must be at most 20,000
 *   of them (Workers Free asset limits).
 * Before that it adds the deploy-only bindings (Workers AI: scripts/deploy-bindings.ts)
 * and refuses a configured model id its provider shut down (wrangler.toml's
 * [vars] as built, and this environment), naming the replacement.
 * It also checks the shop databases' bindings (scripts/shop-databases.ts).
 * Exits 1 when wrangler fails, a model is shut down or a limit is exceeded, so CI goes red.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { recordRow } from "../bench/results.ts";
import { addDeployOnlyBindings, deployVars } from "./deploy-bindings.ts";
import { OFFLINE_ENV } from "./local-state.ts";
import { unsafeDeployVars } from "./deploy-vars.ts";
import { checkProviderSettings } from "./provider-checks.ts";
import { builtDatabases, shopBindingProblems } from "./shop-databases.ts";

const providers = checkProviderSettings({ ...deployVars(), ...process.env });
for (const warning of providers.warnings.filter((w) => !w.includes("wrangler secret put"))) console.log(`warn  ${warning}`);
if (providers.errors.length > 0) {
  for (const error of providers.errors) console.error(`ERROR ${error}`);
  process.exit(1);
}
// `npm run deploy` uploads dist/ as checked here, deploy-only bindings included. Under `npm test` the same
// build is being served to the e2e tests (VIDRIERA_BUILD_DIR), where a Workers AI binding would make wrangler
// dev open a remote session: the check then runs on a copy.
const shared = process.env.VIDRIERA_BUILD_DIR;
const build = shared ? mkdtempSync(join(tmpdir(), "vidriera-deploy-build-")) : "dist";
if (shared) cpSync(shared, build, { recursive: true });
const builtConfig = join(build, "vidriera", "wrangler.json");
addDeployOnlyBindings(builtConfig);

const KiB = 1024;
const MiB = 1024 * KiB;
const LIMITS = { workerGzip: 3 * MiB, workerRaw: 64 * MiB, assetFile: 25 * MiB, assetCount: 20_000 };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const outdir = mkdtempSync(join(tmpdir(), "vidriera-deploy-"));
let wranglerReport: string;
try {
  wranglerReport = execFileSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir, "--config", builtConfig], {
    env: { ...OFFLINE_ENV, CI: "true" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
} catch (err) {
  const failure = err as { stdout?: string; stderr?: string };
  console.error(`wrangler deploy --dry-run failed:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
  if (shared) rmSync(build, { recursive: true, force: true });
  process.exit(1);
}

// Wrangler writes the modules it would upload (and a README we skip).
const modules = filesUnder(outdir).filter((file) => !file.endsWith("README.md"));
const raw = modules.reduce((sum, file) => sum + statSync(file).size, 0);
const gzip = modules.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
rmSync(outdir, { recursive: true, force: true });

const assets = filesUnder(join(build, "client"));
const largestAsset = assets.map((file) => ({ file, size: statSync(file).size })).sort((a, b) => b.size - a.size)[0];

const rows: [string, number, number, (n: number) => string][] = [
  ["Worker modules, gzip", gzip, LIMITS.workerGzip, kib],
  ["Worker modules, uncompressed", raw, LIMITS.workerRaw, kib],
  [
    `Largest asset (${largestAsset ? relative(join(build, "client"), largestAsset.file) : "none"})`,
    largestAsset?.size ?? 0,
    LIMITS.assetFile,
    kib,
  ],
  ["Static assets, count", assets.length, LIMITS.assetCount, String],
];

function kib(bytes: number) {
  return `${(bytes / KiB).toFixed(1)} KiB`;
}

const upload = /Total Upload: .*/.exec(wranglerReport)?.[0];
console.log(`wrangler deploy --dry-run: ${modules.length} modules${upload ? ` (wrangler says "${upload}")` : ""}`);
let over = 0;
for (const [name, value, limit, show] of rows) {
  const ok = value <= limit;
  if (!ok) over++;
  console.log(`${ok ? "ok  " : "OVER"}  ${name.padEnd(48)} ${show(value).padStart(12)}  limit ${show(limit)}`);
}
recordRow({
  row: "deploy:upload",
  what: "Deploy upload, `wrangler deploy --dry-run`",
  figure: `Worker ${kib(gzip)} gzip (${kib(raw)} raw, ${modules.length} modules), ${assets.length} assets, largest ${kib(largestAsset?.size ?? 0)}`,
  budget: "3 MiB gzip, 64 MiB raw, 25 MiB per asset",
  over: rows.some(([, value, limit]) => value > limit),
  how: "npm run check:deploy",
});
// The deploy's own config as the Vite plugin wrote it (wrangler.toml plus the build): no offline stand-in may be on.
const deployed = JSON.parse(readFileSync(builtConfig, "utf8")) as { vars?: Record<string, unknown> };
const databases = builtDatabases(builtConfig);
if (shared) rmSync(build, { recursive: true, force: true });
for (const problem of unsafeDeployVars(deployed.vars)) {
  over++;
  console.error(`UNSAFE  ${problem}`);
}
// The shop databases' bindings (scripts/shop-databases.ts). Whether every shard users have is bound is read from
// the remote database, so `npm run deploy` checks it (`shop-databases.ts --remote`), not this offline check.
for (const problem of shopBindingProblems(databases)) {
  over++;
  console.error(`UNSAFE  ${problem}`);
}
if (over > 0) {
  console.error(`${over} deploy limit(s) exceeded or unsafe setting(s) found.`);
  process.exit(1);
}
