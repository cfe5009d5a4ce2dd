/**
 * Moving a shop with its rows between shop databases (worker/lib/shop-move.ts): the real store, with orders, a
 * generation and a batch, goes from DB to SHOP_DB_1 and back with every row identical (the same per-table
 * checksums) and the same answers on its store page and its seller's screens; orders, confirmations (which take
 * stock), a price save, a generation and a batch fired at it while it moves each land in the database it ends
 * in or are refused with the retry answer, never written where the copy no longer looks; a move whose check
 * fails leaves the shop whole and working where it was.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { BatchView } from "../../common/batches";
import type { Order } from "../../common/store-cart";
import { brokenCrossDatabaseChecks, brokenLedgerChecks, SHOP_LEDGER_SQL, SHOP_PICTURES_SQL } from "../../scripts/ledger-checks";
import { SHOP_TABLES } from "../../worker/db/shop-tables";
import { SHOP_MOVING } from "../../worker/lib/errors";
import { type D1, moveShop, shopChecks } from "../../worker/lib/shop-move";
import { REAL_STORE_CVU, realStoreCheckout } from "../fixtures/real-store";
import { Browser, register } from "./browser";
import { workerLogs } from "./capture-logs";
import { overrideProviderForTests } from "../../worker/providers/select";
import { provider, resultBytes } from "./generation-helpers";
import { addProducts, openStore, setPricing, storeData } from "./store-helpers";
import { rows } from "./d1-rows";
import { standFence } from "./shop-fence";
import { until } from "./until";

const shardOf = async (id: string) =>
  (await env.DB.prepare("SELECT shard FROM users WHERE id = ?").bind(id).first<{ shard: number }>())!.shard;
const d1Of = (shard: number) => (shard === 0 ? env.DB : env.SHOP_DB_1);
const rowsIn = async (d1: D1Database, id: string) => (await shopChecks(d1, id)).reduce((n, c) => n + c.rows, 0);

const shopper = (name: string, quantity = 1) => ({
  username: "",
  lines: [] as { productId: string; color?: string; size: string; quantity: number }[],
  buyer: {
    name,
    delivery: "envio",
    zone: "CABA",
    payment: "transferencia",
    whatsapp: "11 5555-1234",
    address: { street: "Av. Corrientes 4567", locality: "Almagro", reference: `Timbre ${quantity}\u200B B` },
  },
});

// The files share a runtime: a later file's pictures must come from the studio again, not from this file's provider.
afterEach(() => overrideProviderForTests(undefined));

/** The real store in DB: a remera in two colours and sizes, a mate, 'Entrega y pagos', two orders, one confirmed. */
async function realStore() {
  provider(async (request) => resultBytes(request.source.bytes[10]!));
  const browser = new Browser();
  const { user } = await register(browser);
  const opened = await openStore(browser, { phoneNumber: "+54 9 11 4000-1234" });
  const [remera, mate, buzo] = await addProducts(browser, ["Remera Ñandú 🧉", "Mate Calabaza", "Buzo Zoë"]);
  const priced = await setPricing(browser, [
    {
      id: remera!.id,
      price: "12.500",
      colors: [
        {
          name: "Rojo",
          sizes: [
            { name: "M", stock: 5 },
            { name: "L", stock: 2 },
          ],
        },
        { name: "Azul", sizes: [{ name: "M", stock: 2 }] },
      ],
    },
    { id: mate!.id, price: "8.900", sizes: [{ name: "Único", stock: 20 }] },
    { id: buzo!.id, price: "21.000" },
  ]);
  expect(priced.status, await priced.clone().text()).toBe(200);
  const saved = await browser.json(
    "PUT",
    "/api/checkout-settings",
    realStoreCheckout({ freeFrom: "80.000", transfer: { cbu: REAL_STORE_CVU } }),
  );
  expect(saved.status, await saved.clone().text()).toBe(200);
  const shop = { browser, id: user.id, username: opened.username!, remera: remera!.id, mate: mate!.id, buzo: buzo!.id };
  const first = await placeOrder(shop, "Lucía Gómez");
  await placeOrder(shop, "Martín Núñez");
  expect((await browser.json("PUT", `/api/orders/${first.order.id}/status`, { status: "confirmado" })).status).toBe(200);
  const generated = await browser.json("POST", `/api/products/generate-ad/${mate!.id}`, { quality: "standard" });
  expect(generated.status, await generated.clone().text()).toBe(200);
  const created = await browser.json("POST", "/api/batches", { kind: "ad", productIds: [remera!.id, buzo!.id] });
  expect(created.status, await created.clone().text()).toBe(201);
  const batch = ((await created.json()) as { batch: BatchView }).batch;
  await until(
    async () => ((await (await browser.request(`/api/batches/${batch.id}`)).json()) as { batch: BatchView }).batch,
    (b) => b.finished,
  );
  return shop;
}
type Shop = Awaited<ReturnType<typeof realStore>>;

