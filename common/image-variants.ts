import type { GenerationKind } from "./generation";

/**
 * What a generated image shows, as the gallery names it (issue 14.8). It is
 * finer than the generation kind: a front image is 'Adulto' on a model and
 * 'Frente' as the garment alone.
 */
export const IMAGE_VARIANTS = ["front", "back", "baby", "kid", "girl", "adult", "outfit", "personalized", "modified"] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const VARIANT_LABELS: Record<ImageVariant, string> = {
  front: "Frente",
  back: "Detrás",
  baby: "Bebé",
  kid: "Niño",
  girl: "Niña",
  adult: "Adulto",
  outfit: "Conjunto",
  personalized: "Personalizada",
  modified: "Modificada",
};

const BY_KIND: Record<Exclude<GenerationKind, "ad" | "product">, ImageVariant> = {
  back: "back",
  baby: "baby",
  kid: "kid",
  "girl-kid": "girl",
  outfit: "outfit",
  personalized: "personalized",
  modify: "modified",
};

/** Rows written before the variant was stored have only the kind: they were made with the model (the default). */
export function variantOf(kind: string, includeModel = true): ImageVariant {
  if (kind === "ad" || kind === "product") return includeModel ? "adult" : "front";
  return BY_KIND[kind as keyof typeof BY_KIND] ?? "adult";
}
