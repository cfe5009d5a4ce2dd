/**
 * OpenAI's GPT Image edits endpoint: the seller's photo as a multipart file
 * plus the prompt; GPT Image models always answer base64 in data[0].b64_json
 * (PNG unless output_format says otherwise). With the store's model the two
 * images go as repeated `image[]` parts, as the multi-image edit example does.
 * https://platform.openai.com/docs/api-reference/images/createEdit,
 * https://platform.openai.com/docs/guides/image-generation (edit with several reference images).
 * `size` is any WIDTHxHEIGHT in multiples of 16 for GPT Image 2.x (docs/providers.md, read 2026-11-29).
 */
import { DEFAULT_MODELS, OPENAI_SIZES, retirementProblem } from "../../common/image-providers";
import { errorForStatus, generatedImage, isRecord, parseJson, refusal, send } from "./http";
import { buildPrompt } from "./prompts";
import {
  ModelUnavailable,
  ProviderFailure,
  type GeneratedImage,
  type GenerationRequest,
  type ImageMime,
  type ImageProvider,
} from "./types";

export interface OpenAIConfig {
  apiKey: string;
  model?: string;
  baseUrl?: string;
}

const EXTENSION: Record<ImageMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** Codes OpenAI's safety system answers with: GPT Image models, and the older DALL·E wording. */
const REFUSAL_CODES = new Set(["moderation_blocked", "content_policy_violation"]);

export class OpenAIProvider implements ImageProvider {
  readonly name = "openai";
  readonly model: string;
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor({ apiKey, model = DEFAULT_MODELS.openai, baseUrl = "https://api.openai.com" }: OpenAIConfig) {
    const problem = retirementProblem("OPENAI_MODEL", model);
    if (problem?.fatal) throw new Error(problem.message);
    this.apiKey = apiKey;
    this.model = model;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage> {
    const { bytes, mimeType } = request.source;
    const form = new FormData();
    form.append("model", this.model);
    // The API reads the format from the part's type and file name.
    const garment = new File([bytes], `garment.${EXTENSION[mimeType]}`, { type: mimeType });
    const reference = request.includeModel ? request.modelReference : undefined;
    if (reference) {
      // GPT Image models take up to 16 input images as repeated image[] parts (the image generation guide's
      // multi-image edit); the prompt says the second one is the store's model.
      form.append("image[]", garment);
      form.append("image[]", new File([reference.bytes], `model.${EXTENSION[reference.mimeType]}`, { type: reference.mimeType }));
    } else {
      form.append("image", garment);
    }
    form.append("prompt", buildPrompt(request));
    // The same sizes providerTraits reads, so what is sold as Pro is what is asked for.
    const size = OPENAI_SIZES[request.quality];
    form.append("size", `${size.width}x${size.height}`);
    form.append("quality", request.quality === "pro" ? "high" : "medium");
    // A web-sized answer instead of a 2 MB PNG. input_fidelity is not sent: the current models reject it.
    form.append("output_format", "jpeg");
    form.append("output_compression", "85");
    form.append("n", "1");

    const { response, text } = await send(
      `${this.baseUrl}/v1/images/edits`,
      { method: "POST", headers: { authorization: `Bearer ${this.apiKey}` }, body: form },
      signal,
    );
    if (!response.ok) throw errorFor(response, text, this.model);
    const answer = parseJson(text, "OpenAI");
    const first = isRecord(answer) && Array.isArray(answer.data) ? answer.data[0] : undefined;
    return generatedImage(isRecord(first) ? first.b64_json : undefined, "OpenAI");
  }
}

/**
 * OpenAI's error body: `{ error: { message, type, param, code } }`. A model that does not exist or was shut
 * down answers 404 `model_not_found` ("The model `x` does not exist or you do not have access to it.").
 */
function errorFor(response: Response, text: string, model: string): Error {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorForStatus("OpenAI", response, text);
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = String(error.code ?? "");
  const detail = `${code} ${String(error.message ?? text)}`.trim();
  if (REFUSAL_CODES.has(code)) return refusal(`OpenAI: ${detail}`);
  if (code === "model_not_found") return new ModelUnavailable("openai", model, detail);
  // A 429 for an unpaid bill or a spent budget does not pass by waiting.
  if (code === "insufficient_quota") return new ProviderFailure(`OpenAI respondió HTTP ${response.status}: ${detail}`);
  return errorForStatus("OpenAI", response, detail);
}
