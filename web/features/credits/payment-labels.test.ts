import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../lib/api";
import { autoChargeError, countryPriceLabel } from "./payment-labels";

describe("the country price label", () => {
  it("names the money and the provider", () => {
    expect(countryPriceLabel("AR", "mercadopago", "ARS")).toBe("🇦🇷 Precios en pesos argentinos (ARS). Pagas con Mercado Pago.");
    expect(countryPriceLabel("CL", "dlocalgo", "CLP")).toBe(
      "🇨🇱 Precios aproximados en pesos chilenos (CLP). Pagas con dLocal Go en dólares, convertidos a tu moneda al momento del pago.",
    );
    expect(countryPriceLabel(null, "dlocalgo", "USD")).toBe(
      "Precios en dólares estadounidenses (USD) porque no pudimos detectar tu país. Pagas con dLocal Go, que convierte a tu moneda al pagar.",
    );
    expect(countryPriceLabel("EC", "dlocalgo", "USD")).toContain("(USD) para tu país");
    // An Argentine seller charged in dollars (the edge could not place them): prices estimated in pesos.
    expect(countryPriceLabel("AR", "dlocalgo", "ARS")).toBe(
      "🇦🇷 Precios aproximados en pesos argentinos (ARS). Pagas con dLocal Go en dólares, convertidos a tu moneda al momento del pago.",
    );
  });
});

describe("the automatic charge's error", () => {
  it("is the body's message, else 'Error {status}', else the spec's fallback", () => {
    expect(autoChargeError(new ApiFailure("No tienes créditos suficientes", 402))).toBe("No tienes créditos suficientes");
    expect(autoChargeError(new ApiFailure("", 503))).toBe("Error 503");
    expect(autoChargeError(new ApiFailure("", 0))).toBe("Ocurrió un error al intentar descontar los créditos.");
    expect(autoChargeError(new Error("boom"))).toBe("Ocurrió un error al intentar descontar los créditos.");
  });
});
