import type { GenerationKind, Personalization, Quality } from "../../common/generation";
import type { ProviderTraits } from "../../common/image-providers";

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
  /** 'Modelo de mi tienda' for this audience: the person to show, for providers that take one. */
  modelReference?: SourceImage;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  mimeType: "image/jpeg" | "image/png";
  /** Already a JPEG at the stored quality (the studio pipeline encodes its own); others are re-encoded. */
  webReady?: boolean;
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
    /** The account's concurrency limit is full: wait for a slot (until the deadline) without using up an attempt. */
    readonly waitForSlot = false,
    /**
     * The provider answered 429 for a rate limit: its gate pauses every caller (worker/jobs/provider-gate.ts),
     * and the job tries again once the pause is over without using up an attempt.
     */
    readonly rateLimited = false,
  ) {
    super(message);
  }
}

/** Anything else: a malformed answer, a 4xx that retrying cannot fix. The job fails and refunds. */
export class ProviderFailure extends Error {
  readonly kind = "failure";
}

/**
 * The provider says the model does not exist or is shut down (Gemini's 404 NOT_FOUND for the model, OpenAI's
 * model_not_found, Workers AI's "No such model"): nothing was made and nothing is owed. The job tries the
 * model's successor (worker/providers/fallback.ts) instead of failing; with none left it fails and refunds.
 */
export class ModelUnavailable extends ProviderFailure {
  constructor(
    readonly provider: string,
    readonly model: string,
    detail: string,
  ) {
    super(`${provider}: el modelo ${model} no está disponible (${detail.slice(0, 200)})`);
  }
}

/** A provider that answers in the same request (Gemini, OpenAI, Workers AI, the studio). */
export interface ImageProvider {
  readonly name: string;
  /** The model id sent, for logs and check:providers. */
  readonly model?: string;
  generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage>;
  /**
   * The provider's own line inside this isolate (the studio's two slots): runs `work` once there is room.
   * The job calls generate inside it and counts a provider attempt only then, so time spent waiting in
   * line, or a restart while waiting, never uses up an attempt. Absent: the provider is called at once.
   */
  admit?<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/**
 * A provider that queues the work (FASHN): submit answers a prediction id,
 * and the job's Durable Object asks about it from its alarm until it ends, so
 * no request and no in-memory promise waits on it.
 */
export interface QueuedImageProvider {
  readonly name: string;
  readonly model?: string;
  readonly queued: true;
  submit(request: GenerationRequest, signal?: AbortSignal): Promise<string>;
  /**
   * The image once the prediction completed; "pending" while it is queued or
   * running; "resubmit" when it failed in a way worth one more prediction.
   * A thrown transient error is the status call itself failing: ask again later.
   */
  check(predictionId: string, signal?: AbortSignal): Promise<GeneratedImage | "pending" | "resubmit">;
}

export type AnyImageProvider = ImageProvider | QueuedImageProvider;

export function isQueued(provider: AnyImageProvider): provider is QueuedImageProvider {
  return "queued" in provider && provider.queued === true;
}

export type { ProviderTraits };
