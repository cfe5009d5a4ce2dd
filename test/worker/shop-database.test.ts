/**
 * A shop's own rows live in the database its `shard` names (worker/db/client.ts shopDatabase): a shop placed in
 * shard 1 sells through its whole catalogue and its sales with every product, stock row, store setting and order
 * in SHOP_DB_1 and none of them in DB, while a shop of shard 0 keeps working in DB. Any of these paths that still
 * wrote DB for the shop's rows leaves rows in DB; any that still read DB finds nothing there and answers wrong.
 */
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Order, StockShortage } from "../../common/store-cart";
import type { Product } from "../../common/product";
import { shopDatabase } from "../../worker/db/client";
import { archiveOldData } from "../../worker/lib/archive-daily";
import { parseCsv } from "../../worker/lib/catalogue-csv";
import { placeShop } from "../../worker/lib/shops";
import { STOCK_SHORT_PREFIX } from "../../worker/routes/orders";
import { REAL_STORE_CVU, realStoreCheckout } from "../fixtures/real-store";
import { Browser, register } from "./browser";
import { addProducts, openStore, setPricing, storeData } from "./store-helpers";

/** The outbox prints the export's mail for `npm run dev`; here nobody reads it. */
beforeAll(() => {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

type Placed = { order: Order; orderUrl: string };
type Rows = { products: number; stock: number; checkout: number; orders: number };

/** How many of one seller's shop rows a database holds. */
async function shopRows(d1: D1Database, sellerId: string): Promise<Rows> {
  const n = async (sql: string) => (await d1.prepare(sql).bind(sellerId).first<{ n: number }>())!.n;
  return {
    products: await n("SELECT COUNT(*) AS n FROM products WHERE user_id = ?"),
    stock: await n("SELECT COUNT(*) AS n FROM product_stock WHERE product_id IN (SELECT id FROM products WHERE user_id = ?)"),
    checkout: await n("SELECT COUNT(*) AS n FROM store_checkout WHERE user_id = ?"),
    orders: await n("SELECT COUNT(*) AS n FROM orders WHERE seller_id = ?"),
  };
}
const NONE: Rows = { products: 0, stock: 0, checkout: 0, orders: 0 };

// The real store's 'Entrega y pagos', paid by transfer to a wallet's CVU, with free shipping from "80.000".
const settings = realStoreCheckout({ freeFrom: "80.000", transfer: { cbu: REAL_STORE_CVU } });

const shopper = (name: string) => ({
  name,
  delivery: "envio",
  zone: "CABA",
  payment: "transferencia",
  whatsapp: "011 15 2345-6789",
  address: { street: "Av. Corrientes 4567", locality: "Almagro", reference: "Timbre 3\u200B B" },
});

/** A signed-up seller placed in `shard` before anything of the shop exists, then their store opened. */
async function sellerIn(shard: number) {
  const browser = new Browser();
  const { user, password } = await register(browser);
  await placeShop(env, user.id, shard);
  const opened = await openStore(browser, { phoneNumber: "+54 9 11 4000-1234" });
  return { browser, id: user.id, password, username: opened.username! };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function readyExport(browser: Browser): Promise<Record<string, Uint8Array>> {
  expect((await browser.request("/api/data/exports", { method: "POST" })).status).toBe(202);
  const url = await vi.waitFor(
    async () => {
      const view = (await (await browser.request("/api/data/exports/latest")).json()) as {
        export: { state: string; url: string | null } | null;
      };
      if (view.export?.state !== "ready" || !view.export.url) throw new Error("not ready yet");
      return view.export.url;
    },
    { timeout: 60_000, interval: 100 },
  );
  const response = await browser.request(pathOf(url));
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe("a shop in its own database (shard 1)", () => {
  it("keeps its catalogue, settings and orders in SHOP_DB_1 through every path, none of them in DB", async () => {
    const a = await sellerIn(1);

    // The catalogue: a remera with two colours and sizes, a mate with units counted, prices as the seller types them.
    const [remera, mate, gorro] = await addProducts(a.browser, ["Remera Ñandú 🧉", "Mate Calabaza", "Gorro"]);
    const priced = await setPricing(a.browser, [
      {
        id: remera!.id,
        price: "12.500",
        colors: [
          {
            name: "Rojo",
            sizes: [
              { name: "M", stock: 3 },
              { name: "L", stock: 1 },
            ],
          },
          { name: "Azul", sizes: [{ name: "M", stock: 2 }] },
        ],
      },
      { id: mate!.id, price: "8.900", sizes: [{ name: "Único", stock: 5 }] },
      { id: gorro!.id, price: "4.000" },
    ]);
    expect(priced.status, await priced.clone().text()).toBe(200);
    const listed = (await priced.json()) as { products: Product[] };
    expect(listed.products.find((p) => p.id === remera!.id)).toMatchObject({ price: 12500, published: true });
    const saved = await a.browser.json("PUT", "/api/checkout-settings", settings);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const read = (await (await a.browser.request("/api/checkout-settings")).json()) as { delivery: { shipping: { zones: unknown[] } } };
    expect(read.delivery.shipping.zones).toEqual([
      { name: "CABA", cost: 3500 },
      { name: "GBA Norte", cost: 5000 },
    ]);
    // A product deleted goes with its stock, from the shop's database.
    expect((await a.browser.request(`/api/products/delete/${gorro!.id}`, { method: "DELETE" })).status).toBe(200);

    // The public store and the product page read the shop's database.
    const page = await new Browser().request(`/u/${a.username}`);
    expect(page.status).toBe(200);
    const shown = storeData(await page.text());
    expect(shown.products.map((p) => p.name).sort()).toEqual(["Mate Calabaza", "Remera Ñandú 🧉"]);
    expect(shown.products.find((p) => p.id === remera!.id)?.colors.find((c) => c.name === "Rojo")?.sizes).toEqual([
      { name: "M", stock: 3 },
      { name: "L", stock: 1 },
    ]);
    const productPage = await new Browser().request(`/u/${a.username}/p/${remera!.id}`);
    expect(productPage.status).toBe(200);
    expect(await productPage.text()).toContain("Remera Ñandú 🧉");

    // Three shoppers at once for the last Rojo L: the cart lets each order it (the unit is there when each is
    // priced); confirming takes the stock, so of three confirmations fired together exactly one gets it.
    const placed = await Promise.all(
      ["Lucía Gómez", "Martín Núñez", "Sofía Peña"].map((name) =>
        new Browser().json("POST", "/api/orders", {
          username: a.username,
          lines: [
            { productId: remera!.id, color: "Rojo", size: "L", quantity: 1 },
            { productId: mate!.id, size: "Único", quantity: 1 },
          ],
          buyer: shopper(name),
        }),
      ),
    );
    for (const response of placed) expect(response.status, await response.clone().text()).toBe(201);
    const orders = (await Promise.all(placed.map((r) => r.json()))) as Placed[];
    expect(orders[0]!.order).toMatchObject({ subtotal: 21400, total: 24900, status: "nuevo" });

    const confirmations = await Promise.all(
      orders.map(({ order }) => a.browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })),
    );
    const statuses = confirmations.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const refused of confirmations.filter((r) => r.status === 409)) {
      expect(((await refused.json()) as { error: string }).error).toContain(STOCK_SHORT_PREFIX);
    }
    const shopDb = env.SHOP_DB_1;
    const stockOf = async (color: string, size: string) =>
      (await shopDb
        .prepare("SELECT stock FROM product_stock WHERE product_id = ? AND color = ? AND size = ?")
        .bind(remera!.id, color, size)
        .first<{ stock: number }>())!.stock;
    expect(await stockOf("Rojo", "L")).toBe(0);
    expect(await stockOf("Rojo", "M")).toBe(3);

    // The orders list: the confirmed one, and the two the stock can no longer cover say so on their cards.
    const list = (await (await a.browser.request("/api/orders")).json()) as { orders: (Order & { shortages: StockShortage[] })[] };
    expect(list.orders).toHaveLength(3);
    expect(list.orders.filter((o) => o.status === "confirmado")).toHaveLength(1);
    for (const open of list.orders.filter((o) => o.status === "nuevo")) {
      expect(open.shortages).toEqual([expect.objectContaining({ productId: remera!.id, color: "Rojo", size: "L", left: 0 })]);
    }

    // The buyer's private page, found by its link alone.
    const confirmed = list.orders.find((o) => o.status === "confirmado")!;
    const buyerPage = await new Browser().request(confirmed.link);
    expect(buyerPage.status).toBe(200);
    expect(await buyerPage.text()).toContain(confirmed.code);
    const waiting = list.orders.find((o) => o.status === "nuevo")!;
    expect(await (await new Browser().request(waiting.link)).text()).toContain(REAL_STORE_CVU);

    // Every row of the shop is in SHOP_DB_1, none in DB.
    expect(await shopRows(env.SHOP_DB_1, a.id)).toEqual({ products: 2, stock: 4, checkout: 1, orders: 3 });
    expect(await shopRows(env.DB, a.id)).toEqual(NONE);
    const price = await shopDb.prepare("SELECT price FROM products WHERE id = ?").bind(remera!.id).first<{ price: number }>();
    expect(price!.price).toBe(12500);

    // 'Descargar mis datos' reads the catalogue and the orders from the shop's database.
    const zip = await readyExport(a.browser);
    const productos = parseCsv(new TextDecoder().decode(zip["productos.csv"]));
    expect(productos.slice(1).some((row) => row.includes("Remera Ñandú 🧉") && row.includes("12500"))).toBe(true);
    const pedidos = parseCsv(new TextDecoder().decode(zip["pedidos.csv"]));
    expect(
      pedidos
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(orders.map((o) => o.order.code).sort());

    // The exported catalogue imports back into the shop's database, updating the products it names (their
    // handles are there too): nothing duplicated, nothing in DB.
    const imported = await a.browser.json("POST", "/api/data/import", { csv: new TextDecoder().decode(zip["productos.csv"]) });
    expect(imported.status, await imported.clone().text()).toBe(201);
    expect(await imported.json()).toEqual({ imported: 2, created: 0, updated: 2 });
    expect(await shopRows(env.SHOP_DB_1, a.id)).toMatchObject({ products: 2, stock: 4 });
    expect(await shopRows(env.DB, a.id)).toEqual(NONE);

    // Deleting the account takes the catalogue and the store's settings from the shop's database; the open
    // orders stay there for their buyers, with the store's name and WhatsApp.
    const deleted = await a.browser.json("DELETE", "/api/auth/account", { password: a.password });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await shopRows(env.SHOP_DB_1, a.id)).toEqual({ products: 0, stock: 0, checkout: 0, orders: 3 });
    const kept = await shopDb
      .prepare("SELECT COUNT(*) AS n FROM orders WHERE seller_id = ? AND status = 'nuevo' AND kept_store_phone IS NOT NULL")
      .bind(a.id)
      .first<{ n: number }>();
    expect(kept!.n).toBe(2);
    expect(await shopRows(env.DB, a.id)).toEqual(NONE);
    // Its page stays, and asks for no money: the store that would take it is gone.
    const keptPage = await new Browser().request(waiting.link);
    expect(keptPage.status).toBe(200);
    const keptHtml = await keptPage.text();
    expect(keptHtml).not.toContain(REAL_STORE_CVU);
    expect(keptHtml).toContain("La tienda cerró su cuenta: no envíes pagos por este pedido.");
  });

  it("keeps a batch's order in shard 1 too: «Buzo 01» to «Buzo 11» first to last in the store", async () => {
    const { browser, id, username } = await sellerIn(1);
    const names = Array.from({ length: 11 }, (_, i) => `Buzo ${String(i + 1).padStart(2, "0")}`);
    // Ten at a time, the last group first, as the batch screen sends them.
    const made = [...(await addProducts(browser, names.slice(10))), ...(await addProducts(browser, names.slice(0, 10)))];
    expect(
      (
        await setPricing(
          browser,
          made.map((p) => ({ id: p.id, price: "12.500" })),
        )
      ).status,
    ).toBe(200);
    const page = await new Browser().request(`/u/${username}`);
    expect(storeData(await page.text()).products.map((p) => p.name)).toEqual(names);
    expect((await shopRows(env.DB, id)).products).toBe(0);
  });

  it("keeps a shop of shard 0 in DB beside it", async () => {
    const b = await sellerIn(0);
    const [gorra] = await addProducts(b.browser, ["Gorra Piñón"]);
    expect((await setPricing(b.browser, [{ id: gorra!.id, price: "9.000", sizes: [{ name: "Único", stock: 1 }] }])).status).toBe(200);
    const placed = await Promise.all(
      [1, 2].map(() =>
        new Browser().json("POST", "/api/orders", { username: b.username, lines: [{ productId: gorra!.id, size: "Único", quantity: 1 }] }),
      ),
    );
    const orders = (await Promise.all(placed.map((r) => r.json()))) as Placed[];
    const confirmations = await Promise.all(
      orders.map(({ order }) => b.browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })),
    );
    expect(confirmations.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await new Browser().request(orders[0]!.order.link)).status).toBe(200);
    expect(await shopRows(env.DB, b.id)).toEqual({ products: 1, stock: 1, checkout: 0, orders: 2 });
    expect(await shopRows(env.SHOP_DB_1, b.id)).toEqual(NONE);
  });

  it("archives its old finished orders in its own database, and its export still lists them", async () => {
    const s = await sellerIn(1);
    const [remera] = await addProducts(s.browser, ["Remera Ñandú"]);
    expect((await setPricing(s.browser, [{ id: remera!.id, price: "12.500", sizes: [{ name: "M", stock: 5 }] }])).status).toBe(200);
    expect((await s.browser.json("PUT", "/api/checkout-settings", settings)).status).toBe(200);
    const placed = (await (
      await new Browser().json("POST", "/api/orders", {
        username: s.username,
        lines: [{ productId: remera!.id, size: "M", quantity: 1 }],
        buyer: shopper("Zoë\u200b Núñez 👩‍👧"),
      })
    ).json()) as Placed;
    for (const status of ["confirmado", "entregado"])
      expect((await s.browser.json("PUT", `/api/orders/${placed.order.id}/status`, { status })).status).toBe(200);
    const day = 24 * 60 * 60 * 1000;
    await env.SHOP_DB_1.batch([
      env.SHOP_DB_1.prepare("UPDATE orders SET created_at = ?2 WHERE id = ?1").bind(placed.order.id, Date.now() - 200 * day),
      // The seller's latest ORDERS_LISTED orders stay for the orders screen: 200 recent ones after it.
      env.SHOP_DB_1.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
         INSERT INTO orders (id, seller_id, code, lines, total, status, history, created_at)
         SELECT 'reciente-' || i, ?1, 'R' || i, '[]', 12500, 'entregado', '[]', ?2 - i * 60000 FROM n`,
      ).bind(s.id, Date.now() - day),
    ]);

    await archiveOldData(env);
    const gone = await env.SHOP_DB_1.prepare("SELECT COUNT(*) AS n FROM orders WHERE id = ?1").bind(placed.order.id).first<{ n: number }>();
    expect(gone!.n).toBe(0);
    const summaries = await env.SHOP_DB_1.prepare("SELECT object_key, orders FROM order_archives WHERE user_id = ?1").bind(s.id).all();
    expect(summaries.results).toMatchObject([{ orders: 1 }]);
    expect(await env.DATA.head(summaries.results[0]!.object_key as string)).not.toBeNull();
    expect(await shopRows(env.DB, s.id)).toEqual(NONE);

    const files = await readyExport(s.browser);
    // The export's row is the shop's too.
    const exportsIn = async (d1: D1Database) =>
      (await d1.prepare("SELECT COUNT(*) AS n FROM data_exports WHERE user_id = ?1").bind(s.id).first<{ n: number }>())!.n;
    expect([await exportsIn(env.SHOP_DB_1), await exportsIn(env.DB)]).toEqual([1, 0]);
    const orders = parseCsv(new TextDecoder().decode(files["pedidos.csv"]!));
    expect(orders.some((row) => row.includes(placed.order.code) && row.includes("Zoë Núñez 👩‍👧"))).toBe(true);
  });

  it("refuses a shard whose database is not bound", () => {
    expect(() => shopDatabase(env, { id: "x", shard: 2 })).toThrow(/SHOP_DB_2 is not bound/);
    expect(shopDatabase(env, { id: "x", shard: 1 }).shard).toBe(1);
  });
});
