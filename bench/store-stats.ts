/**
 * What counting store events costs, on a production build served locally (`wrangler dev`: the built Worker
 * in workerd, local D1, Cache API and the statistics' twin Durable Object; scripts/local-app.ts), for a
 * store of 60 products seeded through the API as a seller would:
 *
 * 1. The store page from the edge cache with counting on and with counting off (a second app from the same
 *    build with STATS_COUNTING=off), RUNS requests each, interleaved and sequential, with a phone browser's
 *    User-Agent (robots are not counted): p50 on / p50 off, goal ≤ 1.05×.
 * 2. A bounded burst on that one store page with counting on: autocannon, 200 connections sending REQUESTS
 *    requests (default 6,000; a fixed number, so every view the server answered is one the client saw).
 *    Views served (2xx) against views counted (the seller's 'Estadísticas' once every count has landed; the
 *    twin counts every event, no sampling), errors, the D1 rows the burst wrote (every table of the local D1
 *    file read before and after, read-only), and how many times the twin wrote its own storage meanwhile
 *    (SQLite's PRAGMA data_version on its file, which changes with each commit of another connection).
 * 3. The twin alone, in a scratch Worker with the same class and engine, timed from Node: events a second one
 *    store takes as the app sends them (rounds of 1,000 views recorded at once through the engine, which
 *    gathers each round into one call to the object), and, for comparison, with one call per event (no
 *    gathering, 100 calls in flight).
 *
 * autocannon and workerd share the machine's cores: the figures are the whole local stack's. Prints a table
 * and, with BENCH_RESULTS set, one JSON line per performance-table row (the bench contract: bench/results.ts).
 */
import { recordRow } from "./results.ts";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import autocannon from "autocannon";
import { startLocalApp } from "../scripts/local-app.ts";
import { withScratchWorker } from "../scripts/scratch-worker.ts";
import { percentile, samplePhotoJpeg } from "./sample-photo.ts";
import { seedStore, type SeededStore } from "./seed-store.ts";

const WARMUP = 20;
const RUNS = Number(process.env.RUNS ?? 300);
const CONNECTIONS = 200;
const REQUESTS = Number(process.env.REQUESTS ?? 6000);
const TWIN_EVENTS = Number(process.env.TWIN_EVENTS ?? 20_000);
/** Views recorded at once in each round of the gathered twin run: a second of a store at the 1,000 views/s the design holds. */
const ROUND = 1000;
const BUDGET = { ratio: 1.05, twinPerSecond: 1000 };
const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.200 Mobile Safari/537.36";
const HOW = "npm run bench:stats";

interface Row {
  row: string;
  what: string;
  figure: string;
  budget: string;
  over: boolean;
}
const rows: Row[] = [];
function report(row: Row) {
  rows.push(row);
  recordRow({ ...row, how: HOW });
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "user-agent": PHONE } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200 || response.headers.get("x-store-cache") !== "HIT") {
    throw new Error(`${url}: ${response.status} ${response.headers.get("x-store-cache")}`);
  }
  return ms;
}

/**
 * Today's page views once counting has caught up: counting ends after each answer, so this asks until the count
 * reaches `expected` or stops moving (six reads in a row the same).
 */
async function settledPageViews(store: SeededStore, expected: number): Promise<number> {
  let counted = await pageViews(store);
  for (let still = 0, asked = 0; counted < expected && still < 6 && asked < 240; asked++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await pageViews(store);
    still = now === counted ? still + 1 : 0;
    counted = now;
  }
  return counted;
}

