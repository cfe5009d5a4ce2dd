import { describe, expect, it } from "vitest";
import { CREDITS_PER_IMAGE } from "./credits";
import { depictsChild, GENERATION_KINDS } from "./generation";
import {
  CHILDREN_UNAVAILABLE,
  DEFAULT_MODELS,
  GARMENT_ONLY_CREDITS,
  CHILDREN_NOT_OFFERED,
  MODIFY_NOT_OFFERED,
  MODIFY_UNAVAILABLE,
  OPENAI_SIZES,
  PRO_MIN_LONG_SIDE,
  PRO_NOT_OFFERED,
  PRO_UNAVAILABLE,
  RETIRED_MODELS,
  canMake,
  generationOffer,
  planGeneration,
  providerTraits,
  retirementProblem,
  currentModel,
} from "./image-providers";

describe("planGeneration", () => {
  it("sends children to MINORS_PROVIDER, or to the main one only if it draws children", () => {
    expect(planGeneration({ IMAGE_PROVIDER: "gemini", MINORS_PROVIDER: "workers-ai" }, "baby", "standard")).toEqual({
      ok: true,
      provider: "workers-ai",
    });
    expect(planGeneration({ IMAGE_PROVIDER: "workers-ai" }, "kid", "standard")).toEqual({ ok: true, provider: "workers-ai" });
    expect(planGeneration({ IMAGE_PROVIDER: "gemini" }, "girl-kid", "standard")).toEqual({ ok: false, error: CHILDREN_UNAVAILABLE });
    // A MINORS_PROVIDER that does not draw children either is no way out.
    expect(planGeneration({ IMAGE_PROVIDER: "gemini", MINORS_PROVIDER: "openai" }, "baby", "standard")).toEqual({
      ok: false,
      error: CHILDREN_UNAVAILABLE,
    });
    // Adults stay with the main provider.
    expect(planGeneration({ IMAGE_PROVIDER: "gemini", MINORS_PROVIDER: "workers-ai" }, "ad", "standard")).toEqual({
      ok: true,
      provider: "gemini",
    });
  });

  it("offers Pro only from a provider that makes 2048 px or more, judged on the one that would make it", () => {
    expect(planGeneration({ IMAGE_PROVIDER: "gemini" }, "ad", "pro")).toEqual({ ok: true, provider: "gemini" });
    expect(planGeneration({ IMAGE_PROVIDER: "fashn" }, "ad", "pro")).toEqual({ ok: true, provider: "fashn" });
    expect(planGeneration({ IMAGE_PROVIDER: "openai" }, "ad", "pro")).toEqual({ ok: true, provider: "openai" });
    expect(planGeneration({ IMAGE_PROVIDER: "workers-ai" }, "ad", "pro")).toEqual({ ok: false, error: PRO_UNAVAILABLE });
    expect(planGeneration({ IMAGE_PROVIDER: "gemini", MINORS_PROVIDER: "workers-ai" }, "baby", "pro")).toEqual({
      ok: false,
      error: PRO_UNAVAILABLE,
    });
  });

  it("OpenAI's Pro comes from the size its adapter asks for: 3:4 at 2048 px, in the multiples of 16 GPT Image takes", () => {
    const { width, height } = OPENAI_SIZES.pro;
    expect(providerTraits("openai").proLongSide).toBe(Math.max(width, height));
    expect(height).toBe(PRO_MIN_LONG_SIDE);
    expect(width / height).toBe(3 / 4);
    expect([width % 16, height % 16]).toEqual([0, 0]);
    // Standard stays GPT Image's 2:3 preset, under 2K: only Pro costs 2K.
    expect(OPENAI_SIZES.standard).toEqual({ width: 1024, height: 1536 });
    // A fallback may send a Pro picture to OpenAI now, but never a child's.
    expect(canMake("openai", {}, { kind: "ad", quality: "pro", includeModel: true })).toBe(true);
    expect(canMake("openai", {}, { kind: "kid", quality: "pro", includeModel: true })).toBe(false);
    expect(canMake("workers-ai", {}, { kind: "ad", quality: "pro", includeModel: true })).toBe(false);
  });

  it("garment-only pictures from a provider that always draws a person go to the studio pipeline; text edits it cannot do are refused", () => {
    expect(planGeneration({ IMAGE_PROVIDER: "fashn" }, "ad", "standard", false)).toEqual({ ok: true, provider: "studio" });
    expect(planGeneration({ IMAGE_PROVIDER: "gemini" }, "ad", "standard", false)).toEqual({ ok: true, provider: "gemini" });
    expect(planGeneration({ IMAGE_PROVIDER: "fashn" }, "modify", "standard")).toEqual({ ok: false, error: MODIFY_UNAVAILABLE });
  });

  it("the offer the drawer reads matches what the API will do", () => {
    expect(generationOffer({ IMAGE_PROVIDER: "fashn", MINORS_PROVIDER: "workers-ai" })).toEqual({
      children: { available: true, reason: null },
      pro: { available: true, reason: null },
      modify: { available: false, reason: MODIFY_NOT_OFFERED },
      storeModel: { adult: true, children: false },
    });
    // 'Modelo de mi tienda' reaches Gemini, OpenAI (image[]) and FASHN; the studio and Workers AI ignore it.
    for (const [provider, adult] of [
      ["gemini", true],
      ["openai", true],
      ["fashn", true],
      ["studio", false],
      ["workers-ai", false],
    ] as const) {
      expect(generationOffer({ IMAGE_PROVIDER: provider }).storeModel.adult, provider).toBe(adult);
    }
    expect(generationOffer({ IMAGE_PROVIDER: "gemini", MINORS_PROVIDER: "studio" }).storeModel).toEqual({ adult: true, children: false });
  });

  it("says why before anyone pays, and the API's refusal adds that nothing was charged", () => {
    expect(generationOffer({ IMAGE_PROVIDER: "openai" })).toMatchObject({
      children: { available: false, reason: CHILDREN_NOT_OFFERED },
      pro: { available: true, reason: null },
    });
    expect(generationOffer({ IMAGE_PROVIDER: "workers-ai" })).toMatchObject({
      children: { available: true, reason: null },
      pro: { available: false, reason: PRO_NOT_OFFERED },
    });
    for (const [before, refusal] of [
      [CHILDREN_NOT_OFFERED, CHILDREN_UNAVAILABLE],
      [PRO_NOT_OFFERED, PRO_UNAVAILABLE],
      [MODIFY_NOT_OFFERED, MODIFY_UNAVAILABLE],
    ] as const) {
      expect(before).not.toContain("No se descontaron");
      expect(refusal.startsWith(`${before} `)).toBe(true);
      expect(refusal).toContain("No se descontaron créditos");
    }
  });
});

