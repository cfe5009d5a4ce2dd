import { describe, expect, it } from "vitest";
import { CREDITS_PER_IMAGE, CREDITS_PER_PRO_IMAGE } from "../../common/credits";
import { creditsFor } from "../../common/generation";
import { CHILDREN_UNAVAILABLE, GARMENT_ONLY_CREDITS } from "../../common/image-providers";
import { priceLabel } from "./generation-choices";

describe("the prices the drawer shows next to each choice", () => {
  it("names images and credits, from the function the Worker charges with", () => {
    expect(priceLabel("standard")).toBe("1 imagen (50 créditos)");
    expect(priceLabel("pro")).toBe("2 imágenes (100 créditos)");
    expect(priceLabel("standard")).toContain(`(${creditsFor("standard")} créditos)`);
    expect(priceLabel("pro")).toContain(`(${CREDITS_PER_PRO_IMAGE} créditos)`);
  });

  it("offers the garment alone at the price the API's refusal of a child names", () => {
    expect(creditsFor("standard")).toBe(GARMENT_ONLY_CREDITS);
    expect(CHILDREN_UNAVAILABLE).toContain(`por ${CREDITS_PER_IMAGE} créditos`);
    expect(priceLabel("standard")).toContain(`${GARMENT_ONLY_CREDITS} créditos`);
  });
});
