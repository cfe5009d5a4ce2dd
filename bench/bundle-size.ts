/**
 * Size budgets for what the build ships, gzip-compressed as it travels.
 * Reads the last `vite build` (dist/) and exits non-zero when a budget is exceeded.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const KiB = 1024;
const BUDGETS = {
  // What the first screen of the SPA downloads (entry script and stylesheet from index.html).
  "SPA entry JavaScript": 170 * KiB,
  "SPA entry CSS": 30 * KiB,
  // Everything the Worker uploads (code chunks and WASM codecs). Cloudflare's limit
  // is 3 MiB compressed on the free plan, 10 MiB on paid; keep well below.
  "Worker bundle": 1536 * KiB,
};

const gz = (path: string) => gzipSync(readFileSync(path)).length;
const html = readFileSync("dist/client/index.html", "utf8");
const assets = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => join("dist/client", m[1]!));

const figures: Record<keyof typeof BUDGETS, number> = {
  "SPA entry JavaScript": assets(/<script[^>]+src="([^"]+\.js)"/g).reduce((sum, file) => sum + gz(file), 0),
  "SPA entry CSS": assets(/<link[^>]+href="([^"]+\.css)"/g).reduce((sum, file) => sum + gz(file), 0),
  "Worker bundle": workerFiles().reduce((sum, file) => sum + gz(file), 0),
};

function workerFiles(): string[] {
  return readdirSync("dist/vidriera", { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(js|mjs|wasm)$/.test(name))
    .map((name) => join("dist/vidriera", name));
}

let over = false;
console.log("bundle sizes (gzip)");
for (const [name, bytes] of Object.entries(figures) as [keyof typeof BUDGETS, number][]) {
  const budget = BUDGETS[name];
  const ok = bytes <= budget;
  over ||= !ok;
  console.log(`  ${name.padEnd(22)} ${(bytes / KiB).toFixed(1).padStart(7)} KiB  budget ${(budget / KiB).toFixed(0)} KiB  ${ok ? "ok" : "OVER BUDGET"}`);
}
const raw = workerFiles().reduce((sum, file) => sum + readFileSync(file).length, 0);
console.log(`  (Worker bundle uncompressed: ${(raw / KiB).toFixed(1)} KiB in ${workerFiles().length} files)`);
process.exit(over ? 1 : 0);
