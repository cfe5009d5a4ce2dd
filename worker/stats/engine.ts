/**
 * Where store events are kept and read back: Workers Analytics Engine in
 * production (analytics-engine.ts), or its twin, one Durable Object per store
 * (local-twin.ts), for `npm run dev`, the tests and any deployment without the
 * SQL API configured. Both answer the same four questions the same way.
 */
import type { Source } from "../../common/store-stats";
import type { EventKind, StoreEvent } from "./events";

/** [from, to) in epoch ms, and the time zone whose days the counts are grouped by. */
export interface TimeRange {
  from: number;
  to: number;
  timeZone: string;
}

/** Counts of one kind of event on one local day (YYYY-MM-DD). `events` is the number of events, sampling corrected. */
export interface DayCount {
  day: string;
  kind: EventKind;
  events: number;
  /** Views that were arrivals. */
  entries: number;
  /** Searches that found nothing. */
  empty: number;
  units: number;
  amount: number;
  /** The currency of `amount` for an order's kinds ("" for events recorded before they carried it, and for the others). */
  currency: string;
}

export interface DayCounts {
  /** Store id → its counts. */
  stores: Map<string, DayCount[]>;
  /** Some counted events stand for several (Analytics Engine sampled a busy store): the figures are estimates. */
  sampled: boolean;
}

export interface Breakdown {
  /**
   * Per product: views, cart adds and order lines (events = how many orders carried it, units = how many it
   * sold), and the lines of orders cancelled since, to take back.
   */
  products: { product: string; kind: EventKind; events: number; units: number }[];
  /** Arrivals per source. */
  sources: { source: Source; entries: number }[];
  /** Searches per words, and how many of them found nothing. Words kept private ("") are left out. */
  searches: { words: string; searches: number; empty: number }[];
  sampled: boolean;
}

/** The most search phrases a breakdown lists. */
export const SEARCHES_LISTED = 50;

export interface StatsEngine {
  readonly name: "analytics-engine" | "local";
  /** Keeps events of one store that happened now (at most 25 per request: Analytics Engine's limit). */
  record(storeId: string, events: StoreEvent[]): Promise<void>;
  days(storeIds: string[], range: TimeRange): Promise<DayCounts>;
  breakdown(storeId: string, range: TimeRange): Promise<Breakdown>;
}

/** An event with when it happened (epoch ms), as the twin keeps it. */
export type TimedEvent = StoreEvent & { at: number };

/** What the twin Durable Object answers over RPC. */
export interface StoreStatsRpc extends Rpc.DurableObjectBranded {
  record(events: TimedEvent[]): Promise<void>;
  days(range: TimeRange): Promise<{ rows: DayCount[] }>;
  breakdown(range: TimeRange): Promise<Omit<Breakdown, "sampled">>;
}

/**
 * Analytics Engine allows 250 data points per Worker invocation (its limits page, checked 2026-11-28; it was 25):
 * a request never writes more, so an order of many lines still counts each line for 'Lo más pedido'.
 */
export const MAX_EVENTS_PER_REQUEST = 250;
