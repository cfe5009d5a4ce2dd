/**
 * Store events in Workers Analytics Engine, read back with its SQL API.
 *
 * Writing (https://developers.cloudflare.com/analytics/analytics-engine/get-started/ and /limits/):
 * `writeDataPoint({ indexes, blobs, doubles })` on the dataset binding does not
 * block; at most 20 blobs (16 KB together), 20 doubles and one index of at most
 * 96 bytes per point, 25 points per Worker invocation; data is kept three months.
 * One point per event: index1 = the store's id, which is also the key Analytics
 * Engine samples by, so one store's burst is sampled without touching the
 * others'; blob1 kind, blob2 product, blob3 source, blob4 search words, blob5
 * an order's currency ("" for other events, and for orders counted before it was kept);
 * double1 units, double2 the amount in that currency's minor unit, double3 1 for an
 * arrival, double4 1 for a search that found nothing.
 *
 * Reading (https://developers.cloudflare.com/analytics/analytics-engine/sql-api/):
 * POST https://api.cloudflare.com/client/v4/accounts/<account_id>/analytics_engine/sql
 * with `Authorization: Bearer <token>` (permission Account · Account Analytics ·
 * Read) and the query as the body; 200 with `{ meta, data, rows }` (FORMAT
 * JSON), any other status is a failure whose body is not relied on. Busy
 * indexes are sampled on write and long queries on read
 * (https://developers.cloudflare.com/analytics/analytics-engine/sampling/): every
 * count is SUM(_sample_interval), every sum SUM(_sample_interval * doubleN).
 */
import type { Source } from "../../common/store-stats";
import { errorName, log } from "../lib/log";
import type { Breakdown, DayCount, DayCounts, StatsEngine, TimeRange } from "./engine";
import { SEARCHES_LISTED } from "./engine";
import type { EventKind, StoreEvent } from "./events";

/** The dataset wrangler.toml binds as STORE_EVENTS; the SQL API names it as its table. */
export const STORE_EVENTS_DATASET = "vidriera_store_events";
const TIMEOUT_MS = 10_000;
/** Stores per query of the weekly summary. */
const STORES_PER_QUERY = 100;

export interface AnalyticsSqlConfig {
  accountId: string;
  apiToken: string;
  baseUrl?: string;
}

/** The SQL API refused or failed: its status only (the body may echo the query). */
export class StatsReadError extends Error {
  constructor(readonly status: number) {
    super(`Analytics Engine SQL API answered ${status}`);
  }
}

/** Only ids and zones we made reach a query; anything else is refused rather than quoted. */
function literal(value: string, pattern: RegExp): string {
  if (!pattern.test(value)) throw new Error("refused a value for an Analytics Engine query");
  return `'${value}'`;
}
const id = (value: string) => literal(value, /^[A-Za-z0-9_-]{1,64}$/);
const zone = (value: string) => literal(value, /^[A-Za-z_]+(\/[A-Za-z_]+)*$/);
const seconds = (ms: number) => `toDateTime(${Math.floor(ms / 1000)})`;
const num = (value: unknown) => Number(value ?? 0) || 0;

export class AnalyticsEngineStats implements StatsEngine {
  readonly name = "analytics-engine" as const;

  constructor(
    private readonly dataset: AnalyticsEngineDataset,
    private readonly config: AnalyticsSqlConfig,
  ) {}

  async record(storeId: string, events: StoreEvent[]): Promise<void> {
    for (const e of events) {
      this.dataset.writeDataPoint({
        indexes: [storeId],
        blobs: [e.kind, e.product, e.source, e.words, e.currency],
        doubles: [e.units, e.amount, e.entry ? 1 : 0, e.empty ? 1 : 0],
      });
    }
  }

