import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  BREB_KEY_INVALID,
  CLABE_INVALID_CHECK,
  MPESA_ACCOUNT_INVALID,
  MPESA_TILL_INVALID,
  NEQUI_DAVIPLATA_INVALID,
  NUBAN_INVALID_CHECK,
  RUT_INVALID,
  YAPE_PLIN_INVALID,
} from "../../common/bank-ids";
import { CNPJ_INVALID, CPF_INVALID } from "../../common/br-documents";
import { MERCADOPAGO_LINK_INVALID } from "../../common/mercado-pago-link";
import { HOLDER_REQUIRED } from "../../common/pay-methods";
import { MONEY_CHANGED } from "../../worker/lib/store-money-change";
import { PIX_EMAIL_INVALID } from "../../common/pix";
import type { Product } from "../../common/product";
import type { User } from "../../common/user";
import type { MoneyChangePreview } from "../../worker/lib/store-money-preview";
import { placeShop } from "../../worker/lib/shops";
import { Browser, register } from "./browser";
import { addProducts, openStore, seller, setPricing } from "./store-helpers";

const PHONES: Record<string, string> = {
  AR: "+54 9 11 4000-1234",
  BR: "+55 11 98765-4321",
  MX: "+52 55 1234 5678",
  CL: "+56 9 6123 4567",
  PE: "+51 912 345 678",
  CO: "+57 300 123 4567",
  KE: "+254 712 345 678",
  NG: "+234 803 123 4567",
  PY: "+595 981 123 456",
};

const shopIn = (country: string) => seller({ phoneNumber: PHONES[country]!, countryCode: country });

const delivery = (zones: { name: string; cost: unknown }[] = [], freeFrom: unknown = "") => ({
  pickup: { enabled: true, address: null },
  shipping: { enabled: true, zones, freeFrom },
});

const saveMethods = (browser: Browser, payMethods: unknown[], deliverySettings = delivery()) =>
  browser.json("PUT", "/api/checkout-settings", { delivery: deliverySettings, payMethods });

const priceOf = async (productId: string) =>
  (await env.DB.prepare("SELECT price FROM products WHERE id = ?").bind(productId).first<{ price: number }>("price"))!;
const versionOf = async (userId: string) =>
  (await env.DB.prepare("SELECT store_version FROM users WHERE id = ?").bind(userId).first<number>("store_version"))!;

describe("prices typed the store's way, read in its money", () => {
  it("a Mexican store saves 1,299.50 as 129950 centavos and asks back about 1.299", async () => {
    const { browser, user } = await shopIn("MX");
    expect(user.storeMoney).toEqual({ currency: "MXN", locale: "es-MX", digits: 2 });
    const [product] = await addProducts(browser, ["Vestido"]);
    expect((await setPricing(browser, [{ id: product!.id, price: "1,299.50" }], { publish: false })).status).toBe(200);
    expect(await priceOf(product!.id)).toBe(129950);

    const ambiguous = await setPricing(browser, [{ id: product!.id, price: "1.299" }], { publish: false });
    expect(ambiguous.status).toBe(400);
    expect(await ambiguous.json()).toEqual({
      error: "¿1.299 es mil doscientos noventa y nueve o uno coma dos nueve nueve? Si es mil doscientos noventa y nueve, escribe 1,299.",
    });
    expect(await priceOf(product!.id)).toBe(129950);

    // The single product's save reads the same way.
    const single = await browser.json("PUT", "/api/products/update", { id: product!.id, name: "Vestido", price: "$2,499.90" });
    expect(single.status, await single.clone().text()).toBe(200);
    expect(((await single.json()) as { product: Product }).product.price).toBe(249990);
  });

  it("a Brazilian store reads 129,90 and its delivery costs in centavos; an Argentine one reads 12.500 as always", async () => {
    const br = await shopIn("BR");
    const [bolsa] = await addProducts(br.browser, ["Bolsa"]);
    expect((await setPricing(br.browser, [{ id: bolsa!.id, price: "129,90" }], { publish: false })).status).toBe(200);
    expect(await priceOf(bolsa!.id)).toBe(12990);
    const saved = await saveMethods(br.browser, [{ kind: "cash" }], delivery([{ name: "São Paulo", cost: "15,50" }], "R$ 299,00"));
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { delivery: { shipping: unknown } }).delivery.shipping).toEqual({
      enabled: true,
      zones: [{ name: "São Paulo", cost: 1550 }],
      freeFrom: 29900,
    });
    const wrong = await saveMethods(br.browser, [{ kind: "cash" }], delivery([{ name: "Rio", cost: "15.50" }]));
    expect(await wrong.json()).toEqual({ error: "Los centavos van después de una coma: escribe, por ejemplo, 1.299,50." });

    const ar = await shopIn("AR");
    expect(ar.user.storeMoney).toEqual({ currency: "ARS", locale: "es-AR", digits: 0, tight: true });
    const [remera] = await addProducts(ar.browser, ["Remera"]);
    expect((await setPricing(ar.browser, [{ id: remera!.id, price: "12.500" }], { publish: false })).status).toBe(200);
    expect(await priceOf(remera!.id)).toBe(12500);
    const cents = await setPricing(ar.browser, [{ id: remera!.id, price: "12.500,50" }], { publish: false });
    expect(await cents.json()).toEqual({ error: "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500." });
  });
});

