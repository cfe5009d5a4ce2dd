import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ALIAS_INVALID, CBU_WRONG_CHECK } from "../../common/bank-account";
import { CHOOSE_ZONE, NO_PICKUP } from "../../common/checkout";
import { MERCADOPAGO_LINK_INVALID } from "../../common/mercado-pago-link";
import type { Order } from "../../common/store-cart";
import { HOLDER_REQUIRED, NO_DELIVERY, TRANSFER_NEEDS_ACCOUNT } from "../../worker/routes/checkout-settings";
import { buyerWhatsappInvalid, CHOOSE_PAYMENT, PAYMENT_NOT_OFFERED, ZONE_NOT_OFFERED } from "../../worker/routes/orders";
import { Browser, count } from "./browser";
import { addProducts, seller, setPricing, storeData } from "./store-helpers";

interface Created {
  order: Order;
  message: string;
  whatsappUrl: string;
  orderUrl: string;
}

const settings = {
  delivery: {
    pickup: { enabled: true, address: "Av. Corrientes 1234, local 5 (CABA)" },
    shipping: {
      enabled: true,
      zones: [
        { name: "CABA", cost: "3.500" },
        { name: "GBA Norte", cost: 5000 },
        { name: "Resto del país", cost: "9.000" },
      ],
      freeFrom: "50.000",
    },
  },
  payments: {
    transfer: { alias: "mi.tienda.mp", cbu: "0000003110003456789128", holder: "Ana Pérez" },
    mercadoPago: { link: "https://mpago.la/2aBcD3" },
    cash: true,
  },
};

/** A store in Buenos Aires with zones, a threshold and three ways to pay, and a product at $20.000. */
async function shop() {
  const s = await seller({ phoneNumber: "+54 9 11 4000-1234" });
  const saved = await s.browser.json("PUT", "/api/checkout-settings", settings);
  expect(saved.status, await saved.clone().text()).toBe(200);
  const [remera] = await addProducts(s.browser, ["Remera"]);
  expect((await setPricing(s.browser, [{ id: remera!.id, price: 20000, sizes: [{ name: "M", stock: 10 }] }])).status).toBe(200);
  return { ...s, remera: remera! };
}

const buyer = {
  name: "Lucía Gómez",
  delivery: "envio",
  zone: "CABA",
  payment: "transferencia",
  whatsapp: "011 15 2345-6789",
  address: { street: "Av. Corrientes 4567", locality: "Almagro", reference: null },
};

async function place(username: string, productId: string, quantity: number, who: Record<string, unknown> = buyer, extra = {}) {
  return new Browser().json("POST", "/api/orders", { username, lines: [{ productId, size: "M", quantity }], buyer: who, ...extra });
}

