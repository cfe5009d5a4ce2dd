import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { translator } from "../../common/i18n";
import { parsePrice } from "../../common/price";
import { COUNTRY_LOCALES, storeMoney } from "../../common/store-locale";
import { ARS_MONEY, formatPrice } from "../../common/store-money";
import { database } from "../../worker/db/client";
import { readStoreLocale } from "../../worker/lib/store-locale";
import { seller } from "./store-helpers";

const db = () => database(env.DB);

describe("a store's locale settings", () => {
  it("gives a new store its country's money, language and ways to pay", async () => {
    const br = await seller({ phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
    expect(await readStoreLocale(db(), br.user.id, db())).toMatchObject({
      country: "BR",
      currency: "BRL",
      locale: "pt-BR",
      language: "pt-BR",
      money: { currency: "BRL", locale: "pt-BR", digits: 2 },
      sizesWord: null,
      payMethods: [],
      countryPayMethods: ["pix", "mercadopago", "cash"],
    });
    const mx = await seller({ phoneNumber: "+52 55 1234 5678", countryCode: "MX" });
    expect(await readStoreLocale(db(), mx.user.id, db())).toMatchObject({
      currency: "MXN",
      locale: "es-MX",
      language: "es",
      sizesWord: "talla",
    });
    const ar = await seller();
    expect(await readStoreLocale(db(), ar.user.id, db())).toMatchObject({
      currency: "ARS",
      locale: "es-AR",
      money: ARS_MONEY,
      sizesWord: "talle",
    });
    expect(await readStoreLocale(db(), "nobody", db())).toBeNull();
  });

  it("keeps a store from before these settings in pesos and es-AR, with the ways to pay it already offers", async () => {
    // A Chilean seller whose store predates the columns: the migration's backfill makes it ARS / es-AR.
    const cl = await seller({ phoneNumber: "+56 9 6123 4567", countryCode: "CL" });
    await env.DB.prepare("UPDATE users SET store_currency = NULL, store_locale = NULL WHERE id = ?").bind(cl.user.id).run();
    const payments = { transfer: { alias: "mi.tienda.mp", cbu: null, holder: "Ana Pérez" }, mercadoPago: null, cash: true };
    const saved = await cl.browser.json("PUT", "/api/checkout-settings", {
      delivery: { pickup: { enabled: true, address: "" }, shipping: { enabled: false, zones: [], freeFrom: "" } },
      payments,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await readStoreLocale(db(), cl.user.id, db())).toMatchObject({ currency: "CLP", locale: "es-CL" });

    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.includes("store_locale_backfill"))!;
    for (const query of backfill.queries) await env.DB.prepare(query).run();
    expect(await readStoreLocale(db(), cl.user.id, db())).toMatchObject({
      country: "CL",
      currency: "ARS",
      locale: "es-AR",
      money: ARS_MONEY,
      sizesWord: "talle",
      payMethods: [{ kind: "ar_transfer", alias: "mi.tienda.mp", cbu: null, holder: "Ana Pérez" }, { kind: "cash" }],
    });
  });

  it("reads a saved list of ways to pay, and falls back to the country for a money it no longer knows", async () => {
    const br = await seller({ phoneNumber: "+55 21 99876-5432", countryCode: "BR" });
    const methods = [{ kind: "pix", keyType: "cpf", key: "52998224725", name: "Loja Bela", city: "Rio de Janeiro" }, { kind: "cash" }];
    await env.DB.prepare("UPDATE users SET store_pay_methods = ?, store_currency = 'XYZ', store_locale = 'en' WHERE id = ?")
      .bind(JSON.stringify(methods), br.user.id)
      .run();
    expect(await readStoreLocale(db(), br.user.id, db())).toMatchObject({
      currency: "BRL",
      locale: "en",
      language: "en",
      money: { currency: "BRL", locale: "en", digits: 2 },
      payMethods: methods,
    });
  });
});

describe("prices in workerd's own ICU", () => {
  it("formats and reads each country's prices exactly as Node does in the unit tests", () => {
    const money = (country: string) => storeMoney(COUNTRY_LOCALES[country]!.currency, COUNTRY_LOCALES[country]!.locale);
    const NBSP = "\u00a0";
    expect(formatPrice(12_500, money("AR"))).toBe("$12.500");
    expect(formatPrice(12_990, money("BR"))).toBe(`R$${NBSP}129,90`);
    expect(formatPrice(129_900, money("MX"))).toBe("$1,299.00");
    expect(formatPrice(5_990, money("PE"))).toBe(`S/${NBSP}59.90`);
    expect(formatPrice(150_000, money("ID"))).toBe(`Rp${NBSP}150.000`);
    expect(formatPrice(2_500, money("KE"))).toBe(`Ksh${NBSP}2,500`);
    expect(formatPrice(12_500, money("CL"))).toBe("$12.500");
    expect(formatPrice(12_500, money("CR"))).toBe(`₡12${NBSP}500`);
    expect(parsePrice("129,90", money("BR"))).toEqual({ price: 12_990 });
    expect(parsePrice("1,299.50", money("MX"))).toEqual({ price: 129_950 });
    expect(parsePrice("1.299", money("MX"))).toMatchObject({ error: expect.stringContaining("mil doscientos noventa y nueve") });
  });
});

describe("the shoppers' catalogues in workerd", () => {
  it("compiles and formats messages with the locale's plurals and numbers", () => {
    expect(translator("pt-BR").t("store.count", { count: 2 })).toBe("2 produtos");
    expect(translator("es-AR").t("picker.titleFor", { product: "Remera" })).toBe("Selecciona un talle para Remera");
    expect(translator("id-ID").t("meta.storeDescription", { count: 1_200, store: "Toko Sari" })).toBe(
      "1.200 produk di Toko Sari. Susun pesanan Anda dan kirim lewat WhatsApp.",
    );
  });
});

describe("deleting the account", () => {
  it("erases the ways to pay, which hold the seller's personal numbers, as it erases store_checkout", async () => {
    const br = await seller({ phoneNumber: "+55 31 99876-5432", countryCode: "BR" });
    const methods = [{ kind: "pix", keyType: "cpf", key: "52998224725", name: "Ana Souza", city: "Belo Horizonte" }];
    await env.DB.prepare("UPDATE users SET store_pay_methods = ? WHERE id = ?").bind(JSON.stringify(methods), br.user.id).run();
    const deleted = await br.browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const row = await env.DB.prepare("SELECT store_pay_methods FROM users WHERE id = ?").bind(br.user.id).first();
    expect(row).toEqual({ store_pay_methods: null });
  });
});
