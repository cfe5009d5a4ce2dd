import { describe, expect, it } from "vitest";
import {
  chargeFor,
  findPack,
  FIXED_RATES,
  formatMoney,
  localPrice,
  normalizeCountry,
  packAvailableIn,
  PACKS,
  PACKS_RESTRICTED_IN,
  paymentRouteFor,
  samePrice,
  storePlanPrice,
} from "./packs";
import { checkoutFailed, missingPaymentUrl } from "./payments";

const pack = (id: string) => findPack(id)!;

describe("local prices (the one pricing function)", () => {
  it("Argentina pays the ARS list", () => {
    expect(PACKS.map((p) => localPrice(p, "AR"))).toEqual([
      { amount: 120, currency: "ARS" },
      { amount: 1200, currency: "ARS" },
      { amount: 6000, currency: "ARS" },
      { amount: 12000, currency: "ARS" },
    ]);
  });

  it("other countries see USD × rate, rounded to 2 decimals", () => {
    expect(localPrice(pack("pack-50"), "CL")).toEqual({ amount: 4769.39, currency: "CLP" });
    expect(localPrice(pack("pack-10"), "BR")).toEqual({ amount: 8.32, currency: "BRL" });
    // The single image is charged US$ 0.13 (whole cents), so 0.13 × rate, not the list's 0.125 × rate.
    expect(localPrice(pack("pack-1"), "MX")).toEqual({ amount: 2.84, currency: "MXN" });
    expect(localPrice(pack("pack-100"), "CO", { COP: 4100 })).toEqual({ amount: 36080, currency: "COP" });
  });

  it("USD when the country, its currency or its rate is unknown", () => {
    expect(localPrice(pack("pack-50"), null)).toEqual({ amount: 4.4, currency: "USD" });
    expect(localPrice(pack("pack-50"), "EC")).toEqual({ amount: 4.4, currency: "USD" });
    expect(localPrice(pack("pack-50"), "US")).toEqual({ amount: 4.4, currency: "USD" });
    expect(localPrice(pack("pack-50"), "CL", {})).toEqual({ amount: 4.4, currency: "USD" });
    expect(localPrice(pack("pack-1"), null)).toEqual({ amount: 0.13, currency: "USD" });
  });

  it("what is charged: the ARS list through Mercado Pago, USD in cents through dLocal Go", () => {
    expect(chargeFor(pack("pack-50"), "mercadopago")).toEqual({ amount: 6000, currency: "ARS" });
    expect(chargeFor(pack("pack-50"), "dlocalgo")).toEqual({ amount: 4.4, currency: "USD" });
    expect(chargeFor(pack("pack-1"), "dlocalgo")).toEqual({ amount: 0.13, currency: "USD" });
    expect(paymentRouteFor("AR")).toBe("mercadopago");
    expect(paymentRouteFor("CL")).toBe("dlocalgo");
    expect(paymentRouteFor(null)).toBe("dlocalgo");
  });

  it("the store plan: 2000 ARS in Argentina and when the country is unknown, 2 USD at the fixed rate elsewhere", () => {
    expect(storePlanPrice("AR")).toEqual({ amount: 2000, currency: "ARS" });
    expect(storePlanPrice(null)).toEqual({ amount: 2000, currency: "ARS" });
    expect(storePlanPrice("BR")).toEqual({ amount: 13.3, currency: "BRL" });
    expect(storePlanPrice("PE")).toEqual({ amount: 7.94, currency: "PEN" });
    expect(storePlanPrice("US")).toEqual({ amount: 2, currency: "USD" });
    expect(FIXED_RATES.BRL).toBe(6.65227);
  });

  it("compares a shown price with the charge to the cent", () => {
    expect(samePrice(0.125, 0.13)).toBe(true);
    expect(samePrice(6000, 6000)).toBe(true);
    expect(samePrice(1, 6000)).toBe(false);
  });
});

describe("packs by country", () => {
  it("packs 3 and 4 are not sold in CO, EC, GT, MX, PA, PE, PY, UY", () => {
    expect([...PACKS_RESTRICTED_IN]).toEqual(["CO", "EC", "GT", "MX", "PA", "PE", "PY", "UY"]);
    for (const country of PACKS_RESTRICTED_IN) {
      expect(PACKS.map((p) => packAvailableIn(p, country))).toEqual([true, true, false, false]);
    }
    for (const country of ["AR", "CL", "BR", null]) {
      expect(PACKS.every((p) => packAvailableIn(p, country))).toBe(true);
    }
  });

  it("only pack 50 is the featured one ('Más elegido')", () => {
    expect(PACKS.filter((p) => p.featured).map((p) => p.id)).toEqual(["pack-50"]);
  });
});

describe("display", () => {
  it("ARS without forced decimals, every other currency with exactly 2", () => {
    expect(formatMoney({ amount: 1200, currency: "ARS" })).toBe("$ 1.200");
    expect(formatMoney({ amount: 1200.5, currency: "ARS" })).toBe("$ 1.200,5");
    expect(formatMoney({ amount: 4.4, currency: "USD" })).toBe("US$ 4.40");
    expect(formatMoney({ amount: 4769.39, currency: "CLP" })).toBe("$ 4.769,39");
    expect(formatMoney({ amount: 13.3, currency: "BRL" })).toBe("R$ 13,30");
    expect(formatMoney({ amount: 2, currency: "EUR" })).toBe("€ 2,00");
  });

  it("country codes from the edge: unknown and Tor say nothing", () => {
    expect(normalizeCountry("ar")).toBe("AR");
    expect(normalizeCountry("XX")).toBeNull();
    expect(normalizeCountry("T1")).toBeNull();
    expect(normalizeCountry("")).toBeNull();
    expect(normalizeCountry("ARG")).toBeNull();
    expect(normalizeCountry(undefined)).toBeNull();
  });
});

describe("payment messages", () => {
  it("are the spec's", () => {
    expect(checkoutFailed(500)).toBe("Error al crear la preferencia de pago (500)");
    expect(missingPaymentUrl("mercadopago")).toBe("No se recibió la URL de pago de Mercado Pago.");
    expect(missingPaymentUrl("dlocalgo")).toBe("No se recibió la URL de pago de dLocal Go.");
  });
});
