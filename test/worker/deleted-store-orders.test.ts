/**
 * A seller deletes their account while buyers still wait: each open order (not delivered nor cancelled)
 * keeps its page, reached by its private link, with the store's name and WhatsApp, for
 * KEPT_ORDER_PAGE_DAYS; the other orders keep only their accounting data at once, and so do the open
 * ones when that time is up (the page is refused from then on, and the cron forgets the rest).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { KEPT_ORDER_PAGE_DAYS } from "../../common/order-status";
import type { Order } from "../../common/store-cart";
import { database } from "../../worker/db/client";
import { forgetExpiredOrderPages } from "../../worker/lib/account-deletion";
import { ORDER_PAGE_MISSING } from "../../worker/pages/order-page";
import { Browser, register } from "./browser";
import { addProducts, openStore, setPricing } from "./store-helpers";
import { REAL_STORE_TRANSFER, realStoreCheckout } from "../fixtures/real-store";

const DAY_MS = 24 * 60 * 60 * 1000;

async function shopWithOrders() {
  const browser = new Browser();
  const { password, user } = await register(browser);
  const store = await openStore(browser, { storeName: "Ropa de Ñandú 🧵", phoneNumber: "+54 9 11 4000-1234" });
  const saved = await browser.json("PUT", "/api/checkout-settings", {
    delivery: { pickup: { enabled: true, address: "Av. Corrientes 1234" }, shipping: { enabled: false, zones: [], freeFrom: null } },
    payments: { transfer: { alias: "nandu.ropa.mp", cbu: "0720429088000002339140", holder: "Ana Pérez" }, mercadoPago: null, cash: false },
  });
  expect(saved.status).toBe(200);
  const [remera] = await addProducts(browser, ["Remera"]);
  await setPricing(browser, [{ id: remera!.id, price: "15.000", sizes: [{ name: "M", stock: 10 }] }]);
  const place = async (buyer: string, moves: string[]) => {
    const response = await new Browser().json("POST", "/api/orders", {
      username: store.username,
      lines: [{ productId: remera!.id, size: "M", quantity: 1 }],
      buyer: { name: buyer, delivery: "retiro", payment: "transferencia", whatsapp: "11 2345-6789", note: "Paso a la tarde" },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order, orderUrl } = (await response.json()) as { order: Order; orderUrl: string };
    for (const status of moves) expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status })).status).toBe(200);
    return { order, path: new URL(orderUrl).pathname };
  };
  const paid = await place("Lucía Gómez", ["confirmado", "pagado"]);
  const waiting = await place("Martín Sosa", []);
  const delivered = await place("Sofía Núñez", ["confirmado", "pagado", "listo", "entregado"]);
  const cancelled = await place("Tomás Díaz", ["cancelado"]);
  const deleted = await browser.json("DELETE", "/api/auth/account", { password });
  expect(deleted.status, await deleted.clone().text()).toBe(200);
  return { user, paid, waiting, delivered, cancelled };
}

const open = (path: string) => new Browser().request(path);
const orderRow = (id: string) => env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(id).first<Record<string, unknown>>();

describe("a deleted store's orders", () => {
  it("a paid order not yet delivered keeps its page with the store's name and WhatsApp; delivered and cancelled ones keep only their accounts", async () => {
    const before = Date.now();
    const { paid, waiting, delivered, cancelled } = await shopWithOrders();

    for (const open_ of [paid, waiting]) {
      const response = await open(open_.path);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      const html = await response.text();
      expect(html).toContain(`Pedido #${open_.order.code}`);
      expect(html).toContain("Ropa de Ñandú 🧵");
      expect(html).toContain("La tienda cerró su cuenta");
      expect(html).toContain('href="https://wa.me/5491140001234?text=');
      // What was ordered stays; the store's bank account does not: nobody should pay a store that closed.
      expect(html).toContain("Remera (Talle: M) × 1");
      for (const asked of ["nandu.ropa.mp", "0720429088000002339140", "Ana Pérez", "data-copy", ">Copiar<", "<script"]) {
        expect(html, asked).not.toContain(asked);
      }
      expect(html).toContain("La tienda cerró su cuenta: no envíes pagos por este pedido. Si ya habías pagado, escríbele por WhatsApp.");
      // No link to a store that no longer exists.
      expect(html).not.toContain('href="/u/');
    }
    expect(await (await open(paid.path)).text()).toContain("Recibimos tu pago.");

    const kept = await orderRow(paid.order.id);
    expect(kept).toMatchObject({ kept_store_name: "Ropa de Ñandú 🧵", kept_store_phone: "+54 91140001234", buyer_name: "Lucía Gómez" });
    expect(kept!.kept_until as number).toBeGreaterThanOrEqual(before + KEPT_ORDER_PAGE_DAYS * DAY_MS);
    expect(kept!.kept_until as number).toBeLessThanOrEqual(Date.now() + KEPT_ORDER_PAGE_DAYS * DAY_MS);

    for (const closed of [delivered, cancelled]) {
      const response = await open(closed.path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(ORDER_PAGE_MISSING);
      expect(await orderRow(closed.order.id)).toMatchObject({
        code: closed.order.code,
        total: 15000,
        buyer_name: null,
        buyer_phone: null,
        note: null,
        payment_details: null,
        pickup_address: null,
        token: null,
        kept_store_phone: null,
        kept_until: null,
      });
    }
    expect(JSON.parse((await orderRow(delivered.order.id))!.lines as string)).toEqual([
      expect.objectContaining({ name: "Remera", size: "M", quantity: 1, unitPrice: 15000 }),
    ]);
  });

  it("once the kept days are over the page is gone at once, and the cron keeps only the accounting data", async () => {
    const { paid, waiting } = await shopWithOrders();
    // Nothing is forgotten before its time.
    expect(await forgetExpiredOrderPages(database(env.DB))).toBe(0);
    expect((await open(paid.path)).status).toBe(200);

    // The paid order's time is up (the cron has not run yet): its page is refused already.
    await env.DB.prepare("UPDATE orders SET kept_until = ? WHERE id = ?")
      .bind(Date.now() - 1000, paid.order.id)
      .run();
    expect((await open(paid.path)).status).toBe(404);
    expect((await open(waiting.path)).status).toBe(200);

    expect(await forgetExpiredOrderPages(database(env.DB))).toBe(1);
    expect(await orderRow(paid.order.id)).toMatchObject({
      status: "pagado",
      total: 15000,
      buyer_name: null,
      buyer_phone: null,
      payment_details: null,
      token: null,
      kept_store_name: null,
      kept_store_phone: null,
      kept_until: null,
    });
    // The other one keeps its page until its own time: KEPT_ORDER_PAGE_DAYS from the deletion.
    expect(await forgetExpiredOrderPages(database(env.DB), Date.now() + (KEPT_ORDER_PAGE_DAYS - 1) * DAY_MS)).toBe(0);
    expect((await orderRow(waiting.order.id))!.token).not.toBeNull();
    await forgetExpiredOrderPages(database(env.DB), Date.now() + (KEPT_ORDER_PAGE_DAYS + 1) * DAY_MS);
    expect(await orderRow(waiting.order.id)).toMatchObject({ status: "nuevo", buyer_name: null, token: null, kept_until: null });
    expect((await open(waiting.path)).status).toBe(404);
  });

  it("a Brazilian store's kept order page reads in Portuguese and reais, as the order was placed, and shows no Pix code any more", async () => {
    const browser = new Browser();
    const { password, user } = await register(browser);
    const store = await openStore(browser, { storeName: "Loja da Ana", phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
    await env.DB.prepare("UPDATE users SET store_currency = 'BRL', store_locale = 'pt-BR' WHERE id = ?").bind(user.id).run();
    const saved = await browser.json("PUT", "/api/checkout-settings", {
      delivery: { pickup: { enabled: true, address: "Rua Augusta 1234" }, shipping: { enabled: false, zones: [], freeFrom: null } },
      payMethods: [{ kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" }],
    });
    expect(saved.status).toBe(200);
    const [camiseta] = await addProducts(browser, ["Camiseta"]);
    const priced = await setPricing(browser, [{ id: camiseta!.id, price: "129,90", sizes: [{ name: "M", stock: 3 }], published: true }]);
    expect(priced.status, await priced.clone().text()).toBe(200);
    const placed = await new Browser().json("POST", "/api/orders", {
      username: store.username,
      lines: [{ productId: camiseta!.id, size: "M", quantity: 2 }],
      buyer: { name: "João Ñúñez", delivery: "retiro", payment: "pix" },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, orderUrl } = (await placed.json()) as { order: Order; orderUrl: string };
    expect((await orderRow(order.id))!.locale).toBe("pt-BR");
    // Open and never confirmed: while the store sells, the page asks for the Pix.
    const PIX = ["Pix copia e cola", "000201", "vendas@lojadaana.com.br", '<svg role="img"', "data-copy", ">Copiar<", "<script"];
    const before = await (await open(new URL(orderUrl).pathname)).text();
    expect(PIX.filter((text) => before.includes(text))).toEqual(PIX);
    const deleted = await browser.json("DELETE", "/api/auth/account", { password });
    expect(deleted.status, await deleted.clone().text()).toBe(200);

    const response = await open(new URL(orderUrl).pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Loja da Ana");
    expect(html).toContain("A loja encerrou a conta");
    expect(html).toContain("R$\u00a0259,80");
    expect(html).toContain("Camiseta (Tamanho: M)");
    expect(html).not.toContain("Talle");
    expect(html).not.toContain("La tienda cerró su cuenta");
    expect(PIX.filter((text) => html.includes(text))).toEqual([]);
    expect(html).toContain(
      "A loja encerrou a conta: não envie pagamentos para este pedido. Se você já tinha pagado, fale com ela pelo WhatsApp.",
    );
  });

  it("an Argentine store's open order that would be paid by Mercado Pago shows no payment link once the store is gone", async () => {
    const browser = new Browser();
    const { password } = await register(browser);
    const store = await openStore(browser, { storeName: "Ropa del Sur", phoneNumber: "+54 9 11 4000-1234" });
    expect((await browser.json("PUT", "/api/checkout-settings", realStoreCheckout())).status).toBe(200);
    const [remera] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: remera!.id, price: "12.500", sizes: [{ name: "M", stock: 10 }] }]);
    const placed = await new Browser().json("POST", "/api/orders", {
      username: store.username,
      lines: [{ productId: remera!.id, size: "M", quantity: 1 }],
      buyer: { name: "Martín Sosa", delivery: "retiro", payment: "mercadopago", whatsapp: "+54 9 11 5555-1234" },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const path = new URL(((await placed.json()) as { orderUrl: string }).orderUrl).pathname;
    expect(await (await open(path)).text()).toContain('href="https://mpago.la/2aBcD3"');
    expect((await browser.json("DELETE", "/api/auth/account", { password })).status).toBe(200);
    const html = await (await open(path)).text();
    for (const asked of ["mpago.la", "Pagar con Mercado Pago", REAL_STORE_TRANSFER.alias, REAL_STORE_TRANSFER.cbu]) {
      expect(html, asked).not.toContain(asked);
    }
    expect(html).toContain("La tienda cerró su cuenta: no envíes pagos por este pedido.");
    expect(html).toContain("Recibimos tu pedido.");
  });
});
