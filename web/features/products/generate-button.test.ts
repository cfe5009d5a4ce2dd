import { describe, expect, it } from "vitest";
import { CREDITS_PER_IMAGE, CREDITS_PER_PRO_IMAGE } from "../../../common/credits";
import { generateAction, generateLabel } from "./generate-button";

describe("generate button", () => {
  it("names the price: 'Generar 1 imagen' or 'Generar (Calidad Pro, 2 imágenes)'", () => {
    expect(generateLabel("standard")).toBe("Generar 1 imagen");
    expect(generateLabel("pro")).toBe("Generar (Calidad Pro, 2 imágenes)");
  });

  it("generates when the balance covers the quality's cost", () => {
    expect(generateAction({ hasImage: true, credits: CREDITS_PER_IMAGE, quality: "standard" })).toEqual({
      kind: "generate",
      label: "Generar 1 imagen",
      disabled: false,
      cost: CREDITS_PER_IMAGE,
    });
    expect(generateAction({ hasImage: true, credits: CREDITS_PER_PRO_IMAGE, quality: "pro" })).toMatchObject({
      kind: "generate",
      label: "Generar (Calidad Pro, 2 imágenes)",
      cost: CREDITS_PER_PRO_IMAGE,
    });
  });

  it("says 'Recargar' (enabled) below the cost, which for Calidad Pro is two images", () => {
    expect(generateAction({ hasImage: true, credits: CREDITS_PER_IMAGE - 1, quality: "standard" })).toMatchObject({
      kind: "recharge",
      label: "Recargar",
      disabled: false,
    });
    expect(generateAction({ hasImage: true, credits: 0, quality: "standard" }).label).toBe("Recargar");
    // One image left is enough for standard, not for pro.
    expect(generateAction({ hasImage: true, credits: 99, quality: "pro" }).label).toBe("Recargar");
    expect(generateAction({ hasImage: true, credits: 99, quality: "standard" }).label).toBe("Generar 1 imagen");
  });

  it("says 'Falta Imagen' (disabled) without a photo, whatever the balance", () => {
    for (const credits of [0, 49, 50, 500]) {
      for (const quality of ["standard", "pro"] as const) {
        expect(generateAction({ hasImage: false, credits, quality })).toMatchObject({
          kind: "missing-image",
          label: "Falta Imagen",
          disabled: true,
        });
      }
    }
  });
});
