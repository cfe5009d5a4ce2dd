import { describe, expect, it } from "vitest";
import type { Order } from "../../common/store-cart";
import { ORDER_PAGE_MISSING } from "../../worker/pages/order-page";
import { Browser } from "./browser";
import { esc } from "../../worker/lib/html";
import { addProducts, seller, setPricing, storeName } from "./store-helpers";
import { REAL_STORE_TRANSFER, realStoreCheckout } from "../fixtures/real-store";

interface Created {
  order: Order;
  orderUrl: string;
}

async function shop(
  payments: unknown = {
    transfer: { alias: "mi.tienda.mp", cbu: "0720429088000002339140", holder: "Ana Pérez" },
    mercadoPago: null,
    cash: true,
  },
) {
  const s = await seller({ storeName: storeName("Ropa Linda"), phoneNumber: "+54 9 11 4000-1234" });
  const saved = await s.browser.json("PUT", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: "Av. Corrientes 1234" },
      shipping: { enabled: true, zones: [{ name: "CABA", cost: 3500 }], freeFrom: null },
    },
    payments,
  });
  expect(saved.status).toBe(200);
  const [remera] = await addProducts(s.browser, ["Remera"]);
  await setPricing(s.browser, [{ id: remera!.id, price: 15000, colors: [{ name: "Negro", sizes: [{ name: "M", stock: 5 }] }] }]);
  return { ...s, remera: remera! };
}

