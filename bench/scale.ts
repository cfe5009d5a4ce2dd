/**
 * `npm run bench:scale [-- --shops 1000,10000] [-- --samples 30]`: the measured growth model (docs/data.md).
 *
 * For each population size, a scratch Worker in workerd with an empty local D1 at the current migrations
 * (bench/scale-worker.ts) opens that many shops through the app's functions (sign-up with its bonus, 'Mi
 * tienda', a catalogue with stock per colour and size, delivery and payment settings), then lives two months
 * of each shop (bench/scale-worker.ts SHOP_MONTH: generations with their debits and refunds, a batch, orders
 * through the order route from shoppers' own addresses, confirmations, sign-ins, a credit purchase, a recovery
 * link, weekly-summary claims). SQLite's dbstat, read from Node on the same database file, gives the bytes of
 * every table and index after the shops opened and after each month: a shop's fixed bytes and its bytes per
 * month. The second month's growth is the month figure (the first one's includes what a shop does once).
 * Then the hot reads and writes are timed at that size (p50/p95 over --samples calls on shops spread over the
 * population). The projection for 100,000 shops after 12 months follows, with the daily purge (always on) and
 * without and with archival past ARCHIVE_AFTER_MONTHS. The tables go between the markers in docs/data.md.
 *
 * BENCH_QUICK=1 (or --shops 50) runs one small size in a few minutes, to prove the machinery; so does `npm run bench`,
 * which runs every bench: the two big sizes take hours on a small machine and are run with this bench alone.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { withScratchWorker } from "../scripts/scratch-worker.ts";
import { QUICK, recordRow } from "./results.ts";

const root = resolve(import.meta.dirname, "..");
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
// Under `npm run bench` (which sets BENCH_RESULTS and runs every bench in turn) the default is one small size:
// 1,000 and 10,000 shops take hours on a small machine, and are asked for by running this bench by itself.
const underAllBenches = Boolean(process.env.BENCH_RESULTS);
const sizes = (arg("shops") ?? (QUICK || underAllBenches ? "50" : "1000,10000")).split(",").map(Number);
const samples = Number(arg("samples") ?? 30);
/** Shops opened or lived per request to the scratch Worker: small, so a request ends well within fetch's 300 s headers timeout. */
const CHUNK = 1;

/** Tables the daily purge keeps to their live window (worker/lib/purge.ts): at most a month of rows. */
const PURGED = new Set(["sessions", "login_throttle", "password_resets", "email_outbox", "weekly_summaries"]);
/** What archival moves to R2 once it is ARCHIVE_AFTER_MONTHS old (docs/data.md, "Archival"). */
const ARCHIVED = new Set(["generation_jobs", "credit_ledger", "batches", "batch_items", "orders", "payments"]);
const ARCHIVE_AFTER_MONTHS = 3;
const TARGET_SHOPS = 100_000;
const MONTHS = 12;
const D1_LIMIT_BYTES = 10 * 1000 ** 3;

type Bytes = Map<string, { table: string; bytes: number }>;

/** Bytes of every table and index, by name, with the table each index belongs to. */
function dbstat(stateDir: string): Bytes {
  const file = findSqlite(join(stateDir, "v3", "d1"));
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const owners = new Map(
      (
        db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all() as {
          name: string;
          tbl_name: string;
        }[]
      ).map((r) => [r.name, r.tbl_name]),
    );
    const rows = db.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all() as { name: string; bytes: number }[];
    return new Map(rows.filter((r) => owners.has(r.name)).map((r) => [r.name, { table: owners.get(r.name)!, bytes: r.bytes }]));
  } finally {
    db.close();
  }
}

function findSqlite(dir: string): string {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".sqlite") && name !== "metadata.sqlite") found.push(path);
    }
  };
  walk(dir);
  if (found.length !== 1) throw new Error(`expected one D1 database under ${dir}, found ${found.length}`);
  return found[0]!;
}

function migrationStatements(): string[] {
  const dir = join(root, "migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint"))
    .map((sql) => sql.trim())
    .filter(Boolean);
}

