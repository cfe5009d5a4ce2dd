import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ArchivedOrder, gunzipLines } from "../../common/ledger-archive";
import type { Order } from "../../common/store-cart";
import worker from "../../worker/index";
import { archiveOldOrders } from "../../worker/lib/archive-orders";
import { parseCsv } from "../../worker/lib/catalogue-csv";
import { balanceOf, HISTORY_LENGTH, moveCredits } from "../../worker/lib/credits";
import { esc } from "../../worker/lib/html";
import { ORDERS_LISTED } from "../../worker/lib/orders";
import { PURGE_CRON } from "../../worker/lib/purge";
import { ORDER_PAGE_MISSING } from "../../worker/pages/order-page";
import { overrideProviderForTests } from "../../worker/providers/select";
import { brokenChecks, DAY, db, exportZip, finishedBatch, finishedJob, rows, quietOutbox } from "./archive-helpers";
import { Browser } from "./browser";
import { provider, resultBytes } from "./generation-helpers";
import { addProducts, seller, setPricing, storeName } from "./store-helpers";

beforeAll(quietOutbox);
afterAll(() => {
  vi.restoreAllMocks();
  overrideProviderForTests(undefined);
});

type Created = { order: Order; orderUrl: string };

/** A store with envío to CABA and transfer, and a Remera in black, size M. */
async function shop() {
  const s = await seller({ storeName: storeName("Ropa Linda"), phoneNumber: "+54 9 11 4000-1234" });
  const saved = await s.browser.json("PUT", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: "Av. Corrientes 1234" },
      shipping: { enabled: true, zones: [{ name: "CABA", cost: 3500 }], freeFrom: null },
    },
    payments: { transfer: { alias: "mi.tienda.mp", cbu: "0720429088000002339140", holder: "Ana Pérez" }, mercadoPago: null, cash: true },
  });
  expect(saved.status).toBe(200);
  const [remera] = await addProducts(s.browser, ["Remera"]);
  const priced = await setPricing(s.browser, [
    { id: remera!.id, price: "12.500", colors: [{ name: "Negro", sizes: [{ name: "M", stock: 100 }] }] },
  ]);
  expect(priced.status).toBe(200);
  return { ...s, remera: remera! };
}

