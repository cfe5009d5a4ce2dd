/**
 * `npm run bench:scale [-- --shops 1000,10000] [-- --samples 30]`: the measured growth model (docs/data.md).
 *
 * For each population size, a scratch Worker in workerd (bench/scale-worker.ts) builds the population inside a
 * Durable Object whose own SQLite, at the current migrations, stands in as the app's D1 (bench/sqlite-d1.ts: the
 * same engine, answering in-process instead of a round trip a statement, which made 10,000 shops take days). It
 * opens that many shops through the app's functions (sign-up with its bonus, 'Mi
 * tienda', a catalogue with stock per colour and size, delivery and payment settings), then lives two months
 * of each shop (bench/scale-worker.ts SHOP_MONTH: generations with their debits and refunds, a batch, orders
 * through the order route from shoppers' own addresses, confirmations, sign-ins, a credit purchase, a recovery
 * link, weekly-summary claims). SQLite's dbstat, read from Node on the same database file, gives the bytes of
 * every table and index after the shops opened and after each month: a shop's fixed bytes and its bytes per
 * month. The second month's growth is the month figure (the first one's includes what a shop does once).
 * The population's file then becomes the scratch Worker's local D1, and the hot reads and writes are timed on
 * it through D1 (p50/p95 over --samples calls on shops spread over the
 * population). The projection for 100,000 shops after 12 months follows, with the daily purge (always on) and
 * without and with archival past ARCHIVE_AFTER_MONTHS. The tables go between the markers in docs/data.md.
 *
 * Each size is built twice (`--databases 1,4`): all shops in `DB`, then the same population with shop databases
 * SHOP_DB_1… bound and all open to new shops (SHOP_DBS_OPEN), so that the sign-up's own placement rule spreads
 * them (worker/lib/shops.ts). Each shop database is an object of its own in the builder (ShopShard), then a local
 * D1 of its own for the timing. Both are built first and timed one right after the other (the same machine
 * load for both). The several-database run gives each database's bytes and the hot paths' times beside the
 * one-database run's; the bytes a shop reaches in a year give how many shop databases 100,000 shops
 * need (bench/scale-capacity.ts), with and without archival.
 *
 * BENCH_QUICK=1 (or --shops 50) runs one small size in a few minutes, to prove the machinery; so does `npm run bench`,
 * which runs every bench: the two big sizes take hours on a small machine and are run with this bench alone.
 */
import { betweenMarkers } from "../scripts/doc-markers.ts";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { withScratchWorker } from "../scripts/scratch-worker.ts";
import { QUICK, recordRow } from "./results.ts";
import { migrationStatements } from "./migration-statements.ts";
import { D1_LIMIT_BYTES, databasesNeeded, shopsPerDatabase } from "./scale-capacity.ts";

const root = resolve(import.meta.dirname, "..");
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
// Under `npm run bench` (which sets BENCH_RESULTS and runs every bench in turn) the default is one small size:
// 1,000 and 10,000 shops take hours on a small machine, and are asked for by running this bench by itself.
const underAllBenches = Boolean(process.env.BENCH_RESULTS);
const sizes = (arg("shops") ?? (arg("from") ? "" : QUICK || underAllBenches ? "50" : "1000,10000")).split(",").filter(Boolean).map(Number);
const samples = Number(arg("samples") ?? 30);
/** How many shop databases each size is spread over, one run each: 1 (all in DB) and 4 unless told. */
const databaseCounts = (arg("databases") ?? "1,4").split(",").filter(Boolean).map(Number);
/** Months each shop lives (2: the second's growth is the month figure; 1 halves a big size's run). */
const months = Number(arg("months") ?? 2);
/** `--save /tmp/scale-{shops}.json` keeps each size's result; `--from a.json,b.json` adds saved sizes to the table. */
const saveTo = arg("save");
const savedResults: SizeResult[] = (arg("from")?.split(",") ?? []).map((file) => {
  const saved = JSON.parse(readFileSync(file, "utf8"));
  return { databases: 1, perDatabase: [], ...saved, fixed: new Map(saved.fixed), monthly: new Map(saved.monthly) };
});
/** Shops opened or lived per request to the population's Durable Object: a request ends well within fetch's 300 s headers timeout. */
const CHUNK = 10;

