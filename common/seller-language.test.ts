import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./store";
import { acceptLanguageTags, isSellerLanguage, sellerLanguageOf, sellerLanguageOfCountry } from "./seller-language";

describe("sellerLanguageOf", () => {
  it("takes the first language the app speaks, in the browser's order", () => {
    expect(sellerLanguageOf(["pt-BR", "en-US"])).toBe("pt-BR");
    expect(sellerLanguageOf(["fr-FR", "en-KE", "es"])).toBe("en");
    expect(sellerLanguageOf(["es-MX"])).toBe("es");
    expect(sellerLanguageOf(["pt_PT"])).toBe("pt-BR");
  });
  it("falls back to Spanish when the browser names none of them", () => {
    expect(sellerLanguageOf([])).toBe("es");
    expect(sellerLanguageOf(["fr", "de-DE"])).toBe("es");
  });
});

describe("acceptLanguageTags", () => {
  it("orders by q and drops q=0 and *", () => {
    expect(acceptLanguageTags("en;q=0.5, pt-BR, es;q=0.8, fr;q=0, *;q=0.1")).toEqual(["pt-BR", "es", "en"]);
    expect(sellerLanguageOf(acceptLanguageTags("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7"))).toBe("en");
    expect(acceptLanguageTags(null)).toEqual([]);
  });
  it("isSellerLanguage accepts only the three", () => {
    expect(isSellerLanguage("pt-BR")).toBe(true);
    expect(isSellerLanguage("pt")).toBe(false);
    expect(isSellerLanguage(undefined)).toBe(false);
  });
});

describe("sellerLanguageOfCountry", () => {
  it("gives Brazil Portuguese, and English where the app has no language of the country", () => {
    expect(sellerLanguageOfCountry("BR")).toBe("pt-BR");
    expect(sellerLanguageOfCountry("KE")).toBe("en");
    expect(sellerLanguageOfCountry("NG")).toBe("en");
    expect(sellerLanguageOfCountry("MY")).toBe("en");
    expect(sellerLanguageOfCountry("ID")).toBe("en");
    expect(sellerLanguageOfCountry("br")).toBe("pt-BR");
  });
  it("gives every Spanish-speaking country, and an unknown one, Spanish", () => {
    const others = COUNTRIES.map((c) => c.code).filter((code) => !["BR", "KE", "NG", "MY", "ID"].includes(code));
    expect(others).toContain("AR");
    for (const code of others) expect(sellerLanguageOfCountry(code), code).toBe("es");
    expect(sellerLanguageOfCountry(null)).toBe("es");
    expect(sellerLanguageOfCountry("FR")).toBe("es");
  });
});
