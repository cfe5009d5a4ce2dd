/**
 * Size budgets for what the build ships, gzip-compressed as it travels.
 * Reads the last `vite build` (dist/) and exits non-zero when a budget is exceeded.
 *
 * "/home first screen" is what a seller's browser runs to show /home: the
 * entry (index.html's script and modulepreloads) plus the /home route's chunk
 * and everything those import statically. Chunks loaded later by import()
 * (other screens, dialogs opened on demand) are not part of it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { recordRow } from "./results.ts";

const KiB = 1024;
/** What each figure is, as the performance table (docs/performance.md) says it (bench/results.ts). */
const ROWS: Record<keyof typeof BUDGETS, { row: string; what: string }> = {
  "SPA entry JavaScript": { row: "size:entry-js", what: "SPA entry JavaScript: boot script, entry and its preloads (gzip)" },
  "/home first screen JavaScript": {
    row: "size:home-js",
    what: "JavaScript for the first screen of /home: entry + /home chunk and their static imports (gzip)",
  },
  "SPA entry CSS": { row: "size:entry-css", what: "SPA entry CSS (gzip)" },
  "index.html with landing": { row: "size:index-html", what: "`index.html` with the prerendered landing (gzip)" },
  "Worker bundle": { row: "size:worker", what: "Worker upload: code chunks and WASM codecs (gzip)" },
};

const BUDGETS = {
  // What every screen of the SPA downloads first (boot script, entry and its preloads; the stylesheet).
  "SPA entry JavaScript": 170 * KiB,
  "/home first screen JavaScript": 170 * KiB,
  "SPA entry CSS": 30 * KiB,
  // index.html carries the prerendered landing (and is what every screen's first request gets).
  "index.html with landing": 10 * KiB,
  // Everything the Worker uploads (code chunks and WASM codecs). Cloudflare's limit
  // is 3 MiB compressed on the free plan, 10 MiB on paid; keep well below.
  "Worker bundle": 1536 * KiB,
};

const gz = (path: string) => gzipSync(readFileSync(path)).length;
const html = readFileSync("dist/client/index.html", "utf8");
const assets = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => join("dist/client", m[1]!));

// public/boot.js starts the app; the build lists its files on that script tag (scripts/prerender-landing.ts).
const boot = /<script src="(\/boot\.js)" data-entry="([^"]+)" data-preload="([^"]*)"(?: data-routes="[^"]*")?><\/script>/.exec(html);
if (!boot) throw new Error("dist/client/index.html has no boot script with data-entry");
const entryScripts = [boot[1]!, boot[2]!, ...boot[3]!.split(" ").filter(Boolean)].map((file) => join("dist/client", file));

/** A chunk and every chunk it imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function staticClosure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      visit(join(dirname(file), m[1]!));
    }
  };
  files.forEach(visit);
  return seen;
}

function routeChunk(name: string): string {
  const dir = "dist/client/assets";
  const found = readdirSync(dir).filter((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
  if (found.length !== 1) throw new Error(`expected one ${name}-*.js chunk in ${dir}, found ${found.length}`);
  return join(dir, found[0]!);
}

const homeFirstScreen = staticClosure([...entryScripts, routeChunk("home")]);

const figures: Record<keyof typeof BUDGETS, number> = {
  "SPA entry JavaScript": [...staticClosure(entryScripts)].reduce((sum, file) => sum + gz(file), 0),
  "/home first screen JavaScript": [...homeFirstScreen].reduce((sum, file) => sum + gz(file), 0),
  "SPA entry CSS": assets(/<link[^>]+href="([^"]+\.css)"/g).reduce((sum, file) => sum + gz(file), 0),
  "index.html with landing": gzipSync(html).length,
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
  console.log(
    `  ${name.padEnd(30)} ${(bytes / KiB).toFixed(1).padStart(7)} KiB  budget ${(budget / KiB).toFixed(0)} KiB  ${ok ? "ok" : "OVER BUDGET"}`,
  );
  recordRow({
    ...ROWS[name],
    figure: `${(bytes / KiB).toFixed(1)} KiB`,
    budget: `${(budget / KiB).toFixed(0)} KiB`,
    over: !ok,
    how: "npm run bench:size",
  });
}
const raw = workerFiles().reduce((sum, file) => sum + readFileSync(file).length, 0);
console.log(`  (Worker bundle uncompressed: ${(raw / KiB).toFixed(1)} KiB in ${workerFiles().length} files)`);
console.log(`  (/home first screen: ${[...homeFirstScreen].map((file) => basename(file)).join(", ")})`);
process.exit(over ? 1 : 0);