describe("'Entrega y pagos': the seller's settings", () => {
  it("saves zones and costs typed as prices, the threshold, the alias with dots and a CVU; reads them back", async () => {
    const { browser } = await shop();
    const read = (await (await browser.request("/api/checkout-settings")).json()) as typeof settings;
    expect(read.delivery.shipping).toEqual({
      enabled: true,
      zones: [
        { name: "CABA", cost: 3500 },
        { name: "GBA Norte", cost: 5000 },
        { name: "Resto del país", cost: 9000 },
      ],
      freeFrom: 50000,
    });
    expect(read.payments.transfer).toEqual({ alias: "mi.tienda.mp", cbu: "0000003110003456789128", holder: "Ana Pérez" });
  });

  it("starts as before for a store that never set them: envío or retiro, nothing to pay with listed", async () => {
    const { browser } = await seller();
    expect(await (await browser.request("/api/checkout-settings")).json()).toEqual({
      delivery: { pickup: { enabled: true, address: null }, shipping: { enabled: true, zones: [], freeFrom: null } },
      payments: { transfer: null, mercadoPago: null, cash: false },
      payMethods: [],
      countryPayMethods: ["ar_transfer", "mercadopago", "cash"],
      country: "AR",
      money: { currency: "ARS", locale: "es-AR", digits: 0, tight: true },
    });
  });

  const refused: [string, (s: typeof settings) => unknown, string][] = [
    [
      "a CBU with a wrong check digit",
      (s) => ({ ...s, payments: { ...s.payments, transfer: { ...s.payments.transfer, cbu: "2850590940090418135202" } } }),
      CBU_WRONG_CHECK,
    ],
    [
      "an alias with spaces",
      (s) => ({ ...s, payments: { ...s.payments, transfer: { ...s.payments.transfer, alias: "mi tienda" } } }),
      ALIAS_INVALID,
    ],
    [
      "a transfer without alias or CBU",
      (s) => ({ ...s, payments: { ...s.payments, transfer: { alias: "", cbu: " ", holder: "Ana" } } }),
      TRANSFER_NEEDS_ACCOUNT,
    ],
    [
      "a transfer without holder",
      (s) => ({ ...s, payments: { ...s.payments, transfer: { ...s.payments.transfer, holder: "\u200b " } } }),
      HOLDER_REQUIRED,
    ],
    [
      "a payment link that is not Mercado Pago's",
      (s) => ({ ...s, payments: { ...s.payments, mercadoPago: { link: "https://mercadopago.com.ar.pagos.example/x" } } }),
      MERCADOPAGO_LINK_INVALID,
    ],
    [
      "a zone cost with cents",
      (s) => ({ ...s, delivery: { ...s.delivery, shipping: { ...s.delivery.shipping, zones: [{ name: "CABA", cost: "3.500,50" }] } } }),
      "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500.",
    ],
    [
      "two zones with one name",
      (s) => ({
        ...s,
        delivery: {
          ...s.delivery,
          shipping: {
            ...s.delivery.shipping,
            zones: [
              { name: "CABA", cost: 1 },
              { name: "caba ", cost: 2 },
            ],
          },
        },
      }),
      "Hay zonas de envío con el mismo nombre.",
    ],
    [
      "neither envío nor retiro",
      (s) => ({ ...s, delivery: { pickup: { enabled: false, address: null }, shipping: { ...s.delivery.shipping, enabled: false } } }),
      NO_DELIVERY,
    ],
  ];
  for (const [what, change, error] of refused) {
    it(`refuses ${what} with its reason and keeps what was saved`, async () => {
      const { browser } = await shop();
      const response = await browser.json("PUT", "/api/checkout-settings", change(settings));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
      const read = (await (await browser.request("/api/checkout-settings")).json()) as { payments: { transfer: { cbu: string } } };
      expect(read.payments.transfer.cbu).toBe("0000003110003456789128");
    });
  }

  it("completes a Mercado Pago link typed without https:// and refuses a country where Mercado Pago has no site", async () => {
    const { browser } = await shop();
    const typed = await browser.json("PUT", "/api/checkout-settings", {
      ...settings,
      payments: { ...settings.payments, mercadoPago: { link: " mpago.la/2xYz9Ab " } },
    });
    expect(typed.status, await typed.clone().text()).toBe(200);
    expect(((await typed.json()) as typeof settings).payments.mercadoPago).toEqual({ link: "https://mpago.la/2xYz9Ab" });
    const read = (await (await browser.request("/api/checkout-settings")).json()) as typeof settings;
    expect(read.payments.mercadoPago).toEqual({ link: "https://mpago.la/2xYz9Ab" });
    for (const link of ["https://mercadopago.com.de/pagar", "link.mercadopago.com.es/tienda", "http://mpago.la/2xYz9Ab"]) {
      const refused = await browser.json("PUT", "/api/checkout-settings", {
        ...settings,
        payments: { ...settings.payments, mercadoPago: { link } },
      });
      expect(refused.status, link).toBe(400);
      expect(await refused.json()).toEqual({ error: MERCADOPAGO_LINK_INVALID });
    }
  });

  it("is the seller's alone: no session, no settings", async () => {
    expect((await new Browser().request("/api/checkout-settings")).status).toBe(401);
    expect((await new Browser().json("PUT", "/api/checkout-settings", settings)).status).toBe(401);
  });
});

