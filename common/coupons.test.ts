import { describe, expect, it } from "vitest";
import { couponDeliveryCost, isValidCouponCode, linesDiscount, normalizeCouponCode } from "./coupons";

describe("a coupon's code", () => {
  it("is compared without case, accents, spaces, dashes or invisible characters", () => {
    expect(normalizeCouponCode("  invierno-10\u200B")).toBe("INVIERNO10");
    expect(normalizeCouponCode("Niño 2x1")).toBe("NINO2X1");
    expect(normalizeCouponCode("\u202Everano_25.")).toBe("VERANO25");
  });

  it("holds only letters and digits, 3 to 20 of them", () => {
    expect(isValidCouponCode(normalizeCouponCode("10% OFF!"))).toBe(false);
    expect(isValidCouponCode(normalizeCouponCode("🎁REGALO"))).toBe(false);
    expect(isValidCouponCode("AB")).toBe(false);
    expect(isValidCouponCode("A".repeat(21))).toBe(false);
    expect(isValidCouponCode("HOTSALE2026")).toBe(true);
  });
});

describe("a coupon's discount", () => {
  it("rounds a percentage to the unit the store keeps and never takes more than the lines", () => {
    expect(linesDiscount({ kind: "percent", value: 15 }, 12_499)).toBe(1875);
    expect(linesDiscount({ kind: "percent", value: 100 }, 12_500)).toBe(12_500);
    expect(linesDiscount({ kind: "amount", value: 5_000 }, 3_000)).toBe(3_000);
    expect(linesDiscount({ kind: "free_shipping", value: 0 }, 3_000)).toBe(0);
  });

  it("makes the delivery free only for a free-shipping code, a to-be-agreed cost included", () => {
    expect(couponDeliveryCost({ kind: "free_shipping" }, 3_500)).toBe(0);
    expect(couponDeliveryCost({ kind: "free_shipping" }, null)).toBe(0);
    expect(couponDeliveryCost({ kind: "percent" }, 3_500)).toBe(3_500);
    expect(couponDeliveryCost(null, null)).toBeNull();
  });
});
