import { describe, expect, it } from "vitest";
import {
  formatPriceInput,
  MAX_PRICE,
  parseArsPrice,
  PRICE_INVALID,
  PRICE_NEGATIVE,
  PRICE_NO_CENTS,
  PRICE_TOO_HIGH,
  pricePreview,
  priceSuggestion,
  tidyPrice,
} from "./price";

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

  it("writes saved prices with dots for thousands, as the seller typed them", () => {
    expect(formatPriceInput(12500)).toBe("12.500");
    expect(formatPriceInput(1250000)).toBe("1.250.000");
    expect(formatPriceInput(999)).toBe("999");
    expect(formatPriceInput(0)).toBe("");
    expect(formatPriceInput(null)).toBe("");
    // Every saved price comes back through the parser as itself.
    for (const price of [1, 999, 1000, 12500, MAX_PRICE]) expect(parseArsPrice(formatPriceInput(price))).toEqual({ price });
  });

  it("tidies a valid price when the field is left, and keeps anything else as typed", () => {
    expect(tidyPrice("12500")).toBe("12.500");
    expect(tidyPrice("$ 12.500")).toBe("12.500");
    expect(tidyPrice("$12500")).toBe("12.500");
    expect(tidyPrice("  ")).toBe("");
    expect(tidyPrice("$ 8.900,50")).toBe("$ 8.900,50");
    expect(tidyPrice("abc")).toBe("abc");
  });

  it("offers the rounded whole price for one typed with cents, and nothing for junk", () => {
    expect(priceSuggestion("$ 8.900,50")).toBe(8901);
    expect(priceSuggestion("8.900,49")).toBe(8900);
    expect(priceSuggestion("1500.75")).toBe(1501);
    expect(priceSuggestion("12,5")).toBe(13);
    expect(priceSuggestion("12.500")).toBeNull();
    expect(priceSuggestion("1e5")).toBeNull();
    expect(priceSuggestion("0,40")).toBeNull();
  });
});