describe("what the store's pages tell the cart", () => {
  it("the zones, the threshold and the ways to pay, never the pick-up address nor the details to pay with", async () => {
    const { username, remera } = await shop();
    for (const path of [`/u/${username}`, `/u/${username}/p/${remera.id}`]) {
      const html = await (await new Browser().request(path)).text();
      expect(storeData(html).checkout).toEqual({
        delivery: {
          pickup: { enabled: true, address: null },
          shipping: {
            enabled: true,
            zones: [
              { name: "CABA", cost: 3500 },
              { name: "GBA Norte", cost: 5000 },
              { name: "Resto del país", cost: 9000 },
            ],
            freeFrom: 50000,
          },
        },
        payments: ["transferencia", "mercadopago", "efectivo"],
        // The address asks Argentina's optional postal code (common/postal-codes.ts).
        country: "AR",
      });
      for (const secret of ["mi.tienda.mp", "0000003110003456789128", "Ana Pérez", "mpago.la", "Corrientes"])
        expect(html).not.toContain(secret);
    }
  });

  it("a store that never set them offers envío or retiro and no way to pay, as before", async () => {
    const { username } = await seller();
    const html = await (await new Browser().request(`/u/${username}`)).text();
    expect(storeData(html).checkout).toEqual({
      delivery: { pickup: { enabled: true, address: null }, shipping: { enabled: true, zones: [], freeFrom: null } },
      payments: [],
      country: "AR",
    });
  });
});