function orderRequest(shop: Shop, name: string) {
  const body = shopper(name);
  body.username = shop.username;
  body.lines = [
    { productId: shop.remera, color: "Rojo", size: "M", quantity: 1 },
    { productId: shop.mate, size: "Único", quantity: 2 },
  ];
  return new Browser().json("POST", "/api/orders", body);
}
async function placeOrder(shop: Shop | Omit<Shop, never>, name: string): Promise<{ order: Order }> {
  const response = await orderRequest(shop as Shop, name);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { order: Order };
}

/** A D1 binding whose reads' sizes are recorded in `largest` (the rows of the largest answer). */
function recording(d1: D1Database, largest: { rows: number }): D1 {
  type Wrapped = ReturnType<D1["prepare"]> & { inner: D1PreparedStatement };
  const wrap = (inner: D1PreparedStatement): Wrapped => ({
    inner,
    bind: (...values: unknown[]) => wrap(inner.bind(...values)),
    first: <T>() => inner.first<T>(),
    run: () => inner.run(),
    raw: async <T>() => {
      const [header, ...page] = await inner.raw<T>({ columnNames: true });
      largest.rows = Math.max(largest.rows, page.length);
      return [header, ...page] as [string[], ...T[]];
    },
  });
  return {
    prepare: (sql: string) => wrap(d1.prepare(sql)),
    batch: (statements) => d1.batch(statements.map((s) => (s as Wrapped).inner)),
  };
}

/** The fence's answer: a shopper reads that the store is updating, in the store's language; the seller, that it moves. */
const refusalFor = (kind: string) => (kind === "order" ? "La tienda se está actualizando. Intenta de nuevo en un momento." : SHOP_MOVING);

