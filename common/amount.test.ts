import { describe, expect, it } from "vitest";
import { currencyMoney, formatAmount } from "./amount";

// Intl writes a no-break space between symbol and number in some locales; a person reads a space.
const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatAmount: an amount read by its own currency", () => {
  it("writes reais as Brazil does, whatever money the store sells in now", () => {
    expect(read(formatAmount(27_970, "BRL"))).toBe("R$ 279,70");
    expect(read(formatAmount(150, "BRL"))).toBe("R$ 1,50");
  });

  it("writes pesos as Argentine stores always have, and an order from before it kept its currency as pesos", () => {
    expect(formatAmount(27_970, "ARS")).toBe("$27.970");
    expect(formatAmount(27_970, null)).toBe("$27.970");
    expect(formatAmount(27_970, undefined)).toBe("$27.970");
  });

  it("keeps each currency's digits: the same integer is 279,70 reais but 27.970 Chilean pesos", () => {
    expect(formatAmount(27_970, "CLP")).toBe("$27.970");
    expect(formatAmount(129_950, "MXN")).toBe("$1,299.50");
    expect(read(formatAmount(5_990, "PEN"))).toBe("S/ 59.90");
  });

  it("never writes a currency it does not know as another one", () => {
    expect(currencyMoney("XYZ").currency).toBe("XYZ");
    expect(read(formatAmount(1_000, "XYZ"))).toContain("XYZ");
  });
});
