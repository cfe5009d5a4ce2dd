/**
 * The production engine: events written to the Analytics Engine binding as
 * data points, the seller's figures read back through the SQL API. The
 * binding is a fake that keeps what it is given; the SQL API is a fake
 * upstream that checks each request (address, token, the query's store,
 * range, time zone and sampling) and answers in the API's FORMAT JSON shape
 * (UInt64 sums quoted, as ClickHouse's JSON output gives them), errors
 * included.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../worker/env";
import { STATS_UNAVAILABLE } from "../../worker/routes/stats";
import { STORE_EVENTS_DATASET } from "../../worker/stats/analytics-engine";
import { workerLogs } from "./capture-logs";
import { fakeUpstream, json, type SeenRequest } from "./payments-fakes";
import { PHONE_CHROME, reportOf, settled, Shopper } from "./stats-helpers";
import { addProducts, seller, setPricing } from "./store-helpers";

const ACCOUNT = "0123456789abcdef0123456789abcdef";
const TOKEN = "test-analytics-read-token-5f2c";
const SQL_API = `POST https://api.cloudflare.com/client/v4/accounts/${ACCOUNT}/analytics_engine/sql`;

let points: AnalyticsEngineDataPoint[] = [];
const dataset: AnalyticsEngineDataset = { writeDataPoint: (point) => void points.push(point ?? {}) };
const production: Partial<Bindings> = { CLOUDFLARE_ACCOUNT_ID: ACCOUNT, CLOUDFLARE_ANALYTICS_API_TOKEN: TOKEN, STORE_EVENTS: dataset };

beforeEach(() => {
  points = [];
});
afterEach(() => vi.restoreAllMocks());

async function store() {
  const s = await seller({}, settled(production));
  const [remera, buzo] = await addProducts(s.browser, ["Remera", "Buzo"]);
  expect(
    (
      await setPricing(s.browser, [
        { id: remera!.id, price: 15000 },
        { id: buzo!.id, price: 30000 },
      ])
    ).status,
  ).toBe(200);
  return { ...s, remera: remera!, buzo: buzo! };
}

/** The SQL API's FORMAT JSON answer: meta, data, rows. */
function sqlAnswer(meta: [string, string][], data: Record<string, string | number>[]) {
  return json({ meta: meta.map(([name, type]) => ({ name, type })), data, rows: data.length, rows_before_limit_at_least: data.length });
}

describe("writing to Analytics Engine", () => {
  it("one data point per event: the store as index, kind, product, source, words and an order's currency as blobs, units, amount, arrival and empty search as doubles", async () => {
    const { browser, username, user, remera, buzo } = await store();
    const shopper = new Shopper(settled(production));
    await shopper.visit(`/u/${username}?ref=instagram`);
    await shopper.visit(`/u/${username}/p/${remera.id}`, { referer: `https://vidriera.test/u/${username}` });
    await shopper.visit(`/u/${username}?q=Campera`);
    expect((await shopper.cartAdd(username, remera.id)).status).toBe(204);
    const ordered = await shopper.json("POST", "/api/orders", {
      username,
      lines: [
        { productId: remera.id, size: null, quantity: 2 },
        { productId: buzo.id, size: null, quantity: 1 },
      ],
      buyer: { name: "Lucía", delivery: "envio", address: { street: "Av. Rivadavia 5000", locality: "Caballito" } },
    });
    expect(ordered.status).toBe(201);
    const { order } = (await ordered.json()) as { order: { id: string } };
    expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })).status).toBe(200);
    // Neither a bot nor the seller adds a point.
    await new Shopper(settled(production), "facebookexternalhit/1.1").visit(`/u/${username}`);
    expect((await browser.request(`/u/${username}`, { headers: { "user-agent": PHONE_CHROME } })).status).toBe(200);

    const at = (kind: string, product: string, source: string, words: string, doubles: number[], currency = "") => ({
      indexes: [user.id],
      blobs: [kind, product, source, words, currency],
      doubles,
    });
    expect(points).toEqual([
      at("view", "", "instagram", "", [1, 0, 1, 0]),
      at("view", remera.id, "", "", [1, 0, 0, 0]),
      at("view", "", "directo", "", [1, 0, 1, 0]),
      at("search", "", "", "campera", [1, 0, 0, 1]),
      at("cart", remera.id, "", "", [1, 0, 0, 0]),
      at("order", "", "", "", [1, 60000, 0, 0], "ARS"),
      at("order_line", remera.id, "", "", [2, 30000, 0, 0], "ARS"),
      at("order_line", buzo.id, "", "", [1, 30000, 0, 0], "ARS"),
      at("confirmed", "", "", "", [1, 60000, 0, 0], "ARS"),
    ]);
    // Within Analytics Engine's limits: one index of at most 96 bytes, at most 20 blobs of 16 KB together.
    for (const point of points) {
      expect(new TextEncoder().encode(String(point.indexes![0])).length).toBeLessThanOrEqual(96);
      expect(point.blobs!.length).toBeLessThanOrEqual(20);
    }
  });

  it("an order of 30 products writes 31 points, the order and each product ('Lo más pedido' misses none: Analytics Engine takes 250 a request)", async () => {
    const { browser, username } = await store();
    // Ten photos per upload, as the app takes them.
    const many = [];
    for (let i = 0; i < 30; i += 10)
      many.push(
        ...(await addProducts(
          browser,
          Array.from({ length: 10 }, (_, k) => `Media ${i + k + 1}`),
        )),
      );
    expect(
      (
        await setPricing(
          browser,
          many.map((p) => ({ id: p.id, price: 1000 })),
        )
      ).status,
    ).toBe(200);
    const ordered = await new Shopper(settled(production)).json("POST", "/api/orders", {
      username,
      lines: many.map((p) => ({ productId: p.id, size: null, quantity: 1 })),
      buyer: { name: "Lucía", delivery: "retiro" },
    });
    expect(ordered.status).toBe(201);
    expect(points).toHaveLength(31);
    expect(points[0]!.blobs![0]).toBe("order");
    expect(points.slice(1).every((p) => p.blobs![0] === "order_line")).toBe(true);
    expect(points[0]!.doubles).toEqual([1, 30000, 0, 0]);
  });
});

