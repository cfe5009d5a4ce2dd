import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { parseRates } from "../../worker/payments/exchange-rates";
import { Browser, withBindings } from "./browser";
import { fakeUpstream, json } from "./payments-fakes";

const SOURCE = "https://open.er-api.test/v6/latest/USD";

/** Runs the Worker's scheduled handler as the cron trigger would, and waits for what it left running. */
async function runCron(overrides: Partial<typeof env> = {}) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "0 */6 * * *" }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
}

async function ratesServed(fetcher = new Browser()) {
  const response = await fetcher.request("/api/payments/exchange-rates");
  expect(response.status).toBe(200);
  const body = (await response.json()) as { rates: { target_currency: string; value: number }[]; updatedAt: string | null };
  return { byCurrency: Object.fromEntries(body.rates.map((r) => [r.target_currency, r.value])), updatedAt: body.updatedAt };
}

/** What open.er-api.com answers for USD (trimmed): https://open.er-api.com/v6/latest/USD. */
const openErApi = (rates: Record<string, unknown>) =>
  json({
    result: "success",
    provider: "https://www.exchangerate-api.com",
    time_last_update_unix: 1795478551,
    time_last_update_utc: "Fri, 20 Nov 2026 00:02:31 +0000",
    base_code: "USD",
    rates: { USD: 1, ...rates },
  });

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM exchange_rates").run();
});
afterEach(() => vi.restoreAllMocks());

describe("exchange rates refresh (cron)", () => {
  it("stores the source's rates; the list then serves them, and the fixed table for the rest", async () => {
    const seen = fakeUpstream({ [`GET ${SOURCE}`]: () => openErApi({ ARS: 1452.5, CLP: 951.2, BRL: 5.31, JPY: 150.1 }) });
    await runCron({ EXCHANGE_RATES_URL: SOURCE });
    expect(seen).toHaveLength(1);
    const { byCurrency, updatedAt } = await ratesServed();
    expect(byCurrency.ARS).toBe(1452.5);
    expect(byCurrency.CLP).toBe(951.2);
    expect(byCurrency.BRL).toBe(5.31);
    expect(byCurrency.MXN).toBe(21.85355);
    expect(byCurrency).not.toHaveProperty("JPY");
    expect(updatedAt).not.toBeNull();
  });

  it("a failing source keeps the rates already stored, and says so in the logs", async () => {
    fakeUpstream({ [`GET ${SOURCE}`]: () => openErApi({ ARS: 1400 }) });
    await runCron({ EXCHANGE_RATES_URL: SOURCE });
    vi.restoreAllMocks();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeUpstream({ [`GET ${SOURCE}`]: () => json({ result: "error", "error-type": "quota-reached" }, 429) });
    await runCron({ EXCHANGE_RATES_URL: SOURCE });
    expect((await ratesServed()).byCurrency.ARS).toBe(1400);
    expect(warn.mock.calls.some((c) => String(c[0]).includes("exchange rates refresh failed"))).toBe(true);

    vi.restoreAllMocks();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    await runCron({ EXCHANGE_RATES_URL: SOURCE });
    expect((await ratesServed()).byCurrency.ARS).toBe(1400);
  });

  it("without a source nothing is fetched and the fixed table is the answer", async () => {
    const seen = fakeUpstream({});
    await runCron({ EXCHANGE_RATES_URL: undefined });
    expect(seen).toHaveLength(0);
    const { byCurrency, updatedAt } = await ratesServed();
    expect(byCurrency.ARS).toBe(1320.473);
    expect(updatedAt).toBeNull();
  });

  it("serving prices never waits for the source", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise(() => {}));
    const { byCurrency } = await ratesServed(new Browser(withBindings({ EXCHANGE_RATES_URL: SOURCE })));
    expect(byCurrency.ARS).toBe(1320.473);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("reading a rates source", () => {
  it("accepts the usual shapes and keeps only sane numbers of known currencies", () => {
    expect(parseRates({ base_code: "USD", rates: { ARS: 1400, CLP: -3, BRL: "5", MXN: Infinity, PEN: 3.7 } })).toEqual({
      ARS: 1400,
      PEN: 3.7,
    });
    expect(parseRates({ conversion_rates: { COP: 4100.5 } })).toEqual({ COP: 4100.5 });
    expect(
      parseRates([
        { source_currency: "USD", target_currency: "UYU", value: 40.1 },
        { target_currency: "XYZ", value: 2 },
      ]),
    ).toEqual({ UYU: 40.1 });
    expect(parseRates("nonsense")).toEqual({});
  });

  it("refuses a table that is not based on USD", () => {
    expect(() => parseRates({ base_code: "EUR", rates: { ARS: 1500 } })).toThrow(/USD/);
  });
});
