/**
 * Gemini image generation ("Nano Banana") through the REST generateContent
 * endpoint: the prompt and the seller's photo go in one turn, the image comes
 * back inline as base64. https://ai.google.dev/gemini-api/docs/image-generation
 */
import { bytesToBase64, errorForStatus, generatedImage, isRecord, parseJson, refusal, retryAfterSeconds, send } from "./http";
import { buildPrompt } from "./prompts";
import { ProviderFailure, type GeneratedImage, type GenerationRequest, type ImageProvider } from "./types";

export interface GeminiConfig {
  apiKey: string;
  model?: string;
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
  /** Gemini declines photos of children, so baby and kid variants get a garment-only composition. */
  readonly refusesMinors = true;
  private readonly apiKey: string;
  private readonly model: string;
  private readonly baseUrl: string;

  constructor({ apiKey, model = "gemini-2.5-flash-image", baseUrl = "https://generativelanguage.googleapis.com" }: GeminiConfig) {
    this.apiKey = apiKey;
    this.model = model;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage> {
    const imageConfig: Record<string, string> = { aspectRatio: "3:4" };
    // Only the Gemini 3 image models offer larger sizes; 2.5 Flash Image makes 1K images and nothing else.
    if (request.quality === "pro" && !this.model.startsWith("gemini-2")) imageConfig.imageSize = "2K";
    const body = {
      contents: [
        {
          parts: [
            { text: buildPrompt(request, this) },
            { inline_data: { mime_type: request.source.mimeType, data: bytesToBase64(request.source.bytes) } },
          ],
        },
      ],
      generationConfig: { responseModalities: ["IMAGE"], imageConfig },
    };
    const { response, text } = await send(
      `${this.baseUrl}/v1beta/models/${encodeURIComponent(this.model)}:generateContent`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
        body: JSON.stringify(body),
      },
      signal,
    );
    if (!response.ok) {
      const error = apiError(text);
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
function apiError(text: string): { detail: string; retryDelay?: number } {
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
  const image = parts.filter((part) => part.thought !== true).map((part) => part.inlineData ?? part.inline_data).find(isRecord);
  if (image) return generatedImage(image.data, "Gemini");
  // Asked for an image only, an answer in words is the model declining ("I can't create images of…").
  const words = parts.map((part) => (typeof part.text === "string" ? part.text.trim() : "")).join(" ").trim();
  if (words) throw refusal(`Gemini respondió sin imagen: ${words.slice(0, 300)}`);
  throw new ProviderFailure(`Gemini no devolvió ninguna imagen (finishReason: ${finishReason || "ninguno"}).`);
}
