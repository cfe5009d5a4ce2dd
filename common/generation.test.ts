import { describe, expect, it } from "vitest";
import {
  chooseAudience,
  chooseOutfit,
  chooseView,
  chooseWithoutModel,
  creditsFor,
  generationFor,
  INITIAL_VIEW_MODE,
  type ViewMode,
} from "./generation";

const mode = (patch: Partial<ViewMode>): ViewMode => ({ ...INITIAL_VIEW_MODE, ...patch });

describe("which generation applies (spec section 4)", () => {
  it.each([
    [mode({}), "ad"],
    [mode({ outfit: true }), "outfit"],
    [mode({ view: "back" }), "back"],
    [mode({ view: "back", outfit: true }), "back"],
    [mode({ audience: "baby" }), "baby"],
    [mode({ audience: "boy" }), "kid"],
    [mode({ audience: "girl" }), "girl-kid"],
    [mode({ personalization: { gender: "female" } }), "personalized"],
    [mode({ view: "back", personalization: { bodyType: "curvy" } }), "personalized"],
    [mode({ personalization: {} }), "ad"],
    // 'Sin modelo' is the garment alone whatever audience or personalisation was chosen before.
    [mode({ includeModel: false }), "ad"],
    [mode({ audience: "baby", includeModel: false }), "ad"],
    [mode({ personalization: { gender: "female" }, includeModel: false }), "ad"],
  ] as const)("%o → %s", (m, kind) => {
    expect(generationFor(m)).toBe(kind);
  });
});

describe("view mode rules", () => {
  it("Bebé, Niño and Niña force the front view and turn outfit off", () => {
    for (const audience of ["baby", "boy", "girl"] as const) {
      expect(chooseAudience(mode({ view: "back", outfit: true }), audience)).toEqual(mode({ audience }));
    }
  });

  it("Adulto turns outfit off and keeps the view", () => {
    expect(chooseAudience(mode({ view: "back", outfit: true }), "adult")).toEqual(mode({ view: "back" }));
  });

  it("the back view only works for adults", () => {
    expect(chooseView(mode({ audience: "girl" }), "back")).toEqual(mode({ audience: "girl" }));
    expect(chooseView(mode({}), "back").view).toBe("back");
    expect(chooseView(mode({ view: "back" }), "front").view).toBe("front");
  });

  it("outfit is an adult composition", () => {
    expect(chooseOutfit(mode({ audience: "baby" }), true).outfit).toBe(false);
    expect(chooseOutfit(mode({}), true).outfit).toBe(true);
  });

  it("'Sin modelo' is the front view without outfit, and choosing an audience brings the model back", () => {
    const without = chooseWithoutModel(mode({ view: "back", outfit: true, personalization: { age: "senior" } }));
    expect(without).toEqual(mode({ includeModel: false, personalization: { age: "senior" } }));
    expect(chooseView(without, "back")).toBe(without);
    expect(chooseOutfit(without, true)).toBe(without);
    expect(chooseAudience(without, "girl")).toEqual(mode({ audience: "girl", personalization: { age: "senior" } }));
    expect(chooseAudience(without, "adult").includeModel).toBe(true);
  });

  it("Calidad Pro costs 100 credits, standard 50", () => {
    expect(creditsFor("standard")).toBe(50);
    expect(creditsFor("pro")).toBe(100);
  });
});
