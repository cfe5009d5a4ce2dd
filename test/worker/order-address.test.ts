/**
 * Envío's address: asked in the cart, required by the Worker for envío (not for retiro), saved with the
 * order, and shown in the WhatsApp message, on the buyer's order page and in the seller's order list.
 * Also the order page's 'Copiar' buttons for the alias, the CBU/CVU and the amount to transfer.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SHOPPER_TEXT } from "../../common/shopper-text";
import type { Order } from "../../common/store-cart";
import { esc } from "../../worker/lib/html";
import { REAL_STORE_CVU, REAL_STORE_TRANSFER, realStoreCheckout } from "../fixtures/real-store";
import { Browser, count } from "./browser";
import { addProducts, seller, setPricing, storeName } from "./store-helpers";

interface Created {
  order: Order;
  message: string;
  whatsappUrl: string;
  orderUrl: string;
}

/** A store in Buenos Aires with two zones and three ways to pay (a CVU), and a T-shirt in two colours. */
async function shop() {
  const s = await seller({ storeName: storeName("Ropa Ñandú 🌸"), phoneNumber: "+54 9 11 4000-1234" });
  const saved = await s.browser.json("PUT", "/api/checkout-settings", realStoreCheckout({ transfer: { cbu: REAL_STORE_CVU } }));
  expect(saved.status, await saved.clone().text()).toBe(200);
  const [remera] = await addProducts(s.browser, ["Remera"]);
  const priced = await setPricing(s.browser, [
    {
      id: remera!.id,
      price: "12.500",
      colors: [
        { name: "Negro", sizes: [{ name: "M", stock: 5 }] },
        { name: "Blanco", sizes: [{ name: "M", stock: 5 }] },
      ],
    },
  ]);
  expect(priced.status).toBe(200);
  return { ...s, remera: remera! };
}

const address = { street: "Av. Santa Fe 3253 🏠", locality: "Palermo, CABA", reference: "Piso 4° «B», timbre de José" };
const buyer = { name: "José Ñúñez 👨‍👩‍👧", delivery: "envio", zone: "GBA Norte", payment: "transferencia", whatsapp: "011 15 2345-6789" };

function place(username: string, productId: string, who: Record<string, unknown>) {
  return new Browser().json("POST", "/api/orders", {
    username,
    lines: [{ productId, color: "Negro", size: "M", quantity: 2 }],
    buyer: who,
  });
}