/** Tables the daily purge keeps to their live window (worker/lib/purge.ts): at most a month of rows. */
const PURGED = new Set(["sessions", "login_throttle", "password_resets", "email_outbox", "weekly_summaries"]);
/**
 * What archival moves to R2 once it is ARCHIVE_AFTER_MONTHS old (docs/data.md, "Archival"); orders only past
 * the seller's latest ones the orders screen lists (months of them: the population's ordersKeptMonths).
 */
const ARCHIVED = new Set(["generation_jobs", "credit_ledger", "batches", "batch_items", "orders"]);
/**
 * What archival leaves behind for good: every archived ledger key stays in archived_ledger_keys (so a late
 * retry can never apply twice), about the bytes the ledger's own key index gave it, so that index's growth is
 * counted for every month, archived or not.
 */
const KEPT_AFTER_ARCHIVAL = new Set(["credit_ledger_idempotency_key_unique"]);
const ARCHIVE_AFTER_MONTHS = 3;
const TARGET_SHOPS = 100_000;
const MONTHS = 12;

type Bytes = Map<string, { table: string; bytes: number }>;

/** The bytes of several databases' tables and indexes added up by name: the population's, wherever its rows are. */
function added(all: Bytes[]): Bytes {
  const sum: Bytes = new Map();
  for (const bytes of all) for (const [name, v] of bytes) sum.set(name, { table: v.table, bytes: (sum.get(name)?.bytes ?? 0) + v.bytes });
  return sum;
}
const total = (bytes: Bytes) => [...bytes.values()].reduce((sum, v) => sum + v.bytes, 0);

/** Bytes of every table and index, by name, with the table each index belongs to. */
function dbstat(file: string): Bytes {
  // A shop database's object may still hold its file's lock a moment after answering: SQLite's busy handler
  // waits for it (the timeout) instead of failing the read.
  const db = new DatabaseSync(file, { readOnly: true, timeout: 60_000 });
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
    // Workerd's own bookkeeping tables (_cf_…) are not the app's.
    return new Map(
      rows
        .filter((r) => owners.has(r.name) && !r.name.startsWith("_cf_"))
        .map((r) => [r.name, { table: owners.get(r.name)!, bytes: r.bytes }]),
    );
  } finally {
    db.close();
  }
}

function sqliteFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".sqlite") && name !== "metadata.sqlite") found.push(path);
    }
  };
  walk(dir);
  return found;
}

function findSqlite(dir: string): string {
  const found = sqliteFiles(dir);
  if (found.length !== 1) throw new Error(`expected one database under ${dir}, found ${found.length}`);
  return found[0]!;
}

async function post(base: string, path: string, body: unknown, tries = 8): Promise<unknown> {
  const response = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
  if (response.ok) return response.json();
  const text = await response.text();
  // vite preview's proxy to workerd now and then loses a request on a loaded machine ("fetch failed"): it is
  // asked again, and the population goes on from the last shop it finished (bench/scale-worker.ts).
  if (tries > 0 && text.includes("fetch failed")) {
    retries++;
    return post(base, path, body, tries - 1);
  }
  throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
}
let retries = 0;

/** Runs a phase over every shop, CHUNK shops a request, until the population says every shop is done. */
async function overShops(base: string, path: string, shops: number, extra: Record<string, unknown> = {}) {
  for (let next = 0; next < shops; ) ({ next } = (await post(base, path, { shops, limit: CHUNK, ...extra })) as { next: number });
}