  /** Runs one query (FORMAT JSON) and answers its rows. */
  async query(sql: string): Promise<Record<string, unknown>[]> {
    const base = (this.config.baseUrl ?? "https://api.cloudflare.com/client/v4").replace(/\/+$/, "");
    let response: Response;
    try {
      response = await fetch(`${base}/accounts/${encodeURIComponent(this.config.accountId)}/analytics_engine/sql`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.config.apiToken}`, "content-type": "text/plain; charset=utf-8" },
        body: sql,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      log("warn", "stats query failed", { error: errorName(err) });
      throw new StatsReadError(0);
    }
    // Any status but 200 is a failure; its body (plain text or Cloudflare's JSON envelope) is not relied on.
    const body = response.ok ? ((await response.json().catch(() => null)) as { data?: unknown } | null) : await response.body?.cancel();
    if (!body || !Array.isArray(body.data)) {
      log("warn", "stats query failed", { status: response.status });
      throw new StatsReadError(response.status);
    }
    return body.data as Record<string, unknown>[];
  }

  private where(storeIds: string[], range: TimeRange) {
    const stores = storeIds.length === 1 ? `index1 = ${id(storeIds[0]!)}` : `index1 IN (${storeIds.map(id).join(", ")})`;
    return `${stores} AND timestamp >= ${seconds(range.from)} AND timestamp < ${seconds(range.to)}`;
  }

  async days(storeIds: string[], range: TimeRange): Promise<DayCounts> {
    const stores = new Map<string, DayCount[]>(storeIds.map((s) => [s, []]));
    let sampled = false;
    for (let i = 0; i < storeIds.length; i += STORES_PER_QUERY) {
      const rows = await this.query(
        [
          `SELECT index1 AS store, formatDateTime(timestamp, '%Y-%m-%d', ${zone(range.timeZone)}) AS day, blob1 AS kind, blob5 AS currency,`,
          "SUM(_sample_interval) AS events, SUM(_sample_interval * double3) AS entries, SUM(_sample_interval * double4) AS empty,",
          "SUM(_sample_interval * double1) AS units, SUM(_sample_interval * double2) AS amount, MAX(_sample_interval) AS sample_interval",
          `FROM ${STORE_EVENTS_DATASET}`,
          `WHERE ${this.where(storeIds.slice(i, i + STORES_PER_QUERY), range)}`,
          "GROUP BY store, day, kind, currency ORDER BY store, day, kind, currency LIMIT 100000 FORMAT JSON",
        ].join(" "),
      );
      for (const row of rows) {
        sampled ||= num(row.sample_interval) > 1;
        stores.get(String(row.store))?.push({
          day: String(row.day),
          kind: String(row.kind) as EventKind,
          events: num(row.events),
          entries: num(row.entries),
          empty: num(row.empty),
          units: num(row.units),
          amount: num(row.amount),
          currency: typeof row.currency === "string" ? row.currency : "",
        });
      }
    }
    return { stores, sampled };
  }

  async breakdown(storeId: string, range: TimeRange): Promise<Breakdown> {
    const where = this.where([storeId], range);
    const [products, sources, searches] = await Promise.all([
      this.query(
        [
          "SELECT blob2 AS product, blob1 AS kind, SUM(_sample_interval) AS events, SUM(_sample_interval * double1) AS units,",
          `MAX(_sample_interval) AS sample_interval FROM ${STORE_EVENTS_DATASET}`,
          `WHERE ${where} AND blob2 != '' AND blob1 IN ('view', 'cart', 'order_line', 'cancelled_line')`,
          "GROUP BY product, kind ORDER BY events DESC LIMIT 5000 FORMAT JSON",
        ].join(" "),
      ),
      this.query(
        [
          "SELECT blob3 AS source, SUM(_sample_interval * double3) AS entries, MAX(_sample_interval) AS sample_interval",
          `FROM ${STORE_EVENTS_DATASET} WHERE ${where} AND blob1 = 'view' AND double3 > 0`,
          "GROUP BY source ORDER BY entries DESC FORMAT JSON",
        ].join(" "),
      ),
      this.query(
        [
          "SELECT blob4 AS words, SUM(_sample_interval) AS searches, SUM(_sample_interval * double4) AS empty, MAX(_sample_interval) AS sample_interval",
          `FROM ${STORE_EVENTS_DATASET} WHERE ${where} AND blob1 = 'search' AND blob4 != ''`,
          `GROUP BY words ORDER BY empty DESC, searches DESC LIMIT ${SEARCHES_LISTED} FORMAT JSON`,
        ].join(" "),
      ),
    ]);
    const sampled = [...products, ...sources, ...searches].some((row) => num(row.sample_interval) > 1);
    return {
      products: products.map((row) => ({
        product: String(row.product),
        kind: String(row.kind) as EventKind,
        events: num(row.events),
        units: num(row.units),
      })),
      sources: sources.map((row) => ({ source: String(row.source) as Source, entries: num(row.entries) })),
      searches: searches.map((row) => ({ words: String(row.words), searches: num(row.searches), empty: num(row.empty) })),
      sampled,
    };
  }
}
