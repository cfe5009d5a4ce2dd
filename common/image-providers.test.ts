import { describe, expect, it } from "vitest";
import { CREDITS_PER_IMAGE } from "./credits";
import { depictsChild, GENERATION_KINDS } from "./generation";
import {
  CHILDREN_UNAVAILABLE,
  DEFAULT_MODELS,
  GARMENT_ONLY_CREDITS,
  MODIFY_UNAVAILABLE,
  PRO_UNAVAILABLE,
  RETIRED_MODELS,
  generationOffer,
  planGeneration,
  retirementProblem,
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
    expect(planGeneration({ IMAGE_PROVIDER: "openai" }, "ad", "pro")).toEqual({ ok: false, error: PRO_UNAVAILABLE });
    expect(planGeneration({ IMAGE_PROVIDER: "gemini", MINORS_PROVIDER: "workers-ai" }, "baby", "pro")).toEqual({
      ok: false,
      error: PRO_UNAVAILABLE,
    });
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
      modify: { available: false, reason: MODIFY_UNAVAILABLE },
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
      message: "GEMINI_MODEL=gemini-2.5-flash-image was shut down on 2026-10-02; use gemini-3.1-flash-image instead.",
    });
    expect(retirementProblem("OPENAI_MODEL", "gpt-image-1.5", new Date("2026-11-23"))).toEqual({
      fatal: false,
      message: "OPENAI_MODEL=gpt-image-1.5 shuts down on 2026-12-01; use gpt-image-2.6-flare instead.",
    });
    expect(retirementProblem("OPENAI_MODEL", "gpt-image-1.5", new Date("2026-12-01"))?.fatal).toBe(true);
    expect(retirementProblem("GEMINI_MODEL", " Gemini-3-Pro-Image-Preview ")?.fatal).toBe(true);
    expect(retirementProblem("GEMINI_MODEL", DEFAULT_MODELS.gemini)).toBeUndefined();
  });

  it("never defaults to a retired model, and every replacement is current", () => {
    const retired = new Set(RETIRED_MODELS.map((m) => m.id));
    for (const model of Object.values(DEFAULT_MODELS)) expect(retired.has(model), model).toBe(false);
    for (const { replacement } of RETIRED_MODELS) expect(retired.has(replacement), replacement).toBe(false);
  });
});