describe("the order's delivery, total and way to pay, priced by the Worker", () => {
  it("adds the zone's cost to the total under the threshold, ignoring any figure the page sends", async () => {
    const { username, remera } = await shop();
    const response = await place(username, remera.id, 2, buyer, { total: 1, deliveryCost: 0, subtotal: 1 });
    expect(response.status).toBe(201);
    const { order, message, orderUrl } = (await response.json()) as Created;
    expect(order).toMatchObject({
      subtotal: 40000,
      total: 43500,
      delivery: { kind: "envio", zone: "CABA", cost: 3500, pickupAddress: null },
      payment: { method: "transferencia", alias: "mi.tienda.mp", cbu: "0000003110003456789128", holder: "Ana Pérez" },
      buyer: { name: "Lucía Gómez", delivery: "envio", note: null },
      buyerWhatsapp: { digits: "5491123456789", label: "+54 9 11 2345-6789" },
    });
    expect(message).toContain("Subtotal: $40.000\nEnvío (CABA): $3.500\n*Total: $43.500*");
    expect(message).toContain(
      "WhatsApp: +54 9 11 2345-6789\nEntrega: Envío a domicilio (CABA)\nDirección: Av. Corrientes 4567, Almagro\nPago: Transferencia bancaria\nAlias: mi.tienda.mp\nCVU: 0000003110003456789128\nTitular: Ana Pérez",
    );
    expect(message.endsWith(`Ver pedido: ${orderUrl}`)).toBe(true);
    const row = await env.DB.prepare("SELECT subtotal, delivery_cost, total FROM orders WHERE id = ?").bind(order.id).first();
    expect(row).toEqual({ subtotal: 40000, delivery_cost: 3500, total: 43500 });
  });

  it("delivers free from the threshold on, whatever the zone", async () => {
    const { username, remera } = await shop();
    const { order, message } = (await (await place(username, remera.id, 3, { ...buyer, zone: "Resto del país" })).json()) as Created;
    expect(order).toMatchObject({ subtotal: 60000, total: 60000, delivery: { zone: "Resto del país", cost: 0 } });
    expect(message).toContain("Envío (Resto del país): Gratis\n*Total: $60.000*");
  });

  it("a pick-up costs nothing and carries where to pick it up", async () => {
    const { username, remera } = await shop();
    const { order } = (await (
      await place(username, remera.id, 1, { ...buyer, delivery: "retiro", zone: null, payment: "efectivo" })
    ).json()) as Created;
    expect(order).toMatchObject({
      total: 20000,
      delivery: { kind: "retiro", zone: null, cost: 0, pickupAddress: "Av. Corrientes 1234, local 5 (CABA)" },
      payment: { method: "efectivo" },
    });
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ["no zone when the store has zones", { ...buyer, zone: null }, CHOOSE_ZONE],
    ["a zone the store does not have", { ...buyer, zone: "Marte" }, CHOOSE_ZONE],
    ["no way to pay when the store lists some", { ...buyer, payment: null }, CHOOSE_PAYMENT],
    ["a buyer's number that is not one", { ...buyer, whatsapp: "15 12" }, buyerWhatsappInvalid("011 15-2345-6789")],
    ["a buyer's number with letters", { ...buyer, whatsapp: "11 dos tres" }, buyerWhatsappInvalid("011 15-2345-6789")],
  ];
  // What a page still open with an older cart script sends: the fields it did not know are left out.
  const { zone: _zone, payment: _payment, ...olderBuyer } = buyer;
  refused.push(
    ["an older cart's envío without zone when the store has zones", { ...olderBuyer, payment: "transferencia" }, CHOOSE_ZONE],
    ["an older cart's order without a way to pay when the store lists some", { ...olderBuyer, zone: "CABA" }, CHOOSE_PAYMENT],
    ["an older cart's pick-up without a way to pay", { ...olderBuyer, delivery: "retiro" }, CHOOSE_PAYMENT],
  );
  for (const [what, who, error] of refused) {
    it(`refuses ${what} and saves nothing`, async () => {
      const { username, remera } = await shop();
      const before = await count("orders");
      const response = await place(username, remera.id, 1, who);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
      expect(await count("orders")).toBe(before);
    });
  }

  it("an order without the buyer's choices is taken only from a store that asks for none", async () => {
    const { username, remera } = await shop();
    const before = await count("orders");
    const bare = await new Browser().json("POST", "/api/orders", { username, lines: [{ productId: remera.id, size: "M", quantity: 1 }] });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ error: "Elige envío a domicilio o retiro en el local." });
    expect(await count("orders")).toBe(before);
    // A store that never set delivery or payments still takes it, as before.
    const plain = await seller();
    const [gorra] = await addProducts(plain.browser, ["Gorra"]);
    expect((await setPricing(plain.browser, [{ id: gorra!.id, price: 9000 }])).status).toBe(200);
    const taken = await new Browser().json("POST", "/api/orders", {
      username: plain.username,
      lines: [{ productId: gorra!.id, quantity: 1 }],
    });
    expect(taken.status).toBe(201);
  });

  it("refuses a way to pay or a pick-up the store does not offer", async () => {
    const { browser, username, remera } = await shop();
    await browser.json("PUT", "/api/checkout-settings", {
      delivery: { ...settings.delivery, pickup: { enabled: false, address: null } },
      payments: { transfer: null, mercadoPago: null, cash: true },
    });
    const transfer = await place(username, remera.id, 1);
    expect(transfer.status).toBe(400);
    expect(await transfer.json()).toEqual({ error: PAYMENT_NOT_OFFERED });
    const pickup = await place(username, remera.id, 1, { ...buyer, delivery: "retiro", zone: null, payment: "efectivo" });
    expect(pickup.status).toBe(400);
    expect(await pickup.json()).toEqual({ error: NO_PICKUP });
  });

  it("refuses a zone sent to a store without zones, and a way to pay sent to a store that lists none, in the store's language", async () => {
    for (const [phone, country, zone, payment, errors] of [
      ["+54 9 11 4000-1234", "AR", "CABA", "transferencia", { zone: ZONE_NOT_OFFERED, payment: PAYMENT_NOT_OFFERED }],
      [
        "+55 11 98765-4321",
        "BR",
        "Zona Sul 🏙️",
        "pix",
        {
          zone: "Esta loja não tem essa região de entrega: escolha uma da lista.",
          payment: "Esta loja não aceita essa forma de pagamento: escolha outra.",
        },
      ],
    ] as const) {
      // A store that never set 'Entrega y pagos': envío to be agreed, no zones, nothing to pay with listed.
      const plain = await seller({ phoneNumber: phone, countryCode: country });
      const [gorra] = await addProducts(plain.browser, ["Gorra"]);
      expect((await setPricing(plain.browser, [{ id: gorra!.id, price: "9000" }])).status).toBe(200);
      // A Brazilian envío carries its CEP (required there, common/postal-codes.ts).
      const address = { ...buyer.address, postalCode: country === "BR" ? "01310-100" : null };
      const send = (who: Record<string, unknown>) =>
        new Browser().json("POST", "/api/orders", {
          username: plain.username,
          lines: [{ productId: gorra!.id, quantity: 1 }],
          buyer: { ...who, address },
        });
      const before = await count("orders");
      const [zoned, paying] = await Promise.all([send({ ...buyer, zone, payment: null }), send({ ...buyer, zone: null, payment })]);
      expect([zoned.status, await zoned.json()]).toEqual([400, { error: errors.zone }]);
      expect([paying.status, await paying.json()]).toEqual([400, { error: errors.payment }]);
      expect(await count("orders")).toBe(before);
      // Without the zone and the way to pay it is taken, its envío to be agreed.
      const taken = await send({ ...buyer, zone: null, payment: null, whatsapp: null });
      expect(taken.status, await taken.clone().text()).toBe(201);
      expect(((await taken.json()) as Created).order.delivery).toMatchObject({ kind: "envio", zone: null, cost: null });
    }
  });

  it("reads the buyer's number typed the local way, with the seller's area when it is left out", async () => {
    const { username, remera } = await shop();
    for (const [typed, saved] of [
      ["15 2345 6789", "+54 91123456789"],
      ["+54 9 351 234-5678", "+54 93512345678"],
      ["0351 15 234-5678", "+54 93512345678"],
    ]) {
      const { order } = (await (await place(username, remera.id, 1, { ...buyer, whatsapp: typed })).json()) as Created;
      expect(order.buyerWhatsapp?.digits, typed).toBe(saved!.replace(/\D/g, ""));
    }
  });
});

