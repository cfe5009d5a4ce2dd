/**
 * `npm run bench:export`: 'Descargar mis datos' for a catalogue of 2,000 products with a photo each (the shared
 * fixture photo, 300 KB, as a phone photo of a garment), built in workerd by the app's own buildExport
 * (bench/data-export-worker.ts on a scratch Worker with its local D1 and R2).
 *
 * Prints, and writes between its markers in docs/performance.md: the ZIP's size, the build's time, the most
 * bytes of the archive the ZIP writer held at once (worker/lib/zip-to-r2.ts), and workerd's resident memory
 * while it builds (sampled every 50 ms from /proc: the whole local runtime, the R2 and D1 simulators included,
 * so an upper bound on what the Worker itself used), for a tenth of the catalogue and then the whole one: a ZIP
 * built in memory grows with the catalogue (and past a Worker's 128 MB); streamed into a multipart upload, the
 * large build's growth stays near the small one's.
 *
 *   npm run bench:export                      2,000 products
 *   npm run bench:export -- --products 200    another size (the table is written for 2,000 only)
 *
 * Under `npm run bench` its rows reach the performance table through recordRow (bench/results.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { betweenMarkers } from "../scripts/doc-markers.ts";
import { withScratchWorker } from "../scripts/scratch-worker.ts";
import { iterations, recordRow, rowWithin } from "./results.ts";
import { migrationStatements } from "./migration-statements.ts";

const root = resolve(import.meta.dirname, "..");
const at = process.argv.indexOf("--products");
const PRODUCTS = at > 0 ? Number(process.argv[at + 1]) : iterations(2000, 200);
const CHUNK = 100;
const HOW = "npm run bench:export";
const MiB = 1024 * 1024;
/** Two parts: the one being filled and the one being sent (worker/lib/zip-to-r2.ts). */
const HELD_BUDGET = 10 * MiB;
/** A Worker's memory: a build that grows the runtime by this much would not finish in production. */
const GROWTH_BUDGET = 128 * MiB;
const MARKERS = ["<!-- performance:export:start (written by npm run bench:export) -->", "<!-- performance:export:end -->"] as const;

const photo = readFileSync(join(root, "../shared/fixtures/foto-producto.jpg"));

/**
 * A request to the scratch Worker. Under load, Vite's preview proxy now and then finds its kept-alive connection to
 * workerd closed and answers 500 "fetch failed" without the request having reached the Worker: the seeding
 * requests are idempotent and go again; a build is never sent twice (the first may be running).
 */
async function post<T>(base: string, path: string, body: unknown, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
    if (response.ok) return (await response.json()) as T;
    const text = await response.text();
    if (attempt < tries && text.includes("fetch failed")) {
      console.log(`  ${path}: the preview proxy lost its connection (attempt ${attempt}), again`);
      continue;
    }
    throw new Error(`${path}: ${response.status} ${text}`);
  }
}

/** The workerd processes this one started (through Vite's preview and Miniflare), by pid. */
function workerdPids(): number[] {
  const parents = new Map<number, { ppid: number; name: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), { ppid, name });
    } catch {
      // A process that ended while being read.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid)?.ppid; p; p = parents.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  return [...parents].filter(([pid, p]) => p.name.startsWith("workerd") && descends(pid)).map(([pid]) => pid);
}

const rssOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;
    } catch {
      return sum;
    }
  }, 0);

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

interface Build {
  ms: number;
  built: { bytes: number; peakHeld: number } | null;
  stored: number | null;
}

type Measured = Build & { built: NonNullable<Build["built"]>; idle: number; peak: number; products: number };

/** Seeds a seller with `products` products, each with its photo. */
async function seed(base: string, products: number): Promise<string> {
  const userId = crypto.randomUUID();
  await post(base, "/seller", { userId });
  const encoded = photo.toString("base64");
  for (let from = 0; from < products; from += CHUNK)
    await post(base, "/products", { userId, from, count: Math.min(CHUNK, products - from), photo: encoded });
  console.log(`bench:export: ${products} products with a ${(photo.length / 1024).toFixed(0)} KB photo each, seeded`);
  return userId;
}