async function place(username: string, productId: string, buyer: Record<string, unknown>) {
  const response = await new Browser().json("POST", "/api/orders", {
    username,
    lines: [{ productId, color: "Negro", size: "M", quantity: 2 }],
    buyer: {
      delivery: "envio",
      zone: "CABA",
      payment: "transferencia",
      whatsapp: "15 2345 6789",
      address: { street: "Av. Corrientes 4567", locality: "Almagro" },
      ...buyer,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Created;
}

/** The page as a shopper opens it: a browser with no session of any kind. */
const open = (path: string) => new Browser().request(path);

describe("the buyer's order page (/pedido/<token>)", () => {
  it("shows the order to whoever holds the link: lines, delivery, total, how to pay and the status; never indexed or cached", async () => {
    const { username, remera } = await shop();
    const { order, orderUrl } = await place(username, remera.id, { name: "María <b>José</b>", note: "Timbre 2B" });
    const response = await open(new URL(orderUrl).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(`Pedido #${order.code}`);
    expect(html).toMatch(/<strong><a href="\/u\/ropalinda[a-z0-9]*">Ropa Linda /);
    expect(html).toContain("Remera (Color: Negro, Talle: M) × 2");
    expect(html).toContain("<dt>Subtotal</dt><dd>$30.000</dd><dt>Envío (CABA)</dt><dd>$3.500</dd>");
    expect(html).toContain('<dd class="grand">$33.500</dd>');
    expect(html).toMatch(
      /<dt>Alias<\/dt><dd><span id="pay-alias">mi\.tienda\.mp<\/span> <button[^>]*>Copiar<span class="sr"> alias<\/span><\/button><\/dd><dt>CBU<\/dt><dd><span id="pay-cbu">0720429088000002339140<\/span> <button[^>]*>Copiar<span class="sr"> CBU<\/span><\/button><\/dd><dt>Titular<\/dt><dd>Ana Pérez<\/dd>/,
    );
    expect(html).toContain("Recibimos tu pedido.");
    expect(html).toContain('aria-current="step"><span>Nuevo');
    // What the shopper typed is text, never markup.
    expect(html).toContain(`a nombre de ${esc("María <b>José</b>")}`);
    expect(html).not.toContain("<b>José</b>");
    expect(html).toContain("Tu nota: Timbre 2B");
    // The buyer's own number is not shown back (it is not needed to follow the order).
    expect(html).not.toContain("91123456789");
  });

  it("follows the seller's moves: paid and sent show as done steps with their dates, a cancel as cancelled", async () => {
    const { browser, username, remera } = await shop();
    const { order, orderUrl } = await place(username, remera.id, { name: "Lucía" });
    for (const status of ["confirmado", "pagado", "enviado"]) {
      expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status })).status).toBe(200);
    }
    const html = await (await open(new URL(orderUrl).pathname)).text();
    expect(html).toContain("Tu pedido está en camino.");
    expect(html.match(/<li class="step done">/g)).toHaveLength(3);
    expect(html).toContain('<li class="step now" aria-current="step"><span>Enviado<small>');
    expect(html).toContain('<li class="step "><span>Entregado</span></li>');
    expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "cancelado" })).status).toBe(200);
    const cancelled = await (await open(new URL(orderUrl).pathname)).text();
    expect(cancelled).toContain("Tu pedido fue cancelado.");
  });

  it("is not found for any other link: a changed character, the order's id or code, no token, a store's orders path", async () => {
    const { username, remera } = await shop();
    const { order, orderUrl } = await place(username, remera.id, { name: "Lucía" });
    const token = new URL(orderUrl).pathname.split("/")[2]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `/pedido/${flipped}`,
      `/pedido/${order.id}`,
      `/pedido/${order.code}`,
      `/pedido/${token.slice(0, 20)}`,
      `/pedido/${token}x`,
    ]) {
      const response = await open(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      const html = await response.text();
      expect(html).toContain(esc(ORDER_PAGE_MISSING));
      expect(html).not.toContain(order.code);
    }
    for (const path of ["/pedido", "/pedido/", `/u/${username}/pedidos`]) expect((await open(path)).status, path).toBe(404);
  });

  it("holds nothing of the store's other orders nor of another seller", async () => {
    const { username, remera } = await shop();
    const first = await place(username, remera.id, { name: "Primera Compradora", note: "Nota de la primera" });
    const second = await place(username, remera.id, { name: "Segunda Compradora" });
    const other = await shop({ transfer: { alias: "otra.tienda", cbu: null, holder: "Otro Titular" }, mercadoPago: null, cash: false });
    const foreign = await place(other.username, other.remera.id, { name: "Compradora Ajena" });
    const html = await (await open(new URL(first.orderUrl).pathname)).text();
    for (const secret of [
      second.order.code,
      "Segunda Compradora",
      second.order.link,
      foreign.order.code,
      "Compradora Ajena",
      "otra.tienda",
      "Otro Titular",
      foreign.order.link,
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    expect(html).toContain("Primera Compradora");
    // The store page lists no orders either.
    const store = await (await open(`/u/${username}`)).text();
    for (const secret of [first.order.code, first.order.link, "Primera Compradora"]) expect(store).not.toContain(secret);
  });

  it("of a delivered order is gone once the seller deletes the account (open orders keep theirs: deleted-store-orders.test.ts)", async () => {
    const s = await shop();
    const { order, orderUrl } = await place(s.username, s.remera.id, { name: "Lucía" });
    for (const status of ["confirmado", "enviado", "entregado"]) {
      expect((await s.browser.json("PUT", `/api/orders/${order.id}/status`, { status })).status).toBe(200);
    }
    expect((await open(new URL(orderUrl).pathname)).status).toBe(200);
    expect((await s.browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" })).status).toBe(200);
    expect((await open(new URL(orderUrl).pathname)).status).toBe(404);
  });
});

/**
 * What a page that asks for money shows, for a test to look for before the order dies and to miss after: the Mercado
 * Pago link and its button, the transfer's alias and account number with their 'Copiar', a Pix code and its QR.
 */
const MONEY_ASKED = [
  "mpago.la",
  "Pagar con Mercado Pago",
  "Pagar com Mercado Pago",
  REAL_STORE_TRANSFER.alias,
  REAL_STORE_TRANSFER.cbu,
  "data-copy",
  ">Copiar<",
  "Pix copia e cola",
  "000201",
  '<svg role="img"',
  "<script",
];
const asksForMoney = (html: string) => MONEY_ASKED.filter((text) => html.includes(text));

/** An Argentine store as its seller sets it up (the real store: transfer, Mercado Pago and cash) with one product. */
async function argentineStore() {
  const s = await seller({ storeName: storeName("Ropa del Sur"), phoneNumber: "+54 9 11 4000-1234" });
  expect((await s.browser.json("PUT", "/api/checkout-settings", realStoreCheckout())).status).toBe(200);
  const [remera] = await addProducts(s.browser, ["Remera"]);
  await setPricing(s.browser, [{ id: remera!.id, price: "12.500", sizes: [{ name: "M", stock: 5 }] }]);
  const order = async (payment: string) => {
    const response = await new Browser().json("POST", "/api/orders", {
      username: s.username,
      lines: [{ productId: remera!.id, size: "M", quantity: 1 }],
      buyer: { name: "Lucía Fernández", delivery: "retiro", payment, whatsapp: "11 5555-1234" },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Created;
  };
  return { ...s, order };
}

/** A Brazilian store that takes Pix, in reais and Portuguese, with one product priced as its seller types it. */
async function brazilianStore() {
  const s = await seller({ storeName: storeName("Loja da Ana"), phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
  expect((await s.browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" })).status).toBe(200);
  const saved = await s.browser.json("PUT", "/api/checkout-settings", {
    delivery: { pickup: { enabled: true, address: "Rua Augusta 1234" }, shipping: { enabled: false, zones: [], freeFrom: null } },
    payMethods: [{ kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" }],
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const [camiseta] = await addProducts(s.browser, ["Camiseta"]);
  const priced = await setPricing(s.browser, [{ id: camiseta!.id, price: "129,90", sizes: [{ name: "M", stock: 5 }], published: true }]);
  expect(priced.status, await priced.clone().text()).toBe(200);
  const order = async () => {
    const response = await new Browser().json("POST", "/api/orders", {
      username: s.username,
      lines: [{ productId: camiseta!.id, size: "M", quantity: 2 }],
      buyer: { name: "João Ñúñez 🌸", delivery: "retiro", payment: "pix", whatsapp: null },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Created;
  };
  return { ...s, order };
}

describe("a cancelled order's page asks for no money", () => {
  it("in an Argentine store: no Mercado Pago link, no alias or CBU, no 'Copiar'; it says why, cancelled before or after confirming", async () => {
    const store = await argentineStore();
    const byLink = await store.order("mercadopago");
    const byTransfer = await store.order("transferencia");
    const page = async (created: Created) => (await open(new URL(created.orderUrl).pathname)).text();
    // While open, each page asks for its money.
    expect(asksForMoney(await page(byLink))).toEqual(["mpago.la", "Pagar con Mercado Pago"]);
    expect(asksForMoney(await page(byTransfer))).toEqual(
      expect.arrayContaining([REAL_STORE_TRANSFER.alias, REAL_STORE_TRANSFER.cbu, "data-copy", ">Copiar<", "<script"]),
    );

    expect((await store.browser.json("PUT", `/api/orders/${byLink.order.id}/status`, { status: "cancelado" })).status).toBe(200);
    for (const status of ["confirmado", "cancelado"]) {
      expect((await store.browser.json("PUT", `/api/orders/${byTransfer.order.id}/status`, { status })).status).toBe(200);
    }
    for (const created of [byLink, byTransfer]) {
      const html = await page(created);
      expect(asksForMoney(html)).toEqual([]);
      expect(html).toContain("Tu pedido fue cancelado.");
      expect(html).toContain(
        "Este pedido fue cancelado, así que no hay nada que pagar. Si ya habías pagado, escríbele a la tienda por WhatsApp.",
      );
      // What was ordered, and the store's WhatsApp, stay.
      expect(html).toContain("Remera (Talle: M) × 1");
      expect(html).toContain('href="https://wa.me/5491140001234?text=');
    }
  });

  it("in a Brazilian store: no Pix code, no QR, no 'Copiar'; it says why in Portuguese", async () => {
    const store = await brazilianStore();
    const created = await store.order();
    const path = new URL(created.orderUrl).pathname;
    expect(asksForMoney(await (await open(path)).text())).toEqual(
      expect.arrayContaining(["Pix copia e cola", "000201", '<svg role="img"', "data-copy", ">Copiar<", "<script"]),
    );
    expect((await store.browser.json("PUT", `/api/orders/${created.order.id}/status`, { status: "cancelado" })).status).toBe(200);
    const html = await (await open(path)).text();
    expect(asksForMoney(html)).toEqual([]);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Este pedido foi cancelado, então não há nada a pagar. Se você já tinha pagado, fale com a loja pelo WhatsApp.");
    expect(html).toContain("R$\u00a0259,80");
    expect(html).not.toContain("no hay nada que pagar");
  });
});
