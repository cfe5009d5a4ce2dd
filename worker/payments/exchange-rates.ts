import { FIXED_RATES, type Rates } from "../../common/packs";
import type { ExchangeRateEntry } from "../../common/payments";
import { database, type Db } from "../db/client";
import { exchangeRates } from "../db/schema";
import type { Bindings } from "../env";
import { errorName, log } from "../lib/log";
import { isRecord } from "./http";

const FETCH_TIMEOUT_MS = 10_000;

/**
 * The cron (first of wrangler.toml's [triggers]) that refreshes the rates; the scheduled handler tells it
 * from the others by this string. (It lives here: the Worker's main module may export only handlers.)
 */
export const EXCHANGE_RATES_CRON = "0 */6 * * *";

/**
 * Reads the source's units per 1 USD. Accepted shapes, as common free
 * sources answer: `{ rates: { ARS: … } }` (open.er-api.com, with
 * `base_code: "USD"`), `{ conversion_rates: { … } }` (exchangerate-api v6),
 * or the spec's own list `[{ target_currency, value }]`. Only currencies of
 * the fixed table are kept, and only positive finite numbers.
 */
export function parseRates(body: unknown): Record<string, number> {
  let table: Record<string, unknown> = {};
  if (Array.isArray(body)) {
    for (const entry of body) {
      if (isRecord(entry) && typeof entry.target_currency === "string") table[entry.target_currency] = entry.value;
    }
  } else if (isRecord(body)) {
    const base = body.base_code ?? body.base;
    if (base !== undefined && base !== "USD") throw new Error(`exchange rates are not based on USD but on ${String(base)}`);
    const nested = body.rates ?? body.conversion_rates;
    if (isRecord(nested)) table = nested;
  }
  const rates: Record<string, number> = {};
  for (const currency of Object.keys(FIXED_RATES)) {
    const value = table[currency];
    if (typeof value === "number" && Number.isFinite(value) && value > 0) rates[currency] = value;
  }
  return rates;
}

/**
 * Refreshes the stored rates from EXCHANGE_RATES_URL (scheduled). Without a
 * source, or when it fails, the stored rates stay as they are and the fixed
 * table keeps covering the rest: a price never waits for this.
 */
export async function refreshExchangeRates(env: Bindings): Promise<{ updated: number }> {
  const source = env.EXCHANGE_RATES_URL?.trim();
  if (!source) return { updated: 0 };
  let rates: Record<string, number>;
  try {
    const response = await fetch(source, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) {
      log("warn", "exchange rates refresh failed; keeping the stored or fixed rates", { status: response.status });
      return { updated: 0 };
    }
    rates = parseRates(await response.json());
  } catch (err) {
    // The class only: the source's address can carry an API key, and fetch errors quote it.
    log("warn", "exchange rates refresh failed; keeping the stored or fixed rates", { error: errorName(err) });
    return { updated: 0 };
  }
  const entries = Object.entries(rates);
  if (entries.length === 0) {
    log("warn", "exchange rates source had no usable rate; keeping the stored or fixed rates");
    return { updated: 0 };
  }
  const db = database(env.DB);
  const updatedAt = new Date();
  const statements = entries.map(([currency, value]) =>
    db
      .insert(exchangeRates)
      .values({ currency, value, updatedAt })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { value, updatedAt } }),
  );
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return { updated: entries.length };
}

/** The rates in force: each stored live rate, else the fixed table's. */
export async function currentRates(db: Db): Promise<{ rates: Rates; updatedAt: Date | null }> {
  const stored = await db.select().from(exchangeRates).all();
  const rates: Record<string, number> = { ...FIXED_RATES };
  let updatedAt: Date | null = null;
  for (const row of stored) {
    if (!(row.currency in FIXED_RATES) || !(row.value > 0)) continue;
    rates[row.currency] = row.value;
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { rates, updatedAt };
}

export function rateList(rates: Rates): ExchangeRateEntry[] {
  return Object.entries(rates).map(([target_currency, value]) => ({ source_currency: "USD", target_currency, value }));
}