describe("reading through the SQL API", () => {
  /** Answers each of the report's four queries like the API, and keeps the requests for the checks. */
  function answering(storeId: string, products: { remera: string; buzo: string }) {
    return fakeUpstream({
      [SQL_API]: (request: SeenRequest) => {
        const sql = request.body;
        if (sql.includes("formatDateTime")) {
          // Today (the store's) 30 stored points of 10 events each for views; one order; one confirmation.
          const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" }).format(new Date());
          return sqlAnswer(
            [
              ["store", "String"],
              ["day", "String"],
              ["kind", "String"],
              ["currency", "String"],
              ["events", "UInt64"],
              ["entries", "Float64"],
              ["empty", "Float64"],
              ["units", "Float64"],
              ["amount", "Float64"],
              ["sample_interval", "UInt64"],
            ],
            [
              {
                store: storeId,
                day: today,
                kind: "view",
                events: "300",
                entries: 120,
                empty: 0,
                units: 300,
                amount: 0,
                sample_interval: "10",
              },
              { store: storeId, day: today, kind: "search", events: "4", entries: 0, empty: 3, units: 4, amount: 0, sample_interval: "1" },
              {
                store: storeId,
                day: today,
                kind: "order",
                events: "2",
                entries: 0,
                empty: 0,
                units: 2,
                amount: 75000,
                sample_interval: "1",
              },
              {
                store: storeId,
                day: today,
                kind: "confirmed",
                currency: "ARS",
                events: "1",
                entries: 0,
                empty: 0,
                units: 1,
                amount: 45000,
                sample_interval: "1",
              },
              // An order placed in reais before the store moved to pesos: its amount stays apart.
              {
                store: storeId,
                day: today,
                kind: "confirmed",
                currency: "BRL",
                events: "1",
                entries: 0,
                empty: 0,
                units: 1,
                amount: 27970,
                sample_interval: "1",
              },
            ],
          );
        }
        if (sql.includes("blob2 AS product")) {
          return sqlAnswer(
            [
              ["product", "String"],
              ["kind", "String"],
              ["events", "UInt64"],
              ["units", "Float64"],
              ["sample_interval", "UInt64"],
            ],
            [
              { product: products.remera, kind: "view", events: "200", units: 200, sample_interval: "10" },
              { product: products.buzo, kind: "view", events: "40", units: 40, sample_interval: "1" },
              { product: products.remera, kind: "order_line", events: "2", units: 3, sample_interval: "1" },
              // An id that is not one of this seller's products (a forged cart add): never named.
              { product: "otro-producto", kind: "cart", events: "5", units: 5, sample_interval: "1" },
            ],
          );
        }
        if (sql.includes("blob3 AS source")) {
          return sqlAnswer(
            [
              ["source", "String"],
              ["entries", "Float64"],
              ["sample_interval", "UInt64"],
            ],
            [
              { source: "instagram", entries: 100, sample_interval: "10" },
              { source: "qr", entries: 20, sample_interval: "1" },
            ],
          );
        }
        if (sql.includes("blob4 AS words")) {
          return sqlAnswer(
            [
              ["words", "String"],
              ["searches", "UInt64"],
              ["empty", "Float64"],
              ["sample_interval", "UInt64"],
            ],
            [
              { words: "campera", searches: "3", empty: 3, sample_interval: "1" },
              { words: "remera", searches: "1", empty: 0, sample_interval: "1" },
            ],
          );
        }
        return new Response("unexpected query", { status: 400 });
      },
    });
  }

  it("each query names the seller's store, the range and the store's time zone, weights by _sample_interval; the report adds them up", async () => {
    const { browser, user, remera, buzo } = await store();
    const seen = answering(user.id, { remera: remera.id, buzo: buzo.id });
    const report = await reportOf(browser);

    expect(seen).toHaveLength(4);
    for (const request of seen) {
      expect(request.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      expect(request.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(request.body).toContain(`FROM ${STORE_EVENTS_DATASET} WHERE index1 = '${user.id}' AND timestamp >= toDateTime(`);
      expect(request.body).toMatch(/ AND timestamp < toDateTime\(\d+\)/);
      expect(request.body).toContain("SUM(_sample_interval");
      expect(request.body).toMatch(/FORMAT JSON$/);
    }
    const days = seen.find((r) => r.body.includes("formatDateTime"))!.body;
    expect(days).toContain("formatDateTime(timestamp, '%Y-%m-%d', 'America/Argentina/Buenos_Aires') AS day");
    expect(days).toContain("GROUP BY store, day, kind, currency");
    // 60 days read for the chart and the periods, 30 for the rest.
    const [from, to] = [...days.matchAll(/toDateTime\((\d+)\)/g)].map((m) => Number(m[1]));
    expect(Math.round((to! - from!) / 86400)).toBe(60);

    expect(report.periods.today.current).toEqual({
      visits: 120,
      pageViews: 300,
      searches: 4,
      emptySearches: 3,
      cartAdds: 0,
      ordersSent: 2,
      ordersConfirmed: 2,
      amountConfirmed: 45000,
      amountsConfirmed: [
        { currency: "ARS", amount: 45000 },
        { currency: "BRL", amount: 27970 },
      ],
    });
    expect(report.sampled).toBe(true);
    expect(report.topViewed.map((p) => [p.name, p.views, p.orders, p.units])).toEqual([
      ["Remera", 200, 2, 3],
      ["Buzo", 40, 0, 0],
    ]);
    expect(report.viewedNeverOrdered.map((p) => p.name)).toEqual(["Buzo"]);
    expect(JSON.stringify(report)).not.toContain("otro-producto");
    expect(report.sources).toEqual([
      { source: "instagram", visits: 100 },
      { source: "qr", visits: 20 },
    ]);
    expect(report.emptySearches).toEqual([{ words: "campera", searches: 3 }]);
  });

  it("a refusal or failure of the SQL API is a Spanish 503 for the seller, logged by status without the token", async () => {
    const { browser } = await store();
    const failures: [string, () => Response][] = [
      [
        "a token without the permission",
        () => json({ success: false, errors: [{ code: 10000, message: "Authentication error" }], messages: [], result: null }, 403),
      ],
      ["a query the API refuses", () => new Response("Query error: unknown column", { status: 422 })],
      ["the API down", () => new Response("upstream unavailable", { status: 503 })],
      ["a 200 that is not the FORMAT JSON shape", () => json({ result: [] })],
      [
        "no connection",
        () => {
          throw new TypeError("Network connection lost.");
        },
      ],
    ];
    for (const [what, reply] of failures) {
      vi.restoreAllMocks();
      fakeUpstream({ [SQL_API]: reply });
      const response = await browser.request("/api/stats");
      expect(response.status, what).toBe(503);
      expect(await response.json(), what).toEqual({ error: STATS_UNAVAILABLE });
    }
    const lines = workerLogs({ message: "stats query failed" });
    expect(lines.map((l) => l.status ?? l.error)).toEqual(expect.arrayContaining([403, 422, 503, 200, "TypeError"]));
    expect(JSON.stringify(workerLogs())).not.toContain(TOKEN);
  });
});
