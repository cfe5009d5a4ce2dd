/**
 * 'Modelo de mi tienda' (issue 13.5): per audience, one of the seller's own
 * generated images whose person later generations for that audience show
 * again, where the provider takes a model reference. Shared by the Worker
 * (which generations send it, which images may be kept) and the SPA.
 */
import type { Audience, GenerationKind } from "./generation";
import type { ImageVariant } from "./image-variants";

export const STORE_MODEL_AUDIENCES = ["adult", "baby", "boy", "girl"] as const satisfies readonly Audience[];

export const AUDIENCE_LABELS: Record<Audience, string> = { adult: "Adulto", baby: "Bebé", boy: "Niño", girl: "Niña" };

/** One audience's model as the API shows it. */
export interface StoreModel {
  audience: Audience;
  imageId: string;
  imageUrl: string;
  updatedAt: string;
}

/**
 * The audience whose model a generation would show, or null when it shows no
 * model of ours: the garment alone, a personalised person the seller
 * described, or a modification of an existing picture.
 */
export function audienceOfGeneration(kind: GenerationKind, includeModel: boolean): Audience | null {
  if (!includeModel) return null;
  switch (kind) {
    case "ad":
    case "product":
    case "back":
    case "outfit":
      return "adult";
    case "baby":
      return "baby";
    case "kid":
      return "boy";
    case "girl-kid":
      return "girl";
    case "personalized":
    case "modify":
      return null;
  }
}

/**
 * Which audience a gallery image can be the model for: "any" for a modified
 * picture (we do not know whom it shows now), null for the garment alone
 * (there is no person to keep).
 */
export function audienceOfVariant(variant: ImageVariant): Audience | "any" | null {
  switch (variant) {
    case "front":
      return null;
    case "baby":
      return "baby";
    case "kid":
      return "boy";
    case "girl":
      return "girl";
    case "modified":
      return "any";
    default:
      return "adult";
  }
}

export function fitsAudience(variant: ImageVariant, audience: Audience): boolean {
  const fits = audienceOfVariant(variant);
  return fits === "any" || fits === audience;
}

export const STORE_MODEL_NO_PERSON = "Esta imagen muestra la prenda sola: elige una imagen con modelo.";
export const STORE_MODEL_WRONG_AUDIENCE = "Esta imagen no muestra a un modelo de ese público: elige otra.";
