import { describe, expect, it } from "vitest";
import { chargeFor, formatMoney, formatUSDPerImage, PACKS, savingsPercent } from "../../../common/packs";
import { fromPriceClaim, landingPacks } from "./landing-packs";

describe("landing prices", () => {
  it("shows every pack of the shared table as charged, with its savings computed and the featured one flagged", () => {
    const packs = landingPacks();
    expect(packs.map((p) => p.id)).toEqual(PACKS.map((p) => p.id));
    for (const [i, pack] of PACKS.entries()) {
      // The same text /credits shows for a buyer paying in dollars, i.e. what dLocal Go is asked to collect.
      expect(packs[i]!.price).toBe(formatMoney(chargeFor(pack, "dlocalgo")));
      expect(packs[i]!.savings).toBe(savingsPercent(pack));
      expect(packs[i]!.featured).toBe(pack.featured === true);
    }
    expect(packs.filter((p) => p.featured)).toHaveLength(1);
    expect(packs[0]!.title).toBe("1 imagen");
    expect(packs[1]!.title).toBe("10 imágenes");
  });

  it("shows the one-image pack as charged, US$ 0.13, never the list price 0.125", () => {
    const [single] = landingPacks();
    expect(single!.price).toBe("US$ 0.13");
    expect(single!.perImage).toBe("US$ 0.13 por imagen");
    // 10 images for US$ 1.25 really are US$ 0.125 each: a quotient, not a charge.
    expect(landingPacks()[1]!.perImage).toBe("US$ 0.125 por imagen");
  });

  it("claims the cheapest real price per image, keeping a third decimal rather than rounding", () => {
    expect(fromPriceClaim()).toBe("Desde US$ 0.088 por imagen");
    expect(formatUSDPerImage(0.088)).toBe("US$ 0.088");
    expect(formatUSDPerImage(0.13)).toBe("US$ 0.13");
  });
});
