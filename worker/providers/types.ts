import type { GenerationKind, Personalization, Quality } from "../../common/generation";

/** Image formats the app accepts and stores (checked by magic bytes, never by Content-Type). */
export type ImageMime = "image/jpeg" | "image/png" | "image/webp";

/** Pixels as 8-bit RGBA rows, top to bottom (the shape of the web's ImageData). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface SourceImage {
  bytes: Uint8Array;
  mimeType: ImageMime;
}

/** One generation as a provider sees it; the prompt is built by providers/prompts.ts. */
export interface GenerationRequest {
  kind: GenerationKind;
  /** generate-ad / generate-product-and-image: false means the garment alone, no model. */
  includeModel: boolean;
  personalization?: Personalization;
  /** For "modify": what the seller asked to change. */
  instruction?: string;
  quality: Quality;
  /** The seller's photo (or, for "modify", the generated image being changed). */
  source: SourceImage;
  /** Same request and seed, same result where the provider allows it. */
  seed: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  mimeType: "image/jpeg" | "image/png";
}

/** The provider declined the content (safety, minors). Not retried; the job fails and refunds. */
export class ProviderRefusal extends Error {
  readonly kind = "refusal";
}

/** A passing failure (429, 5xx, a timeout): the job may try again, without charging again. */
export class ProviderTransientError extends Error {
  readonly kind = "transient";
  constructor(
    message: string,
    /** Seconds the provider asked us to wait, when it said (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Anything else: a malformed answer, a 4xx that retrying cannot fix. The job fails and refunds. */
export class ProviderFailure extends Error {
  readonly kind = "failure";
}

export interface ImageProvider {
  readonly name: string;
  /** Providers that refuse images of children get a garment-only composition for baby/kid variants. */
  readonly refusesMinors: boolean;
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage>;
}
