/**
 * FASHN product-to-model: a garment photo in, a photo of a person wearing it
 * out; with `model_image` it dresses that person (our 'Modelo de mi tienda').
 * The API queues the work: POST /v1/run answers a prediction id, GET
 * /v1/status/{id} reports starting → in_queue → processing → completed |
 * failed. The job's Durable Object submits and then asks from its alarm.
 * https://docs.fashn.ai/api-reference/product-to-model,
 * https://docs.fashn.ai/api-overview/error-handling, and the `fashn` npm SDK
 * (src/resources/predictions.ts) for the exact input and status shapes.
 */
import { DEFAULT_MODELS } from "../../common/image-providers";
import { bytesToBase64, errorForStatus, generatedImage, isRecord, parseJson, refusal, retryAfterSeconds, send } from "./http";
import { describeModel } from "./prompts";
import {
  ModelUnavailable,
  ProviderFailure,
  ProviderTransientError,
  type GeneratedImage,
  type GenerationRequest,
  type QueuedImageProvider,
  type SourceImage,
} from "./types";

export interface FashnConfig {
  apiKey: string;
  baseUrl?: string;
}

/** Runtime error names FASHN reports on a failed prediction that mean its moderation declined the content. */
const REFUSED = new Set(["ContentModerationError", "ThirdPartyError"]);
/** Failures FASHN says to retry (no charge for failures). */
const PASSING = new Set(["PipelineError", "3rdPartyProviderError", "InternalServerError"]);
const BUSY = "El generador de imágenes está saturado en este momento.";

function dataUrl(image: SourceImage): string {
  return `data:${image.mimeType};base64,${bytesToBase64(image.bytes)}`;
}

/**
 * product-to-model's prompt is not the whole brief (the endpoint already
 * keeps the garment): only who wears it, how, and the background.
 */
export function fashnPrompt(request: GenerationRequest): string {
  const studio = "plain light seamless studio background, soft even light, e-commerce catalogue photo";
  if (request.modelReference) {
    return request.kind === "back" ? `back view, photographed from behind, ${studio}` : `front view, ${studio}`;
  }
  switch (request.kind) {
    case "back":
      return `adult model photographed from behind, back view, ${studio}`;
    case "outfit":
      return `adult model, full body, complete coordinated outfit with matching shoes and accessories, ${studio}`;
    case "personalized":
      return `${describeModel(request.personalization)}, front view, ${studio}`;
    default:
      return `adult model, front view, natural confident pose, ${studio}`;
  }
}

export class FashnProvider implements QueuedImageProvider {
  readonly name = "fashn";
  readonly model = DEFAULT_MODELS.fashn;
  readonly queued = true;
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor({ apiKey, baseUrl = "https://api.fashn.ai" }: FashnConfig) {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async submit(request: GenerationRequest, signal?: AbortSignal): Promise<string> {
    const inputs: Record<string, unknown> = {
      product_image: dataUrl(request.source),
      prompt: fashnPrompt(request),
      resolution: request.quality === "pro" ? "2k" : "1k",
      output_format: "jpeg",
      // The image comes back in the status answer: nothing of the seller's stays on FASHN's CDN.
      return_base64: true,
      seed: request.seed,
    };
    // With a person to dress the output takes that photo's proportions, so the aspect ratio is only sent without one.
    // The latest product-to-model page marks model_image as deprecated in favour of the tryon-max model (which keeps
    // the person's pose, so no back view) and offers face_reference (identity only, new pose, extra credits): it still
    // works; revisit when FASHN gives a date (https://docs.fashn.ai/api-reference/product-to-model).
    if (request.modelReference) inputs.model_image = dataUrl(request.modelReference);
    else inputs.aspect_ratio = "3:4";
    const { response, text } = await send(
      `${this.baseUrl}/v1/run`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify({ model_name: DEFAULT_MODELS.fashn, inputs }),
      },
      signal,
    );
    if (!response.ok) throw apiError(response, text);
    const answer = parseJson(text, "FASHN");
    if (!isRecord(answer) || typeof answer.id !== "string" || !answer.id) {
      const error = isRecord(answer) && typeof answer.error === "string" ? answer.error : "sin id";
      throw new ProviderFailure(`FASHN no aceptó la predicción (${error}).`);
    }
    return answer.id;
  }

  async check(predictionId: string, signal?: AbortSignal): Promise<GeneratedImage | "pending" | "resubmit"> {
    const { response, text } = await send(
      `${this.baseUrl}/v1/status/${encodeURIComponent(predictionId)}`,
      { method: "GET", headers: { authorization: `Bearer ${this.apiKey}` } },
      signal,
    );
    if (!response.ok) throw apiError(response, text);
    const answer = parseJson(text, "FASHN");
    if (!isRecord(answer)) throw new ProviderFailure("FASHN devolvió una respuesta inesperada.");
    switch (answer.status) {
      case "starting":
      case "in_queue":
      case "processing":
        return "pending";
      case "completed": {
        const first = Array.isArray(answer.output) ? answer.output[0] : undefined;
        if (typeof first !== "string") throw new ProviderFailure("FASHN terminó sin ninguna imagen.");
        // return_base64 answers "data:image/jpeg;base64,…"; a CDN URL would mean the flag was ignored.
        const base64 = /^data:image\/[a-z]+;base64,(.*)$/s.exec(first)?.[1];
        if (base64 === undefined) throw new ProviderFailure("FASHN devolvió un enlace en lugar de la imagen.");
        return generatedImage(base64, "FASHN");
      }
      case "failed": {
        const error = isRecord(answer.error) ? answer.error : {};
        const name = String(error.name ?? "");
        const detail = `${name}: ${String(error.message ?? "")}`;
        if (REFUSED.has(name)) throw refusal(`FASHN: ${detail}`);
        if (PASSING.has(name)) return "resubmit";
        throw new ProviderFailure(`FASHN falló: ${detail.slice(0, 300)}`);
      }
      case "canceled":
      case "time_out":
        return "resubmit";
      default:
        throw new ProviderFailure(`FASHN devolvió un estado desconocido (${String(answer.status)}).`);
    }
  }
}

/**
 * API-level errors: `{ error: "<Name>", message }`. Three kinds of 429: a
 * full concurrency limit (wait for a slot), a rate limit (back off), and no
 * credits left, which waiting does not fix.
 */
function apiError(response: Response, text: string): Error {
  let name = "";
  let message = text;
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) {
      name = String(body.error ?? "");
      message = String(body.message ?? text);
    }
  } catch {
    // A body that is not JSON (a proxy's HTML page): the status decides.
  }
  // FASHN documents no error of its own for a model_name it stopped serving: its API rejects what it does not
  // know as 400 BadRequest, whose message then names the model.
  if (name === "BadRequest" && /model_name|model name|\bmodel\b/i.test(message))
    return new ModelUnavailable("fashn", DEFAULT_MODELS.fashn, `${name} ${message}`);
  if (name === "OutOfCredits") return new ProviderFailure(`FASHN respondió HTTP ${response.status}: ${name} ${message}`.slice(0, 300));
  if (name === "ConcurrencyLimitExceeded") return new ProviderTransientError(BUSY, retryAfterSeconds(response.headers), true);
  return errorForStatus("FASHN", response, `${name} ${message}`.trim());
}
