import { describe, expect, it } from "vitest";
import { VARIANT_LABELS, variantOf } from "./image-variants";

describe("variantOf", () => {
  it("tells a front image on a model from the garment alone", () => {
    expect(VARIANT_LABELS[variantOf("ad", true)]).toBe("Adulto");
    expect(VARIANT_LABELS[variantOf("ad", false)]).toBe("Frente");
    expect(VARIANT_LABELS[variantOf("product", false)]).toBe("Frente");
  });

  it("names every other kind as the gallery shows it", () => {
    const labels = ["back", "baby", "kid", "girl-kid", "outfit", "personalized", "modify"].map((k) => VARIANT_LABELS[variantOf(k)]);
    expect(labels).toEqual(["Detrás", "Bebé", "Niño", "Niña", "Conjunto", "Personalizada", "Modificada"]);
  });
});