type Timing = Record<string, { p50: number; p95: number; n: number }>;
interface SizeResult {
  shops: number;
  /** Shop databases the shops were spread over (1: all in DB). */
  databases: number;
  /** Each shop database at the end (DB first): the shops the placement rule put there and its bytes. */
  perDatabase: { shops: number; bytes: number }[];
  months: number;
  fixed: Map<string, { table: string; bytes: number }>;
  monthly: Map<string, { table: string; bytes: number }>;
  timing: Timing;
  /** Rows written against rows planned, per table: equal unless a lost request had reached the Worker. */
  counts: Record<string, [number, number]>;
  ordersKeptMonths: number;
  /** Seconds to build the population, and in all. */
  filled: number;
  seconds: number;
}

const shards = (databases: number) => Array.from({ length: databases - 1 }, (_, i) => i + 1);

const scratchConfig = (databases: number) => ({
  d1_databases: [
    { binding: "DB", database_name: "vidriera-scale", database_id: "00000000-0000-0000-0000-00000000beef" },
    ...shards(databases).map((shard) => ({
      binding: `SHOP_DB_${shard}`,
      database_name: `vidriera-scale-shop-${shard}`,
      database_id: `00000000-0000-0000-0000-0000000${String(shard).padStart(2, "0")}bee`,
    })),
  ],
  durable_objects: {
    bindings: [
      { name: "STORE_STATS", class_name: "StoreStats" },
      { name: "POPULATION", class_name: "Population" },
      { name: "SHOP_SHARD", class_name: "ShopShard" },
    ],
  },
  migrations: [{ tag: "v1", new_sqlite_classes: ["StoreStats", "Population", "ShopShard"] }],
  vars: {
    SESSION_SECRET: "scale-bench-session-secret-long-enough-0123456789",
    PUBLIC_ORIGIN: "https://vidriera.test",
    SHOP_DBS_OPEN: [0, ...shards(databases)].join(","),
  },
});

const entry = `export { default, StoreStats, Population, ShopShard } from ${JSON.stringify(join(root, "bench", "scale-worker.ts"))};`;

/** A population built and copied into its local D1s, its state kept for the timing (measureSize). */
type Built = Awaited<ReturnType<typeof buildSize>>;

async function buildSize(shops: number, databases: number) {
  const started = Date.now();
  const state = mkdtempSync(join(tmpdir(), "vidriera-scale-state-"));
  try {
    // First the population, built inside its Durable Object (synchronous SQLite, the app's own functions).
    const built = await withScratchWorker(
      "vidriera-scale",
      entry,
      async (base, stateDir) => {
        // Each local D1's file, made one at a time to tell them apart: DB's, then each SHOP_DB_<n>'s.
        const d1Files: string[] = [];
        for (const shard of [0, ...shards(databases)]) {
          await post(base, "/touch", { shard });
          const fresh = sqliteFiles(join(stateDir, "v3", "d1")).filter((file) => !d1Files.includes(file));
          if (fresh.length !== 1) throw new Error(`expected one new local D1 for shop database ${shard}, found ${fresh.length}`);
          d1Files.push(fresh[0]!);
        }
        await post(base, "/migrate", { statements: migrationStatements(), databases });
        const shardIds = (await post(base, "/shard-ids", { shards: databases - 1 })) as string[];
        // The builder's files, DB's first: the population's object, then each shop database's object.
        const files = [
          findSqlite(join(stateDir, "v3", "do", "vidriera-scale-Population")),
          ...shardIds.map((id) => join(stateDir, "v3", "do", "vidriera-scale-ShopShard", `${id}.sqlite`)),
        ];
        const each = () => files.map(dbstat);
        const population = () => added(each());
        await overShops(base, "/open", shops);
        const opened = population();
        // The month figure is the last month's growth: the second's where there are two (the first one's holds
        // what a shop does once, such as its first sign-in's session).
        let before = opened;
        let after = opened;
        for (let month = 1; month <= months; month++) {
          await overShops(base, "/month", shops, { month });
          [before, after] = [after, population()];
        }
        const { ordersKeptMonths, brokenLedgerChecks, placed, ...counts } = (await post(base, "/counts", { shops, months })) as Record<
          string,
          [number, number]
        > & { ordersKeptMonths: number; brokenLedgerChecks: string[]; placed: number[] };
        if (brokenLedgerChecks.length > 0) throw new Error(`the population breaks the ledger checks: ${brokenLedgerChecks.join("; ")}`);
        const perDatabase = each().map((bytes, shard) => ({ shops: placed[shard] ?? 0, bytes: total(bytes) }));
        return { opened, before, after, counts, ordersKeptMonths, perDatabase, files, d1Files };
      },
      scratchConfig(databases),
      state,
    );
    const filled = Math.round((Date.now() - started) / 1000);
    // Then each file becomes the scratch Worker's local D1 of its database, where the hot paths are timed
    // through D1 as deployed.
    built.files.forEach((populationFile, shard) => {
      const d1File = built.d1Files[shard]!;
      // Workerd leaves the population's last writes in its write-ahead log: folded into the file before the copy.
      const file = new DatabaseSync(populationFile);
      file.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      file.close();
      for (const suffix of ["-wal", "-shm"]) {
        rmSync(populationFile + suffix, { force: true });
        rmSync(d1File + suffix, { force: true });
      }
      copyFileSync(populationFile, d1File);
    });
    return { shops, databases, state, built, filled };
  } catch (error) {
    rmSync(state, { recursive: true, force: true });
    throw error;
  }
}

