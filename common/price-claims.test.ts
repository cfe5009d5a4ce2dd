import { describe, expect, it } from "vitest";
import { findPack, PACKS, PACKS_RESTRICTED_IN } from "./packs";
import { FIXED_RATES } from "./packs";
import { chargeEstimate, cheapestImageCharge, formatPerImage, packSavingsPercent, packSavingsText, priceClaims } from "./price-claims";

const pack = (id: string) => findPack(id)!;

describe("price claims per country", () => {
  it("Argentina: pesos from the ARS list, where every pack costs $ 120 an image, so no pack claims a saving", () => {
    const claims = priceClaims("AR");
    expect(claims.fromPerImage).toBe("Desde $ 120 por imagen");
    expect(claims.packs.map((p) => [p.price, p.perImage, p.savings])).toEqual([
      ["$ 120", "$ 120 por imagen", 0],
      ["$ 1.200", "$ 120 por imagen", 0],
      ["$ 6.000", "$ 120 por imagen", 0],
      ["$ 12.000", "$ 120 por imagen", 0],
    ]);
    expect(claims.storePlan).toBe("$ 2.000");
    expect(claims.currencyNote).toContain("pesos argentinos");
  });

  it("elsewhere: dollars as charged (the single image is US$ 0.13, so its saving is the base), written as the country writes numbers", () => {
    const claims = priceClaims("CL");
    expect(claims.fromPerImage).toBe("Desde US$ 0,088 por imagen");
    expect(claims.packs.map((p) => p.price)).toEqual(["US$ 0,13", "US$ 1,25", "US$ 4,40", "US$ 8,80"]);
    // 0.125 against 0.13 is 4%; 0.088 against 0.13 is 32%; the 100 pack costs the same per image as the 50.
    expect(claims.packs.map((p) => p.savings)).toEqual([0, 4, 32, 0]);
    expect(claims.storePlan).toBe("US$ 2,00");
    expect(priceClaims(null).fromPerImage).toBe("Desde US$ 0.088 por imagen");
    expect(priceClaims("MX").packs[0]!.price).toBe("US$ 0.13");
  });

  it("where packs 50 and 100 are not sold, the claim is the cheapest pack there (US$ 0.125) and they claim no saving", () => {
    for (const country of PACKS_RESTRICTED_IN) {
      const claims = priceClaims(country);
      expect(cheapestImageCharge(country)).toEqual({ amount: 0.125, currency: "USD" });
      expect(claims.fromPerImage, country).toMatch(/^Desde US\$ 0[.,]125 por imagen$/);
      expect(claims.packs.map((p) => p.available)).toEqual([true, true, false, false]);
      expect(claims.packs.map((p) => p.savings)).toEqual([0, 4, 0, 0]);
    }
  });

  it("two packs at the same price per image never both claim a saving", () => {
    for (const country of ["AR", "BR", "US", null, "MX"]) {
      const claimed = PACKS.filter((p) => packSavingsPercent(p, country) > 0).map((p) => p.priceUSD / p.images);
      expect(new Set(claimed.map((v) => v.toFixed(6))).size).toBe(claimed.length);
    }
    expect(packSavingsPercent(pack("pack-100"), "US")).toBe(0);
  });

  it("keeps a price per image under a unit to its third decimal, never rounded", () => {
    expect(formatPerImage({ amount: 0.088, currency: "USD" }, "AR")).toBe("US$ 0,088");
    expect(formatPerImage({ amount: 0.088, currency: "USD" }, null)).toBe("US$ 0.088");
    expect(formatPerImage({ amount: 0.13, currency: "USD" }, null)).toBe("US$ 0.13");
    expect(formatPerImage({ amount: 120, currency: "ARS" }, "AR")).toBe("$ 120");
  });

  it("estimates a charge in the seller's money only when it is charged in another, with a rate", () => {
    expect(chargeEstimate({ amount: 1.25, currency: "USD" }, "AR", FIXED_RATES)).toEqual({ amount: 1650.59, currency: "ARS" });
    expect(chargeEstimate({ amount: 1200, currency: "ARS" }, "AR", FIXED_RATES)).toBeNull();
    expect(chargeEstimate({ amount: 1.25, currency: "USD" }, "US", FIXED_RATES)).toBeNull();
    expect(chargeEstimate({ amount: 1.25, currency: "USD" }, null, FIXED_RATES)).toBeNull();
    expect(chargeEstimate({ amount: 1.25, currency: "USD" }, "AR", {})).toBeNull();
    expect(chargeEstimate({ amount: 1.25, currency: "USD" }, "AR", { ARS: Number.NaN })).toBeNull();
  });

  it("an Argentine the edge cannot place: dollars written the Argentine way, with pesos estimated", () => {
    const claims = priceClaims(null, { home: "AR", rates: FIXED_RATES });
    expect(claims.packs.map((p) => [p.price, p.estimate])).toEqual([
      ["US$ 0,13", "$ 171,66"],
      ["US$ 1,25", "$ 1.650,59"],
      ["US$ 4,40", "$ 5.810,08"],
      ["US$ 8,80", "$ 11.620,16"],
    ]);
    // Without rates nothing is estimated; the edge's country always wins over the store's.
    expect(priceClaims(null, { home: "AR" }).packs[1]!.estimate).toBeNull();
    expect(priceClaims("AR", { home: "CL", rates: FIXED_RATES }).packs[1]).toMatchObject({ price: "$ 1.200", estimate: null });
  });

  it("the 100 pack's saving is said as the 50 pack's, never as its own", () => {
    expect(PACKS.map((p) => packSavingsText(p, "CL"))).toEqual([null, "Ahorras 4%", "Ahorras 32%", "Ahorras 32%, igual que 50 imágenes"]);
    expect(PACKS.map((p) => packSavingsText(p, "AR"))).toEqual([null, null, null, null]);
    expect(PACKS.map((p) => packSavingsText(p, "PE"))).toEqual([null, "Ahorras 4%", null, null]);
  });
});

describe("price claims as numbers, for the seller's screens in another language", () => {
  it("say what the Spanish texts say: the bare prices inside them, and each pack's saving and the pack it matches", () => {
    for (const country of ["AR", "MX", "BR", "KE", null]) {
      const claims = priceClaims(country);
      expect(claims.fromPerImage).toBe(`Desde ${claims.fromPerImagePrice} por imagen`);
      expect(claims.route).toBe(country === "AR" ? "mercadopago" : "dlocalgo");
      for (const claim of claims.packs) {
        expect(claim.perImage).toBe(`${claim.perImagePrice} por imagen`);
        expect(claim.images).toBe(pack(claim.id).images);
        const { saving } = claim;
        const said = saving && `Ahorras ${saving.percent}%${saving.sameAs ? `, igual que ${saving.sameAs.images} imágenes` : ""}`;
        expect(said, `${country} ${claim.id}`).toBe(claim.savingsText);
      }
    }
    expect(priceClaims(null).packs.find((p) => p.id === "pack-100")!.saving).toEqual({
      percent: 32,
      sameAs: { images: 50, credits: 2500 },
    });
  });
});
