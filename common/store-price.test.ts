import { describe, expect, it } from "vitest";
import { formatPriceField, MAX_PRICE, maxPrice, parseArsPrice, parsePrice, priceMessages } from "./price";
import { COUNTRY_LOCALES, storeMoney } from "./store-locale";

const money = (country: string) => {
  const row = COUNTRY_LOCALES[country]!;
  return storeMoney(row.currency, row.locale);
};
const BR = money("BR");
const MX = money("MX");
const CL = money("CL");

describe("the one price parser, in every store's money", () => {
  it("reads Argentine prices exactly as parseArsPrice always has", () => {
    for (const typed of ["12.500", "$ 12.500", "12.500,50", "12,5", "1500.75", "1.2345", "abc", "-3", "", "12,500", 12500, 12.5]) {
      expect(parsePrice(typed, money("AR")), String(typed)).toEqual(parseArsPrice(typed));
    }
  });

  it("reads Brazilian prices in centavos: comma for cents, dots for thousands", () => {
    expect(parsePrice("129,90", BR)).toEqual({ price: 12_990 });
    expect(parsePrice("R$ 129,90", BR)).toEqual({ price: 12_990 });
    expect(parsePrice("R$\u00a01.299,90", BR)).toEqual({ price: 129_990 });
    expect(parsePrice("1.299", BR)).toEqual({ price: 129_900 });
    expect(parsePrice("129,9", BR)).toEqual({ price: 12_990 });
    expect(parsePrice("129", BR)).toEqual({ price: 12_900 });
    expect(parsePrice("BRL 59,90", BR)).toEqual({ price: 5_990 });
    expect(parsePrice(129.9, BR)).toEqual({ price: 12_990 });
  });

  it("reads Mexican prices: point for cents, commas for thousands", () => {
    expect(parsePrice("1,299.50", MX)).toEqual({ price: 129_950 });
    expect(parsePrice("$1,299.00", MX)).toEqual({ price: 129_900 });
    expect(parsePrice("1299.5", MX)).toEqual({ price: 129_950 });
    expect(parsePrice("1,299", MX)).toEqual({ price: 129_900 });
    expect(parsePrice("MXN 450", MX)).toEqual({ price: 45_000 });
  });

  it("asks back, in words, when a price reads two ways", () => {
    expect(parsePrice("1.299", MX)).toEqual({
      error: "¿1.299 es mil doscientos noventa y nueve o uno coma dos nueve nueve? Si es mil doscientos noventa y nueve, escribe 1,299.",
    });
    expect(parsePrice("1,299", BR)).toEqual({
      error: "¿1,299 es mil doscientos noventa y nueve o uno coma dos nueve nueve? Si es mil doscientos noventa y nueve, escribe 1.299.",
    });
    expect(parsePrice("21.500", MX)).toEqual({
      error: "¿21.500 es veintiún mil quinientos o veintiuno coma cinco cero cero? Si es veintiún mil quinientos, escribe 21,500.",
    });
  });

  it("says where the cents go when they come after the other sign", () => {
    expect(parsePrice("1.299,50", MX)).toEqual({ error: "Los centavos van después de un punto: escribe, por ejemplo, 1,299.50." });
    expect(parsePrice("12,5", MX)).toEqual({ error: priceMessages(MX).wrongDecimal });
    expect(parsePrice("129.90", BR)).toEqual({ error: "Los centavos van después de una coma: escribe, por ejemplo, 1.299,50." });
  });

  it("reads Chilean pesos whole, whichever sign groups the thousands, and refuses cents", () => {
    expect(parsePrice("12.500", CL)).toEqual({ price: 12_500 });
    expect(parsePrice("$12.500", CL)).toEqual({ price: 12_500 });
    expect(parsePrice("12,500", CL)).toEqual({ price: 12_500 });
    expect(parsePrice("12500", CL)).toEqual({ price: 12_500 });
    expect(parsePrice("12.500,50", CL)).toEqual({ error: "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500." });
    expect(parsePrice("12,5", CL)).toEqual({ error: priceMessages(CL).noCents });
    expect(parsePrice(12.5, CL)).toEqual({ error: priceMessages(CL).noCents });
  });

  it("reads the other whole-unit currencies as their shops write them", () => {
    expect(parsePrice("Rp 150.000", money("ID"))).toEqual({ price: 150_000 });
    expect(parsePrice("KSh 2,500", money("KE"))).toEqual({ price: 2_500 });
    expect(parsePrice("Ksh\u00a02,500", money("KE"))).toEqual({ price: 2_500 });
    expect(parsePrice("₡12 500", money("CR"))).toEqual({ price: 12_500 });
    expect(parsePrice("₦12,500", money("NG"))).toEqual({ price: 12_500 });
    expect(parsePrice("Gs. 125.000", money("PY"))).toEqual({ price: 125_000 });
    expect(parsePrice("2,500.50", money("KE"))).toEqual({
      error: "Los precios en chelines van sin centavos: escribe, por ejemplo, 12,500.",
    });
  });

  it("refuses junk, negatives and prices over the maximum with the store's examples", () => {
    for (const junk of ["abc", "1e5", "12.50.0", "0x10", "12 500 reais", "1,299,50", "12\u200b500", "١٢٣"]) {
      expect(parsePrice(junk, BR), junk).toEqual({ error: "El precio no es válido: escribe solo números, por ejemplo 1.299,50." });
    }
    expect(parsePrice("1.250.000", MX)).toEqual({ error: "El precio no es válido: escribe solo números, por ejemplo 1,299.50." });
    expect(parsePrice("1299,999", BR)).toEqual({ error: priceMessages(BR).invalid });
    expect(parsePrice("0,299", BR)).toEqual({ error: priceMessages(BR).invalid });
    expect(parsePrice("-3", MX)).toEqual({ error: "El precio no puede ser negativo." });
    expect(parsePrice(-3, MX)).toEqual({ error: "El precio no puede ser negativo." });
    expect(parsePrice("100.000.001", BR)).toEqual({ error: "El precio máximo es R$\u00a0100.000.000,00." });
    expect(maxPrice(BR)).toBe(MAX_PRICE * 100);
    // Rupiah go higher: 100 million is under US$ 6,000.
    expect(parsePrice("150.000.000", money("ID"))).toEqual({ price: 150_000_000 });
  });

  it("is 0 (no price yet) when empty", () => {
    expect(parsePrice("", MX)).toEqual({ price: 0 });
    expect(parsePrice(null, BR)).toEqual({ price: 0 });
  });

  it("writes a saved price back into its field so the parser reads it as itself", () => {
    for (const [country, price] of [
      ["BR", 12_990],
      ["MX", 129_950],
      ["CL", 12_500],
      ["ID", 150_000],
      ["KE", 2_500],
      ["CR", 12_500],
      ["AR", 12_500],
    ] as const) {
      const field = formatPriceField(price, money(country));
      expect(parsePrice(field, money(country)), `${country} ${field}`).toEqual({ price });
    }
    expect(formatPriceField(12_500, money("AR"))).toBe("12.500");
    expect(formatPriceField(0, BR)).toBe("");
  });
});
