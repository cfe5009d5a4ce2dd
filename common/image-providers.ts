/**
 * What each image provider can draw, and the model ids we send it: the one
 * place where model names live (defaults and the ones providers shut down).
 * The Worker decides from it which provider a generation goes to, and refuses
 * before charging what none can do; check:deploy and check:providers refuse a
 * shut-down model; the drawer explains what is not available and why.
 */
// Type-only imports: `npm run check:providers` runs this file in Node, which loads no extensionless import.
import type { GenerationKind, Quality } from "./generation";

/** CREDITS_PER_IMAGE (common/credits.ts), the garment-only picture's price ("1 imagen" below); a test keeps them equal. */
export const GARMENT_ONLY_CREDITS = 50;
const CHILD_KINDS: readonly GenerationKind[] = ["baby", "kid", "girl-kid"];

export const PROVIDER_NAMES = ["studio", "gemini", "openai", "workers-ai", "fashn"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * Current model ids (docs/providers.md lists the pages read and their dates). Gemini: Nano Banana 2.1
 * (gemini-nano-banana-2.1), GA in the Gemini API changelog of 2026-10-06 as the update of Nano Banana 2, with
 * the same generateContent request and answer, 1K/2K/4K (no 512) and every aspect ratio we ask for; 3 Pro Image
 * GA with no shutdown date on /deprecations. OpenAI: the replacement
 * its deprecations page names for the GPT Image 1.x models. Workers AI:
 * developers.cloudflare.com/workers-ai/models/flux-2-klein-4b. FASHN: the
 * product-to-model endpoint (docs.fashn.ai/api-reference/product-to-model).
 *
 * Reading a photo to name the product (text out of an image in): Gemini's
 * gemini-3.5-flash-lite, GA with no shutdown date on /deprecations and listed
 * among the models with structured output (ai.google.dev/gemini-api/docs/image-understanding,
 * /structured-output); OpenAI's gpt-6-luna, the efficient model its
 * deprecations page names as the replacement for the 4o/4.1 mini models, with
 * image input and structured outputs on the Responses API
 * (developers.openai.com/api/docs/guides/images-vision, /models/gpt-6-luna).
 */
export const DEFAULT_MODELS = {
  gemini: "gemini-nano-banana-2.1",
  geminiPro: "gemini-3-pro-image",
  geminiVision: "gemini-3.5-flash-lite",
  openai: "gpt-image-2.6-flare",
  openaiVision: "gpt-6-luna",
  "workers-ai": "@cf/black-forest-labs/flux-2-klein-4b",
  fashn: "product-to-model",
} as const;

/** A model the provider turned off (or will on `shutDown`), and what replaces it. */
export interface RetiredModel {
  id: string;
  /** YYYY-MM-DD: from that day the provider answers errors; null when it is already off. */
  shutDown: string | null;
  replacement: string;
}

/**
 * Every model id we know to be shut down or scheduled for it, from the
 * providers' deprecation pages (ai.google.dev/gemini-api/docs/deprecations,
 * developers.openai.com/api/docs/deprecations). Add a line when a provider
 * announces one; check:deploy and check:providers read this list.
 */
export const RETIRED_MODELS: readonly RetiredModel[] = [
  // Deprecated in the Gemini API changelog of 2026-10-06 ("migrate to gemini-nano-banana-2.1"); Google's
  // deprecations page announces no shutdown date. The date is LiteLLM's (BerriAI/litellm discussion 44983), not
  // Google's: the app stops using a deprecated id whose successor is GA without waiting for it.
  { id: "gemini-3.1-flash-image", shutDown: "2026-10-29", replacement: DEFAULT_MODELS.gemini },
  { id: "gemini-2.5-flash-image", shutDown: "2026-10-02", replacement: DEFAULT_MODELS.gemini },
  { id: "gemini-3.1-flash-image-preview", shutDown: "2026-06-25", replacement: DEFAULT_MODELS.gemini },
  { id: "gemini-3-pro-image-preview", shutDown: "2026-06-25", replacement: DEFAULT_MODELS.geminiPro },
  // Retired before the 1.x family was deprecated (its exact date is not on the page any more).
  { id: "gpt-image-1", shutDown: null, replacement: DEFAULT_MODELS.openai },
  { id: "gpt-image-1-mini", shutDown: "2026-12-01", replacement: DEFAULT_MODELS.openai },
  { id: "gpt-image-1.5", shutDown: "2026-12-01", replacement: DEFAULT_MODELS.openai },
  { id: "gpt-image-1.5-2025-12-16", shutDown: "2026-12-01", replacement: DEFAULT_MODELS.openai },
  { id: "chatgpt-image-latest", shutDown: "2026-12-01", replacement: DEFAULT_MODELS.openai },
  // Text models someone might set for reading photos (OPENAI_VISION_MODEL): the page names gpt-6.1-terra for
  // gpt-5-mini; the efficient gpt-6-luna is what this app reads photos with.
  { id: "gpt-5-mini", shutDown: "2026-12-11", replacement: DEFAULT_MODELS.openaiVision },
  { id: "gpt-5-mini-2025-08-07", shutDown: "2026-12-11", replacement: DEFAULT_MODELS.openaiVision },
];

/** The retirement of a model id, if it has one (compared without letter case or spaces). */
export function retirementOf(model: string | undefined): RetiredModel | undefined {
  const id = model?.trim().toLowerCase();
  return id ? RETIRED_MODELS.find((m) => m.id === id) : undefined;
}

/** One line for an operator: an error once the day has come, a warning before. */
export function retirementProblem(
  setting: string,
  model: string | undefined,
  today = new Date(),
): { fatal: boolean; message: string } | undefined {
  const retired = retirementOf(model);
  if (!retired) return undefined;
  const fatal = isShutDown(retired, today);
  const when =
    retired.shutDown === null ? "is shut down" : fatal ? `was shut down on ${retired.shutDown}` : `shuts down on ${retired.shutDown}`;
  return { fatal, message: `${setting}=${model} ${when}; use ${retired.replacement} instead.` };
}

/** Whether a retired model no longer answers on `today` (no date: already off). */
export function isShutDown(retired: RetiredModel, today = new Date()): boolean {
  return retired.shutDown === null || retired.shutDown <= today.toISOString().slice(0, 10);
}

/** The id a setting really reaches on `today`: a shut-down id's replacement (followed to a current one), else itself. */
export function currentModel(model: string, today = new Date()): string {
  let id = model.trim();
  for (let hops = 0; hops <= RETIRED_MODELS.length; hops++) {
    const retired = retirementOf(id);
    if (!retired || !isShutDown(retired, today)) return id;
    id = retired.replacement;
  }
  return id;
}

/** The settings a provider's choice and models come from (wrangler vars; a subset of the Worker's Bindings). */
export interface ProviderSettings {
  IMAGE_PROVIDER?: string;
  MINORS_PROVIDER?: string;
  GEMINI_MODEL?: string;
  GEMINI_PRO_MODEL?: string;
  OPENAI_MODEL?: string;
  WORKERS_AI_MODEL?: string;
  /** The models that read a product photo to draft its name (see DEFAULT_MODELS). */
  GEMINI_VISION_MODEL?: string;
  OPENAI_VISION_MODEL?: string;
  /** Offline only: the studio offers no more than this provider can make (see configuredTraits). */
  STUDIO_IMITATES?: string;
}

/** Which model settings each provider reads, for the checks. */
export function modelSettings(settings: ProviderSettings): [string, string | undefined][] {
  return [
    ["GEMINI_MODEL", settings.GEMINI_MODEL],
    ["GEMINI_PRO_MODEL", settings.GEMINI_PRO_MODEL],
    ["OPENAI_MODEL", settings.OPENAI_MODEL],
    ["WORKERS_AI_MODEL", settings.WORKERS_AI_MODEL],
    ["GEMINI_VISION_MODEL", settings.GEMINI_VISION_MODEL],
    ["OPENAI_VISION_MODEL", settings.OPENAI_VISION_MODEL],
  ];
}

/** What a provider can deliver, as configured. */
export interface ProviderTraits {
  /** Photos of a baby, a boy or a girl. Providers that refuse minors say false: the seller is told before paying. */
  drawsChildren: boolean;
  /** Long side, in pixels, of what it makes at 'Calidad Pro'. Pro is offered only from PRO_MIN_LONG_SIDE up. */
  proLongSide: number;
  /** Takes the store's model photo as the person to dress ('Modelo de mi tienda'). */
  takesModelReference: boolean;
  /** Changes an existing image by a text instruction ("modify"). */
  edits: boolean;
  /** Makes the garment alone, with no person (includeModel false). Those that cannot hand it to the studio pipeline. */
  garmentOnly: boolean;
}

/** 'Calidad Pro' is sold as 2K: at least this many pixels on the long side. */
export const PRO_MIN_LONG_SIDE = 2048;

/**
 * The `size` the OpenAI adapter asks /v1/images/edits for, by quality. GPT Image 2.x models take any
 * WIDTHxHEIGHT with both sides multiples of 16, at most 3840 px and 3:1 (docs/providers.md names the pages,
 * read 2026-11-29). Standard keeps the portrait preset every GPT Image model knows (2:3); Pro is the
 * catalogue's 3:4, as Gemini Pro draws it, at exactly 2048 px high: 3.1 MP, under the 2560×1440 (3.7 MP)
 * above which OpenAI calls sizes experimental.
 */
export const OPENAI_SIZES: Record<Quality, { width: number; height: number }> = {
  standard: { width: 1024, height: 1536 },
  pro: { width: 1536, height: 2048 },
};

export function providerTraits(name: ProviderName): ProviderTraits {
  switch (name) {
    // The offline stand-in makes a 1640×2050 picture at Pro and never refuses a kind.
    case "studio":
      return { drawsChildren: true, proLongSide: 2050, takesModelReference: false, edits: true, garmentOnly: true };
    // Reported to refuse photorealistic children. gemini-3-pro-image at imageSize 2K, 3:4: 1792×2400.
    case "gemini":
      return { drawsChildren: false, proLongSide: 2400, takesModelReference: true, edits: true, garmentOnly: true };
    // Its image policies restrict editing photos into real-looking children; Pro asks for OPENAI_SIZES.pro.
    // GPT Image edits take several input images (image[]): the store's model goes as the second one.
    case "openai":
      return {
        drawsChildren: false,
        proLongSide: Math.max(OPENAI_SIZES.pro.width, OPENAI_SIZES.pro.height),
        takesModelReference: true,
        edits: true,
        garmentOnly: true,
      };
    // FLUX.2 documents no refusal of children; we ask it for 1152×1536 at Pro.
    case "workers-ai":
      return { drawsChildren: true, proLongSide: 1536, takesModelReference: false, edits: true, garmentOnly: true };
    // product-to-model at resolution "2k"; it dresses a given person (model_image) but does not edit by text
    // nor show the garment alone (the studio pipeline does that), and its moderation is strictest with real
    // people, so children stay with a provider that declares it draws them.
    case "fashn":
      return { drawsChildren: false, proLongSide: 2048, takesModelReference: true, edits: false, garmentOnly: false };
  }
}

/** The setting that names the model a provider draws this quality with; none for those with one fixed model. */
export function modelSettingOf(provider: string, quality: Quality): keyof ProviderSettings | undefined {
  if (provider === "gemini") return quality === "pro" ? "GEMINI_PRO_MODEL" : "GEMINI_MODEL";
  if (provider === "openai") return "OPENAI_MODEL";
  if (provider === "workers-ai") return "WORKERS_AI_MODEL";
  return undefined;
}

/** The model a provider draws this quality with when its setting is empty (the studio has none). */
export function defaultModelOf(provider: string, quality: Quality): string | undefined {
  if (provider === "gemini") return quality === "pro" ? DEFAULT_MODELS.geminiPro : DEFAULT_MODELS.gemini;
  if (provider === "openai" || provider === "workers-ai" || provider === "fashn") return DEFAULT_MODELS[provider];
  return undefined;
}

/** The model a provider is set to draw this quality with: its setting, else its default. */
export function configuredModelOf(provider: string, quality: Quality, settings: ProviderSettings): string | undefined {
  const setting = modelSettingOf(provider, quality);
  return (setting && settings[setting]?.trim()) || defaultModelOf(provider, quality);
}

/** Whether a provider, as configured, can make this picture at all (what planGeneration checks, as a yes or no). */
export function canMake(
  name: string,
  settings: ProviderSettings,
  picture: { kind: GenerationKind; quality: Quality; includeModel: boolean },
): boolean {
  const traits = traitsOf(name, settings);
  if (!traits) return false;
  if (CHILD_KINDS.includes(picture.kind) && !traits.drawsChildren) return false;
  if (picture.kind === "modify" && !traits.edits) return false;
  if (picture.quality === "pro" && traits.proLongSide < PRO_MIN_LONG_SIDE) return false;
  return picture.includeModel || traits.garmentOnly;
}

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

export function mainProvider(settings: ProviderSettings): string {
  return settings.IMAGE_PROVIDER?.trim() || "studio";
}

/**
 * Why an option is not offered, as the drawer says it before anyone pays (GET /api/config), and as the
 * API's 422 says it when a request asks for it anyway (then nothing was charged, and it says so).
 */
export const CHILDREN_NOT_OFFERED = "Con el generador de imágenes de este sitio no podemos crear fotos con modelos bebé, niño o niña.";
export const PRO_NOT_OFFERED = "La Calidad Pro (2K) no está disponible en este sitio: las imágenes que crea no llegan a ese tamaño.";
export const MODIFY_NOT_OFFERED = "El generador de imágenes de este sitio no puede modificar imágenes con instrucciones.";

export const CHILDREN_UNAVAILABLE = `${CHILDREN_NOT_OFFERED} No se descontaron créditos. Puedes generar la prenda sola, sin modelo, por 1 imagen.`;
export const PRO_UNAVAILABLE = `${PRO_NOT_OFFERED} No se descontaron créditos; usa la calidad estándar.`;
export const MODIFY_UNAVAILABLE = `${MODIFY_NOT_OFFERED} No se descontaron créditos.`;

/** What the drawer needs to know before the seller pays: what this site's providers can do. */
export interface GenerationOffer {
  children: { available: boolean; reason: string | null };
  pro: { available: boolean; reason: string | null };
  modify: { available: boolean; reason: string | null };
  /** Whether 'Modelo de mi tienda' reaches the provider of that audience. */
  storeModel: { adult: boolean; children: boolean };
}

/**
 * What a provider can make on this site. STUDIO_IMITATES=<provider> makes the offline studio offer no more
 * than that provider can (openai: no children; workers-ai: no Pro), so `npm run dev` and the Chromium tests show what a
 * seller of such a site sees while the studio pipeline still makes the pictures. It is read only for the
 * studio and only ever takes options away, so it cannot weaken a real provider's site.
 */
export function configuredTraits(name: ProviderName, settings: ProviderSettings): ProviderTraits {
  const own = providerTraits(name);
  const imitated = settings.STUDIO_IMITATES?.trim() ?? "";
  if (name !== "studio" || !isProviderName(imitated)) return own;
  const other = providerTraits(imitated);
  return {
    drawsChildren: own.drawsChildren && other.drawsChildren,
    proLongSide: Math.min(own.proLongSide, other.proLongSide),
    takesModelReference: own.takesModelReference && other.takesModelReference,
    edits: own.edits && other.edits,
    // The studio composes the garment alone itself, whatever it imitates (as it does for providers that cannot).
    garmentOnly: own.garmentOnly,
  };
}

function traitsOf(name: string, settings: ProviderSettings): ProviderTraits | undefined {
  return isProviderName(name) ? configuredTraits(name, settings) : undefined;
}

/** The provider that draws children: MINORS_PROVIDER when set, else the main one if it can; none otherwise. */
export function childrenProvider(settings: ProviderSettings): string | undefined {
  const minors = settings.MINORS_PROVIDER?.trim();
  if (minors) return traitsOf(minors, settings)?.drawsChildren ? minors : undefined;
  const main = mainProvider(settings);
  return traitsOf(main, settings)?.drawsChildren ? main : undefined;
}

export function generationOffer(settings: ProviderSettings): GenerationOffer {
  const main = traitsOf(mainProvider(settings), settings);
  const kids = childrenProvider(settings);
  const proOk = !!main && main.proLongSide >= PRO_MIN_LONG_SIDE;
  const editOk = !!main?.edits;
  return {
    children: { available: !!kids, reason: kids ? null : CHILDREN_NOT_OFFERED },
    pro: { available: proOk, reason: proOk ? null : PRO_NOT_OFFERED },
    modify: { available: editOk, reason: editOk ? null : MODIFY_NOT_OFFERED },
    storeModel: { adult: !!main?.takesModelReference, children: !!(kids && traitsOf(kids, settings)?.takesModelReference) },
  };
}

/**
 * Which provider makes this generation, or why none can (the seller's message).
 * Pro is judged on the provider that would make it: a child's picture at Pro
 * needs the children's provider to reach 2K too.
 */
export function planGeneration(
  settings: ProviderSettings,
  kind: GenerationKind,
  quality: Quality,
  includeModel = true,
): { ok: true; provider: string } | { ok: false; error: string } {
  let provider = mainProvider(settings);
  // The garment alone, from a provider that always draws a person: the studio pipeline composes it (at 2K for Pro).
  if (!includeModel && traitsOf(provider, settings)?.garmentOnly === false) return { ok: true, provider: "studio" };
  if (CHILD_KINDS.includes(kind)) {
    const kids = childrenProvider(settings);
    if (!kids) return { ok: false, error: CHILDREN_UNAVAILABLE };
    provider = kids;
  }
  const traits = traitsOf(provider, settings);
  // An unknown name is the job's "not configured" failure (refunded), not the seller's choice to correct.
  if (!traits) return { ok: true, provider };
  if (kind === "modify" && !traits.edits) return { ok: false, error: MODIFY_UNAVAILABLE };
  if (quality === "pro" && traits.proLongSide < PRO_MIN_LONG_SIDE) return { ok: false, error: PRO_UNAVAILABLE };
  return { ok: true, provider };
}

/** Which provider reads a photo to draft a product's name: the configured one when it can read images, else the studio's offline drafter. */
export function describerFor(settings: ProviderSettings): "gemini" | "openai" | "studio" {
  const main = mainProvider(settings);
  return main === "gemini" || main === "openai" ? main : "studio";
}

/** How many calls a provider's gate lets through: at most `inFlight` at once and `perMinute` in any 60 s. */
export interface GateLimits {
  inFlight: number;
  perMinute: number;
}

/**
 * Each provider's gate defaults, from the providers' own rate-limit pages (checked 2026-11):
 * - Gemini (ai.google.dev/gemini-api/docs/rate-limits): limits are per Google Cloud project, not per key,
 *   by usage tier, and the numbers are shown only in AI Studio; image models also count images per minute.
 *   No figure to copy: a cautious 4 at once and 10 a minute; raise them to what AI Studio shows.
 * - OpenAI (platform.openai.com/docs/guides/rate-limits): per organisation and usage tier, images per
 *   minute for image models, shown on the organisation's Limits page (and left in x-ratelimit-* headers);
 *   no figure for gpt-image-2.6-flare could be confirmed on a page: a cautious 5 at once and 5 a minute.
 * - Workers AI (developers.cloudflare.com/workers-ai/platform/limits/): text-to-image 720 requests a minute.
 * - FASHN (docs.fashn.ai/api-overview/error-handling names RateLimitExceeded and ConcurrencyLimitExceeded;
 *   the figures, 50 runs a minute and 6 at once, come from a third-party description of its API).
 * - The studio runs inside the Worker: STUDIO_SLOTS (2) pictures at once per isolate; its gate lets
 *   through as many, so locally nothing waits twice.
 */
export const DEFAULT_GATE_LIMITS: Record<ProviderName, GateLimits> = {
  studio: { inFlight: 2, perMinute: 600 },
  gemini: { inFlight: 4, perMinute: 10 },
  openai: { inFlight: 5, perMinute: 5 },
  "workers-ai": { inFlight: 20, perMinute: 720 },
  fashn: { inFlight: 6, perMinute: 50 },
};

/** For a provider this file does not know (a test's): one at a time, which can only be too careful. */
const UNKNOWN_PROVIDER_LIMITS: GateLimits = { inFlight: 1, perMinute: 60 };

/**
 * A provider's gate limits: PROVIDER_LIMITS overrides the defaults, written as `name=inFlight/perMinute`
 * pairs separated by commas ("gemini=8/60, openai=20/50"). A malformed pair is ignored (the default holds).
 */
export function gateLimits(provider: string, settings: { PROVIDER_LIMITS?: string }): GateLimits {
  for (const pair of (settings.PROVIDER_LIMITS ?? "").split(",")) {
    const match = /^\s*([\w-]+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(pair);
    if (match?.[1] === provider && Number(match[2]) > 0 && Number(match[3]) > 0) {
      return { inFlight: Number(match[2]), perMinute: Number(match[3]) };
    }
  }
  return isProviderName(provider) ? DEFAULT_GATE_LIMITS[provider] : UNKNOWN_PROVIDER_LIMITS;
}