async function post(base: string, path: string, body: unknown, tries = 4) {
  const response = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
  if (response.ok) return response.json();
  const text = await response.text();
  // vite preview's proxy to workerd now and then loses a request on a loaded machine ("fetch failed"): that
  // chunk is run again (its shops may then hold a little more than a month: the figures say how many retries).
  if (tries > 0 && text.includes("fetch failed")) {
    retries++;
    return post(base, path, body, tries - 1);
  }
  throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
}
let retries = 0;

/** Runs `path` over every shop in chunks, two requests at a time (the box is shared). */
async function overShops(base: string, path: string, shops: number, extra: Record<string, unknown> = {}) {
  const chunks = Array.from({ length: Math.ceil(shops / CHUNK) }, (_, i) => ({ from: i * CHUNK, to: Math.min(shops, (i + 1) * CHUNK) }));
  let next = 0;
  const lane = async () => {
    for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) await post(base, path, { ...chunk, ...extra });
  };
  await Promise.all([lane(), lane()]);
}

type Timing = Record<string, { p50: number; p95: number; n: number }>;
interface SizeResult {
  shops: number;
  fixed: Map<string, { table: string; bytes: number }>;
  monthly: Map<string, { table: string; bytes: number }>;
  timing: Timing;
  /** Rows written against rows planned, per table: equal unless a lost request had reached the Worker. */
  counts: Record<string, [number, number]>;
  seconds: number;
}

