import { describe, expect, it } from "vitest";
import { GENERATION_KINDS } from "./generation";
import { IMAGE_VARIANTS } from "./image-variants";
import { audienceOfGeneration, audienceOfVariant, fitsAudience, STORE_MODEL_AUDIENCES } from "./store-models";

describe("which generations show the store's model", () => {
  it("adult kinds show the adult model, child kinds their own, and none without a model, personalised or modified", () => {
    const shown = Object.fromEntries(GENERATION_KINDS.map((kind) => [kind, audienceOfGeneration(kind, true)]));
    expect(shown).toEqual({
      ad: "adult",
      product: "adult",
      back: "adult",
      outfit: "adult",
      baby: "baby",
      kid: "boy",
      "girl-kid": "girl",
      personalized: null,
      modify: null,
    });
    for (const kind of GENERATION_KINDS) expect(audienceOfGeneration(kind, false), kind).toBeNull();
  });
});

describe("which images can be an audience's model", () => {
  it("a picture of the garment alone none; a child's only its audience; a modified one any", () => {
    const fits = Object.fromEntries(IMAGE_VARIANTS.map((v) => [v, STORE_MODEL_AUDIENCES.filter((a) => fitsAudience(v, a))]));
    expect(fits).toEqual({
      front: [],
      back: ["adult"],
      adult: ["adult"],
      outfit: ["adult"],
      personalized: ["adult"],
      baby: ["baby"],
      kid: ["boy"],
      girl: ["girl"],
      modified: ["adult", "baby", "boy", "girl"],
    });
    expect(audienceOfVariant("front")).toBeNull();
  });
});
