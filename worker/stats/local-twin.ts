/**
 * The twin of Analytics Engine: one Durable Object per store that really
 * keeps and adds up the store's events, so `npm run dev` and the tests show
 * real counts with no Cloudflare account, behind the same interface.
 *
 * Built for a store that goes viral without a D1 write per view, in two steps
 * that each cost the same whatever the traffic:
 * - each Worker isolate gathers the events of its requests for 50 ms and then
 *   sends each store's in one call to that store's object (LocalStats), so a
 *   view costs the page an array push, and an object gets at most 20 calls a
 *   second from each isolate however many views there are;
 * - the object only adds events to counters in memory (no I/O), and the
 *   counters reach its own SQLite storage in one transaction per second at
 *   most (a timer), or at once when 1,000 distinct counters wait.
 * So 1,000 views a second on one store cost a few calls and about one storage
 * transaction a second (bench:stats measures both). Counters are kept
 * per UTC hour (any store's local days are whole hours, see days.ts) for 92
 * days, like Analytics Engine's three months. What a crash of the object
 * loses is at most the last second's counts (a timer, not an alarm: an alarm
 * would cost a storage write of its own and could not bring memory back).
 */
import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";
import { HOUR_MS, localDay } from "./days";
import {
  type Breakdown,
  type DayCount,
  SEARCHES_LISTED,
  type StatsEngine,
  type StoreStatsRpc,
  type TimedEvent,
  type TimeRange,
} from "./engine";
import type { EventKind, StoreEvent } from "./events";
import type { Source } from "../../common/store-stats";

/** How long counters may wait in memory before they are written. */
export const FLUSH_MS = 1000;
/** Written at once when this many distinct counters wait. */
const MAX_PENDING = 1000;
const KEEP_HOURS = 92 * 24;

interface Counter {
  hour: number;
  kind: EventKind;
  product: string;
  source: string;
  words: string;
  empty: number;
  events: number;
  entries: number;
  units: number;
  amount: number;
}

