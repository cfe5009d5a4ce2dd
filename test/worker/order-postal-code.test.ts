/**
 * Envío's postal code follows the store's country (common/postal-codes.ts): a Brazilian store requires a CEP
 * of 8 digits and keeps it as 00000-000, a Mexican one a código postal of 5 digits, an Argentine one takes it
 * or not (4 digits or the CPA), a Kenyan one asks none. Refused in the store's language and saved nowhere;
 * accepted, it is stored on the order (for its export), written in the WhatsApp message and on the order page.
 * A shop in the second shop database keeps it there.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Order } from "../../common/store-cart";
import { placeShop } from "../../worker/lib/shops";
import { Browser, count, register } from "./browser";
import { addProducts, openStore, setPricing } from "./store-helpers";

interface Placed {
  order: Order;
  message: string;
  orderUrl: string;
}

const STORES = {
  BR: { phone: "+55 11 98765-4321", currency: "BRL", locale: "pt-BR", price: "129,90", pay: "pix" },
  MX: { phone: "+52 55 1234 5678", currency: "MXN", locale: "es-MX", price: "1,299.50", pay: "spei" },
  AR: { phone: "+54 9 11 4000-1234", currency: "ARS", locale: "es-AR", price: "12.500", pay: "efectivo" },
  KE: { phone: "+254 712 345678", currency: "KES", locale: "en-KE", price: "2,500", pay: "efectivo" },
} as const;

const PAY_METHODS = {
  pix: { kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" },
  spei: { kind: "spei", clabe: "032180000118359719", bank: "BBVA", holder: "Rocío Hernández" },
  efectivo: { kind: "cash" },
} as const;

/** A store of `country` with envío to one zone, its way to pay and a T-shirt in stock; in `shard` when given. */
async function store(country: keyof typeof STORES, shard = 0) {
  const c = STORES[country];
  const browser = new Browser();
  const { user } = await register(browser);
  if (shard) await placeShop(env, user.id, shard);
  const opened = await openStore(browser, { phoneNumber: c.phone, countryCode: country });
  await env.DB.prepare("UPDATE users SET store_currency = ?, store_locale = ? WHERE id = ?").bind(c.currency, c.locale, user.id).run();
  const saved = await browser.json("PUT", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: "Local 5" },
      shipping: { enabled: true, zones: [{ name: "Centro", cost: "0" }], freeFrom: null },
    },
    payMethods: [PAY_METHODS[c.pay]],
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const [product] = await addProducts(browser, ["Remera Ñandú"]);
  expect(
    (await setPricing(browser, [{ id: product!.id, price: c.price, sizes: [{ name: "M", stock: 50 }], published: true }])).status,
  ).toBe(200);
  return { username: opened.username!, productId: product!.id, id: user.id, pay: c.pay };
}

type Store = Awaited<ReturnType<typeof store>>;

function order(s: Store, postalCode: unknown, delivery: "envio" | "retiro" = "envio") {
  return new Browser().json("POST", "/api/orders", {
    username: s.username,
    lines: [{ productId: s.productId, size: "M", quantity: 1 }],
    buyer: {
      name: "João da Silva 🌸",
      delivery,
      zone: delivery === "envio" ? "Centro" : null,
      payment: s.pay,
      address: { street: "Rua Augusta 1234\u200B", locality: "Consolação, São Paulo", reference: "Apto 52", postalCode },
    },
  });
}

async function refused(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: string }) };
}

const storedCode = async (d1: D1Database, id: string) =>
  (await d1.prepare("SELECT delivery_postal_code AS code FROM orders WHERE id = ?").bind(id).first<{ code: string | null }>())?.code;