/** What the shopper and the seller see: the store page's data and the seller's screens' answers. */
async function answers(shop: Shop) {
  const page = await new Browser().request(`/u/${shop.username}`);
  expect(page.status).toBe(200);
  const read = async (path: string) => {
    const response = await shop.browser.request(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };
  return {
    store: storeData(await page.text()),
    products: await read(`/api/products/list/${shop.id}`),
    orders: await read("/api/orders"),
    settings: await read("/api/checkout-settings"),
    gallery: await read(`/api/products/images/by-user/${shop.id}`),
  };
}

async function ledgerHolds() {
  expect(await brokenLedgerChecks((sql) => rows(env.DB, sql))).toEqual([]);
  const ledger = (await rows(env.DB, SHOP_LEDGER_SQL)) as { key: string; delta: number; shard: number; created_at: number }[];
  const pictures = (await rows(env.SHOP_DB_1, SHOP_PICTURES_SQL)) as { id: string; status: string; kind: string }[];
  expect(brokenCrossDatabaseChecks(ledger, new Map([[1, pictures]]))).toEqual([]);
}

/** Stock never below zero, and each confirmed order's units taken exactly once from what the store started with. */
async function stockHolds(shop: Shop, start: { rojoM: number; mate: number }) {
  const d1 = d1Of(await shardOf(shop.id));
  const stock = await rows(d1, "SELECT stock FROM product_stock WHERE product_id IN (SELECT id FROM products WHERE user_id = ?)", shop.id);
  for (const row of stock) expect(row.stock as number).toBeGreaterThanOrEqual(0);
  const confirmed = await rows(d1, "SELECT lines FROM orders WHERE seller_id = ? AND status = 'confirmado'", shop.id);
  const taken = (productId: string, size: string) =>
    confirmed
      .flatMap((o) => JSON.parse(o.lines as string) as { productId: string; size: string; quantity: number }[])
      .filter((l) => l.productId === productId && l.size === size)
      .reduce((n, l) => n + l.quantity, 0);
  const left = async (productId: string, color: string, size: string) =>
    (await d1
      .prepare("SELECT stock FROM product_stock WHERE product_id = ? AND color = ? AND size = ?")
      .bind(productId, color, size)
      .first<{ stock: number }>())!.stock;
  expect(await left(shop.remera, "Rojo", "M")).toBe(start.rojoM - taken(shop.remera, "M"));
  expect(await left(shop.mate, "", "Único")).toBe(start.mate - taken(shop.mate, "Único"));
}

describe("moving a shop between shop databases", () => {
  it("lists every table of a shop database in SHOP_TABLES but the global ones, and fences each in every database", async () => {
    const global = [
      "users",
      "sessions",
      "credit_ledger",
      "login_throttle",
      "password_resets",
      "email_outbox",
      "payments",
      "exchange_rates",
      "weekly_email_opt_outs",
      "provider_alerts",
      "ledger_archives",
      "archived_ledger_keys",
      "shop_moves",
    ];
    const tables = (await rows(env.SHOP_DB_1, "SELECT name FROM sqlite_master WHERE type = 'table'"))
      .map((r) => r.name as string)
      .filter((name) => !/^(sqlite_|_cf_|d1_)/.test(name) && !global.includes(name));
    expect(tables.sort()).toEqual(SHOP_TABLES.map((t) => t.name).sort());
    for (const d1 of [env.DB, env.SHOP_DB_1]) {
      const names = (await rows(d1, "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_fence_%'")).map((r) => r.name);
      for (const table of SHOP_TABLES) {
        for (const op of ["insert", "update", "delete"]) expect(names).toContain(`${table.name}_fence_${op}`);
      }
    }
  });

  it("moves the real store from DB to SHOP_DB_1 and back with identical rows and identical answers", async () => {
    const shop = await realStore();
    const before = await shopChecks(env.DB, shop.id);
    expect(before.find((c) => c.table === "orders")!.rows).toBe(2);
    expect(before.find((c) => c.table === "batch_items")!.rows).toBe(2);
    // The generation and each picture of the batch.
    expect(before.find((c) => c.table === "generation_jobs")!.rows).toBe(3);
    const seen = await answers(shop);

    expect(await moveShop(env, shop.id, 1)).toEqual(before);
    expect(await shardOf(shop.id)).toBe(1);
    expect(await shopChecks(env.SHOP_DB_1, shop.id)).toEqual(before);
    expect(await rowsIn(env.DB, shop.id)).toBe(0);
    expect(await answers(shop)).toEqual(seen);

    await moveShop(env, shop.id, 0);
    expect(await shardOf(shop.id)).toBe(0);
    expect(await shopChecks(env.DB, shop.id)).toEqual(before);
    expect(await rowsIn(env.SHOP_DB_1, shop.id)).toBe(0);
    expect(await answers(shop)).toEqual(seen);

    // Back home, the shop sells and takes its stock as before.
    const { order } = await placeOrder(shop, "Sofía Peña");
    expect((await shop.browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })).status).toBe(200);
    await stockHolds(shop, { rojoM: 5, mate: 20 });
    await ledgerHolds();
  });

  it("lands or refuses with the retry answer every write fired while the shop moves, and none is lost", async () => {
    const shop = await realStore();
    const open = (await (await shop.browser.request("/api/orders")).json()) as { orders: Order[] };
    const waiting = open.orders.filter((o) => o.status === "nuevo");
    const extra = await placeOrder(shop, "Valentina Ruiz");

    const fired = [
      ...["Juana Pérez", "Tomás Díaz", "Ana Ñáñez", "Zoë 🧉 López"].map((name) => ({
        kind: "order",
        send: () => orderRequest(shop, name),
      })),
      ...[...waiting, extra.order].map((o) => ({
        kind: `confirm:${o.id}`,
        send: () => shop.browser.json("PUT", `/api/orders/${o.id}/status`, { status: "confirmado" }),
      })),
      { kind: "price", send: () => setPricing(shop.browser, [{ id: shop.buzo, price: "22.500" }]) },
      { kind: "generation", send: () => shop.browser.json("POST", `/api/products/generate-ad/${shop.remera}`, { quality: "standard" }) },
      { kind: "batch", send: () => shop.browser.json("POST", "/api/batches", { kind: "ad", productIds: [shop.mate] }) },
    ];
    // Fired while the fence stands (between the copy and its check): every one of them is refused whole.
    let fenced: Response[] = [];
    const whileFenced = [
      { kind: "order", send: () => orderRequest(shop, "Camila Suárez") },
      {
        kind: `confirm:${extra.order.id}`,
        send: () => shop.browser.json("PUT", `/api/orders/${extra.order.id}/status`, { status: "confirmado" }),
      },
      { kind: "price", send: () => setPricing(shop.browser, [{ id: shop.buzo, price: "22.500" }]) },
      { kind: "generation", send: () => shop.browser.json("POST", `/api/products/generate-ad/${shop.mate}`, { quality: "standard" }) },
      { kind: "batch", send: () => shop.browser.json("POST", "/api/batches", { kind: "ad", productIds: [shop.remera] }) },
    ];
    const fence = async () => {
      fenced = await Promise.all(whileFenced.map((f) => f.send()));
    };
    const [moved, ...responses] = await Promise.all([moveShop(env, shop.id, 1, { beforeVerify: fence }), ...fired.map((f) => f.send())]);
    for (const [i, response] of fenced.entries()) {
      expect(response.status, `${whileFenced[i]!.kind}: ${await response.clone().text()}`).toBe(503);
      expect(await response.json()).toEqual({ error: refusalFor(whileFenced[i]!.kind) });
    }
    expect(moved.length).toBe(SHOP_TABLES.length);
    expect(await shardOf(shop.id)).toBe(1);
    // Nothing of the shop is left in DB: no write landed there after its copy.
    expect(await rowsIn(env.DB, shop.id)).toBe(0);

    const refused: (typeof fired)[number][] = [...whileFenced];
    for (const [i, response] of responses.entries()) {
      const what = fired[i]!;
      const text = await response.clone().text();
      if (response.status === 503) {
        expect(JSON.parse(text), what.kind).toEqual({ error: refusalFor(what.kind) });
        expect(response.headers.get("Retry-After")).toBe("5");
        refused.push(what);
        continue;
      }
      if (what.kind === "order") {
        expect(response.status, text).toBe(201);
        const { order } = JSON.parse(text) as { order: Order };
        expect((await rows(env.SHOP_DB_1, "SELECT id FROM orders WHERE id = ?", order.id)).length).toBe(1);
      } else if (what.kind.startsWith("confirm:")) {
        // The last Rojo L may have gone to another confirmation: a refusal for stock, not a loss.
        expect([200, 409], text).toContain(response.status);
        const [row] = await rows(env.SHOP_DB_1, "SELECT status FROM orders WHERE id = ?", what.kind.slice(8));
        expect(row!.status).toBe(response.status === 200 ? "confirmado" : "nuevo");
      } else if (what.kind === "price") {
        expect(response.status, text).toBe(200);
        expect((await rows(env.SHOP_DB_1, "SELECT price FROM products WHERE id = ?", shop.buzo))[0]!.price).toBe(22500);
      } else {
        expect(response.status, text).toBeLessThan(300);
      }
    }
    // A refused write is retried as the answer asks, and lands in the shop's new database.
    for (const what of refused) {
      const again = await what.send();
      expect(again.status, `${what.kind}: ${await again.clone().text()}`).not.toBe(503);
    }
    expect(await rowsIn(env.DB, shop.id)).toBe(0);
    // The batches that landed are in SHOP_DB_1 with their pictures queued there; the queue's retries carry them on.
    expect((await rows(env.SHOP_DB_1, "SELECT id FROM batches WHERE user_id = ?", shop.id)).length).toBeGreaterThanOrEqual(3);
    await stockHolds(shop, { rojoM: 5, mate: 20 });
    await ledgerHolds();
    // A refusal by the fence is an answer, not a fault.
    expect(workerLogs({ level: "error" })).toEqual([]);
  });

  it("copies and checks a shop bigger than one page a page at a time, with the same rows and checksums", async () => {
    const shop = await realStore();
    // 130 more orders, as shoppers leave them (past a page and past a checksum's block of lines).
    const [order] = await rows(env.DB, "SELECT * FROM orders WHERE seller_id = ? LIMIT 1", shop.id);
    const columns = Object.keys(order!);
    const insert = `INSERT INTO orders (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
    const more = Array.from({ length: 130 }, (_, i) => ({
      ...order!,
      id: crypto.randomUUID(),
      code: `M${String(i).padStart(5, "0")}`,
      token: crypto.randomUUID(),
      buyer_name: `Compradora ${i} Ñandú 🧉`,
    }));
    await env.DB.batch(more.map((row) => env.DB.prepare(insert).bind(...columns.map((c) => row[c as keyof typeof row]))));
    const before = await shopChecks(env.DB, shop.id);
    expect(before.find((c) => c.table === "orders")!.rows).toBe(132);
    const seen = await answers(shop);

    // Every read the move makes is recorded: none may answer more than a page.
    const largest = { rows: 0 };
    const moved = await moveShop({ DB: recording(env.DB, largest), SHOP_DB_1: recording(env.SHOP_DB_1, largest) } as never, shop.id, 1, {
      pageRows: 7,
    });
    expect(largest.rows).toBeGreaterThan(0);
    expect(largest.rows).toBeLessThanOrEqual(7);
    // The checksums do not depend on the page size: the same as read whole, on both sides.
    expect(moved).toEqual(before);
    expect(await shopChecks(env.SHOP_DB_1, shop.id, 3)).toEqual(before);
    expect(await rowsIn(env.DB, shop.id)).toBe(0);
    expect(await answers(shop)).toEqual(seen);
    // A row changed in the copy is still caught, whichever page it is on.
    await expect(
      moveShop(env, shop.id, 0, {
        pageRows: 7,
        beforeVerify: async (target) => {
          await target.prepare("UPDATE orders SET note = 'otra' WHERE id = ?").bind(more[123]!.id).run();
        },
      }),
    ).rejects.toThrow(/differs from the source in orders/);
    expect(await shardOf(shop.id)).toBe(1);
    expect(await shopChecks(env.SHOP_DB_1, shop.id)).toEqual(before);
  });

  it("leaves the shop whole and working where it was when the copy's check fails", async () => {
    const shop = await realStore();
    const before = await shopChecks(env.DB, shop.id);
    const seen = await answers(shop);
    await expect(
      moveShop(env, shop.id, 1, {
        // A copy gone wrong: one price differs in the target.
        beforeVerify: async (target) => {
          await target.prepare("UPDATE products SET price = price + 1 WHERE id = ?").bind(shop.mate).run();
        },
      }),
    ).rejects.toThrow(/differs from the source in products/);
    expect(await shardOf(shop.id)).toBe(0);
    expect(await shopChecks(env.DB, shop.id)).toEqual(before);
    expect(await rowsIn(env.SHOP_DB_1, shop.id)).toBe(0);
    expect(await rows(env.DB, "SELECT * FROM shop_moves WHERE user_id = ?", shop.id)).toEqual([]);
    expect(await answers(shop)).toEqual(seen);
    // Still taking orders and stock in DB.
    const { order } = await placeOrder(shop, "Sofía Peña");
    expect((await shop.browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })).status).toBe(200);
    await stockHolds(shop, { rojoM: 5, mate: 20 });
    // And a second try, without the fault, moves it.
    expect(await moveShop(env, shop.id, 1)).toEqual(await shopChecks(env.SHOP_DB_1, shop.id));
    expect(await rowsIn(env.DB, shop.id)).toBe(0);
  });

  it("finishes a move that died with its fence standing when it is run again", async () => {
    const shop = await realStore();
    const before = await shopChecks(env.DB, shop.id);
    // What a move that died after fencing and copying part of the shop leaves: the fence in DB, a partial copy.
    await standFence(env.DB, shop.id, 1);
    await env.SHOP_DB_1.prepare("INSERT INTO users (id, email) VALUES (?, ?)").bind(shop.id, `tienda:${shop.id}`).run();
    const [product] = await rows(env.DB, "SELECT * FROM products WHERE id = ?", shop.mate);
    const columns = Object.keys(product!);
    await env.SHOP_DB_1.prepare(`INSERT INTO products (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...Object.values(product!))
      .run();
    const refused = await orderRequest(shop, "Lucía Gómez");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");

    expect(await moveShop(env, shop.id, 1)).toEqual(before);
    expect(await shopChecks(env.SHOP_DB_1, shop.id)).toEqual(before);
    expect(await rowsIn(env.DB, shop.id)).toBe(0);
    expect((await orderRequest(shop, "Lucía Gómez")).status).toBe(201);
  });
});
