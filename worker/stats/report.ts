/**
 * The seller's 'Estadísticas' from the engine's counts: today, 7 and 30 days
 * against the period before, the last 30 days by day, products, sources and
 * searches that found nothing. Product names come from the seller's own
 * products in D1, so an id that is not theirs (a forged cart add) never shows.
 */
import { and, eq, inArray } from "drizzle-orm";
import {
  emptyTotals,
  PERIODS,
  type Period,
  type ProductFigure,
  SOURCES,
  type StatsReport,
  type StatsTotals,
  storeTimeZone,
} from "../../common/store-stats";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { chunks } from "../lib/chunks";
import { storeMoneyOf } from "../lib/store-locale";
import { addDays, dayStart, localDay } from "./days";
import type { DayCount, StatsEngine, TimeRange } from "./engine";

/** Products each list shows. */
const LISTED = 5;
const NEVER_ORDERED_LISTED = 10;
const EMPTY_SEARCHES_LISTED = 10;

/** Adds one amount into a per-currency list. */
function addAmount(amounts: StatsTotals["amountsConfirmed"], currency: string, amount: number) {
  const entry = amounts.find((a) => a.currency === currency);
  if (entry) entry.amount += amount;
  else amounts.push({ currency, amount });
}

/**
 * Adds one day's counts into totals. `currency`: the store's current one, for amounts recorded before events
 * carried their order's currency.
 */
export function addCounts(totals: StatsTotals, row: DayCount, currency = "ARS") {
  switch (row.kind) {
    case "view":
      totals.visits += row.entries;
      totals.pageViews += row.events;
      break;
    case "search":
      totals.searches += row.events;
      totals.emptySearches += row.empty;
      break;
    case "cart":
      totals.cartAdds += row.events;
      break;
    case "order":
      totals.ordersSent += row.events;
      break;
    case "confirmed":
      totals.ordersConfirmed += row.events;
      addAmount(totals.amountsConfirmed, row.currency || currency, row.amount);
      break;
    // A cancelled order is no sale: it no longer counts as sent, nor as confirmed when it had been (its units).
    case "cancelled":
      totals.ordersSent -= row.events;
      totals.ordersConfirmed -= row.units;
      addAmount(totals.amountsConfirmed, row.currency || currency, -row.amount);
      break;
    case "order_line":
    case "cancelled_line":
    case "cart_capped":
      break;
  }
}

/**
 * The totals of the days from `first` to `last` (inclusive, YYYY-MM-DD sort as dates). A cancellation
 * counts on the day it happens: an order sent or confirmed before the period and cancelled in it takes
 * nothing below zero (the period counted nothing that it could lose).
 */
export function totalsOf(rows: DayCount[], first: string, last: string, currency = "ARS"): StatsTotals {
  const totals = emptyTotals();
  for (const row of rows) if (row.day >= first && row.day <= last) addCounts(totals, row, currency);
  totals.ordersSent = Math.max(0, Math.round(totals.ordersSent));
  totals.ordersConfirmed = Math.max(0, Math.round(totals.ordersConfirmed));
  totals.amountsConfirmed = totals.ordersConfirmed
    ? totals.amountsConfirmed
        .map((a) => ({ currency: a.currency, amount: Math.max(0, Math.round(a.amount)) }))
        .filter((a) => a.amount > 0)
        .sort((a, b) => Number(b.currency === currency) - Number(a.currency === currency) || a.currency.localeCompare(b.currency))
    : [];
  totals.amountConfirmed = totals.amountsConfirmed.find((a) => a.currency === currency)?.amount ?? 0;
  return totals;
}

/** Whether cart adds were refused on any day from `first` to `last`: that figure has a cap (worker/lib/store-throttle.ts). */
function cartAddsCappedIn(rows: DayCount[], first: string, last: string): boolean {
  return rows.some((row) => row.kind === "cart_capped" && row.events > 0 && row.day >= first && row.day <= last);
}

const PERIOD_DAYS: Record<Period, number> = { today: 1, "7d": 7, "30d": 30 };

/** The range of the last `days` local days up to today, and its time zone. */
export function lastDays(today: string, days: number, timeZone: string): TimeRange {
  return { from: dayStart(addDays(today, 1 - days), timeZone), to: dayStart(addDays(today, 1), timeZone), timeZone };
}

