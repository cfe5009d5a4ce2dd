/**
 * FLUX.2 on Workers AI through the AI binding. These models take multipart
 * form data (prompt, input_image_0..3, width, height, seed) and answer
 * `{ image: base64 }`. https://developers.cloudflare.com/workers-ai/models/flux-2-klein-4b/
 */
import { DEFAULT_MODELS } from "../../common/image-providers";
import { generatedImage, isRecord, refusal } from "./http";
import { buildPrompt } from "./prompts";
import {
  ModelUnavailable,
  ProviderFailure,
  ProviderTransientError,
  type GeneratedImage,
  type GenerationRequest,
  type ImageMime,
  type ImageProvider,
  type SourceImage,
} from "./types";

export interface WorkersAiConfig {
  ai: Ai;
  /** Any FLUX.2 model on Workers AI: klein-4b, klein-9b and dev share the same input and output. */
  model?: string;
  /** Shrinks the photo to what FLUX.2 accepts as an input image (under 512×512). */
  prepareInput: (source: SourceImage) => Promise<SourceImage>;
}

const EXTENSION: Record<ImageMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** Portrait 3:4, multiples of 64; pro pays for more output tiles. */
const SIZE = { standard: { width: 768, height: 1024 }, pro: { width: 1152, height: 1536 } } as const;

export class WorkersAiProvider implements ImageProvider {
  readonly name = "workers-ai";
  private readonly ai: Ai;
  readonly model: string;
  private readonly prepareInput: (source: SourceImage) => Promise<SourceImage>;

  constructor({ ai, model = DEFAULT_MODELS["workers-ai"], prepareInput }: WorkersAiConfig) {
    this.ai = ai;
    this.model = model;
    this.prepareInput = prepareInput;
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<GeneratedImage> {
    const input = await this.prepareInput(request.source);
    const { width, height } = SIZE[request.quality];
    const form = new FormData();
    form.append("prompt", buildPrompt(request));
    form.append("input_image_0", new File([input.bytes], `garment.${EXTENSION[input.mimeType]}`, { type: input.mimeType }));
    form.append("width", String(width));
    form.append("height", String(height));
    // Kept within a signed 32-bit integer, the range every FLUX host accepts.
    form.append("seed", String(request.seed % 2 ** 31));
    const multipart = new Response(form);

    let answer: unknown;
    try {
      // All FLUX.2 models share klein-4b's multipart input type; the cast only picks that overload.
      answer = await this.ai.run(
        this.model as "@cf/black-forest-labs/flux-2-klein-4b",
        { multipart: { body: multipart.body!, contentType: multipart.headers.get("content-type")! } },
        { signal },
      );
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw classify(err, this.model);
    }
    return generatedImage(isRecord(answer) ? answer.image : undefined, "Workers AI");
  }
}

/**
 * The binding throws InferenceUpstreamError("<code>: <description>"); codes from
 * developers.cloudflare.com/workers-ai/platform/errors/. 3030 is the NSFW
 * filter on image prompts. 3036 (the day's free allocation is spent) is not
 * retried: it only clears at midnight UTC. 5007 ("No such model ${model} or
 * task") and 3042 ("The model name is invalid") mean the model is gone.
 */
function classify(err: unknown, model: string): Error {
  const message = err instanceof Error ? err.message : String(err);
  const code = Number(/^(\d{4}):/.exec(message)?.[1] ?? /\(code (\d{4})\)/.exec(message)?.[1]);
  if (code === 5007 || code === 3042) return new ModelUnavailable("workers-ai", model, message);
  if (code === 3030 || /nsfw|content polic|safety|moderat/i.test(message)) return refusal(`Workers AI: ${message}`);
  if ([3007, 3008, 3040].includes(code) || /capacity|rate limit|too many requests|temporarily/i.test(message)) {
    return new ProviderTransientError(`Workers AI no está disponible en este momento: ${message}`);
  }
  return new ProviderFailure(`Workers AI falló: ${message}`);
}
