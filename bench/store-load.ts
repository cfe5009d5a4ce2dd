/**
 * The public store under load: a store of 60 products on a production build served locally (`wrangler dev`:
 * the built Worker in workerd, local D1, R2 and Cache API, on loopback; see scripts/local-app.ts), driven by autocannon at 200
 * concurrent connections for DURATION seconds per run (default 20):
 *
 * 0. the store's cart script, which the Worker answers from memory (no D1, no cache): the ceiling of the
 *    local stack itself, for comparison;
 * 1. the store page `/u/<username>` from the edge cache;
 * 2. the product pages `/u/<username>/p/<id>`, every product in turn, from the edge cache;
 * 3. the store page rendered from D1 on every request: the code offers no way around its cache, so each
 *    request names another host (`r<n>.localhost`), and the cache key, which
 *    carries the origin, is new each time: every answer is a MISS, i.e. one D1 read of the version, the
 *    store's queries, the render and a cache put;
 * 4. the store page while its seller saves a price change back to back, so the version keeps moving and
 *    the edge cache keeps going stale under the crowd.
 *
 * Each run prints requests per second, latency p50 / p97.5 / p99, errors, non-2xx and timeouts, and how
 * many answers came from the cache (x-store-cache). The bench fails if any request errored, timed out or
 * was not 2xx, or if a run meant to render from D1 was served from the cache. Then the app stops and
 * `npm run check:ledger` runs on its state directory.
 *
 * autocannon and workerd share the machine's cores: the figures are the whole
 * local stack's, not the Worker's alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startLocalApp } from "../scripts/local-app.ts";
import { checkLedger, percentile, processEnded, samplePhotoJpeg, workerdPid } from "./sample-photo.ts";
import { changeFirstPrice, seedStore } from "./seed-store.ts";

const CONNECTIONS = 200;
const DURATION = Number(process.env.DURATION ?? 20);

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

const stateDir = mkdtempSync(join(tmpdir(), "store-load-"));
// Kept after the app stops, for the ledger check; removed however the bench ends.
process.on("exit", () => rmSync(stateDir, { recursive: true, force: true }));
const app = await startLocalApp(stateDir, { keepState: true, server: "wrangler" });
const runs: Run[] = [];
let workerd = 0;
try {
  const store = await seedStore(app.baseURL, await samplePhotoJpeg(360, 450));
  const page = `/u/${store.username}`;
  const productPages = store.ids.map((id) => `${page}/p/${id}`);
  for (const path of [page, ...productPages]) {
    const warm = await fetch(`${app.baseURL}${path}`);
    await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`${path}: ${warm.status}`);
  }
  workerd = workerdPid();
  console.log(`store of ${store.ids.length} products on ${app.baseURL}, ${CONNECTIONS} connections, ${DURATION} s per run`);

  const script = /<script src="([^"]+)"/.exec(await (await fetch(`${app.baseURL}${page}`)).text())![1]!;
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
if (failures.length) {
  console.error(`\nwhat the server printed besides its request log (first 40 lines):\n${unusual.slice(0, 40).join("\n")}`);
  console.error(`\nFAILED: ${failures.join("; ")}`);
  process.exit(1);
}
