import { describe, expect, it } from "vitest";
import { cheapestImagePriceUSD, formatMoney, PACKS, savingsPercent } from "../../../common/packs";
import { formatUSD, fromPriceClaim, landingPacks } from "./landing-packs";

describe("landing prices", () => {
  it("shows every pack of the shared table, with its savings computed and the featured one flagged", () => {
    const packs = landingPacks();
    expect(packs.map((p) => p.id)).toEqual(PACKS.map((p) => p.id));
    for (const [i, pack] of PACKS.entries()) {
      expect(packs[i]!.price).toBe(formatUSD(pack.priceUSD));
      expect(packs[i]!.savings).toBe(savingsPercent(pack));
      expect(packs[i]!.featured).toBe(pack.featured === true);
    }
    expect(packs.filter((p) => p.featured)).toHaveLength(1);
    expect(packs[0]!.title).toBe("1 imagen");
    expect(packs[1]!.title).toBe("10 imágenes");
  });

  it("claims the cheapest real price per image, never rounded up", () => {
    expect(fromPriceClaim()).toBe(`Desde ${formatUSD(cheapestImagePriceUSD())} por imagen`);
    expect(formatUSD(0.125)).toBe("US$ 0.125");
    expect(formatUSD(0.088)).toBe("US$ 0.088");
  });

  it("writes dollars as /credits does", () => {
    for (const amount of [1.25, 4.4, 8.8]) expect(formatUSD(amount)).toBe(formatMoney({ amount, currency: "USD" }));
  });
});
