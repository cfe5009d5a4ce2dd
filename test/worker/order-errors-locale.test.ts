/**
 * The order API's refusals a shopper reads under the cart's form (the form's
 * shape, a colour or size the product lacks, stock that ran short) come in
 * the store's language: Portuguese in a pt-BR store, English in a Kenyan
 * one, and Argentina's exactly as they always read. A request for no store
 * keeps today's Spanish.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { addProducts, seller, setPricing } from "./store-helpers";

interface Case {
  code: string;
  phone: string;
  currency: string;
  locale: string;
  price: number;
  expect: { short: string; size: string; name: string; street: string; locality: string; quantity: string };
}

const CASES: Case[] = [
  {
    code: "AR",
    phone: "+54 9 11 4000-1234",
    currency: "ARS",
    locale: "es-AR",
    price: 12_500,
    expect: {
      short: "De Remera Ñandú (Talle: M) solo quedan 2 unidades.",
      size: "El talle XXL no existe para Remera Ñandú.",
      name: "Escribe tu nombre para que la tienda sepa quién compra.",
      street: "Escribe la calle y el número para el envío.",
      locality: "Escribe la localidad para el envío.",
      quantity: "La cantidad tiene que ser un número entero.",
    },
  },
  {
    code: "BR",
    phone: "+55 11 98765-4321",
    currency: "BRL",
    locale: "pt-BR",
    price: 12_990,
    expect: {
      short: "De Remera Ñandú (Tamanho: M) só restam 2 unidades.",
      size: "O tamanho XXL não existe para Remera Ñandú.",
      name: "Escreva seu nome para a loja saber quem está comprando.",
      street: "Escreva a rua e o número para a entrega.",
      locality: "Escreva o bairro e a cidade para a entrega.",
      quantity: "A quantidade tem que ser um número inteiro.",
    },
  },
  {
    code: "KE",
    phone: "+254 712 345678",
    currency: "KES",
    locale: "en-KE",
    price: 250_000,
    expect: {
      short: "Only 2 units are left of Remera Ñandú (Size: M).",
      size: "Size XXL does not exist for Remera Ñandú.",
      name: "Write your name so the shop knows who is buying.",
      street: "Write the street and number for the delivery.",
      locality: "Write the area and town for the delivery.",
      quantity: "The quantity must be a whole number.",
    },
  },
];

async function open(c: Case) {
  const s = await seller({ phoneNumber: c.phone, countryCode: c.code });
  await env.DB.prepare("UPDATE users SET store_currency = ?, store_locale = ? WHERE id = ?").bind(c.currency, c.locale, s.user.id).run();
  const [product] = await addProducts(s.browser, ["Remera Ñandú"]);
  const priced = await setPricing(s.browser, [{ id: product!.id, price: c.price, sizes: [{ name: "M", stock: 2 }] }]);
  expect(priced.status, await priced.clone().text()).toBe(200);
  return { username: s.username, productId: product!.id };
}

async function refusal(body: unknown) {
  const response = await new Browser().json("POST", "/api/orders", body);
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe.each(CASES)("a store in $locale", (c) => {
  it("refuses the shopper's cart and form in its language", async () => {
    const { username, productId } = await open(c);
    const buyer = { name: "Ana María", delivery: "retiro" };
    const line = { productId, size: "M", quantity: 1 };

    expect(await refusal({ username, lines: [{ ...line, quantity: 3 }], buyer })).toEqual({ status: 409, error: c.expect.short });
    expect(await refusal({ username, lines: [{ ...line, size: "XXL" }], buyer })).toEqual({ status: 400, error: c.expect.size });
    expect(await refusal({ username, lines: [line], buyer: { ...buyer, name: " \u200b " } })).toEqual({
      status: 400,
      error: c.expect.name,
    });
    expect(await refusal({ username, lines: [line], buyer: { name: "Ana", delivery: "envio", address: null } })).toEqual({
      status: 400,
      error: c.expect.street,
    });
    expect(
      await refusal({
        username,
        lines: [line],
        buyer: { name: "Ana", delivery: "envio", address: { street: "Rua Augusta 12", locality: "" } },
      }),
    ).toEqual({ status: 400, error: c.expect.locality });
    expect(await refusal({ username, lines: [{ ...line, quantity: 1.5 }], buyer })).toEqual({ status: 400, error: c.expect.quantity });
  });
});

describe("a request for no store", () => {
  it("is refused in today's Spanish", async () => {
    expect(await refusal({ username: "no-existe-esta", lines: [{ productId: "x", quantity: 0 }] })).toEqual({
      status: 400,
      error: "La cantidad mínima es 1.",
    });
    expect(await refusal({ username: "no-existe-esta", lines: [{ productId: "x", quantity: 1 }] })).toEqual({
      status: 404,
      error: "Esta tienda no existe.",
    });
  });
});
