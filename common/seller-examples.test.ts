import { describe, expect, it } from "vitest";
import { SELLER_LANGUAGES } from "./seller-language";
import { COUNTRIES } from "./store";
import { COUNTRY_LOCALES, priceExample, priceTip, samplePrice, sellerExamples, storeMoney } from "./store-locale";
import { ARS_MONEY } from "./store-money";

const ARGENTINE = /CABA|Corrientes|GBA|Buenos Aires|Remeras?\b/i;
const moneyOf = (code: string) => storeMoney(COUNTRY_LOCALES[code]!.currency, COUNTRY_LOCALES[code]!.locale);

describe("the examples the seller's screens show", () => {
  it("keeps Argentina's literals", () => {
    const ar = sellerExamples("AR", "es");
    expect(ar).toMatchObject({ address: "Av. Corrientes 1234, CABA", zones: "CABA, GBA Norte", category: "Remeras", sizes: "talle" });
    expect(priceTip(ARS_MONEY, "es")).toEqual({ units: "pesos", example: "12.500", cents: "none" });
    expect(samplePrice(ARS_MONEY)).toBe("$12.500");
    // A seller with no store yet reads Argentina's, as always.
    expect(sellerExamples(null, "es")).toEqual(ar);
  });

  it("gives every country each example, and Argentine places only to Argentina (and its garment words to the River Plate)", () => {
    for (const { code } of COUNTRIES) {
      for (const language of SELLER_LANGUAGES) {
        const examples = sellerExamples(code, language);
        for (const value of Object.values(examples)) expect(value.trim(), `${code} ${language}`).not.toBe("");
        const tip = priceTip(moneyOf(code), language);
        expect(tip.units, code).not.toBe("");
        const shown = [examples.address, examples.zones, examples.bank].join(" ");
        if (code !== "AR") expect(shown, code).not.toMatch(ARGENTINE);
        if (!["AR", "UY", "PY"].includes(code)) expect(examples.category, `${code} ${language}`).not.toMatch(ARGENTINE);
      }
    }
  });

  it("speaks of pesos only where the money is pesos", () => {
    for (const { code } of COUNTRIES) {
      const money = moneyOf(code);
      for (const language of SELLER_LANGUAGES) {
        const { units } = priceTip(money, language);
        if (!["ARS", "CLP", "COP", "MXN", "UYU", "DOP"].includes(money.currency)) expect(units, `${code} ${language}`).not.toMatch(/peso/i);
      }
    }
  });

  it("writes Brazil's examples as Brazilian sellers do", () => {
    const money = moneyOf("BR");
    expect(sellerExamples("BR", "pt-BR")).toMatchObject({ address: "Av. Paulista 1000, São Paulo", category: "Camisetas" });
    expect(priceTip(money, "pt-BR")).toEqual({ units: "reais", example: "1.299,50", cents: "comma" });
    expect(samplePrice(money).replace(/\s/g, " ")).toBe("R$ 1.299,50");
  });

  it("writes Mexico's with a point for cents and 'tallas'", () => {
    const money = moneyOf("MX");
    expect(sellerExamples("MX", "es")).toMatchObject({ address: "Av. Reforma 222, CDMX", category: "Playeras", sizes: "talla" });
    expect(priceTip(money, "es")).toEqual({ units: "pesos", example: "1,299.50", cents: "point" });
  });

  it("writes Kenya's in shillings without cents, with English words", () => {
    const money = moneyOf("KE");
    expect(sellerExamples("KE", "en")).toMatchObject({
      address: "Moi Avenue 12, Nairobi",
      zones: "Nairobi CBD, Westlands",
      category: "T-shirts",
    });
    expect(priceTip(money, "en")).toEqual({ units: "shillings", example: "12,500", cents: "none" });
    expect(priceExample(money)).toBe("12,500");
  });
});