describe("each country's ways to pay through 'Entrega y pagos'", () => {
  const holder = "Ana Pérez";
  const cases: {
    country: string;
    valid: Record<string, unknown>;
    saved: Record<string, unknown>;
    invalid: Record<string, unknown>;
    error: string;
  }[] = [
    {
      country: "MX",
      valid: { kind: "spei", clabe: "032 180 000118359719", bank: "", holder },
      saved: { clabe: "032180000118359719", bank: null },
      invalid: { kind: "spei", clabe: "032180000118359718", holder },
      error: CLABE_INVALID_CHECK,
    },
    {
      country: "BR",
      valid: { kind: "pix", keyType: "cpf", key: "529.982.247-25", name: "Loja Bela", city: "São Paulo" },
      saved: { key: "52998224725" },
      invalid: { kind: "pix", keyType: "cpf", key: "529.982.247-24", name: "Loja Bela", city: "São Paulo" },
      error: CPF_INVALID,
    },
    {
      country: "BR",
      valid: { kind: "pix", keyType: "cnpj", key: "12.ABC.345/01DE-35", name: "Loja Bela", city: "Recife" },
      saved: { key: "12ABC34501DE35" },
      invalid: { kind: "pix", keyType: "cnpj", key: "12.ABC.345/01DE-36", name: "Loja Bela", city: "Recife" },
      error: CNPJ_INVALID,
    },
    {
      country: "BR",
      valid: { kind: "pix", keyType: "email", key: "loja@exemplo.com.br", name: "Loja Bela", city: "Recife" },
      saved: { key: "loja@exemplo.com.br" },
      invalid: { kind: "pix", keyType: "email", key: "loja@", name: "Loja Bela", city: "Recife" },
      error: PIX_EMAIL_INVALID,
    },
    {
      country: "CL",
      valid: { kind: "cl_transfer", bank: "BancoEstado", accountType: "rut", account: "12345678", holder, rut: "123456785" },
      saved: { rut: "12.345.678-5" },
      invalid: { kind: "cl_transfer", bank: "BancoEstado", accountType: "rut", account: "12345678", holder, rut: "12.345.678-9" },
      error: RUT_INVALID,
    },
    {
      country: "PE",
      valid: { kind: "yape", phone: "912 345 678", holder },
      saved: { phone: "+51912345678" },
      invalid: { kind: "plin", phone: "812 345 678", holder },
      error: YAPE_PLIN_INVALID,
    },
    {
      country: "CO",
      valid: { kind: "nequi", phone: "300 123 4567", holder },
      saved: { phone: "+573001234567" },
      invalid: { kind: "daviplata", phone: "601 234 5678", holder },
      error: NEQUI_DAVIPLATA_INVALID,
    },
    {
      country: "CO",
      valid: { kind: "breb", key: "@tiendabella", holder },
      saved: { key: "@tiendabella" },
      invalid: { kind: "breb", key: "@con espacio", holder },
      error: BREB_KEY_INVALID,
    },
    {
      country: "KE",
      valid: { kind: "mpesa_paybill", paybill: "247247", account: "0712345678", holder: "Wanjiku" },
      saved: { paybill: "247247", account: "0712345678" },
      invalid: { kind: "mpesa_paybill", paybill: "247247", account: "", holder: "Wanjiku" },
      error: MPESA_ACCOUNT_INVALID,
    },
    {
      country: "KE",
      valid: { kind: "mpesa_till", till: "123456", holder: "Wanjiku" },
      saved: { till: "123456" },
      invalid: { kind: "mpesa_till", till: "1234", holder: "Wanjiku" },
      error: MPESA_TILL_INVALID,
    },
    {
      country: "NG",
      valid: { kind: "ng_transfer", bankCode: "011", bank: "First Bank", account: "0000014579", holder: "Adaeze" },
      saved: { account: "0000014579" },
      invalid: { kind: "ng_transfer", bankCode: "058", bank: "GTBank", account: "0000014579", holder: "Adaeze" },
      error: NUBAN_INVALID_CHECK,
    },
    {
      country: "PY",
      valid: { kind: "bank_transfer", bank: "Banco Itaú", account: "12-345678/9", holder },
      saved: { account: "12-345678/9" },
      invalid: { kind: "bank_transfer", bank: "Banco Itaú", account: "12-345678/9", holder: "\u200b " },
      error: HOLDER_REQUIRED,
    },
    {
      country: "MX",
      valid: { kind: "mercadopago", link: "https://link.mercadopago.com.mx/tiendabella" },
      saved: {},
      invalid: { kind: "mercadopago", link: "https://mercadopago.example.com/pagar" },
      error: MERCADOPAGO_LINK_INVALID,
    },
  ];

  for (const c of cases) {
    it(`${c.country} ${c.valid.kind}: saved normalised, a wrong one refused with its Spanish reason`, async () => {
      const { browser, user } = await shopIn(c.country);
      const before = await versionOf(user.id);
      const ok = await saveMethods(browser, [c.valid, { kind: "cash" }]);
      expect(ok.status, await ok.clone().text()).toBe(200);
      const read = (await (await browser.request("/api/checkout-settings")).json()) as { payMethods: Record<string, unknown>[] };
      expect(read.payMethods).toEqual([{ ...c.valid, ...c.saved }, { kind: "cash" }].map((m) => expect.objectContaining(m)));
      expect(await versionOf(user.id)).toBe(before + 1);

      const bad = await saveMethods(browser, [c.invalid]);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: c.error });
      // Nothing of the refused save was kept.
      expect(((await (await browser.request("/api/checkout-settings")).json()) as typeof read).payMethods).toEqual(read.payMethods);
    });
  }

  it("refuses a way to pay the store's country has not, and Mercado Pago where it does not operate", async () => {
    const mx = await shopIn("MX");
    const pix = await saveMethods(mx.browser, [{ kind: "pix", keyType: "cpf", key: "529.982.247-25", name: "Loja", city: "Recife" }]);
    expect(await pix.json()).toEqual({ error: "Pix no está disponible en México." });
    const ke = await shopIn("KE");
    const mp = await saveMethods(ke.browser, [{ kind: "mercadopago", link: "https://mpago.la/2x3y" }]);
    expect(await mp.json()).toEqual({ error: "Mercado Pago no está disponible en Kenia." });
  });

  it("tells the settings what the country offers and the store's money", async () => {
    const { browser } = await shopIn("BR");
    expect(await (await browser.request("/api/checkout-settings")).json()).toMatchObject({
      country: "BR",
      countryPayMethods: ["pix", "mercadopago", "cash"],
      money: { currency: "BRL", locale: "pt-BR", digits: 2 },
      payMethods: [],
    });
  });

  it("keeps an Argentine store's transfer, Mercado Pago and cash as today, and the list follows them", async () => {
    const { browser } = await shopIn("AR");
    const legacy = {
      transfer: { alias: "mi.tienda.mp", cbu: "", holder },
      mercadoPago: { link: "https://mpago.la/2aBcD3" },
      cash: true,
    };
    const saved = await browser.json("PUT", "/api/checkout-settings", { delivery: delivery(), payments: legacy });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      payments: { ...legacy, transfer: { alias: "mi.tienda.mp", cbu: null, holder } },
      payMethods: [
        { kind: "ar_transfer", alias: "mi.tienda.mp", cbu: null, holder },
        { kind: "mercadopago", link: "https://mpago.la/2aBcD3" },
        { kind: "cash" },
      ],
    });
    const both = await browser.json("PUT", "/api/checkout-settings", { delivery: delivery(), payments: legacy, payMethods: [] });
    expect(await both.json()).toEqual({ error: "Envía tus formas de pago una sola vez." });
  });
});

