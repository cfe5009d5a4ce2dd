import { describe, expect, it } from "vitest";
import { MAX_PRICE, parseArsPrice, PRICE_INVALID, PRICE_NEGATIVE, PRICE_NO_CENTS, PRICE_TOO_HIGH, pricePreview } from "./price";

describe("the one price parser", () => {
  it("reads Argentine prices as typed: dots for thousands, a $ in front", () => {
    expect(parseArsPrice("12.500")).toEqual({ price: 12500 });
    expect(parseArsPrice("12500")).toEqual({ price: 12500 });
    expect(parseArsPrice("$ 12.500")).toEqual({ price: 12500 });
    expect(parseArsPrice("$12.500")).toEqual({ price: 12500 });
    expect(parseArsPrice(" 1.250.000 ")).toEqual({ price: 1250000 });
    expect(parseArsPrice("ARS 999")).toEqual({ price: 999 });
    expect(parseArsPrice("$\u00a012\u00a0500")).toEqual({ price: 12500 });
    expect(parseArsPrice(12500)).toEqual({ price: 12500 });
  });

  it("is 0 (no price yet) when empty", () => {
    expect(parseArsPrice("")).toEqual({ price: 0 });
    expect(parseArsPrice("  ")).toEqual({ price: 0 });
    expect(parseArsPrice(null)).toEqual({ price: 0 });
    expect(parseArsPrice(undefined)).toEqual({ price: 0 });
  });

  it("refuses cents: ARS prices in a store are whole pesos", () => {
    expect(parseArsPrice("12.500,50")).toEqual({ error: PRICE_NO_CENTS });
    expect(parseArsPrice("12,5")).toEqual({ error: PRICE_NO_CENTS });
    expect(parseArsPrice("1500.75")).toEqual({ error: PRICE_NO_CENTS });
    expect(parseArsPrice(12.5)).toEqual({ error: PRICE_NO_CENTS });
  });

  it("refuses junk instead of guessing", () => {
    for (const junk of ["1e5abc", "1e5", "abc", "12.50.0", "1.2345", "0x10", "12 500 pesos", "Infinity", "١٢٣", "12\u200b500"]) {
      expect(parseArsPrice(junk), junk).toEqual({ error: PRICE_INVALID });
    }
    expect(parseArsPrice(Number.NaN)).toEqual({ error: PRICE_INVALID });
    expect(parseArsPrice({})).toEqual({ error: PRICE_INVALID });
    expect(parseArsPrice("-3")).toEqual({ error: PRICE_NEGATIVE });
    expect(parseArsPrice(-3)).toEqual({ error: PRICE_NEGATIVE });
    expect(parseArsPrice(MAX_PRICE + 1)).toEqual({ error: PRICE_TOO_HIGH });
    expect(parseArsPrice("999.999.999.999.999.999")).toEqual({ error: PRICE_TOO_HIGH });
  });

  it("previews the price as the store shows it", () => {
    expect(pricePreview("12500")).toBe("$12.500");
    expect(pricePreview("$ 12.500")).toBe("$12.500");
    expect(pricePreview("12,5")).toBeNull();
    expect(pricePreview("")).toBeNull();
  });
});