/** A shopper's order through the cart's own route. */
async function place(username: string, productId: string, name: string) {
  const response = await new Browser().json("POST", "/api/orders", {
    username,
    lines: [{ productId, color: "Negro", size: "M", quantity: 2 }],
    buyer: {
      name,
      delivery: "envio",
      zone: "CABA",
      payment: "transferencia",
      whatsapp: "011 15 2345-6789",
      address: { street: "Av. Corrientes 4567", locality: "Almagro" },
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Created;
}

/** Moves an order through the seller's route, step by step. */
async function move(browser: Browser, id: string, ...steps: string[]) {
  for (const status of steps) expect((await browser.json("PUT", `/api/orders/${id}/status`, { status })).status).toBe(200);
}

/** A second apart in the order given: two updates can read the same millisecond, and ids (random) would then decide. */
const backdateOrders = async (ids: string[], days: number) => {
  const at = Date.now() - days * DAY;
  for (const [i, id] of ids.entries())
    await env.DB.prepare("UPDATE orders SET created_at = ?2 WHERE id = ?1")
      .bind(id, at + i * 1000)
      .run();
};

/** The seller's latest ORDERS_LISTED orders, delivered in the last weeks (what the orders screen lists). */
async function recentOrders(sellerId: string) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
     INSERT INTO orders (id, seller_id, code, lines, total, status, history, created_at)
     SELECT 'reciente-' || ?1 || '-' || i, ?1, 'R' || i, '[]', 12500, 'entregado', '[]', ?2 - i * 3600000 FROM n`,
  )
    .bind(sellerId, Date.now() - DAY, ORDERS_LISTED)
    .run();
}

/**
 * A store with old orders in every state, made through the app's routes: two delivered, one cancelled before
 * confirming, one cancelled after (its stock given back), one confirmed and one new (still open); one delivered
 * inside the retention period; then its latest ORDERS_LISTED orders.
 */
async function storeWithOrders(buyers = ["María José 👩‍👧", "Lucía Fernández", "Zoë\u200b Núñez", "Ñandú SRL", "Andrés", "Sofía"]) {
  const s = await shop();
  const placed = [];
  for (const name of [...buyers, "Reciente Pérez"]) placed.push((await place(s.username, s.remera.id, name)).order);
  const [d1, d2, c1, c2, open1, open2, inside] = placed as Order[];
  await move(s.browser, d1!.id, "confirmado", "entregado");
  await move(s.browser, d2!.id, "confirmado", "pagado", "enviado", "entregado");
  await move(s.browser, c1!.id, "cancelado");
  await move(s.browser, c2!.id, "confirmado", "cancelado");
  await move(s.browser, open1!.id, "confirmado");
  await move(s.browser, inside!.id, "confirmado", "entregado");
  await backdateOrders([d1!.id, c1!.id, open1!.id], 200);
  await backdateOrders([d2!.id, c2!.id, open2!.id], 160);
  await backdateOrders([inside!.id], 40);
  await recentOrders(s.user.id);
  return { ...s, archivable: [d1!, d2!, c1!, c2!], kept: [open1!, open2!, inside!] };
}

const stockOf = async (productId: string) => rows("SELECT color, size, stock FROM product_stock WHERE product_id = ?1", productId);
const pageOf = (token: string) => new Browser().request(`/pedido/${token}`);
const tokenOf = async (id: string) => (await rows("SELECT token FROM orders WHERE id = ?1", id))[0]!.token as string;

describe("the archival of old orders to R2", () => {
  it("moves old delivered and cancelled orders with their lines; the list, stock, export and checks stay exact", async () => {
    const s = await storeWithOrders();
    const tokens = await Promise.all(s.archivable.map((o) => tokenOf(o.id)));
    // The buyers' names as the route saved them (it strips invisible characters).
    const named = async (o: Order) => (await rows("SELECT buyer_name FROM orders WHERE id = ?1", o.id))[0]!.buyer_name as string;
    const names = await Promise.all(s.archivable.map(named));
    expect(names[2]).toBe("Zoë Núñez");
    expect((await pageOf(tokens[0]!)).status).toBe(200);
    const listBefore = await (await s.browser.request("/api/orders")).json();
    const stockBefore = await stockOf(s.remera.id);
    // A store with fewer than ORDERS_LISTED orders keeps even its old finished ones: the screen lists them all.
    const small = await shop();
    const lone = (await place(small.username, small.remera.id, "Única")).order;
    await move(small.browser, lone.id, "cancelado");
    await backdateOrders([lone.id], 200);

    expect(await archiveOldOrders(env)).toMatchObject({ orders: 4, refused: 0 });
    const ids = (list: Order[]) => list.map((o) => `'${o.id}'`).join(", ");
    expect(await rows(`SELECT id FROM orders WHERE id IN (${ids(s.archivable)})`)).toEqual([]);
    expect((await rows(`SELECT id FROM orders WHERE id IN (${ids(s.kept)})`)).length).toBe(3);
    expect(await rows("SELECT id FROM orders WHERE id = ?1", lone.id)).toEqual([{ id: lone.id }]);
    expect((await rows("SELECT 1 FROM orders WHERE seller_id = ?1", s.user.id)).length).toBe(3 + ORDERS_LISTED);

    // One object a month, under the seller's own prefix, each read back as its summary says.
    const summaries = await rows(
      "SELECT object_key, month, orders, total_sum FROM order_archives WHERE user_id = ?1 ORDER BY month",
      s.user.id,
    );
    expect(summaries.map((r) => r.month)).toEqual([200, 160].map((d) => new Date(Date.now() - d * DAY).toISOString().slice(0, 7)));
    expect(summaries.map((r) => r.orders)).toEqual([2, 2]);
    expect(summaries.reduce((sum, r) => sum + (r.total_sum as number), 0)).toBe(s.archivable.reduce((sum, o) => sum + o.total, 0));
    const listed = await env.DATA.list({ prefix: `archive/${s.user.id}/` });
    expect(listed.objects.map((o) => o.key).sort()).toEqual(summaries.map((r) => r.object_key).sort());
    for (const r of summaries) expect(r.object_key).toMatch(new RegExp(`^archive/${s.user.id}/${r.month}/orders-.+\\.ndjson\\.gz$`));
    const archived = (
      await Promise.all(summaries.map(async (r) => gunzipLines(await (await env.DATA.get(r.object_key as string))!.arrayBuffer())))
    ).flat() as ArchivedOrder[];
    expect(archived.map((o) => o.buyerName).sort()).toEqual([...names].sort());
    expect(archived.every((o) => o.lines[0]?.name === "Remera" && o.lines[0].size === "M" && o.lines[0].quantity === 2)).toBe(true);

    expect(await (await s.browser.request("/api/orders")).json()).toEqual(listBefore);
    expect(await stockOf(s.remera.id)).toEqual(stockBefore);
    expect(await brokenChecks()).toEqual([]);

    // The buyer's page of an archived order answers as for a link that leads nowhere, kindly.
    const page = await pageOf(tokens[0]!);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain(esc(ORDER_PAGE_MISSING));
    expect(html).toContain('lang="es-AR"');
    expect(html).not.toContain(s.archivable[0]!.code);

    // 'Descargar mis datos' lists every order and line, archived ones included, by date.
    const zip = await exportZip(s.user.id);
    const [, ...orderLines] = parseCsv(new TextDecoder().decode(zip["pedidos.csv"]));
    expect(orderLines.length).toBe(7 + ORDERS_LISTED);
    const archivedRows = orderLines.filter((l) => s.archivable.some((o) => o.code === l[0]));
    expect(archivedRows.map((l) => [l[0], l[2], l[3]])).toEqual([
      [s.archivable[0]!.code, "Entregado", names[0]],
      [s.archivable[2]!.code, "Cancelado", names[2]],
      [s.archivable[1]!.code, "Entregado", names[1]],
      [s.archivable[3]!.code, "Cancelado", names[3]],
    ]);
    const [, ...lineRows] = parseCsv(new TextDecoder().decode(zip["lineas-de-pedidos.csv"]));
    expect(lineRows.filter((l) => l[0] === s.archivable[1]!.code)).toEqual([
      [s.archivable[1]!.code, "Remera", "Negro", "M", "2", "ARS", "12500", "25000"],
    ]);

    expect(await archiveOldOrders(env)).toMatchObject({ orders: 0, objects: 0 });
    expect(await brokenChecks()).toEqual([]);
  });

  it("keeps an order whose status changes between its selection and the delete, and takes it as it is next time", async () => {
    const s = await storeWithOrders(["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"]);
    // The first object the run writes is the oldest month's, which holds this order.
    const changed = s.archivable[0]!;
    // Another writer moves the order after the archival read it and wrote its object, before its batch.
    let raced = false;
    const DB = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch")
          return async (statements: D1PreparedStatement[]) => {
            if (!raced) {
              raced = true;
              await target.prepare("UPDATE orders SET status = 'enviado' WHERE id = ?1").bind(changed.id).run();
            }
            return target.batch(statements);
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const first = await archiveOldOrders({ DB, DATA: env.DATA });
    expect(first).toMatchObject({ refused: 1 });
    expect(await rows("SELECT status FROM orders WHERE id = ?1", changed.id)).toEqual([{ status: "enviado" }]);
    // Its object went with the refused batch: no summary, no object.
    const summaries = await rows("SELECT object_key FROM order_archives WHERE user_id = ?1", s.user.id);
    const listed = await env.DATA.list({ prefix: `archive/${s.user.id}/` });
    expect(listed.objects.map((o) => o.key).sort()).toEqual(summaries.map((r) => r.object_key).sort());
    expect(await brokenChecks()).toEqual([]);

    // The next run takes the others; the changed one, open now, stays.
    await archiveOldOrders(env);
    expect(await rows("SELECT status FROM orders WHERE id = ?1", changed.id)).toEqual([{ status: "enviado" }]);
    const left = await rows(`SELECT id FROM orders WHERE id IN (${s.archivable.map((o) => `'${o.id}'`).join(", ")})`);
    expect(left).toEqual([{ id: changed.id }]);
    expect(await brokenChecks()).toEqual([]);
  });

  it("two runs at once archive each order once and leave no object behind", async () => {
    const stores = await Promise.all([storeWithOrders(), storeWithOrders()]);
    const [one, two] = await Promise.all([archiveOldOrders(env, { chunk: 1 }), archiveOldOrders(env, { chunk: 3 })]);
    expect(one!.orders + two!.orders).toBe(8);
    for (const s of stores) {
      const summaries = await rows("SELECT object_key FROM order_archives WHERE user_id = ?1", s.user.id);
      const listed = await env.DATA.list({ prefix: `archive/${s.user.id}/` });
      expect(listed.objects.map((o) => o.key).sort()).toEqual(summaries.map((r) => r.object_key).sort());
      const archived = (
        await Promise.all(summaries.map(async (r) => gunzipLines(await (await env.DATA.get(r.object_key as string))!.arrayBuffer())))
      ).flat();
      expect(archived.map((o) => o.id).sort()).toEqual(s.archivable.map((o) => o.id).sort());
    }
    expect(await brokenChecks()).toEqual([]);
  });

  it("runs on the daily cron with new orders, status changes and generations in flight, and every check passes after", async () => {
    const s = await storeWithOrders();
    await moveCredits(db, { userId: s.user.id, delta: 5000, reason: "purchase", idempotencyKey: `payment:test:${s.user.id}` });
    const oldBatch = await finishedBatch(s.user.id, `${s.user.id}-lote`, ["succeeded", "failed", "cancelled"], { days: 150 });
    for (let i = 0; i < HISTORY_LENGTH; i++) await finishedJob(s.user.id, `${s.user.id}-new-${i}`, "succeeded");
    provider(async (_r, call) => resultBytes(call));
    const balance = await balanceOf(db, s.user.id);
    const [open1, open2] = s.kept;
    const stockBefore = (await stockOf(s.remera.id))[0]!.stock as number;

    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: PURGE_CRON }), env, ctx);
    const [generations, orders] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => s.browser.json("POST", `/api/products/generate-ad/${s.remera.id}`, {}))),
      Promise.all(["Julieta", "Tomás", "Mía"].map((name) => place(s.username, s.remera.id, name))),
      move(s.browser, open1!.id, "pagado", "entregado"),
      move(s.browser, open2!.id, "confirmado"),
      waitOnExecutionContext(ctx),
    ]);
    expect(generations.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(orders.length).toBe(3);
    expect(await rows(`SELECT id FROM orders WHERE id IN (${s.archivable.map((o) => `'${o.id}'`).join(", ")})`)).toEqual([]);
    expect(await rows("SELECT id FROM batch_items WHERE id = ?1", oldBatch[0])).toEqual([]);
    expect(await rows(`SELECT status FROM orders WHERE id IN ('${open1!.id}', '${open2!.id}') ORDER BY status`)).toEqual([
      { status: "confirmado" },
      { status: "entregado" },
    ]);
    // The second open order's confirmation took its two units; the archived orders gave or took nothing.
    expect((await stockOf(s.remera.id))[0]!.stock).toBe(stockBefore - 2);
    expect(await balanceOf(db, s.user.id)).toBe(balance - 3 * 50);
    expect(await brokenChecks()).toEqual([]);
  });

  it("a deleted account's archived orders forget their buyers, as its orders in D1 do", async () => {
    const s = await storeWithOrders();
    await archiveOldOrders(env);
    const keys = (await rows("SELECT object_key FROM order_archives WHERE user_id = ?1", s.user.id)).map((r) => r.object_key as string);
    expect(keys.length).toBe(2);
    expect((await s.browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" })).status).toBe(200);
    const archived = (
      await Promise.all(keys.map(async (key) => gunzipLines(await (await env.DATA.get(key))!.arrayBuffer())))
    ).flat() as ArchivedOrder[];
    expect(archived.length).toBe(4);
    for (const o of archived) {
      expect([o.buyerName, o.buyerPhone, o.note, o.paymentDetails, o.pickupAddress, o.token]).toEqual([null, null, null, null, null, null]);
      expect(o.lines[0]?.name).toBe("Remera");
    }
    expect(await brokenChecks()).toEqual([]);
  });
});
