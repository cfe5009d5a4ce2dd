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
}

export const INITIAL_VIEW_MODE: ViewMode = { view: "front", audience: "adult", outfit: false, personalization: null };

/** Bebé, Niño or Niña force the front view and garment-only; Adulto keeps the view and turns outfit off. */
export function chooseAudience(mode: ViewMode, audience: Audience): ViewMode {
  if (audience === "adult") return { ...mode, audience, outfit: false };
  return { ...mode, audience, view: "front", outfit: false };
}

/** The back view exists only for adults. */
export function chooseView(mode: ViewMode, view: View): ViewMode {
  if (view === "back" && mode.audience !== "adult") return mode;
  return { ...mode, view };
}

/** 'Conjunto' (full outfit) is an adult composition; children's variants are garment-only. */
export function chooseOutfit(mode: ViewMode, outfit: boolean): ViewMode {
  if (outfit && mode.audience !== "adult") return mode;
  return { ...mode, outfit };
}

/** Which generation a view mode applies, in the spec's order. */
export function generationFor(mode: ViewMode): Exclude<GenerationKind, "modify" | "product"> {
  if (hasPersonalization(mode.personalization)) return "personalized";
  if (mode.audience === "adult") {
    if (mode.view === "back") return "back";
    return mode.outfit ? "outfit" : "ad";
  }
  if (mode.audience === "baby") return "baby";
  if (mode.audience === "boy") return "kid";
  return "girl-kid";
}

/** Whether the kind shows a child: providers that refuse minors get a garment-only composition instead. */
export function depictsChild(kind: GenerationKind): boolean {
  return kind === "baby" || kind === "kid" || kind === "girl-kid";
}