describe("STUDIO_IMITATES (offline: the studio offers only what another provider can make)", () => {
  it("takes children away like OpenAI would, keeps its 2K Pro, and still makes the garment alone in the studio", () => {
    const settings = { STUDIO_IMITATES: "openai" };
    expect(planGeneration(settings, "baby", "standard")).toEqual({ ok: false, error: CHILDREN_UNAVAILABLE });
    expect(planGeneration(settings, "ad", "pro")).toEqual({ ok: true, provider: "studio" });
    expect(planGeneration(settings, "ad", "standard", false)).toEqual({ ok: true, provider: "studio" });
    expect(planGeneration(settings, "ad", "standard")).toEqual({ ok: true, provider: "studio" });
    expect(generationOffer(settings)).toEqual({
      children: { available: false, reason: CHILDREN_NOT_OFFERED },
      pro: { available: true, reason: null },
      modify: { available: true, reason: null },
      storeModel: { adult: false, children: false },
    });
  });

  it("imitating Workers AI takes Pro away (it makes 1536 px) and keeps children", () => {
    const settings = { STUDIO_IMITATES: "workers-ai" };
    expect(planGeneration(settings, "ad", "pro")).toEqual({ ok: false, error: PRO_UNAVAILABLE });
    expect(planGeneration(settings, "baby", "standard")).toEqual({ ok: true, provider: "studio" });
    expect(generationOffer(settings)).toEqual({
      children: { available: true, reason: null },
      pro: { available: false, reason: PRO_NOT_OFFERED },
      modify: { available: true, reason: null },
      storeModel: { adult: false, children: false },
    });
  });

  it("imitating Gemini keeps Pro (it makes 2K) and only takes children away", () => {
    expect(generationOffer({ STUDIO_IMITATES: "gemini" })).toMatchObject({
      children: { available: false },
      pro: { available: true, reason: null },
    });
    expect(planGeneration({ STUDIO_IMITATES: "gemini" }, "ad", "pro")).toEqual({ ok: true, provider: "studio" });
  });

  it("never adds anything, and a real provider ignores it", () => {
    // FASHN takes a store model; the studio cannot, so imitating it does not claim so.
    expect(generationOffer({ STUDIO_IMITATES: "fashn" }).storeModel).toEqual({ adult: false, children: false });
    expect(generationOffer({ IMAGE_PROVIDER: "workers-ai", STUDIO_IMITATES: "openai" }).children.available).toBe(true);
    expect(generationOffer({ IMAGE_PROVIDER: "gemini", STUDIO_IMITATES: "workers-ai" }).pro.available).toBe(true);
    // Unset, blank or unknown: the studio offers everything it makes.
    for (const value of [undefined, " ", "nadie"])
      expect(generationOffer({ STUDIO_IMITATES: value })).toMatchObject({ children: { available: true }, pro: { available: true } });
  });
});

