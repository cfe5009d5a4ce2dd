import { describe, expect, it } from "vitest";
import { formatAmount } from "./store-money";

// Intl writes a no-break space between symbol and number in some locales; a person reads a space.
const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatAmount: an amount read by its own currency, in the reader's number format", () => {
  it("writes an order's reais as reais whatever the store sells in now", () => {
    expect(read(formatAmount(27_970, "BRL", "pt-BR"))).toBe("R$ 279,70");
    expect(read(formatAmount(150, "BRL", "pt-BR"))).toBe("R$ 1,50");
    // A store that took Argentine Spanish still writes the order's reais, with their code instead of a bare "$".
    expect(read(formatAmount(27_970, "BRL", "es-AR"))).toBe("BRL 279,70");
  });

  it("writes pesos as Argentine stores always have, and never as reais", () => {
    expect(formatAmount(27_970, "ARS", "es-AR")).toBe("$27.970");
    expect(read(formatAmount(130, "ARS", "pt-BR"))).toBe("ARS 130");
  });

  it("keeps each currency's digits: the same integer is 279,70 reais but 27.970 Chilean pesos", () => {
    expect(formatAmount(27_970, "CLP", "es-CL")).toBe("$27.970");
    expect(formatAmount(129_950, "MXN", "es-MX")).toBe("$1,299.50");
    expect(read(formatAmount(5_990, "PEN", "es-PE"))).toBe("S/ 59.90");
  });
});
