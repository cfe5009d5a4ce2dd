/**
 * Generation rules shared by the Worker and the web app: the kinds of image,
 * what each costs, personalisation, and which generation a view mode applies
 * (spec section 4, "Generation view mode" and "Which generation applies").
 */
import { CREDITS_PER_IMAGE, CREDITS_PER_PRO_IMAGE } from "./credits";

export const GENERATION_KINDS = [
  "ad", // front view, adult model (or the garment alone when includeModel is false)
  "back",
  "baby",
  "kid", // boy
  "girl-kid",
  "outfit",
  "personalized",
  "modify", // an existing generated image changed by a text instruction
  "product", // a new product and its first image from one photo
] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

export type Quality = "standard" | "pro";

export function creditsFor(quality: Quality): number {
  return quality === "pro" ? CREDITS_PER_PRO_IMAGE : CREDITS_PER_IMAGE;
}

export const GENDERS = ["male", "female"] as const;
export const AGES = ["youth", "adult", "senior"] as const;
export const SKIN_TONES = ["light", "medium", "dark"] as const;
export const BODY_TYPES = ["slim", "athletic", "curvy"] as const;

export interface Personalization {
  gender?: (typeof GENDERS)[number];
  age?: (typeof AGES)[number];
  skinTone?: (typeof SKIN_TONES)[number];
  bodyType?: (typeof BODY_TYPES)[number];
}

export function hasPersonalization(p: Personalization | null | undefined): p is Personalization {
  return !!p && Object.values(p).some((v) => v !== undefined);
}

export type View = "front" | "back";
export type Audience = "adult" | "baby" | "boy" | "girl";

export interface ViewMode {
  view: View;
  audience: Audience;
  outfit: boolean;
  personalization: Personalization | null;
  /** false: 'Sin modelo', the garment alone on the studio canvas (generate-ad with includeModel false). */
  includeModel: boolean;
}

export const INITIAL_VIEW_MODE: ViewMode = { view: "front", audience: "adult", outfit: false, personalization: null, includeModel: true };

/** Bebé, Niño or Niña force the front view and garment-only; Adulto keeps the view and turns outfit off. Either means a model. */
export function chooseAudience(mode: ViewMode, audience: Audience): ViewMode {
  if (audience === "adult") return { ...mode, audience, outfit: false, includeModel: true };
  return { ...mode, audience, view: "front", outfit: false, includeModel: true };
}

/**
 * 'Sin modelo': the garment alone, from the front (the offer made where children cannot be drawn, and a
 * choice of its own). The audience and personalisation are kept for when the seller picks a model again.
 */
export function chooseWithoutModel(mode: ViewMode): ViewMode {
  return { ...mode, view: "front", outfit: false, includeModel: false };
}

/** Whether the back view, 'Conjunto' and personalisation apply: they dress an adult model. */
export function adultModel(mode: ViewMode): boolean {
  return mode.includeModel && mode.audience === "adult";
}

/** The back view exists only for adults. */
export function chooseView(mode: ViewMode, view: View): ViewMode {
  if (view === "back" && !adultModel(mode)) return mode;
  return { ...mode, view };
}

/** 'Conjunto' (full outfit) is an adult composition; children's variants are garment-only. */
export function chooseOutfit(mode: ViewMode, outfit: boolean): ViewMode {
  if (outfit && !adultModel(mode)) return mode;
  return { ...mode, outfit };
}

/** Which generation a view mode applies, in the spec's order ('Sin modelo' first: it has no person to personalise). */
export function generationFor(mode: ViewMode): Exclude<GenerationKind, "modify" | "product"> {
  if (!mode.includeModel) return "ad";
  if (hasPersonalization(mode.personalization)) return "personalized";
  if (mode.audience === "adult") {
    if (mode.view === "back") return "back";
    return mode.outfit ? "outfit" : "ad";
  }
  if (mode.audience === "baby") return "baby";
  if (mode.audience === "boy") return "kid";
  return "girl-kid";
}

/** Whether the kind shows a child: only a provider that declares it draws children makes it (common/image-providers.ts). */
export function depictsChild(kind: GenerationKind): boolean {
  return kind === "baby" || kind === "kid" || kind === "girl-kid";
}