describe("a Brazilian store's envío", () => {
  it("requires a CEP of 8 digits, in Portuguese, and saves no order without one", async () => {
    const s = await store("BR");
    const before = await count("orders");
    // Fired together: each answer is its own request's, and none of the refused ones leaves an order behind.
    const answers = await Promise.all(
      [undefined, null, " ", "1234-567", "01310-10a", "013101000", "01310 100 0"].map((code) => order(s, code)),
    );
    const required = { status: 400, error: "Escreva o CEP para a entrega." };
    const invalid = { status: 400, error: "Confira o CEP: escreva como 01310-100." };
    expect(await Promise.all(answers.map(refused))).toEqual([required, required, required, invalid, invalid, invalid, invalid]);
    expect(await count("orders")).toBe(before);
  });

  it("keeps the CEP as 00000-000 however it was typed, in the message, the order page and the order's row", async () => {
    const s = await store("BR");
    const placed = await Promise.all(["01310100", " 01310-100 ", "01310.100"].map((code) => order(s, code)));
    for (const response of placed) {
      expect(response.status, await response.clone().text()).toBe(201);
      const { order: saved, message, orderUrl } = (await response.json()) as Placed;
      expect(saved.delivery?.address?.postalCode).toBe("01310-100");
      expect(message).toContain("Endereço: Rua Augusta 1234, Consolação, São Paulo\nCEP: 01310-100\nComplemento: Apto 52");
      expect(await storedCode(env.DB, saved.id)).toBe("01310-100");
      const page = await (await new Browser().request(new URL(orderUrl).pathname)).text();
      expect(page).toContain("<p>CEP: <strong>01310-100</strong></p>");
    }
  });

  it("asks no CEP for a pick-up and keeps none", async () => {
    const s = await store("BR");
    const response = await order(s, "not a code", "retiro");
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: saved, message } = (await response.json()) as Placed;
    expect(await storedCode(env.DB, saved.id)).toBeNull();
    expect(message).not.toContain("CEP");
  });

  it("keeps the CEP in the second shop database for a shop placed there", async () => {
    const s = await store("BR", 1);
    const response = await order(s, "04538-133");
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: saved } = (await response.json()) as Placed;
    expect(await storedCode(env.SHOP_DB_1, saved.id)).toBe("04538-133");
    expect(await storedCode(env.DB, saved.id)).toBeUndefined();
  });
});

describe("a Mexican store's envío", () => {
  it("requires a código postal of 5 digits, in Mexico's Spanish, and keeps it", async () => {
    const s = await store("MX");
    const before = await count("orders");
    const [none, short, letters, long, good] = await Promise.all(["", "6600", "06 6OO", "066000", "06 600"].map((code) => order(s, code)));
    expect(await refused(none!)).toEqual({ status: 400, error: "Escribe el código postal para el envío." });
    for (const bad of [short, letters, long]) {
      expect(await refused(bad!)).toEqual({ status: 400, error: "Revisa el código postal: escríbelo como 06600." });
    }
    expect(good!.status, await good!.clone().text()).toBe(201);
    const { order: saved, message } = (await good!.json()) as Placed;
    expect(message).toContain("\nCódigo postal: 06600\n");
    expect(await storedCode(env.DB, saved.id)).toBe("06600");
    expect(await count("orders")).toBe(before + 1);
  });
});

describe("where the code is optional or unused", () => {
  it("an Argentine store takes the order without one, or with 4 digits or a CPA, and refuses a wrong one", async () => {
    const s = await store("AR");
    const [none, old, cpa, wrong] = await Promise.all([null, "1425", "c1425 abc", "14250"].map((code) => order(s, code)));
    expect(none!.status).toBe(201);
    expect(((await none!.json()) as Placed).message).not.toContain("Código postal");
    expect(((await old!.json()) as Placed).order.delivery?.address?.postalCode).toBe("1425");
    expect(((await cpa!.json()) as Placed).message).toContain("Código postal: C1425ABC");
    expect(await refused(wrong!)).toEqual({ status: 400, error: "Revisa el código postal: escríbelo como C1425ABC." });
  });

  it("a Kenyan store asks none and keeps none of what is sent", async () => {
    const s = await store("KE");
    const response = await order(s, "00100");
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: saved, message } = (await response.json()) as Placed;
    expect(saved.delivery?.address).not.toHaveProperty("postalCode");
    expect(message).not.toContain("00100");
    expect(await storedCode(env.DB, saved.id)).toBeNull();
  });

  it("refuses a postal code that is not text or is far too long, before reading the store's rule", async () => {
    const s = await store("AR");
    expect(await refused(await order(s, 1425))).toEqual({ status: 400, error: "La dirección de envío no es válida." });
    expect(await refused(await order(s, "1".repeat(17)))).toEqual({ status: 400, error: "La dirección de envío no es válida." });
  });
});
