/**
 * The public store under load: a real store of 60 products (bench/seed-store.ts: the photographic fixture,
 * prices, sizes, categories, published) on a production build served locally (`wrangler dev`: the built
 * Worker in workerd, local D1, R2 and Cache API, on loopback; see scripts/local-app.ts), driven by
 * autocannon at 200 concurrent connections for DURATION seconds per run (default 20), all in one run:
 *
 * 0. a static file of the store page's own bytes, served by the Worker's asset server: the baseline;
 * 1. the store's cart script, which the Worker answers from memory (no D1, no cache): the local stack's
 *    ceiling for any Worker answer;
 * 2. the store page `/u/<username>` from the edge cache;
 * 3. the product pages `/u/<username>/p/<id>`, every product in turn, from the edge cache;
 * 4. the store page rendered from D1 on every request (as after a save): the code offers no way around its
 *    cache, so each request names another host (`r<n>.localhost`), and the cache key, which carries the
 *    origin, is new each time: every answer is a MISS, i.e. one D1 read of the version, the store's
 *    queries, the render and a cache put;
 * 5. the store page while its seller saves a price change back to back, so the version keeps moving and
 *    the edge cache keeps going stale under the crowd.
 *
 * The static file must exist before the asset server starts, so a first app builds the store to learn its
 * page and a second one (a copy of the same build) serves those bytes beside the live store, seeded again.
 *
 * Each run prints requests per second, latency p50 / p97.5 / p99, errors, non-2xx and timeouts, and how
 * many answers came from the cache (x-store-cache). The bench fails if any request errored, timed out or
 * was not 2xx, or if a run meant to render from D1 was served from the cache. Then the app stops and
 * `npm run check:ledger` runs on its state directory.
 *
 * autocannon and workerd share the machine's cores: the figures are the whole
 * local stack's, not the Worker's alone.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startLocalApp } from "../scripts/local-app.ts";
import { iterations, recordRow } from "./results.ts";
import { checkLedger, percentile, processEnded, waitUntilIdle, workerdPid, workerdPids } from "./sample-photo.ts";
import { changeFirstPrice, PRODUCTS, seedStore } from "./seed-store.ts";

const CONNECTIONS = 200;
const DURATION = iterations(20, 5, process.env.DURATION);
const STATIC_FILE = "bench-static.html";
// The first page of the store: PAGE_SIZE cards (common/store-browse.ts), the rest behind 'Ver más'.
const PAGE_SIZE = 24;
const photo = new Uint8Array(readFileSync(join(import.meta.dirname, "../../shared/fixtures/foto-producto.jpg")));

interface Run {
  name: string;
  result: autocannon.Result;
  cache: { HIT: number; MISS: number };
  /** Seller saves that failed during the run (only the run that saves). */
  saveFailures?: number;
  /** The first answer that was not 2xx, to tell what went wrong. */
  firstFailure?: string;
  note?: string;
}