describe("the shared rules it restates (it runs in Node without them)", () => {
  it("prices the garment-only picture as one image, and counts the same kinds as children", () => {
    expect(GARMENT_ONLY_CREDITS).toBe(CREDITS_PER_IMAGE);
    for (const kind of GENERATION_KINDS) {
      const refused = !planGeneration({ IMAGE_PROVIDER: "gemini" }, kind, "standard").ok;
      expect(refused, kind).toBe(depictsChild(kind));
    }
  });
});

describe("retired model ids", () => {
  it("names the replacement, fatal once the day has come and a warning before", () => {
    expect(retirementProblem("GEMINI_MODEL", "gemini-2.5-flash-image", new Date("2026-11-23"))).toEqual({
      fatal: true,
      message: "GEMINI_MODEL=gemini-2.5-flash-image was shut down on 2026-10-02; use gemini-nano-banana-2.1 instead.",
    });
    expect(retirementProblem("OPENAI_MODEL", "gpt-image-1.5", new Date("2026-11-23"))).toEqual({
      fatal: false,
      message: "OPENAI_MODEL=gpt-image-1.5 shuts down on 2026-12-01; use gpt-image-2.6-flare instead.",
    });
    expect(retirementProblem("OPENAI_MODEL", "gpt-image-1.5", new Date("2026-12-01"))?.fatal).toBe(true);
    expect(retirementProblem("GEMINI_MODEL", " Gemini-3-Pro-Image-Preview ")?.fatal).toBe(true);
    expect(retirementProblem("GEMINI_MODEL", DEFAULT_MODELS.gemini)).toBeUndefined();
  });

  it("a shut-down id reaches its replacement, followed to a current one; a retiring one still answers", () => {
    // Nano Banana 2, shut down on 2026-10-29 (the entry RETIRED_MODELS keeps for it).
    const nanoBanana2 = RETIRED_MODELS.find((m) => m.shutDown === "2026-10-29")!.id;
    expect(currentModel(nanoBanana2, new Date("2026-11-27"))).toBe(DEFAULT_MODELS.gemini);
    expect(currentModel(nanoBanana2, new Date("2026-10-28"))).toBe(nanoBanana2);
    expect(currentModel("gemini-3-pro-image-preview", new Date("2026-11-27"))).toBe(DEFAULT_MODELS.geminiPro);
    expect(currentModel(DEFAULT_MODELS.openai)).toBe(DEFAULT_MODELS.openai);
  });

  it("never defaults to a retired model, and every replacement is current", () => {
    const retired = new Set(RETIRED_MODELS.map((m) => m.id));
    for (const model of Object.values(DEFAULT_MODELS)) expect(retired.has(model), model).toBe(false);
    for (const { replacement } of RETIRED_MODELS) expect(retired.has(replacement), replacement).toBe(false);
  });
});
