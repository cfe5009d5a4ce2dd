import { describe, expect, it } from "vitest";
import { COUNTRY_LOCALES, storeMoney } from "./store-locale";
import { ARS_MONEY, feedPrice, formatAmount, formatPrice, formatPriceNumber, fromMinor, numberSeparators, toMinor } from "./store-money";
import { formatArs } from "./store-format";

const NBSP = "\u00a0";
const money = (country: string) => {
  const row = COUNTRY_LOCALES[country]!;
  return storeMoney(row.currency, row.locale);
};

describe("a store's prices, in its locale's CLDR format", () => {
  it("writes Argentine prices byte for byte as the stores always have", () => {
    for (const value of [0, 1, 999, 1000, 12_500, 15_000, 1_250_000, 100_000_000, -12_500, 12_499.6, Number.NaN]) {
      expect(formatPrice(value, ARS_MONEY), String(value)).toBe(formatArs(value));
      expect(formatPrice(value, money("AR")), String(value)).toBe(formatArs(value));
    }
    expect(formatPrice(12_500, ARS_MONEY)).toBe("$12.500");
  });

  it("writes each country's prices as its shops do, CLDR's spaces included", () => {
    expect(formatPrice(12_990, money("BR"))).toBe(`R$${NBSP}129,90`);
    expect(formatPrice(129_900, money("MX"))).toBe("$1,299.00");
    expect(formatPrice(5_990, money("PE"))).toBe(`S/${NBSP}59.90`);
    expect(formatPrice(150_000, money("ID"))).toBe(`Rp${NBSP}150.000`);
    expect(formatPrice(2_500, money("KE"))).toBe(`Ksh${NBSP}2,500`);
    expect(formatPrice(12_500, money("CL"))).toBe("$12.500");
    expect(formatPrice(12_500, money("CO"))).toBe(`$${NBSP}12.500`);
    expect(formatPrice(1_290, money("UY"))).toBe(`$${NBSP}1.290`);
    expect(formatPrice(125_000, money("PY"))).toBe(`Gs.${NBSP}125.000`);
    expect(formatPrice(15_050, money("BO"))).toBe(`Bs${NBSP}150,50`);
    expect(formatPrice(125_000, money("DO"))).toBe("RD$1,250.00");
    expect(formatPrice(12_500, money("GT"))).toBe(`Q${NBSP}125.00`);
    expect(formatPrice(12_500, money("CR"))).toBe(`₡12${NBSP}500`);
    expect(formatPrice(2_990, money("MY"))).toBe(`RM${NBSP}29.90`);
    expect(formatPrice(12_500, money("NG"))).toBe("₦12,500");
  });

  it("follows the store's locale, not its country, when the seller chose another language", () => {
    expect(formatPrice(12_990, storeMoney("BRL", "en"))).toBe("R$129.90");
    // An Argentine store in English leaves the tight Argentine form for English's own.
    expect(formatPrice(12_500, storeMoney("ARS", "en"))).toBe("ARS\u00a012,500");
  });

  it("converts between the units shown and the integer kept", () => {
    expect(fromMinor(12_990, money("BR"))).toBe(129.9);
    expect(toMinor(129.9, money("BR"))).toBe(12_990);
    expect(toMinor(1299.5, money("MX"))).toBe(129_950);
    expect(fromMinor(12_500, money("CL"))).toBe(12_500);
  });

  it("writes the number alone for price fields", () => {
    expect(formatPriceNumber(12_990, money("BR"))).toBe("129,90");
    expect(formatPriceNumber(129_950, money("MX"))).toBe("1,299.50");
    expect(formatPriceNumber(12_500, money("CL"))).toBe("12.500");
  });

  it("knows each locale's separators", () => {
    expect(numberSeparators("es-AR")).toEqual({ group: ".", decimal: "," });
    expect(numberSeparators("es-MX")).toEqual({ group: ",", decimal: "." });
    expect(numberSeparators("es-CR")).toEqual({ group: NBSP, decimal: "," });
  });

  it("writes feed prices with the ISO code, Argentina's as the feed does today", () => {
    // worker/pages/feed.ts today: `${product.price.toFixed(2)} ARS`.
    expect(feedPrice(12_500, ARS_MONEY)).toBe(`${(12_500).toFixed(2)} ARS`);
    expect(feedPrice(12_990, money("BR"))).toBe("129.90 BRL");
    expect(feedPrice(129_950, money("MX"))).toBe("1299.50 MXN");
    expect(feedPrice(150_000, money("ID"))).toBe("150000.00 IDR");
  });
});

describe("formatAmount: an amount with its own currency, in the reader's locale", () => {
  it("writes the same integer as each currency's minor unit says, whatever the store sells in now", () => {
    expect(formatAmount(12_500, "ARS", "es-AR")).toBe("$12.500");
    expect(formatAmount(12_990, "BRL", "pt-BR")).toBe(formatPrice(12_990, storeMoney("BRL", "pt-BR")));
    expect(formatAmount(12_990, "BRL", "pt-BR")).toMatch(/^R\$\s129,90$/);
    // An order in reais read in an Argentine store's language: still reais, never "$12.990".
    expect(formatAmount(12_990, "BRL", "es-AR")).toMatch(/^BRL\s129,90$/);
    expect(formatAmount(125, "CLP", "pt-BR")).toMatch(/^CLP\s125$/);
  });
});
