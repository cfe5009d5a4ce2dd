import { describe, expect, it } from "vitest";
import { affordableItems, batchCredits, batchPriceLabel, batchProgress, notEnoughForBatch, timeLeftLabel } from "./batches";
import { creditsFor } from "./generation";

describe("a batch's price", () => {
  it("is what its pictures cost one by one, from the function the Worker charges with", () => {
    expect(batchCredits(20, "standard")).toBe(20 * creditsFor("standard"));
    expect(batchCredits(20, "pro")).toBe(20 * creditsFor("pro"));
    expect(batchPriceLabel(20, "standard")).toBe("20 imágenes · 1.000 créditos");
    expect(batchPriceLabel(1, "standard")).toBe("1 imagen · 50 créditos");
    expect(batchPriceLabel(100, "pro")).toBe("100 imágenes · 10.000 créditos");
  });

  it("says how many pictures a balance covers, and offers those", () => {
    expect(affordableItems(500, 12, "standard")).toBe(10);
    expect(affordableItems(500, 12, "pro")).toBe(5);
    expect(affordableItems(49, 3, "standard")).toBe(0);
    expect(affordableItems(10_000, 3, "standard")).toBe(3);
    expect(notEnoughForBatch(12, "standard", 500)).toBe(
      "Necesitas 600 créditos para 12 imágenes y tienes 500 créditos. Tu saldo alcanza para 10 imágenes: puedes generar esas ahora. No se descontó nada.",
    );
    expect(notEnoughForBatch(2, "pro", 40)).toBe(
      "Necesitas 200 créditos para 2 imágenes y tienes 40 créditos. No se descontó nada. Compra créditos para generar el lote.",
    );
  });
});

describe("a batch's progress", () => {
  it("counts every ended picture, and rounds the time left up", () => {
    expect(batchProgress({ total: 20, done: 9, failed: 1, cancelled: 0 })).toBe(50);
    expect(batchProgress({ total: 3, done: 3, failed: 0, cancelled: 0 })).toBe(100);
    expect(timeLeftLabel(null)).toBeNull();
    expect(timeLeftLabel(20)).toBe("Falta menos de 1 min");
    expect(timeLeftLabel(61)).toBe("Falta aprox. 2 min");
    expect(timeLeftLabel(3 * 3600 + 60)).toBe("Falta aprox. 3 h 1 min");
  });
});