/** One bounded autocannon run over `paths` (each connection goes through them in turn). */
async function load(base: string, paths: string[], hostOf?: () => string): Promise<Omit<Run, "name">> {
  const url = new URL(base);
  const cache = { HIT: 0, MISS: 0 };
  let firstFailure: string | undefined;
  const onResponse = (status: number, body: string, _context: object, headers?: IncomingHttpHeaders) => {
    if (status >= 300) firstFailure ??= `${status} ${body.slice(0, 300)}`;
    // autocannon hands the header names as they came on the wire.
    const state = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "x-store-cache")?.[1];
    if (state === "HIT" || state === "MISS") cache[state]++;
  };
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths.map((path) => ({
      method: "GET" as const,
      path,
      onResponse,
      ...(hostOf
        ? {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              headers: { ...request.headers, host: `${hostOf()}:${url.port}` },
            }),
          }
        : {}),
    })),
  });
  return { result, cache, firstFailure };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function printTable(runs: Run[]) {
  const rows = [
    ["run", "requests", "req/s", "p50", "p97.5", "p99", "errors", "non-2xx", "timeouts", "cache HIT/MISS"],
    ...runs.map(({ name, result: r, cache }) => [
      name,
      String(r.requests.total),
      r.requests.average.toFixed(0),
      ms(r.latency.p50),
      ms(r.latency.p97_5),
      ms(r.latency.p99),
      String(r.errors),
      String(r.non2xx),
      String(r.timeouts),
      cache.HIT + cache.MISS ? `${cache.HIT}/${cache.MISS}` : "-",
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(
      `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ")}`,
    );
}

// --- The page's bytes, for the static baseline ---
const first = await startLocalApp(mkdtempSync(join(tmpdir(), "store-load-page-")), { server: "wrangler" });
let html: string;
const stateDir = mkdtempSync(join(tmpdir(), "store-load-"));
// Kept after the app stops, for the ledger check; removed however the bench ends.
process.on("exit", () => rmSync(stateDir, { recursive: true, force: true }));
let app: Awaited<ReturnType<typeof startLocalApp>>;
try {
  const seeded = await seedStore(first.baseURL, photo);
  html = await (await fetch(`${first.baseURL}/u/${seeded.username}`)).text();
  // Before any figure: a page without its products would measure an empty store.
  const listed = html.match(/<li class="card">/g)?.length ?? 0;
  if (listed !== Math.min(PRODUCTS, PAGE_SIZE)) throw new Error(`the page lists ${listed} products, not ${Math.min(PRODUCTS, PAGE_SIZE)}`);
  // --- The measured app: the same build, the page's bytes beside it as a static file ---
  app = await startLocalApp(stateDir, {
    keepState: true,
    server: "wrangler",
    fromBuild: first.buildDir,
    staticFiles: { [STATIC_FILE]: html },
  });
} finally {
  first.stop();
}
const runs: Run[] = [];
let workerd = 0;
try {
  const store = await seedStore(app.baseURL, photo);
  const page = `/u/${store.username}`;
  const productPages = store.ids.map((id) => `${page}/p/${id}`);
  for (const path of [page, ...productPages]) {
    const warm = await fetch(`${app.baseURL}${path}`);
    await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`${path}: ${warm.status}`);
  }
  workerd = workerdPid();
  // The uploads' renditions (the queue) are done: nothing else runs in workerd.
  await waitUntilIdle(workerdPids(), 1_500);
  const live = await (await fetch(`${app.baseURL}${page}`)).text();
  console.log(
    `store of ${store.ids.length} products on ${app.baseURL} (page ${(live.length / 1024).toFixed(1)} KiB, static file ${(html.length / 1024).toFixed(1)} KiB), ` +
      `${CONNECTIONS} connections, ${DURATION} s per run`,
  );

  const script = /<script src="([^"]+)"/.exec(live)![1]!;
  // Without ".html": the asset server answers the file there, and redirects (307) the name with it.
  runs.push({ name: "static file of the page's size", ...(await load(app.baseURL, [`/${STATIC_FILE.replace(/\.html$/, "")}`])) });
  runs.push({ name: "cart script (no D1, no cache)", ...(await load(app.baseURL, [script])) });
  runs.push({ name: "store page, edge cache", ...(await load(app.baseURL, [page])) });
  runs.push({ name: "product pages, edge cache", ...(await load(app.baseURL, productPages)) });

  let origin = 0;
  runs.push({ name: "store page, rendered from D1", ...(await load(app.baseURL, [page], () => `r${++origin}.localhost`)) });

  let saving = true;
  let price = 1_000;
  const saveTimes: number[] = [];
  const saveFailures: string[] = [];
  const saver = (async () => {
    while (saving) {
      const started = performance.now();
      try {
        await changeFirstPrice(store, ++price);
        saveTimes.push(performance.now() - started);
      } catch (err) {
        saveFailures.push((err as Error).message.slice(0, 200));
      }
    }
  })();
  const whileSaving = load(app.baseURL, [page]).finally(() => (saving = false));
  const [underSaves] = await Promise.all([whileSaving, saver]);
  saveTimes.sort((a, b) => a - b);
  const saveLatency = saveTimes.length ? `, each p50 ${ms(percentile(saveTimes, 50))}, max ${ms(saveTimes.at(-1)!)}` : "";
  const failedSaves = saveFailures.length ? `; ${saveFailures.length} saves FAILED, first: ${saveFailures[0]}` : "";
  runs.push({
    name: "store page, seller saving",
    ...underSaves,
    note: `${saveTimes.length} saves during the run${saveLatency}${failedSaves}`,
    saveFailures: saveFailures.length,
  });

  console.log();
  printTable(runs);
  for (const run of runs) {
    if (run.note) console.log(`  ${run.name}: ${run.note}`);
    const statuses = Object.entries(run.result.statusCodeStats ?? {}).filter(([status]) => !status.startsWith("2"));
    if (statuses.length)
      console.log(
        `  ${run.name}: non-2xx ${statuses.map(([status, { count }]) => `${status} ×${count}`).join(", ")}; first: ${run.firstFailure}`,
      );
  }
} finally {
  app.stop();
}
// Everything the server printed but its routine lines: a request log per answer and the Worker's own info lines.
const unusual = app
  .output()
  .split("\n")
  .filter((line) => line.trim() && !/^(GET|POST) \S+ [23]\d\d /.test(line) && !line.startsWith('{"level":"info"'));

