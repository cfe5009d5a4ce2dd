import { describe, expect, it } from "vitest";
import { COUNTRY_CURRENCY } from "./packs";
import { currencyWord } from "./price";
import { PAY_METHOD_KINDS } from "./pay-methods";
import { COUNTRIES } from "./store";
import {
  COUNTRY_LOCALES,
  countryLocaleOf,
  MERCADO_PAGO_COUNTRIES,
  saysTalle,
  SHOPPER_LANGUAGES,
  shopperLanguage,
  STORE_CURRENCIES,
  storeMoney,
} from "./store-locale";

describe("the countries' store locales", () => {
  it("has one row per sign-up country, with the credits' currency", () => {
    expect(Object.keys(COUNTRY_LOCALES)).toEqual(COUNTRIES.map((c) => c.code));
    for (const [code, row] of Object.entries(COUNTRY_LOCALES)) {
      expect(row.currency, code).toBe(COUNTRY_CURRENCY[code]);
      expect(Intl.NumberFormat.supportedLocalesOf([row.locale]), code).toEqual([row.locale]);
      expect(SHOPPER_LANGUAGES, code).toContain(shopperLanguage(row.locale));
      for (const kind of row.payMethods) expect(PAY_METHOD_KINDS, code).toContain(kind);
    }
    expect(STORE_CURRENCIES).toHaveLength(16);
  });

  it("gives each country its shoppers' language, sizes word and money", () => {
    expect(COUNTRY_LOCALES.AR).toMatchObject({ currency: "ARS", digits: 0, locale: "es-AR", sizesWord: "talle" });
    expect(COUNTRY_LOCALES.UY).toMatchObject({ currency: "UYU", digits: 0, locale: "es-UY", sizesWord: "talle" });
    expect(COUNTRY_LOCALES.MX).toMatchObject({ currency: "MXN", digits: 2, locale: "es-MX", sizesWord: "talla" });
    expect(COUNTRY_LOCALES.BR).toMatchObject({ currency: "BRL", digits: 2, locale: "pt-BR", sizesWord: null });
    expect(COUNTRY_LOCALES.KE).toMatchObject({ currency: "KES", digits: 0, locale: "en-KE" });
    expect(COUNTRY_LOCALES.ID).toMatchObject({ currency: "IDR", digits: 0, locale: "id-ID" });
    expect(COUNTRY_LOCALES.MY).toMatchObject({ currency: "MYR", digits: 2, locale: "ms-MY" });
    expect(countryLocaleOf("XX")).toBe(COUNTRY_LOCALES.AR);
    expect(countryLocaleOf(null)).toBe(COUNTRY_LOCALES.AR);
  });

  it("offers Mercado Pago only where it operates, and each country's own ways to pay", () => {
    for (const [code, row] of Object.entries(COUNTRY_LOCALES)) {
      expect(row.payMethods.includes("mercadopago"), code).toBe((MERCADO_PAGO_COUNTRIES as readonly string[]).includes(code));
      expect(row.payMethods.at(-1), code).toBe("cash");
    }
    expect(COUNTRY_LOCALES.AR!.payMethods).toEqual(["ar_transfer", "mercadopago", "cash"]);
    expect(COUNTRY_LOCALES.BR!.payMethods).toEqual(["pix", "mercadopago", "cash"]);
    expect(COUNTRY_LOCALES.KE!.payMethods).toEqual(["mpesa_till", "mpesa_paybill", "cash"]);
    expect(COUNTRY_LOCALES.GT!.payMethods).toEqual(["bank_transfer", "cash"]);
  });

  it("reads a locale's catalogue and sizes word", () => {
    expect(shopperLanguage("es-MX")).toBe("es");
    expect(shopperLanguage("pt")).toBe("pt-BR");
    expect(shopperLanguage("en-NG")).toBe("en");
    expect(shopperLanguage("fr-FR")).toBe("es");
    expect(saysTalle("es-AR")).toBe(true);
    expect(saysTalle("es-UY")).toBe(true);
    expect(saysTalle("es-CL")).toBe(false);
    expect(saysTalle("es")).toBe(false);
  });

  it("names the money in the seller's Spanish and keeps Argentina tight", () => {
    expect(currencyWord("ARS")).toBe("pesos");
    expect(currencyWord("BRL")).toBe("reales");
    expect(currencyWord("KES")).toBe("chelines");
    expect(storeMoney("ARS", "es-AR")).toEqual({ currency: "ARS", locale: "es-AR", digits: 0, tight: true });
    expect(storeMoney("BRL", "pt-BR")).toEqual({ currency: "BRL", locale: "pt-BR", digits: 2 });
  });
});
