/**
 * Gemini image generation ("Nano Banana") through the REST generateContent
 * endpoint: the prompt and the seller's photo (and the store's model, when it
 * has one) go in one turn, the image comes back inline as base64.
 * Standard images use Nano Banana 2.1 (gemini-nano-banana-2.1: same request
 * and answer as Nano Banana 2, 1K by default); 'Calidad Pro' uses
 * gemini-3-pro-image with imageConfig.imageSize "2K". A model the API no
 * longer serves answers 404 NOT_FOUND ("models/<id> is not found for API
 * version v1beta, or is not supported for generateContent…"): that is
 * ModelUnavailable, which the job answers by trying the model's successor.
 * https://ai.google.dev/gemini-api/docs/image-generation
 */
import { DEFAULT_MODELS, retirementProblem } from "../../common/image-providers";
import { bytesToBase64, errorForStatus, generatedImage, isRecord, parseJson, refusal, retryAfterSeconds, send } from "./http";
import { buildPrompt } from "./prompts";
import { ModelUnavailable, ProviderFailure, type GeneratedImage, type GenerationRequest, type ImageProvider } from "./types";

export interface GeminiConfig {
  apiKey: string;
  /** For standard images. */
  model?: string;
  /** For 'Calidad Pro' (2K). */
  proModel?: string;
  baseUrl?: string;
}

/** Finish reasons that mean Gemini's filters stopped the image (the rest are STOP, limits and odd endings). */
const REFUSED = new Set([
  "SAFETY",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "RECITATION",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "IMAGE_RECITATION",
]);

export class GeminiProvider implements ImageProvider {
  readonly name = "gemini";
  readonly model: string;
  readonly proModel: string;
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor({
    apiKey,
    model = DEFAULT_MODELS.gemini,
    proModel = DEFAULT_MODELS.geminiPro,
    baseUrl = "https://generativelanguage.googleapis.com",
  }: GeminiConfig) {
    // A shut-down id would fail every paid generation: refuse it here too (check:deploy also does).
    for (const [setting, id] of [
      ["GEMINI_MODEL", model],
      ["GEMINI_PRO_MODEL", proModel],
    ] as const) {
      const problem = retirementProblem(setting, id);
      if (problem?.fatal) throw new Error(problem.message);
    }
    this.apiKey = apiKey;
    this.model = model;
    this.proModel = proModel;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage> {
    const pro = request.quality === "pro";
    const model = pro ? this.proModel : this.model;
    const imageConfig: Record<string, string> = pro ? { aspectRatio: "3:4", imageSize: "2K" } : { aspectRatio: "3:4" };
    const parts: unknown[] = [
      { text: buildPrompt(request) },
      { inline_data: { mime_type: request.source.mimeType, data: bytesToBase64(request.source.bytes) } },
    ];
    // The store's model goes second, as the prompt says ("The second image shows the store's own model").
    if (request.modelReference && request.includeModel) {
      const ref = request.modelReference;
      parts.push({ inline_data: { mime_type: ref.mimeType, data: bytesToBase64(ref.bytes) } });
    }
    const body = { contents: [{ parts }], generationConfig: { responseModalities: ["IMAGE"], imageConfig } };
    const { response, text } = await send(
      `${this.baseUrl}/v1beta/models/${encodeURIComponent(model)}:generateContent`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
        body: JSON.stringify(body),
      },
      signal,
    );
    if (!response.ok) {
      const error = apiError(text);
      if (response.status === 404 && error.status === "NOT_FOUND") throw new ModelUnavailable(this.name, model, error.detail);
      throw errorForStatus("Gemini", response, error.detail, retryAfterSeconds(response.headers) ?? error.retryDelay);
    }
    return readImage(parseJson(text, "Gemini"));
  }
}

/**
 * Google's error body: `{ error: { code, message, status, details } }`. On 429
 * the wait comes in a google.rpc.RetryInfo detail ("retryDelay": "22s") rather
 * than a Retry-After header.
 */
function apiError(text: string): { detail: string; status?: string; retryDelay?: number } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { detail: text };
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const info = (Array.isArray(error.details) ? error.details : []).find(
    (d): d is Record<string, unknown> => isRecord(d) && String(d["@type"]).endsWith("google.rpc.RetryInfo"),
  );
  const seconds = /^(\d+(?:\.\d+)?)s$/.exec(String(info?.retryDelay ?? ""))?.[1];
  return {
    detail: `${String(error.status ?? "")} ${String(error.message ?? text)}`.trim(),
    status: typeof error.status === "string" ? error.status : undefined,
    retryDelay: seconds === undefined ? undefined : Math.ceil(Number(seconds)),
  };
}

function readImage(answer: unknown): GeneratedImage {
  if (!isRecord(answer)) throw new ProviderFailure("Gemini devolvió una respuesta inesperada.");
  // A blocked prompt or input photo: promptFeedback.blockReason and no candidates at all.
  const blockReason = isRecord(answer.promptFeedback) ? answer.promptFeedback.blockReason : undefined;
  if (typeof blockReason === "string") throw refusal(`Gemini bloqueó el pedido (${blockReason}).`);

  const candidate = Array.isArray(answer.candidates) ? answer.candidates[0] : undefined;
  if (!isRecord(candidate)) throw new ProviderFailure("Gemini devolvió una respuesta sin candidatos.");
  const finishReason = typeof candidate.finishReason === "string" ? candidate.finishReason : "";
  if (REFUSED.has(finishReason)) throw refusal(`Gemini detuvo la imagen (${finishReason}).`);

  const parts = isRecord(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts.filter(isRecord) : [];
  // Gemini 3 models may send draft images marked as thoughts before the final one.
  const image = parts
    .filter((part) => part.thought !== true)
    .map((part) => part.inlineData ?? part.inline_data)
    .find(isRecord);
  if (image) return generatedImage(image.data, "Gemini");
  // Asked for an image only, an answer in words is the model declining ("I can't create images of…").
  const words = parts
    .map((part) => (typeof part.text === "string" ? part.text.trim() : ""))
    .join(" ")
    .trim();
  if (words) throw refusal(`Gemini respondió sin imagen: ${words.slice(0, 300)}`);
  throw new ProviderFailure(`Gemini no devolvió ninguna imagen (finishReason: ${finishReason || "ninguno"}).`);
}