if (workerd) await processEnded(workerd);
const ledger = checkLedger(stateDir);
console.log(`\nnpm run check:ledger -- --persist-to ${stateDir}\n${ledger.output.replace(/^/gm, "  ")}`);

const failures = [
  ...runs.filter((r) => r.result.requests.total === 0).map((r) => `${r.name}: no request finished within ${DURATION} s`),
  ...runs.filter((r) => r.result.errors + r.result.non2xx + r.result.timeouts > 0).map((r) => `${r.name}: requests failed`),
  ...runs.filter((r) => r.name.includes("from D1") && r.cache.HIT > 0).map((r) => `${r.name}: ${r.cache.HIT} answers came from the cache`),
  ...runs.filter((r) => r.saveFailures).map((r) => `${r.name}: ${r.saveFailures} seller saves failed`),
  ...(ledger.ok ? [] : ["check:ledger reports a broken invariant"]),
];
// The performance table's rows: each run against the static file's throughput, failed requests counted.
const ROWS: Record<string, { row: string; what: string; budget: string }> = {
  "static file of the page's size": {
    row: "load-store:static",
    what: `Under load (${CONNECTIONS} connections, autocannon on the same cores as workerd, \`wrangler dev\` of the production build): a static file of the store page's bytes, the baseline`,
    budget: "",
  },
  "cart script (no D1, no cache)": {
    row: "load-store:cart-script",
    what: "Under load: the cart script, answered by the Worker from memory (no D1, no cache)",
    budget: "",
  },
  "store page, edge cache": {
    row: "load-store:cached",
    what: `Under load: the store page of ${PRODUCTS} products from the edge cache`,
    budget: "no error",
  },
  "product pages, edge cache": {
    row: "load-store:products",
    what: "Under load: its product pages, each in turn, from the edge cache",
    budget: "no error",
  },
  "store page, rendered from D1": {
    row: "load-store:rendered",
    what: "Under load: the store page rendered from D1 on every request (as after a save)",
    budget: "no error",
  },
  "store page, seller saving": {
    row: "load-store:saving",
    what: "Under load: the store page while its seller saves price changes back to back",
    budget: "no error",
  },
};
const staticRate = runs.find((r) => r.name.startsWith("static"))?.result.requests.average;
for (const run of runs) {
  const { result: r } = run;
  const failed = r.errors + r.non2xx + r.timeouts;
  const share = staticRate && !run.name.startsWith("static") ? ` (${(r.requests.average / staticRate).toFixed(2)}× the static file's)` : "";
  const extra = run.name === "store page, seller saving" ? `; ${run.note}; check:ledger ${ledger.ok ? "ok" : "FAILED"}` : "";
  recordRow({
    ...ROWS[run.name]!,
    figure: `${r.requests.average.toFixed(0)} req/s${share}, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, ${failed} failed of ${r.requests.total} (${DURATION} s)${extra}`,
    over: failed > 0 || (run.name.includes("from D1") && run.cache.HIT > 0) || Boolean(run.saveFailures),
    how: "npm run bench:load:store",
  });
}
if (failures.length) {
  console.error(`\nwhat the server printed besides its request log (first 40 lines):\n${unusual.slice(0, 40).join("\n")}`);
  console.error(`\nFAILED: ${failures.join("; ")}`);
  process.exit(1);
}