async function productNames(db: Db, sellerId: string, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const part of chunks([...new Set(ids)], 90)) {
    const rows = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.userId, sellerId), inArray(products.id, part)));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** `shopDb`: the seller's shop database (shopDatabase), where its products' names are. */
export async function statsReport(
  engine: StatsEngine,
  shopDb: Db,
  seller: { id: string; phone: string | null; countryCode: string | null; storeCurrency: string | null; storeLocale: string | null },
  now = Date.now(),
): Promise<Omit<StatsReport, "weeklyEmail" | "coupons">> {
  const timeZone = storeTimeZone(seller);
  const { currency } = storeMoneyOf(seller);
  const today = localDay(now, timeZone);
  // 60 days: the last 30 and the 30 before them.
  const [counted, breakdown] = await Promise.all([
    engine.days([seller.id], lastDays(today, 60, timeZone)),
    engine.breakdown(seller.id, lastDays(today, 30, timeZone)),
  ]);
  const rows = counted.stores.get(seller.id) ?? [];

  const periods = Object.fromEntries(
    PERIODS.map((period) => {
      const n = PERIOD_DAYS[period];
      return [
        period,
        {
          current: totalsOf(rows, addDays(today, 1 - n), today, currency),
          previous: totalsOf(rows, addDays(today, 1 - 2 * n), addDays(today, -n), currency),
        },
      ];
    }),
  ) as StatsReport["periods"];
  const cartAddsCapped = Object.fromEntries(
    PERIODS.map((period) => [period, cartAddsCappedIn(rows, addDays(today, 1 - PERIOD_DAYS[period]), today)]),
  ) as StatsReport["cartAddsCapped"];

  const days = Array.from({ length: 30 }, (_, i) => {
    const day = addDays(today, i - 29);
    const totals = totalsOf(rows, day, day);
    return { day, visits: totals.visits, orders: totals.ordersSent };
  });

  const names = await productNames(
    shopDb,
    seller.id,
    breakdown.products.map((p) => p.product),
  );
  const figures = new Map<string, ProductFigure>();
  for (const row of breakdown.products) {
    const name = names.get(row.product);
    if (name === undefined) continue;
    const figure = figures.get(row.product) ?? { id: row.product, name, views: 0, cartAdds: 0, orders: 0, units: 0 };
    if (row.kind === "view") figure.views += row.events;
    else if (row.kind === "cart") figure.cartAdds += row.events;
    else if (row.kind === "order_line") {
      figure.orders += row.events;
      figure.units += row.units;
    } else if (row.kind === "cancelled_line") {
      figure.orders -= row.events;
      figure.units -= row.units;
    }
    figures.set(row.product, figure);
  }
  // A product ordered before the 30 days and cancelled in them takes nothing below zero.
  const all = [...figures.values()].map((p) => ({ ...p, orders: Math.max(0, p.orders), units: Math.max(0, p.units) }));
  const byName = (a: ProductFigure, b: ProductFigure) => a.name.localeCompare(b.name, "es");

  return {
    today,
    timeZone,
    periods,
    cartAddsCapped,
    days,
    topViewed: all
      .filter((p) => p.views > 0)
      .sort((a, b) => b.views - a.views || b.orders - a.orders || byName(a, b))
      .slice(0, LISTED),
    topOrdered: all
      .filter((p) => p.orders > 0)
      .sort((a, b) => b.orders - a.orders || b.units - a.units || byName(a, b))
      .slice(0, LISTED),
    viewedNeverOrdered: all
      .filter((p) => p.views > 0 && p.orders === 0)
      .sort((a, b) => b.views - a.views || byName(a, b))
      .slice(0, NEVER_ORDERED_LISTED),
    sources: SOURCES.map((source) => ({
      source,
      visits: Math.round(breakdown.sources.filter((s) => s.source === source).reduce((sum, s) => sum + s.entries, 0)),
    }))
      .filter((s) => s.visits > 0)
      .sort((a, b) => b.visits - a.visits),
    emptySearches: breakdown.searches
      .filter((s) => s.empty > 0)
      .map((s) => ({ words: s.words, searches: Math.round(s.empty) }))
      .sort((a, b) => b.searches - a.searches || a.words.localeCompare(b.words, "es"))
      .slice(0, EMPTY_SEARCHES_LISTED),
    sampled: counted.sampled || breakdown.sampled,
  };
}