describe("the store's money and shoppers' language", () => {
  it("starts from the country, and only its owner changes it", async () => {
    const { browser } = await shopIn("KE");
    expect(await (await browser.request("/api/store-locale")).json()).toEqual({
      country: "KE",
      currency: "KES",
      locale: "en-KE",
      money: { currency: "KES", locale: "en-KE", digits: 0 },
      defaults: { currency: "KES", locale: "en-KE" },
    });
    const refused = await browser.json("PUT", "/api/store-locale", { currency: "XYZ", locale: "en-KE" });
    expect(await refused.json()).toEqual({ error: "Elige una moneda de la lista." });
    const stranger = new (await import("./browser")).Browser();
    expect((await stranger.json("PUT", "/api/store-locale", { currency: "ARS", locale: "es-AR" })).status).toBe(401);
  });

  it("changing the currency renews the store and keeps each price's number: 12.500 pesos become 12,500.00", async () => {
    const { browser, user } = await shopIn("AR");
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: "12.500" }]);
    await browser.json("PUT", "/api/checkout-settings", {
      delivery: delivery([{ name: "CABA", cost: "3.500" }], "50.000"),
      payments: { transfer: null, mercadoPago: null, cash: true },
    });
    const before = await versionOf(user.id);
    const changed = await browser.json("PUT", "/api/store-locale", { currency: "MXN", locale: "es-MX" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ currency: "MXN", locale: "es-MX", money: { digits: 2 } });
    expect(await versionOf(user.id)).toBe(before + 1);
    expect(await priceOf(product!.id)).toBe(1_250_000);
    const settings = (await (await browser.request("/api/checkout-settings")).json()) as { delivery: { shipping: unknown } };
    expect(settings.delivery.shipping).toEqual({ enabled: true, zones: [{ name: "CABA", cost: 350_000 }], freeFrom: 5_000_000 });
    const profile = (await (await browser.request("/api/auth/profile")).json()) as { user: User };
    expect(profile.user.storeMoney).toEqual({ currency: "MXN", locale: "es-MX", digits: 2 });

    // Back to whole pesos: the same numbers again; a language alone changes no price.
    await browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "es-AR" });
    expect(await priceOf(product!.id)).toBe(12_500);
    await browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "es-UY" });
    expect(await priceOf(product!.id)).toBe(12_500);
  });

  it("changes fired together leave one consistent store: prices rescaled once, the last currency kept", async () => {
    const { browser, user } = await shopIn("AR");
    const [product] = await addProducts(browser, ["Buzo"]);
    await setPricing(browser, [{ id: product!.id, price: "20.000" }]);
    const before = await versionOf(user.id);
    const answers = await Promise.all([
      browser.json("PUT", "/api/store-locale", { currency: "MXN", locale: "es-MX" }),
      browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" }),
      browser.json("PUT", "/api/store-locale", { currency: "MXN", locale: "es-MX" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const row = (await env.DB.prepare("SELECT store_currency AS currency, store_version AS version FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ currency: string; version: number }>())!;
    expect(["MXN", "BRL"]).toContain(row.currency);
    expect(row.version).toBe(before + 3);
    // Both have centavos: 20.000 pesos are 20,000.00 in either, multiplied by 100 once only.
    expect(await priceOf(product!.id)).toBe(2_000_000);
  });

  it("a price save fired with a currency change is either rescaled with the rest or refused: never kept in the old unit", async () => {
    const { browser } = await shopIn("AR");
    const [product] = await addProducts(browser, ["Campera"]);
    await setPricing(browser, [{ id: product!.id, price: "10.000" }]);
    const [priced, changed] = await Promise.all([
      setPricing(browser, [{ id: product!.id, price: "12.500" }]),
      browser.json("PUT", "/api/store-locale", { currency: "MXN", locale: "es-MX" }),
    ]);
    expect(changed.status).toBe(200);
    const price = await priceOf(product!.id);
    if (priced.status === 200) expect(price).toBe(1_250_000);
    else {
      // Read in pesos and refused as the change landed (409), or read after it in Mexican pesos, where
      // "12.500" asks back (400): either way the price stays, rescaled once.
      const { error } = (await priced.json()) as { error: string };
      if (priced.status === 409) expect(error).toBe(MONEY_CHANGED);
      else expect([priced.status, error.startsWith("¿12.500 es doce mil quinientos")]).toEqual([400, true]);
      expect(price).toBe(1_000_000);
    }
  });

  it("reads each save's prices in the money the store has when the save arrives", async () => {
    const { browser, user } = await shopIn("AR");
    const [product] = await addProducts(browser, ["Pollera"]);
    // The store moved to Mexican pesos from another tab: the next save reads the new way.
    await env.DB.prepare("UPDATE users SET store_currency = 'MXN', store_locale = 'es-MX' WHERE id = ?").bind(user.id).run();
    const answer = await setPricing(browser, [{ id: product!.id, price: "1,299.50" }], { publish: false });
    expect(answer.status).toBe(200);
    expect(await priceOf(product!.id)).toBe(129_950);
  });

  it("a store keeps its money when its phone's country changes: prices are never converted behind the seller", async () => {
    const { browser, user } = await shopIn("AR");
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: "12.500" }]);
    const moved = await browser.json("POST", "/api/auth/mi-tienda", {
      storeName: user.name,
      phoneNumber: PHONES.MX,
      countryCode: "MX",
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(((await moved.json()) as { user: User }).user.storeMoney).toEqual({ currency: "ARS", locale: "es-AR", digits: 0, tight: true });
    expect(await priceOf(product!.id)).toBe(12_500);
    // What the country uses is offered as the default in the money settings.
    expect(await (await browser.request("/api/store-locale")).json()).toMatchObject({
      country: "MX",
      currency: "ARS",
      defaults: { currency: "MXN", locale: "es-MX" },
    });
  });
});

/** A seller whose shop lives in `shard` (placed before anything of it exists), with the store open in `country`. */
async function shopInShard(country: string, shard: number) {
  const browser = new Browser();
  const { user } = await register(browser);
  await placeShop(env, user.id, shard);
  const opened = await openStore(browser, { phoneNumber: PHONES[country]!, countryCode: country });
  return { browser, user: opened, shopD1: shard ? env.SHOP_DB_1 : env.DB };
}

const PIX = { kind: "pix", keyType: "cpf", key: "529.982.247-25", name: "Loja Bela", city: "São Paulo" };

describe("an honest change of money: what it changes is said first, and a round trip gives every price back", () => {
  it.each([0, 1])(
    "R$ 1,50 → pesos → reais is R$ 1,50 again, delivery costs too; an edited price is not restored (shard %i)",
    async (shard) => {
      const { browser, user, shopD1 } = await shopInShard("BR", shard);
      const [coin, bolsa, round, edited] = await addProducts(browser, ["Chaveiro", "Bolsa", "Cinto", "Lenço"]);
      const typed = [
        { id: coin!.id, price: "1,50" },
        { id: bolsa!.id, price: "R$ 129,90" },
        { id: round!.id, price: "130" },
        { id: edited!.id, price: "49,99" },
      ];
      expect((await setPricing(browser, typed)).status).toBe(200);
      const saved = await saveMethods(
        browser,
        [PIX, { kind: "cash" }],
        delivery(
          [
            { name: "São Paulo", cost: "15,50" },
            { name: "Interior", cost: "30" },
          ],
          "299,90",
        ),
      );
      expect(saved.status, await saved.clone().text()).toBe(200);
      const prices = async () =>
        Object.fromEntries(
          await Promise.all(
            [coin, bolsa, round, edited].map(async (p) => [
              p!.name,
              (await shopD1.prepare("SELECT price FROM products WHERE id = ?").bind(p!.id).first<number>("price"))!,
            ]),
          ),
        );
      const shipping = async () =>
        ((await (await browser.request("/api/checkout-settings")).json()) as { delivery: { shipping: unknown } }).delivery.shipping;

      const preview = await browser.request("/api/store-locale/preview?currency=ARS");
      expect(preview.status, await preview.clone().text()).toBe(200);
      expect(((await preview.json()) as { preview: MoneyChangePreview }).preview).toEqual({
        from: { currency: "BRL", locale: "pt-BR", country: "BR" },
        to: { currency: "ARS", country: "AR" },
        prices: {
          losingCents: 3,
          regainingCents: 0,
          examples: expect.arrayContaining([
            { id: coin!.id, name: coin!.name, before: { amount: 150, currency: "BRL" }, after: { amount: 2, currency: "ARS" } },
            { id: bolsa!.id, name: bolsa!.name, before: { amount: 12_990, currency: "BRL" }, after: { amount: 130, currency: "ARS" } },
          ]),
        },
        delivery: {
          losingCents: [
            { id: "São Paulo", name: "São Paulo", before: { amount: 1550, currency: "BRL" }, after: { amount: 16, currency: "ARS" } },
            { id: "freeFrom", name: "freeFrom", before: { amount: 29_990, currency: "BRL" }, after: { amount: 300, currency: "ARS" } },
          ],
          regainingCents: [],
        },
        oldCountry: { payMethods: ["pix"], locale: "pt-BR" },
        newCountry: { country: "AR", currency: "ARS", locale: "es-AR", payMethods: ["ar_transfer", "mercadopago", "cash"] },
      });

      expect((await browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "pt-BR" })).status).toBe(200);
      expect(await prices()).toEqual({ [coin!.name]: 2, [bolsa!.name]: 130, [round!.name]: 130, [edited!.name]: 50 });
      expect(await shipping()).toEqual({
        enabled: true,
        zones: [
          { name: "São Paulo", cost: 16 },
          { name: "Interior", cost: 30 },
        ],
        freeFrom: 300,
      });
      // Edited while in pesos: its cents are the seller's new price's, not the old one's.
      expect((await setPricing(browser, [{ id: edited!.id, price: "60" }])).status).toBe(200);
      // Pesos to Chilean pesos (whole units both) keeps what was rounded; the way back to reais restores it.
      expect((await browser.json("PUT", "/api/store-locale", { currency: "CLP", locale: "pt-BR" })).status).toBe(200);
      const back = (await (await browser.request("/api/store-locale/preview?currency=BRL")).json()) as { preview: MoneyChangePreview };
      expect(back.preview.prices).toEqual({ losingCents: 0, regainingCents: 2, examples: [] });
      expect(back.preview.delivery.regainingCents.map((c) => [c.id, c.after.amount])).toEqual([
        ["São Paulo", 1550],
        ["freeFrom", 29_990],
      ]);
      expect((await browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" })).status).toBe(200);
      expect(await prices()).toEqual({ [coin!.name]: 150, [bolsa!.name]: 12_990, [round!.name]: 13_000, [edited!.name]: 6000 });
      expect(await shipping()).toEqual({
        enabled: true,
        zones: [
          { name: "São Paulo", cost: 1550 },
          { name: "Interior", cost: 3000 },
        ],
        freeFrom: 29_990,
      });
      // Once back, nothing is kept to restore: the next trip rounds from these prices.
      expect(
        await shopD1
          .prepare("SELECT COUNT(*) AS n FROM products WHERE user_id = ? AND price_cents IS NOT NULL")
          .bind(user.id)
          .first<number>("n"),
      ).toBe(0);
    },
  );

  it("the change takes the new country's defaults when asked: its language, and only the ways to pay that exist there", async () => {
    const { browser } = await shopIn("BR");
    expect((await saveMethods(browser, [PIX, { kind: "cash" }])).status).toBe(200);
    const kept = await browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "pt-BR" });
    expect(await kept.json()).toMatchObject({ currency: "ARS", locale: "pt-BR" });
    const methods = async () =>
      ((await (await browser.request("/api/checkout-settings")).json()) as { payMethods: { kind: string }[] }).payMethods.map(
        (m) => m.kind,
      );
    expect(await methods()).toEqual(["pix", "cash"]);

    const defaults = await browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "pt-BR", countryDefaults: "AR" });
    expect(defaults.status, await defaults.clone().text()).toBe(200);
    expect(await defaults.json()).toMatchObject({
      currency: "ARS",
      locale: "es-AR",
      money: { currency: "ARS", locale: "es-AR", digits: 0 },
    });
    expect(await methods()).toEqual(["cash"]);
    const refused = await browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "es-AR", countryDefaults: "XX" });
    expect([refused.status, await refused.json()]).toEqual([400, { error: "Elige un país de la lista." }]);
    const unknown = await browser.request("/api/store-locale/preview?currency=XYZ");
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: "Elige una moneda de la lista." }]);
  });
});