/** One seller's export, with workerd's memory sampled from just before it to its end. */
async function measure(base: string, userId: string, products: number): Promise<Measured> {
  const pids = workerdPids();
  if (!pids.length) throw new Error("no workerd process found under this one");
  const idle = rssOf(pids);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pids));
  }, 50);
  try {
    const build = await post<Build>(base, "/build", { userId }, 1);
    peak = Math.max(peak, rssOf(pids));
    if (!build.built || build.stored !== build.built.bytes) throw new Error(`the export was not stored whole: ${JSON.stringify(build)}`);
    console.log(
      [
        `  ${products} products: ZIP ${mb(build.built.bytes)} in ${(build.ms / 1000).toFixed(1)} s`,
        `  held at once by the ZIP writer: ${mb(build.built.peakHeld)}`,
        `  workerd resident memory: ${mb(idle)} before, ${mb(peak)} at its peak while building (+${mb(peak - idle)})`,
      ].join("\n"),
    );
    return { ...build, built: build.built, idle, peak, products };
  } finally {
    clearInterval(sampler);
  }
}

// A tenth of the catalogue first, then the whole one, in the same runtime: if memory followed the catalogue, the
// large build would grow it about ten times more than the small one did.
const [small, large] = await withScratchWorker(
  "vidriera-export-bench",
  `export { default } from ${JSON.stringify(join(root, "bench", "data-export-worker.ts"))};`,
  async (base) => {
    await post(base, "/migrate", { statements: migrationStatements() });
    const tenth = Math.max(1, Math.round(PRODUCTS / 10));
    const smallSeller = await seed(base, tenth);
    const largeSeller = await seed(base, PRODUCTS);
    return [await measure(base, smallSeller, tenth), await measure(base, largeSeller, PRODUCTS)] as const;
  },
  {
    d1_databases: [{ binding: "DB", database_name: "vidriera-export-bench", database_id: "vidriera-export-bench" }],
    r2_buckets: [
      { binding: "IMAGES", bucket_name: "vidriera-export-bench-images" },
      { binding: "DATA", bucket_name: "vidriera-export-bench-data" },
    ],
    vars: { SESSION_SECRET: "bench-only-secret-of-at-least-32-characters" },
  },
);
const growth = (r: Measured) => r.peak - r.idle;
const sizeOf = (r: Measured) => `${r.products.toLocaleString("en")} products (${mb(r.built.bytes)} ZIP)`;

const rows = [
  rowWithin(
    {
      row: "export:held",
      what: `'Descargar mis datos', ${sizeOf(large)}: bytes of the archive the ZIP writer held at once`,
      figure: mb(large.built.peakHeld),
      budget: `≤ ${mb(HELD_BUDGET)}`,
      how: HOW,
    },
    large.built.peakHeld,
    HELD_BUDGET,
  ),
  rowWithin(
    {
      row: "export:memory",
      what: `The same build: workerd's resident memory over idle at its peak (local R2 and D1 included), against ${sizeOf(small)}`,
      figure: `+${mb(growth(large))} (+${mb(growth(small))} for the tenth)`,
      budget: `< ${mb(GROWTH_BUDGET)} over the tenth's`,
      how: HOW,
    },
    growth(large) - growth(small),
    GROWTH_BUDGET,
  ),
  {
    row: "export:time",
    what: "The same build: time from the queue's message to the ZIP stored",
    figure: `${(large.ms / 1000).toFixed(1)} s (${(small.ms / 1000).toFixed(1)} s for the tenth)`,
    budget: "",
    over: false,
    how: HOW,
  },
];
for (const row of rows) recordRow(row);

if (PRODUCTS === 2000 && !process.env.BENCH_QUICK) {
  const table = [
    "| What | Figure | Budget |",
    "| --- | --- | --- |",
    ...rows.map((r) => `| ${r.what} | ${r.figure}${r.over ? " ⚠ over" : ""} | ${r.budget} |`),
    "",
    `Written by \`${HOW}\` on ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at the end (times on a busy machine are slower; the memory figures are not): a ${(photo.length / 1024).toFixed(0)} KB photo per product, 5 MiB parts.`,
  ].join("\n");
  const file = "docs/performance.md";
  writeFileSync(join(root, file), betweenMarkers(readFileSync(join(root, file), "utf8"), MARKERS, table, file));
  console.log(`${file}: the export's table written.`);
}