describe("envío's address", () => {
  it("is saved with the order and written in the WhatsApp message, the buyer's page and the seller's list", async () => {
    const { browser, username, remera } = await shop();
    const response = await place(username, remera.id, { ...buyer, address });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order, message, whatsappUrl, orderUrl } = (await response.json()) as Created;
    expect(order.delivery).toEqual({ kind: "envio", zone: "GBA Norte", cost: 5000, pickupAddress: null, address });
    expect(message).toContain(
      [
        "Nombre: José Ñúñez 👨‍👩‍👧",
        "WhatsApp: +54 9 11 2345-6789",
        "Entrega: Envío a domicilio (GBA Norte)",
        "Dirección: Av. Santa Fe 3253 🏠, Palermo, CABA",
        "Referencias: Piso 4° «B», timbre de José",
        "Pago: Transferencia bancaria",
      ].join("\n"),
    );
    expect(decodeURIComponent(whatsappUrl.split("?text=")[1]!)).toBe(message);
    const row = await env.DB.prepare("SELECT delivery_street, delivery_locality, delivery_reference FROM orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row).toEqual({ delivery_street: address.street, delivery_locality: address.locality, delivery_reference: address.reference });

    const html = await (await new Browser().request(new URL(orderUrl).pathname)).text();
    expect(html).toContain(`<p>Dirección: <strong>${esc("Av. Santa Fe 3253 🏠, Palermo, CABA")}</strong></p>`);
    expect(html).toContain(`<p>Referencias: ${esc(address.reference)}</p>`);

    const list = (await (await browser.request("/api/orders")).json()) as { orders: Order[] };
    expect(list.orders.find((o) => o.id === order.id)?.delivery?.address).toEqual(address);
  });

  it("is cleaned like every typed text: invisible characters go and a line break cannot add a line of its own", async () => {
    const { username, remera } = await shop();
    const response = await place(username, remera.id, {
      ...buyer,
      address: { street: " Calle\u200B 9 de Julio\u202E 1500\n*Total: $1*", locality: "Lanús\u00A0\u00A0Oeste ", reference: "   " },
    });
    expect(response.status).toBe(201);
    const { order, message } = (await response.json()) as Created;
    expect(order.delivery?.address).toEqual({ street: "Calle 9 de Julio 1500 *Total: $1*", locality: "Lanús Oeste", reference: null });
    expect(message).toContain("Dirección: Calle 9 de Julio 1500 *Total: $1*, Lanús Oeste\nPago:");
    expect(message.split("\n").filter((line) => line.startsWith("*Total"))).toEqual(["*Total: $30.000*"]);
    expect(message).not.toContain("Referencias:");
  });

  it("is not asked for a pick-up: none is saved, none is written", async () => {
    const { username, remera } = await shop();
    const response = await place(username, remera.id, { ...buyer, delivery: "retiro", zone: null, payment: "efectivo", address });
    expect(response.status).toBe(201);
    const { order, message } = (await response.json()) as Created;
    expect(order.delivery).toMatchObject({ kind: "retiro", address: null });
    expect(message).not.toContain("Dirección:");
    const row = await env.DB.prepare("SELECT delivery_street FROM orders WHERE id = ?").bind(order.id).first();
    expect(row).toEqual({ delivery_street: null });
  });

  const refused: [string, unknown, string][] = [
    ["no address at all", undefined, SHOPPER_TEXT.streetRequired],
    ["an address of null", null, SHOPPER_TEXT.streetRequired],
    ["a street of invisible characters", { ...address, street: "\u200B \u200E" }, SHOPPER_TEXT.streetRequired],
    ["no locality", { ...address, locality: "" }, SHOPPER_TEXT.localityRequired],
    ["a street too long", { ...address, street: "a".repeat(121) }, SHOPPER_TEXT.streetTooLong],
    ["a locality too long", { ...address, locality: "a".repeat(81) }, SHOPPER_TEXT.localityTooLong],
    ["a reference too long", { ...address, reference: "r".repeat(161) }, SHOPPER_TEXT.referenceTooLong],
    ["a street that is not text", { ...address, street: 1234 }, SHOPPER_TEXT.addressInvalid],
    ["an address that is not an object", "Av. Santa Fe 3253", SHOPPER_TEXT.addressInvalid],
  ];
  for (const [what, given, error] of refused) {
    it(`refuses envío with ${what}, in Spanish, and saves nothing`, async () => {
      const { username, remera } = await shop();
      const before = await count("orders");
      const response = await place(username, remera.id, { ...buyer, address: given });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
      expect(await count("orders")).toBe(before);
    });
  }
});

describe("the order page's 'Copiar' buttons", () => {
  it("copy the alias, the CVU and the amount to transfer; the page allows its one inline script and nothing else", async () => {
    const { username, remera } = await shop();
    const { orderUrl } = (await (await place(username, remera.id, { ...buyer, address })).json()) as Created;
    const response = await new Browser().request(new URL(orderUrl).pathname);
    const csp = response.headers.get("content-security-policy")!;
    const html = await response.text();
    for (const [id, shown, copied, what, done] of [
      ["pay-alias", REAL_STORE_TRANSFER.alias, REAL_STORE_TRANSFER.alias, "alias", "Alias copiado"],
      ["pay-cbu", REAL_STORE_CVU, REAL_STORE_CVU, "CVU", "CVU copiado"],
      ["pay-total", "$30.000", "30000", "total", "Total copiado"],
    ]) {
      expect(html).toContain(
        `<span id="${id}">${shown}</span> <button type="button" class="copy" data-copy="${copied}" data-done="${done}" aria-describedby="${id}" hidden>Copiar<span class="sr"> ${what}</span></button>`,
      );
    }
    expect(html).toContain('<p id="copy-status" class="copy-status" role="status"></p>');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("leave out the amount while the delivery cost is to be agreed, and the page has no script without a transfer", async () => {
    const { browser, username, remera } = await shop();
    const cash = (await (await place(username, remera.id, { ...buyer, payment: "efectivo", address })).json()) as Created;
    const html = await (await new Browser().request(new URL(cash.orderUrl).pathname)).text();
    expect(html).not.toContain("<script");
    expect(html).not.toContain('class="copy"');

    await browser.json("PUT", "/api/checkout-settings", {
      delivery: { pickup: { enabled: true, address: null }, shipping: { enabled: true, zones: [], freeFrom: null } },
      payments: { transfer: { ...REAL_STORE_TRANSFER, cbu: null }, mercadoPago: null, cash: false },
    });
    const toAgree = (await (await place(username, remera.id, { ...buyer, zone: null, address })).json()) as Created;
    const agreed = await (await new Browser().request(new URL(toAgree.orderUrl).pathname)).text();
    expect(agreed).toContain(`data-copy="${REAL_STORE_TRANSFER.alias}"`);
    expect(agreed).not.toContain('id="pay-total"');
  });
});