describe("the status flow over the API", () => {
  it("walks confirmado → pagado → enviado → entregado for a delivery, recording each step, and refuses moves the machine does not allow", async () => {
    const { browser, username, remera } = await shop();
    const { order } = (await (await place(username, remera.id, 1)).json()) as Created;
    const move = (status: string) => browser.json("PUT", `/api/orders/${order.id}/status`, { status });
    const early = await move("pagado");
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: "Un pedido nuevo no puede pasar a pagado." });
    for (const next of ["confirmado", "pagado"]) expect((await move(next)).status, next).toBe(200);
    const wrong = await move("listo");
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toEqual({ error: "Este pedido es con envío a domicilio: márcalo «Enviado»." });
    for (const next of ["enviado", "entregado"]) expect((await move(next)).status, next).toBe(200);
    const after = await move("cancelado");
    expect(after.status).toBe(409);
    expect(await after.json()).toEqual({ error: "Un pedido entregado no puede pasar a cancelado." });
    const list = (await (await browser.request("/api/orders")).json()) as { orders: Order[] };
    const saved = list.orders.find((o) => o.id === order.id)!;
    expect(saved.status).toBe("entregado");
    expect(saved.history.map((s) => s.status)).toEqual(["nuevo", "confirmado", "pagado", "enviado", "entregado"]);
    for (const step of saved.history) expect(Number.isNaN(Date.parse(step.at))).toBe(false);
  });

  it("two tabs moving the same order at once: one move wins, recorded once", async () => {
    const { browser, username, remera } = await shop();
    const { order } = (await (await place(username, remera.id, 1)).json()) as Created;
    await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" });
    const moves = await Promise.all(
      ["pagado", "enviado", "pagado"].map((status) => browser.json("PUT", `/api/orders/${order.id}/status`, { status })),
    );
    const statuses = moves.map((r) => r.status);
    expect(statuses).toContain(200);
    const row = await env.DB.prepare("SELECT status, history FROM orders WHERE id = ?")
      .bind(order.id)
      .first<{ status: string; history: string }>();
    const history = (JSON.parse(row!.history) as { status: string }[]).map((s) => s.status);
    expect(history.slice(0, 2)).toEqual(["nuevo", "confirmado"]);
    // Each recorded step was a move the machine allowed from the one before it, and the last is the status.
    expect(history.at(-1)).toBe(row!.status);
    expect(new Set(history).size).toBe(history.length);
  });
});
