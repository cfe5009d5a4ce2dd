import { describe, expect, it } from "vitest";
import { imagesLabel } from "../../common/credits";
import { creditsFor } from "../../common/generation";
import { CHILDREN_UNAVAILABLE, GARMENT_ONLY_CREDITS } from "../../common/image-providers";
import { priceLabel } from "./generation-choices";

describe("the prices the drawer shows next to each choice", () => {
  it("names images, the one unit of the balance and the packs, from the function the Worker charges with", () => {
    expect(priceLabel("standard")).toBe("1 imagen");
    expect(priceLabel("pro")).toBe("2 imágenes");
    expect(priceLabel("pro")).toBe(imagesLabel(creditsFor("pro")));
    expect(priceLabel("pro")).not.toContain("créditos");
  });

  it("offers the garment alone at the price the API's refusal of a child names", () => {
    expect(creditsFor("standard")).toBe(GARMENT_ONLY_CREDITS);
    expect(CHILDREN_UNAVAILABLE).toContain(`por ${priceLabel("standard")}`);
  });
});