/** Today's page views in the seller's 'Estadísticas'. */
async function pageViews(store: SeededStore): Promise<number> {
  const response = await fetch(`${store.base}/api/stats`, { headers: { cookie: store.cookie } });
  if (response.status !== 200) throw new Error(`/api/stats: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { report: { periods: { today: { current: { pageViews: number } } } } }).report.periods.today.current
    .pageViews;
}

/** The SQLite files wrangler keeps under `stateDir` for `kind` (d1, or do/<worker>-<class>). */
function sqliteFiles(stateDir: string, kind: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/^[0-9a-f]{64}\.sqlite$/.test(entry.name) && path.includes(`${kind}`)) found.push(path);
    }
  };
  walk(stateDir);
  return found;
}

/**
 * Every row of every table of a SQLite file (read-only), to tell what a burst wrote. workerd's own
 * `_cf_METADATA` is left out: in the local D1 object one of its values counts the queries answered (reads too).
 */
function snapshot(file: string): Map<string, string[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string;
      }[]
    )
      .map((t) => t.name)
      .filter((name) => !name.startsWith("_cf_"));
    return new Map(
      tables.map((t) => [
        t,
        db
          .prepare(`SELECT * FROM "${t}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

/** Rows added, removed or changed between two snapshots, in all and per table. */
function rowsWritten(before: Map<string, string[]>, after: Map<string, string[]>): { rows: number; tables: Map<string, number> } {
  const tables = new Map<string, number>();
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = new Set(before.get(table) ?? []);
    const is = new Set(after.get(table) ?? []);
    const changed = [...is].filter((row) => !was.has(row)).length + [...was].filter((row) => !is.has(row)).length;
    if (changed) tables.set(table, changed);
  }
  return { rows: [...tables.values()].reduce((sum, n) => sum + n, 0), tables };
}

/** A read-only watcher of a SQLite file: its data_version changes each time another connection commits. */
function commits(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  const version = () => Number((db.prepare("PRAGMA data_version").get() as { data_version: number }).data_version);
  let last = version();
  let seen = 0;
  return {
    poll() {
      const now = version();
      if (now !== last) seen++;
      last = now;
      return seen;
    },
    close: () => db.close(),
  };
}

const photo = await samplePhotoJpeg(360, 450);
const stateOn = mkdtempSync(join(tmpdir(), "stats-on-"));
const stateOff = mkdtempSync(join(tmpdir(), "stats-off-"));
process.on("exit", () => {
  for (const dir of [stateOn, stateOff]) rmSync(dir, { recursive: true, force: true });
});
const on = await startLocalApp(stateOn, { server: "wrangler", keepState: true });
// The same server as `on` (a copy of a build is served by workerd alone unless told): the ratio compares counting, not servers.
const off = await startLocalApp(stateOff, { fromBuild: on.buildDir, server: "wrangler", vars: { STATS_COUNTING: "off" } });
const failures: string[] = [];
try {
  const [storeOn, storeOff] = await Promise.all([seedStore(on.baseURL, photo), seedStore(off.baseURL, photo)]);
  const pageOn = `${on.baseURL}/u/${storeOn.username}`;
  const pageOff = `${off.baseURL}/u/${storeOff.username}`;
  // The first request renders and caches; every timed one is a cache HIT.
  for (const page of [pageOn, pageOff]) await (await fetch(page, { headers: { "user-agent": PHONE } })).arrayBuffer();

  // --- 1. counting on vs off ---
  const samples = { on: [] as number[], off: [] as number[] };
  for (let run = 0; run < WARMUP + RUNS; run++) {
    // Alternating which goes first, so neither always follows the other's after-answer work.
    let withCounting: number;
    let without: number;
    if (run % 2) {
      withCounting = await timed(pageOn);
      without = await timed(pageOff);
    } else {
      without = await timed(pageOff);
      withCounting = await timed(pageOn);
    }
    if (run < WARMUP) continue;
    samples.on.push(withCounting);
    samples.off.push(without);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const sOn = stats(samples.on);
  const sOff = stats(samples.off);
  const ratio = sOn.p50 / sOff.p50;
  console.log(`store page from the edge cache, ${RUNS} of each after ${WARMUP} warm-ups, sequential, interleaved`);
  console.log(`  counting on    p50 ${sOn.p50.toFixed(2)} ms   p95 ${sOn.p95.toFixed(2)} ms`);
  console.log(`  counting off   p50 ${sOff.p50.toFixed(2)} ms   p95 ${sOff.p95.toFixed(2)} ms`);
  console.log(`  on / off: ${ratio.toFixed(3)}×   goal ≤ ${BUDGET.ratio}×  ${ratio <= BUDGET.ratio ? "ok" : "OVER"}`);
  // The warm-up request, then WARMUP + RUNS timed ones.
  const viewsOn = WARMUP + RUNS + 1;
  const countedOn = await settledPageViews(storeOn, viewsOn);
  const countedOff = await pageViews(storeOff);
  if (countedOn !== viewsOn) failures.push(`counting on counted ${countedOn} of ${viewsOn} views`);
  if (countedOff !== 0) failures.push(`counting off still counted ${countedOff} views`);
  report({
    row: "stats-counting-on-off",
    what: "Store page from the edge cache with counting on vs off (p50, same run, sequential, wrangler dev of the production build)",
    figure: `${ratio.toFixed(2)}× (${sOn.p50.toFixed(1)} vs ${sOff.p50.toFixed(1)} ms; p95 ${sOn.p95.toFixed(1)} vs ${sOff.p95.toFixed(1)} ms)`,
    budget: `≤ ${BUDGET.ratio}×`,
    over: ratio > BUDGET.ratio,
  });

  // --- 2. the burst ---
  const before = await pageViews(storeOn);
  const [d1File] = sqliteFiles(stateOn, "/d1/");
  const twinFiles = sqliteFiles(stateOn, "StoreStats");
  if (!d1File || twinFiles.length !== 1) throw new Error(`local SQLite files not found (D1: ${d1File}, twin: ${twinFiles.length})`);
  const d1Before = snapshot(d1File);
  const twin = commits(twinFiles[0]!);
  const watching = setInterval(() => twin.poll(), 50);
  const started = performance.now();
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: pageOn,
    connections: CONNECTIONS,
    amount: REQUESTS,
    // A busy box answers slowly but answers: autocannon's 10 s default would give up on views the Worker serves and counts.
    timeout: 60,
    headers: { "user-agent": PHONE },
    requests: [
      {
        method: "GET",
        onResponse: (status: number, body: string) => {
          if (status >= 300) firstFailure ??= `${status} ${body.slice(0, 200)}`;
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  const served = result["2xx"];
  const counted = (await settledPageViews(storeOn, before + served)) - before;
  clearInterval(watching);
  const twinWrites = twin.poll();
  twin.close();
  const d1Written = rowsWritten(d1Before, snapshot(d1File));
  const d1Rows = d1Written.rows;
  // autocannon's errors include its timeouts.
  const errors = result.errors + result.non2xx;
  console.log(`\nburst: ${REQUESTS} requests over ${CONNECTIONS} connections on /u/${storeOn.username}, ${seconds.toFixed(1)} s`);
  console.log(`  served ${served} (${(served / seconds).toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`);
  console.log(
    `  counted ${counted} (${((counted / Math.max(1, served)) * 100).toFixed(2)} %), errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  );
  console.log(
    `  D1 rows written during the burst: ${d1Rows} ${JSON.stringify(Object.fromEntries(d1Written.tables))}; the twin's storage transactions: ${twinWrites}`,
  );
  if (firstFailure) console.log(`  first failure: ${firstFailure}`);
  report({
    row: "stats-burst-counted",
    what: `Burst on one store page with counting on (autocannon, ${REQUESTS} requests over ${CONNECTIONS} connections, wrangler dev): views counted vs served`,
    figure: `${counted} of ${served} counted (${served ? ((counted / served) * 100).toFixed(1) : "0"} %, no sampling in the twin) in ${seconds.toFixed(1)} s, ${(served / seconds).toFixed(0)} views/s, p99 ${result.latency.p99} ms, ${errors} errors`,
    budget: "all counted, no error",
    over: counted !== served || errors > 0,
  });
  report({
    row: "stats-burst-d1-writes",
    what: "D1 writes per view during that burst (every row of the local D1 before and after), and the twin's own storage transactions",
    figure: `${d1Rows ? (d1Rows / Math.max(1, served)).toFixed(3) : "0"} (${d1Rows} D1 rows written over ${served} views); the twin wrote its storage ${twinWrites} times in ${seconds.toFixed(1)} s`,
    budget: "0 per view",
    over: d1Rows > 0,
  });
  if (counted !== served) failures.push(`${served - counted} views served were not counted`);
  if (errors) failures.push(`${errors} requests failed in the burst`);
  if (d1Rows) failures.push(`the burst wrote ${d1Rows} D1 rows`);
} finally {
  on.stop();
  off.stop();
}

// --- 3. the twin alone ---
// The event is built by the Worker's own maker: a hand-written one fell behind when events gained a currency.
const twinEntry = `import { LocalStats, StoreStats } from ${JSON.stringify(resolve(import.meta.dirname, "../worker/stats/local-twin.ts"))};
import { event } from ${JSON.stringify(resolve(import.meta.dirname, "../worker/stats/events.ts"))};
export { StoreStats };
const view = event("view", { source: "directo", entry: true });
export default {
  async fetch(request: Request, env: { STORE_STATS: DurableObjectNamespace<StoreStats> }) {
    const url = new URL(request.url);
    const n = Number(url.searchParams.get("n") ?? 0);
    const storeId = crypto.randomUUID();
    const engine = new LocalStats(env.STORE_STATS);
    if (url.searchParams.get("mode") === "gathered") {
      for (let sent = 0; sent < n; sent += ${ROUND}) {
        await Promise.all(Array.from({ length: Math.min(${ROUND}, n - sent) }, () => engine.record(storeId, [view])));
      }
    } else {
      const store = env.STORE_STATS.get(env.STORE_STATS.idFromName(storeId));
      for (let sent = 0; sent < n; sent += 100) {
        await Promise.all(Array.from({ length: Math.min(100, n - sent) }, () => store.record([{ ...view, at: Date.now() }])));
      }
    }
    const counts = await engine.days([storeId], { from: 0, to: Date.now() + 3_600_000, timeZone: "UTC" });
    return Response.json({ counted: counts.stores.get(storeId)!.reduce((sum, r) => sum + r.events, 0) });
  },
};
`;
await withScratchWorker(
  "stats-twin-bench",
  twinEntry,
  async (base) => {
    const run = async (mode: "gathered" | "raw") => {
      const started = performance.now();
      const response = await fetch(`${base}/?mode=${mode}&n=${TWIN_EVENTS}`);
      if (!response.ok)
        throw new Error(
          `twin run (${mode}): ${response.status} ${(await response.text())
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .slice(0, 600)}`,
        );
      const { counted } = (await response.json()) as { counted: number };
      const perSecond = TWIN_EVENTS / ((performance.now() - started) / 1000);
      if (counted !== TWIN_EVENTS) failures.push(`the twin counted ${counted} of ${TWIN_EVENTS} events (${mode})`);
      return { counted, perSecond };
    };
    // The one-call-per-event run goes last: with the local tooling's tracing of 20,000 calls, the request after
    // it now and then fails to reach workerd at all ("fetch failed", vite preview), whatever it asks.
    await (await fetch(`${base}/?mode=gathered&n=${ROUND}`)).arrayBuffer();
    const gathered = await run("gathered");
    const raw = await run("raw");
    console.log(`\ntwin, one store, ${TWIN_EVENTS} events:`);
    console.log(
      `  as the app sends them (rounds of ${ROUND} views gathered into one call): ${gathered.perSecond.toFixed(0)}/s, counted ${gathered.counted}`,
    );
    console.log(`  one call per event, 100 in flight: ${raw.perSecond.toFixed(0)}/s, counted ${raw.counted}`);
    report({
      row: "stats-twin-events-per-second",
      what: `Twin Durable Object, one store, inside workerd: events a second as the app sends them (rounds of ${ROUND} views gathered into one call), and with one call per event`,
      figure: `${gathered.perSecond.toFixed(0)}/s gathered; ${raw.perSecond.toFixed(0)}/s with one call per event (100 in flight); ${TWIN_EVENTS} of ${TWIN_EVENTS} counted each way`,
      budget: `≥ ${BUDGET.twinPerSecond}/s`,
      over: gathered.perSecond < BUDGET.twinPerSecond,
    });
  },
  {
    durable_objects: { bindings: [{ name: "STORE_STATS", class_name: "StoreStats" }] },
    migrations: [{ tag: "v1", new_sqlite_classes: ["StoreStats"] }],
  },
);

console.log("\n| what | figure | budget |\n| --- | --- | --- |");
for (const row of rows) console.log(`| ${row.what} | ${row.figure}${row.over ? " (OVER)" : ""} | ${row.budget} |`);
if (failures.length) {
  console.error(`\nFAILED: ${failures.join("; ")}`);
  process.exit(1);
}
