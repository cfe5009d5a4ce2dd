import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PACKS } from "../common/packs";
import { PROVIDER_COSTS_MARKERS, renderCosts, sellerPrices, withCosts } from "./provider-costs.ts";

describe("what each picture costs us, next to what the seller pays", () => {
  it("derives the seller's price per picture from the pack table: cheapest and dearest pack, Pro at twice the credits", () => {
    const cheapestPack = PACKS.reduce((a, b) => (a.priceUSD <= b.priceUSD ? a : b));
    const dearestPack = PACKS.reduce((a, b) => (a.priceUSD >= b.priceUSD ? a : b));
    const standard = sellerPrices(PACKS, "standard");
    expect(standard.cheapest.pack).toBe(cheapestPack);
    expect(standard.dearest.pack).toBe(dearestPack);
    expect(standard.cheapest.usd).toBeCloseTo(cheapestPack.priceUSD / cheapestPack.images);
    expect(sellerPrices(PACKS, "pro").dearest.usd).toBeCloseTo((2 * dearestPack.priceUSD) / dearestPack.images);
  });

  it("docs/providers.md holds the current table (npm run docs:provider-costs writes it)", () => {
    const doc = readFileSync("docs/providers.md", "utf8");
    expect(doc).toContain(PROVIDER_COSTS_MARKERS[0]);
    expect(withCosts(doc, renderCosts(PACKS))).toBe(doc);
  });
});