export class StoreStats extends DurableObject<Bindings> implements StoreStatsRpc {
  private pending = new Map<string, Counter>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private prunedHour = 0;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS counters (
      hour INTEGER NOT NULL, kind TEXT NOT NULL, product TEXT NOT NULL, source TEXT NOT NULL, words TEXT NOT NULL,
      empty INTEGER NOT NULL, events INTEGER NOT NULL, entries INTEGER NOT NULL, units REAL NOT NULL, amount REAL NOT NULL,
      PRIMARY KEY (hour, kind, product, source, words, empty))`);
  }

  async record(events: TimedEvent[]): Promise<void> {
    for (const e of events) {
      const hour = Math.floor(e.at / HOUR_MS);
      // A money event's currency is kept in `words` (a search's words otherwise: no kind has both), so the
      // counters of two currencies never merge and the table keeps its shape.
      const words = e.kind === "search" ? e.words : e.currency;
      const key = `${hour}\u0000${e.kind}\u0000${e.product}\u0000${e.source}\u0000${words}\u0000${e.empty ? 1 : 0}`;
      const counter = this.pending.get(key);
      if (counter) {
        counter.events += 1;
        counter.entries += e.entry ? 1 : 0;
        counter.units += e.units;
        counter.amount += e.amount;
      } else {
        this.pending.set(key, {
          hour,
          kind: e.kind,
          product: e.product,
          source: e.source,
          words,
          empty: e.empty ? 1 : 0,
          events: 1,
          entries: e.entry ? 1 : 0,
          units: e.units,
          amount: e.amount,
        });
      }
    }
    if (this.pending.size >= MAX_PENDING) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes the waiting counters in one transaction, and drops hours older than 92 days once an hour. */
  private flush() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.pending.size) return;
    const counters = [...this.pending.values()];
    this.pending.clear();
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      for (const c of counters) {
        sql.exec(
          `INSERT INTO counters (hour, kind, product, source, words, empty, events, entries, units, amount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT DO UPDATE SET events = events + excluded.events, entries = entries + excluded.entries,
             units = units + excluded.units, amount = amount + excluded.amount`,
          c.hour,
          c.kind,
          c.product,
          c.source,
          c.words,
          c.empty,
          c.events,
          c.entries,
          c.units,
          c.amount,
        );
      }
      const now = Math.floor(Date.now() / HOUR_MS);
      if (now !== this.prunedHour) {
        this.prunedHour = now;
        sql.exec("DELETE FROM counters WHERE hour < ?", now - KEEP_HOURS);
      }
    });
  }

  async days(range: TimeRange): Promise<{ rows: DayCount[] }> {
    this.flush();
    const [from, to] = hours(range);
    const byDay = new Map<string, DayCount>();
    for (const row of this.ctx.storage.sql
      .exec<{
        hour: number;
        kind: EventKind;
        currency: string;
        events: number;
        entries: number;
        empty: number;
        units: number;
        amount: number;
      }>(
        `SELECT hour, kind, CASE WHEN kind = 'search' THEN '' ELSE words END AS currency, SUM(events) AS events, SUM(entries) AS entries,
           SUM(CASE WHEN empty = 1 THEN events ELSE 0 END) AS empty, SUM(units) AS units, SUM(amount) AS amount
         FROM counters WHERE hour >= ? AND hour < ? GROUP BY hour, kind, currency`,
        from,
        to,
      )
      .toArray()) {
      const day = localDay(row.hour * HOUR_MS, range.timeZone);
      const key = `${day} ${row.kind} ${row.currency}`;
      const count = byDay.get(key) ?? { day, kind: row.kind, events: 0, entries: 0, empty: 0, units: 0, amount: 0, currency: row.currency };
      count.events += row.events;
      count.entries += row.entries;
      count.empty += row.empty;
      count.units += row.units;
      count.amount += row.amount;
      byDay.set(key, count);
    }
    return { rows: [...byDay.values()] };
  }

  async breakdown(range: TimeRange): Promise<Omit<Breakdown, "sampled">> {
    this.flush();
    const [from, to] = hours(range);
    const sql = this.ctx.storage.sql;
    const products = sql
      .exec<{ product: string; kind: EventKind; events: number; units: number }>(
        `SELECT product, kind, SUM(events) AS events, SUM(units) AS units FROM counters
         WHERE hour >= ? AND hour < ? AND product != '' AND kind IN ('view', 'cart', 'order_line', 'cancelled_line') GROUP BY product, kind`,
        from,
        to,
      )
      .toArray();
    const sources = sql
      .exec<{ source: Source; entries: number }>(
        `SELECT source, SUM(entries) AS entries FROM counters
         WHERE hour >= ? AND hour < ? AND kind = 'view' AND entries > 0 GROUP BY source`,
        from,
        to,
      )
      .toArray();
    const searches = sql
      .exec<{ words: string; searches: number; empty: number }>(
        `SELECT words, SUM(events) AS searches, SUM(CASE WHEN empty = 1 THEN events ELSE 0 END) AS empty FROM counters
         WHERE hour >= ? AND hour < ? AND kind = 'search' AND words != '' GROUP BY words ORDER BY empty DESC, searches DESC, words LIMIT ?`,
        from,
        to,
        SEARCHES_LISTED,
      )
      .toArray();
    return { products, sources, searches };
  }
}

/** The hours a range covers: local midnights are whole UTC hours. */
const hours = (range: TimeRange) => [Math.floor(range.from / HOUR_MS), Math.ceil(range.to / HOUR_MS)] as const;

/** How long an isolate gathers events before sending each store's to its object in one call. */
export const SEND_EVERY_MS = 50;

interface Gathering {
  stores: Map<string, TimedEvent[]>;
  sent: Promise<void>;
}
/** This isolate's events on their way to their stores' objects (plain data, shared by the requests that add to it). */
let gathering: Gathering | null = null;

/** The twin behind the engine interface: each store's events go to, and are read from, that store's object. */
export class LocalStats implements StatsEngine {
  readonly name = "local" as const;

  constructor(private readonly objects: DurableObjectNamespace<StoreStatsRpc>) {}

  private store(storeId: string) {
    return this.objects.get(this.objects.idFromName(storeId));
  }

  /** Gathered with the isolate's other events for up to SEND_EVERY_MS, then sent; resolves once they reached their object. */
  record(storeId: string, events: StoreEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    if (!gathering) {
      const batch: Gathering = { stores: new Map(), sent: Promise.resolve() };
      batch.sent = (async () => {
        await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
        gathering = null;
        await Promise.all([...batch.stores].map(([id, gathered]) => this.store(id).record(gathered)));
      })();
      gathering = batch;
    }
    const at = Date.now();
    const gathered = gathering.stores.get(storeId) ?? [];
    gathered.push(...events.map((e) => ({ ...e, at })));
    gathering.stores.set(storeId, gathered);
    return gathering.sent;
  }

  async days(storeIds: string[], range: TimeRange) {
    const stores = new Map<string, DayCount[]>();
    // A few objects at a time: the weekly summary asks every store's.
    for (let i = 0; i < storeIds.length; i += 10) {
      const part = storeIds.slice(i, i + 10);
      const answers = await Promise.all(part.map((id) => this.store(id).days(range)));
      for (const [k, id] of part.entries()) stores.set(id, answers[k]!.rows);
    }
    return { stores, sampled: false };
  }

  async breakdown(storeId: string, range: TimeRange): Promise<Breakdown> {
    return { ...(await this.store(storeId).breakdown(range)), sampled: false };
  }
}