async function measureSize({ shops, databases, state, built, filled }: Built): Promise<SizeResult> {
  const started = Date.now();
  try {
    const timing = await withScratchWorker(
      "vidriera-scale",
      entry,
      (base) => post(base, "/measure", { shops, samples }) as Promise<Timing>,
      scratchConfig(databases),
      state,
    );
    const per = (bytes: number) => bytes / shops;
    const { opened, before, after, counts, ordersKeptMonths, perDatabase } = built;
    const fixed = new Map([...opened].map(([name, v]) => [name, { table: v.table, bytes: per(v.bytes) }]));
    const monthly = new Map(
      [...after].map(([name, v]) => [name, { table: v.table, bytes: per(v.bytes - (before.get(name)?.bytes ?? 0)) }]),
    );
    const result = {
      shops,
      databases,
      perDatabase,
      months,
      fixed,
      monthly,
      timing,
      counts,
      ordersKeptMonths,
      filled,
      seconds: filled + Math.round((Date.now() - started) / 1000),
    };
    // Kept whole, so that sizes run apart (in parallel, on two machines) go into one table: --from.
    if (saveTo)
      writeFileSync(
        saveTo.replace("{shops}", databases > 1 ? `${shops}x${databases}` : String(shops)),
        JSON.stringify({ ...result, fixed: [...fixed], monthly: [...monthly] }),
      );
    return result;
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gb = (bytes: number) => (bytes / 1000 ** 3).toFixed(1);

/** The projected database after `months` for `shops` shops: purged tables hold a month, archived ones `archiveAfter`. */
function projected(result: SizeResult, shops: number, months: number, archiveAfter: number | null): number {
  let total = 0;
  const keptMonths = (table: string) => (table === "orders" ? Math.max(archiveAfter!, result.ordersKeptMonths) : archiveAfter!);
  for (const [name, f] of result.fixed) {
    const m = Math.max(0, result.monthly.get(name)?.bytes ?? 0);
    const kept = PURGED.has(f.table)
      ? Math.min(1, months)
      : archiveAfter !== null && ARCHIVED.has(f.table) && !KEPT_AFTER_ARCHIVAL.has(name)
        ? Math.min(keptMonths(f.table), months)
        : months;
    total += (f.bytes + m * kept) * shops;
  }
  return total;
}

/** A size's headline figures: the year's projections, how many year-old shops one D1 holds and how many D1s 100,000 need. */
function summary(r: SizeResult) {
  const fixed = [...r.fixed.values()].reduce((sum, f) => sum + f.bytes, 0);
  const month = [...r.monthly.values()].reduce((sum, m) => sum + Math.max(0, m.bytes), 0);
  const withPurge = projected(r, TARGET_SHOPS, MONTHS, null);
  const withArchival = projected(r, TARGET_SHOPS, MONTHS, ARCHIVE_AFTER_MONTHS);
  return {
    month,
    noPurge: (fixed + month * MONTHS) * TARGET_SHOPS,
    withPurge,
    withArchival,
    perDatabase: shopsPerDatabase(withPurge / TARGET_SHOPS),
    perDatabaseArchived: shopsPerDatabase(withArchival / TARGET_SHOPS),
    needed: databasesNeeded(TARGET_SHOPS, withPurge / TARGET_SHOPS),
    neededArchived: databasesNeeded(TARGET_SHOPS, withArchival / TARGET_SHOPS),
  };
}

const mb = (bytes: number) => (bytes / 1000 ** 2).toFixed(1);
const databasesLabel = (n: number) => `${n} shop database${n === 1 ? "" : "s"}`;
/** Each shop database at the end of a run: its shops and megabytes, DB first. */
const eachDatabase = (r: SizeResult) =>
  r.perDatabase.length ? r.perDatabase.map((d) => `${d.shops.toLocaleString("en")} shops: ${mb(d.bytes)} MB`).join("; ") : "—";
/** The hot paths timed in both runs of a size, side by side (the weekly run, which reads every shop, included). */
function sideBySide(one: SizeResult, spread: SizeResult[], p: "p50" | "p95" | "both") {
  const runs = [one, ...spread];
  const cell = (t: { p50: number; p95: number } | undefined) =>
    !t ? "—" : p === "both" ? `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}` : `${t[p].toFixed(0)} ms`;
  return [
    `| ${p === "both" ? "Hot read or write, p50 / p95 ms" : `hot path at ${one.shops.toLocaleString("en")} shops, p95`} | ${runs.map((r) => databasesLabel(r.databases)).join(" | ")} |`,
    `|---|${runs.map(() => "---:").join("|")}|`,
    ...Object.keys(one.timing).map((what) => `| ${what} | ${runs.map((r) => cell(r.timing[what])).join(" | ")} |`),
  ];
}
/** The same population in one database and spread, when both were run. */
function pairs(results: SizeResult[]) {
  return results
    .filter((r) => r.databases === 1)
    .map((one) => ({ one, spread: results.filter((r) => r.shops === one.shops && r.databases > 1) }))
    .filter((pair) => pair.spread.length > 0);
}
/** The capacity the largest one-database population measured gives (its bytes per year-old shop). */
const reference = (results: SizeResult[]) => results.filter((r) => r.databases === 1).at(-1) ?? results.at(-1)!;

/** The README's few rows: per size and count of databases, what a shop-month weighs, the year's projections, the databases' sizes and the slowest hot path. */
function renderReadme(results: SizeResult[]): string {
  const rows = results.map((r) => {
    const s = summary(r);
    const slowest = Object.entries(r.timing)
      .filter(([what]) => !what.includes("all shops"))
      .sort((a, b) => b[1].p95 - a[1].p95)[0]!;
    return (
      `| ${r.shops.toLocaleString("en")} | ${r.databases} | ${kb(s.month)} KB | ${gb(s.noPurge)} GB | ${gb(s.withPurge)} GB | ${gb(s.withArchival)} GB | ` +
      `${s.perDatabase.toLocaleString("en")} / ${s.perDatabaseArchived.toLocaleString("en")} | ${eachDatabase(r)} | ${slowest[0]}: ${slowest[1].p95.toFixed(0)} ms |`
    );
  });
  const ref = reference(results);
  const need = summary(ref);
  const lines = [
    `Written by \`npm run bench:scale\` on ${new Date().toISOString().slice(0, 10)}; the tables by table and index, and how to read them, are in [docs/data.md](docs/data.md#growth-model).`,
    "",
    `| shops measured | shop databases | one shop-month | ${TARGET_SHOPS.toLocaleString("en")} shops after ${MONTHS} months: nothing purged | with the daily purge | and archival after ${ARCHIVE_AFTER_MONTHS} months | year-old shops one D1 holds (purge / archival) | each shop database at the end (${ref.months} months) | slowest hot path, p95 |`,
    "|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ...rows,
    "",
    `| ${TARGET_SHOPS.toLocaleString("en")} shops a year old need | with the daily purge | and archival after ${ARCHIVE_AFTER_MONTHS} months |`,
    "|---|---:|---:|",
    `| shop databases of ${D1_LIMIT_BYTES / 1000 ** 3} GB, D1's limit (from ${ref.shops.toLocaleString("en")} shops measured) | ${need.needed} | ${need.neededArchived} |`,
  ];
  const pair = pairs(results).at(-1);
  if (pair) lines.push("", ...sideBySide(pair.one, pair.spread, "p95"));
  return lines.join("\n");
}

function render(results: SizeResult[]): string {
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const lines = [
    `Written by \`npm run bench:scale -- --shops ${[...new Set(results.map((r) => r.shops))].join(",")} --databases ${[...new Set(results.map((r) => r.databases))].join(",")}\` on ${when} UTC` +
      ` (${retries} request${retries === 1 ? "" : "s"} of ${CHUNK} shops asked again after the proxy lost it; the population went on from its last finished shop).`,
    "",
  ];
  for (const r of results) {
    const written = Object.entries(r.counts)
      .map(([table, [got, planned]]) => `${got.toLocaleString("en")} ${table} of ${planned.toLocaleString("en")} planned`)
      .join(", ");
    const { noPurge, withPurge, withArchival, perDatabase, needed, neededArchived } = summary(r);
    const one = results.find((o) => o.shops === r.shops && o.databases === 1);
    lines.push(
      `#### ${r.shops.toLocaleString("en")} shops${r.databases > 1 ? ` over ${databasesLabel(r.databases)}` : ""} (${r.months === 1 ? "one month each: the month figure is the first month's growth" : `${r.months} months each`}; population built in ${r.filled} s, run took ${r.seconds} s; ${written})`,
      "",
    );
    if (r.databases > 1) {
      // The same population as the one-database run's: its tables are that run's, spread; what is new is
      // where the bytes went and the times through several databases.
      lines.push(
        "| Shop database | shops placed | MB at the end | KB per shop placed there |",
        "|---|---:|---:|---:|",
        // DB also holds every shop's account, sessions, throttle, ledger and payments: its bytes are not its shops' alone.
        ...r.perDatabase.map(
          (d, shard) =>
            `| ${shard === 0 ? "DB (and every shop's account, sessions, ledger and payments)" : `SHOP_DB_${shard}`} | ${d.shops.toLocaleString("en")} | ${mb(d.bytes)} | ${shard > 0 && d.shops ? kb(d.bytes / d.shops) : "—"} |`,
        ),
        "",
        `All of them together: ${kb([...r.fixed.values()].reduce((sum, f) => sum + f.bytes, 0))} KB per shop at opening and ${kb(summary(r).month)} KB per shop-month ` +
          `(${one ? `${kb(summary(one).month)} KB in one database` : "no one-database run of this size"}); projected for ${TARGET_SHOPS.toLocaleString("en")} shops after ${MONTHS} months: ` +
          `**${gb(withPurge)} GB** with the daily purge, **${gb(withArchival)} GB** with archival after ${ARCHIVE_AFTER_MONTHS} months.`,
        "",
        ...(one ? sideBySide(one, [r], "both") : []),
        "",
      );
    } else {
      lines.push("| Table or index | of table | KB per shop at opening | KB per shop-month |", "|---|---|---:|---:|");
      const names = [...r.fixed.keys()].sort(
        (a, b) => (r.monthly.get(b)?.bytes ?? 0) - (r.monthly.get(a)?.bytes ?? 0) || a.localeCompare(b),
      );
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
      lines.push(
        `Projected for ${TARGET_SHOPS.toLocaleString("en")} active shops after ${MONTHS} months: **${gb(noPurge)} GB** with nothing purged, ` +
          `**${gb(withPurge)} GB** with the daily purge and no archival, **${gb(withArchival)} GB** with archival after ${ARCHIVE_AFTER_MONTHS} months (orders past the ones the orders screen lists, ${r.ordersKeptMonths} months of them here). ` +
          `One D1 database (10 GB) holds about ${perDatabase.toLocaleString("en")} shops a year old without archival: ` +
          `${TARGET_SHOPS.toLocaleString("en")} such shops need **${needed} shop databases** filled to the limit, **${neededArchived}** with archival.`,
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
    if (r.databases > 1) {
      const largest = r.perDatabase.reduce((a, b) => (b.bytes > a.bytes ? b : a));
      recordRow({
        row: `scale:${r.shops}:db${r.databases}:largest`,
        what: `Largest of ${r.databases} shop databases, ${r.shops} shops placed by the sign-up's rule after ${r.months} months`,
        figure: `${mb(largest.bytes)} MB (${r.perDatabase.map((d) => d.shops).join(" / ")} shops)`,
        budget: "",
        over: false,
        how: "npm run bench:scale",
      });
      if (one) {
        const p95 = (t: Timing) =>
          Object.entries(t)
            .filter(([what]) => !what.includes("all shops"))
            .reduce((max, [, v]) => Math.max(max, v.p95), 0);
        recordRow({
          row: `scale:${r.shops}:db${r.databases}:p95`,
          what: `Slowest hot path's p95 at ${r.shops} shops, 1 → ${r.databases} shop databases`,
          figure: `${p95(one.timing).toFixed(0)} ms → ${p95(r.timing).toFixed(0)} ms`,
          budget: "",
          over: false,
          how: "npm run bench:scale",
        });
      }
    }
  }
  const ref = reference(results);
  const need = summary(ref);
  recordRow({
    row: "scale:databases-for-100k",
    what: `Shop databases (10 GB, D1's limit) ${TARGET_SHOPS.toLocaleString("en")} year-old shops need, from ${ref.shops} shops (purge / + archival)`,
    figure: `${need.needed} / ${need.neededArchived}`,
    budget: "",
    over: false,
    how: "npm run bench:scale",
  });
  return lines.join("\n");
}

const MARKERS = ["<!-- data:scale:start (written by npm run bench:scale) -->", "<!-- data:scale:end -->"] as const;
const README_MARKERS = ["<!-- readme:scale:start (written by npm run bench:scale) -->", "<!-- readme:scale:end -->"] as const;

const results: SizeResult[] = [...savedResults];
for (const shops of sizes) {
  // Every count of databases is built first and then timed one right after the other: on a shared machine the
  // load moves over a build's minutes, and times taken far apart would compare the load, not the databases.
  const built: Built[] = [];
  try {
    for (const databases of databaseCounts) {
      console.log(`bench:scale: ${shops} shops over ${databasesLabel(databases)}…`);
      built.push(await buildSize(shops, databases));
      console.log(`  built in ${built.at(-1)!.filled} s`);
    }
    for (const b of built) {
      const result = await measureSize(b);
      console.log(`bench:scale: ${shops} shops over ${databasesLabel(b.databases)} timed; ${result.seconds} s in all`);
      results.push(result);
    }
  } finally {
    for (const b of built) rmSync(b.state, { recursive: true, force: true });
  }
}
results.sort((a, b) => a.shops - b.shops || a.databases - b.databases);
const table = render(results);
console.log(table);
for (const [file, markers, text] of [
  ["docs/data.md", MARKERS, table],
  ["README.md", README_MARKERS, renderReadme(results)],
] as const) {
  writeFileSync(join(root, file), betweenMarkers(readFileSync(join(root, file), "utf8"), markers, text, file));
}
console.log("docs/data.md and the README's growth rows written.");
