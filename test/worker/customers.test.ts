/**
 * 'Clientes': the buyers of a store's orders, each with their orders, what they spent (per currency, cancelled
 * orders left out) and their last order; and a buyer's data erased on their request, never while one of their
 * orders is still on its way.
 */
import { describe, expect, it } from "vitest";
import type { Customer } from "../../common/customers";
import type { Order } from "../../common/store-cart";
import { Browser } from "./browser";
import { addProducts, seller, setPricing } from "./store-helpers";

async function store() {
  const s = await seller({ phoneNumber: "+54 9 11 4000-1234" });
  const [remera] = await addProducts(s.browser, ["Remera"]);
  expect((await setPricing(s.browser, [{ id: remera!.id, price: "12.500" }])).status).toBe(200);
  return { ...s, remera: remera! };
}

async function order(username: string, productId: string, buyer: { name: string; whatsapp?: string }, quantity = 1): Promise<Order> {
  const placed = await new Browser().json("POST", "/api/orders", {
    username,
    lines: [{ productId, quantity }],
    buyer: { name: buyer.name, delivery: "retiro", ...(buyer.whatsapp ? { whatsapp: buyer.whatsapp } : {}) },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  return ((await placed.json()) as { order: Order }).order;
}

async function customers(browser: Browser): Promise<Customer[]> {
  const response = await browser.request("/api/customers");
  expect(response.status).toBe(200);
  return ((await response.json()) as { customers: Customer[] }).customers;
}

const cancel = (browser: Browser, id: string) => browser.json("PUT", `/api/orders/${id}/status`, { status: "cancelado" });

describe("GET /api/customers", () => {
  it("groups orders by the buyer's WhatsApp, else their name, and sums what was not cancelled", async () => {
    const { browser, username, remera } = await store();
    const first = await order(username, remera.id, { name: "Lucía Fernández", whatsapp: "011 15 2345-6789" }, 2);
    const cancelled = await order(username, remera.id, { name: "Lucía F.", whatsapp: "+54 9 11 2345-6789" });
    expect((await cancel(browser, cancelled.id)).status).toBe(200);
    const juan = await order(username, remera.id, { name: "Juan Pérez 😀" });

    const list = await customers(browser);
    expect(list.map((c) => c.name)).toEqual(["Juan Pérez 😀", "Lucía F."]);
    const [j, l] = list;
    expect(j).toMatchObject({ key: "n:juan pérez 😀", whatsapp: null, orders: 1, openOrders: 1, lastOrderCode: juan.code });
    expect(j!.spent).toEqual([{ currency: "ARS", amount: 12500 }]);
    // The same number typed two ways is one buyer; the cancelled order counts as an order, not as money.
    expect(l).toMatchObject({ whatsapp: { digits: "5491123456789", label: "+54 9 11 2345-6789" }, orders: 2, openOrders: 1 });
    expect(l!.spent).toEqual([{ currency: "ARS", amount: 25000 }]);
    expect(first.code).not.toBe(l!.lastOrderCode);
  });

  it("keeps each currency's sum apart after the store changes its money", async () => {
    const { browser, username, remera } = await store();
    await order(username, remera.id, { name: "Ana", whatsapp: "11 5555-1234" });
    expect((await browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" })).status).toBe(200);
    expect((await setPricing(browser, [{ id: remera.id, price: "129,90", published: true }])).status).toBe(200);
    await order(username, remera.id, { name: "Ana", whatsapp: "11 5555-1234" });
    const [ana] = await customers(browser);
    expect(ana!.orders).toBe(2);
    expect(ana!.spent).toEqual([
      { currency: "BRL", amount: 12990 },
      { currency: "ARS", amount: 12500 },
    ]);
  });

  it("answers only the seller's own buyers", async () => {
    const { username, remera } = await store();
    await order(username, remera.id, { name: "Lucía" });
    const other = await store();
    expect(await customers(other.browser)).toEqual([]);
    expect((await new Browser().request("/api/customers")).status).toBe(401);
  });
});

describe("POST /api/customers/forget", () => {
  it("refuses while an order of theirs is in progress, then erases their name, number and address from every order", async () => {
    const { browser, username, remera } = await store();
    const open = await order(username, remera.id, { name: "Lucía", whatsapp: "11 2345-6789" });
    const key = (await customers(browser))[0]!.key;
    const refused = await browser.json("POST", "/api/customers/forget", { key });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "Este cliente tiene pedidos en curso: entrégalos o cancélalos antes de borrar sus datos, así no pierdes su dirección.",
    });
    expect((await cancel(browser, open.id)).status).toBe(200);

    const erased = await browser.json("POST", "/api/customers/forget", { key });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ erased: 1 });
    expect(await customers(browser)).toEqual([]);
    const orders = ((await (await browser.request("/api/orders")).json()) as { orders: Order[] }).orders;
    expect(orders[0]).toMatchObject({ code: open.code, buyer: null, buyerWhatsapp: null, total: 12500 });
    expect((await browser.json("POST", "/api/customers/forget", { key })).status).toBe(404);
  });

  it("finds by the list's key a buyer whose name has capitals and accents and no WhatsApp", async () => {
    const { browser, username, remera } = await store();
    const placed = await order(username, remera.id, { name: "ÁNGELES Ruiz" });
    expect((await cancel(browser, placed.id)).status).toBe(200);
    const [angeles] = await customers(browser);
    expect(angeles!.name).toBe("ÁNGELES Ruiz");
    const erased = await browser.json("POST", "/api/customers/forget", { key: angeles!.key });
    expect(await erased.json()).toEqual({ erased: 1 });
  });

  it("never erases a buyer whose new order lands at the same moment", async () => {
    const { browser, username, remera } = await store();
    const done = await order(username, remera.id, { name: "Lucía", whatsapp: "11 2345-6789" });
    expect((await cancel(browser, done.id)).status).toBe(200);
    const key = (await customers(browser))[0]!.key;
    const [forgot] = await Promise.all([
      browser.json("POST", "/api/customers/forget", { key }),
      order(username, remera.id, { name: "Lucía", whatsapp: "11 2345-6789" }),
    ]);
    const orders = ((await (await browser.request("/api/orders")).json()) as { orders: Order[] }).orders;
    const fresh = orders.find((o) => o.status === "nuevo")!;
    // Whichever came first, the order on its way keeps who to deliver it to.
    expect(fresh.buyer?.name).toBe("Lucía");
    expect([200, 409]).toContain(forgot.status);
  });
});