async function runSize(shops: number): Promise<SizeResult> {
  const started = Date.now();
  const entry = `export { default, StoreStats } from ${JSON.stringify(join(root, "bench", "scale-worker.ts"))};`;
  return withScratchWorker(
    "vidriera-scale",
    entry,
    async (base, stateDir) => {
      await post(base, "/migrate", { statements: migrationStatements() });
      await overShops(base, "/open", shops);
      const opened = dbstat(stateDir);
      await overShops(base, "/month", shops, { month: 1 });
      const afterOne = dbstat(stateDir);
      await overShops(base, "/month", shops, { month: 2 });
      const afterTwo = dbstat(stateDir);
      const per = (bytes: number) => bytes / shops;
      const fixed = new Map([...opened].map(([name, v]) => [name, { table: v.table, bytes: per(v.bytes) }]));
      const monthly = new Map(
        [...afterTwo].map(([name, v]) => [name, { table: v.table, bytes: per(v.bytes - (afterOne.get(name)?.bytes ?? 0)) }]),
      );
      const counts = (await post(base, "/counts", { shops, months: 2 })) as Record<string, [number, number]>;
      const timing = (await post(base, "/measure", { shops, samples })) as Timing;
      return { shops, fixed, monthly, timing, counts, seconds: Math.round((Date.now() - started) / 1000) };
    },
    {
      d1_databases: [{ binding: "DB", database_name: "vidriera-scale", database_id: "00000000-0000-0000-0000-00000000beef" }],
      durable_objects: { bindings: [{ name: "STORE_STATS", class_name: "StoreStats" }] },
      migrations: [{ tag: "v1", new_sqlite_classes: ["StoreStats"] }],
      vars: { SESSION_SECRET: "scale-bench-session-secret-long-enough-0123456789", PUBLIC_ORIGIN: "https://vidriera.test" },
    },
  );
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gb = (bytes: number) => (bytes / 1000 ** 3).toFixed(1);

/** The projected database after `months` for `shops` shops: purged tables hold a month, archived ones `archiveAfter`. */
function projected(result: SizeResult, shops: number, months: number, archiveAfter: number | null): number {
  let total = 0;
  for (const [name, f] of result.fixed) {
    const m = Math.max(0, result.monthly.get(name)?.bytes ?? 0);
    const kept = PURGED.has(f.table)
      ? Math.min(1, months)
      : archiveAfter !== null && ARCHIVED.has(f.table)
        ? Math.min(archiveAfter, months)
        : months;
    total += (f.bytes + m * kept) * shops;
  }
  return total;
}

function render(results: SizeResult[]): string {
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const lines = [
    `Written by \`npm run bench:scale -- --shops ${results.map((r) => r.shops).join(",")}\` on ${when} UTC` +
      ` (${retries} chunk${retries === 1 ? "" : "s"} of ${CHUNK} shops run again after a lost request).`,
    "",
  ];
  for (const r of results) {
    const written = Object.entries(r.counts)
      .map(([table, [got, planned]]) => `${got.toLocaleString("en")} ${table} of ${planned.toLocaleString("en")} planned`)
      .join(", ");
    lines.push(`#### ${r.shops.toLocaleString("en")} shops (two months each; run took ${r.seconds} s; ${written})`, "");
    lines.push("| Table or index | of table | KB per shop at opening | KB per shop-month |", "|---|---|---:|---:|");
    const names = [...r.fixed.keys()].sort((a, b) => (r.monthly.get(b)?.bytes ?? 0) - (r.monthly.get(a)?.bytes ?? 0) || a.localeCompare(b));
    let fixedSum = 0;
    let monthSum = 0;
    for (const name of names) {
      const f = r.fixed.get(name)!;
      const m = Math.max(0, r.monthly.get(name)?.bytes ?? 0);
      fixedSum += f.bytes;
      monthSum += m;
      if (f.bytes < 1 && m < 1) continue;
      lines.push(`| ${name} | ${f.table} | ${kb(f.bytes)} | ${kb(m)} |`);
    }
    lines.push(`| **all** | | **${kb(fixedSum)}** | **${kb(monthSum)}** |`, "");
    const noPurge = (r.fixed.size && [...r.fixed.values()].reduce((s, f) => s + f.bytes, 0) + monthSum * MONTHS) * TARGET_SHOPS;
    const withPurge = projected(r, TARGET_SHOPS, MONTHS, null);
    const withArchival = projected(r, TARGET_SHOPS, MONTHS, ARCHIVE_AFTER_MONTHS);
    const perShopYear = withPurge / TARGET_SHOPS;
    lines.push(
      `Projected for ${TARGET_SHOPS.toLocaleString("en")} active shops after ${MONTHS} months: **${gb(noPurge)} GB** with nothing purged, ` +
        `**${gb(withPurge)} GB** with the daily purge and no archival, **${gb(withArchival)} GB** with archival after ${ARCHIVE_AFTER_MONTHS} months. ` +
        `One D1 database (10 GB) holds about ${Math.floor(D1_LIMIT_BYTES / perShopYear).toLocaleString("en")} shops a year old without archival.`,
      "",
      "| Hot read or write | p50 ms | p95 ms | calls |",
      "|---|---:|---:|---:|",
      ...Object.entries(r.timing).map(([what, t]) => `| ${what} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.n} |`),
      "",
    );
    recordRow({
      row: `scale:${r.shops}:year-gb`,
      what: `D1 size for ${TARGET_SHOPS.toLocaleString("en")} shops after a year, from ${r.shops} shops (purge / + archival)`,
      figure: `${gb(withPurge)} GB / ${gb(withArchival)} GB`,
      budget: "",
      over: false,
      how: "npm run bench:scale",
    });
  }
  return lines.join("\n");
}

const MARKERS = ["<!-- data:scale:start (written by npm run bench:scale) -->", "<!-- data:scale:end -->"] as const;

const results: SizeResult[] = [];
for (const shops of sizes) {
  console.log(`bench:scale: ${shops} shops…`);
  const result = await runSize(shops);
  console.log(`  done in ${result.seconds} s`);
  results.push(result);
}
const table = render(results);
console.log(table);
const docs = join(root, "docs", "data.md");
const text = readFileSync(docs, "utf8");
const [start, end] = [text.indexOf(MARKERS[0]), text.indexOf(MARKERS[1])];
if (start < 0 || end < start) throw new Error(`docs/data.md lacks the markers ${MARKERS.join(" … ")}`);
writeFileSync(docs, `${text.slice(0, start + MARKERS[0].length)}\n${table}\n${text.slice(end)}`);
console.log("docs/data.md written.");
