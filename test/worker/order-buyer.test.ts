import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Order } from "../../common/store-cart";
import { Browser, count } from "./browser";
import { addProducts, seller, setPricing } from "./store-helpers";

interface Created {
  order: Order;
  message: string;
  whatsappUrl: string;
}

async function shop() {
  const s = await seller({ phoneNumber: "+54 9 11 4000-1234" });
  const [remera] = await addProducts(s.browser, ["Remera"]);
  expect((await setPricing(s.browser, [{ id: remera!.id, price: 12500 }])).status).toBe(200);
  return { ...s, remera: remera! };
}

describe("who is buying (issue 14.10)", () => {
  it("keeps the shopper's name, delivery and note, cleaned, in the order, the WhatsApp message and the seller's list", async () => {
    const { browser, username, remera } = await shop();
    const response = await new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId: remera.id, quantity: 1 }],
      buyer: {
        name: "  María\u200B José 👩‍👧\u202E ",
        delivery: "envio",
        address: { street: "Güemes 4321", locality: "Palermo" },
        note: "Timbre 2B\r\n\r\n\r\nDespués de las 18 h\u200F",
      },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Created;
    // Sent by an older cart script: no zone or way to pay (the delivery cost is then agreed).
    const buyer = { name: "María José 👩‍👧", delivery: "envio", note: "Timbre 2B\n\nDespués de las 18 h" };
    expect(created.order.buyer).toEqual(buyer);
    expect(created.message).toContain(
      "Nombre: María José 👩‍👧\nEntrega: Envío a domicilio\nDirección: Güemes 4321, Palermo\nNota del cliente:\n> Timbre 2B\n>\n> Después de las 18 h\n\nPedido #",
    );
    expect(created.message).toContain("Envío: A coordinar con la tienda\n*Total: $12.500 + envío*");
    expect(decodeURIComponent(created.whatsappUrl.split("?text=")[1]!)).toBe(created.message);

    const list = (await (await browser.request("/api/orders")).json()) as { orders: Order[] };
    expect(list.orders.find((o) => o.id === created.order.id)?.buyer).toEqual(buyer);
  });

  it("says 'Retiro en el local' and leaves the note out when there is none", async () => {
    const { username, remera } = await shop();
    const response = await new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId: remera.id, quantity: 2 }],
      buyer: { name: "Lucía", delivery: "retiro", note: "   " },
    });
    const created = (await response.json()) as Created;
    expect(created.order.buyer).toEqual({ name: "Lucía", delivery: "retiro", note: null });
    expect(created.message).toContain(
      "Retiro en el local: Sin costo\n*Total: $25.000*\n\nNombre: Lucía\nEntrega: Retiro en el local\n\nPedido #",
    );
    expect(created.message).not.toContain("Nota del cliente:");
  });

  const refused: [string, unknown, string][] = [
    [
      "an empty name (only invisible characters)",
      { name: "\u200B\u200E ", delivery: "envio" },
      "Escribe tu nombre para que la tienda sepa quién compra.",
    ],
    ["a name too long", { name: "a".repeat(81), delivery: "envio" }, "Tu nombre no puede tener más de 80 caracteres."],
    ["no delivery choice", { name: "Ana" }, "Elige envío a domicilio o retiro en el local."],
    ["an unknown delivery", { name: "Ana", delivery: "drone" }, "Elige envío a domicilio o retiro en el local."],
    ["a note too long", { name: "Ana", delivery: "retiro", note: "n".repeat(301) }, "La nota no puede tener más de 300 caracteres."],
  ];
  for (const [what, buyer, error] of refused) {
    it(`refuses ${what} and saves nothing`, async () => {
      const { username, remera } = await shop();
      const before = await count("orders");
      const response = await new Browser().json("POST", "/api/orders", { username, lines: [{ productId: remera.id, quantity: 1 }], buyer });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
      expect(await count("orders")).toBe(before);
    });
  }

  it("still takes an order without a buyer from a page opened before the cart asked (buyer null)", async () => {
    const { username, remera } = await shop();
    const response = await new Browser().json("POST", "/api/orders", { username, lines: [{ productId: remera.id, quantity: 1 }] });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Created;
    expect(created.order.buyer).toBeNull();
    const row = await env.DB.prepare("SELECT buyer_name, delivery, note FROM orders WHERE id = ?").bind(created.order.id).first();
    expect(row).toEqual({ buyer_name: null, delivery: null, note: null });
  });
});

describe("the buyer's WhatsApp, for the seller's reply", () => {
  const order = async (username: string, productId: string, whatsapp: unknown) =>
    new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId, quantity: 1 }],
      buyer: { name: "Ana Pérez", delivery: "retiro", whatsapp },
    });

  it("is read as the store's country reads numbers (an Argentine mobile typed the local way) and shown as written there", async () => {
    const { browser, username, remera } = await shop();
    const response = await order(username, remera.id, "011 15 2345-6789");
    expect(response.status).toBe(201);
    const created = (await response.json()) as Created;
    const whatsapp = { digits: "5491123456789", label: "+54 9 11 2345-6789" };
    expect(created.order.buyerWhatsapp).toEqual(whatsapp);
    const list = (await (await browser.request("/api/orders")).json()) as { orders: Order[] };
    expect(list.orders.find((o) => o.id === created.order.id)?.buyerWhatsapp).toEqual(whatsapp);
    // A buyer from another country types their own code.
    const uruguay = (await (await order(username, remera.id, "+598 99 123 456")).json()) as Created;
    expect(uruguay.order.buyerWhatsapp).toEqual({ digits: "59899123456", label: "+598 99 123 456" });
  });

  it("is optional, and a number that cannot be dialled is refused with how to write it, saving nothing", async () => {
    const { username, remera } = await shop();
    for (const empty of [undefined, null, "", "   "]) {
      const response = await order(username, remera.id, empty);
      expect(response.status).toBe(201);
      expect(((await response.json()) as Created).order.buyerWhatsapp).toBeNull();
    }
    const before = await count("orders");
    for (const wrong of ["123", "11 2345", "hola", "+54 9 11 2345 6789 0000"]) {
      const response = await order(username, remera.id, wrong);
      expect(response.status, wrong).toBe(400);
      expect(await response.json()).toEqual({
        error: "Revisa tu número de WhatsApp: escríbelo con su código de área, por ejemplo 011 15-2345-6789. También puedes dejarlo vacío.",
      });
    }
    expect(await count("orders")).toBe(before);
  });
});
