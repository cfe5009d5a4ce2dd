import type { Bindings } from "../env";
import type { ImageProvider, SourceImage } from "./types";

type ProviderFactory = (env: Bindings) => ImageProvider | Promise<ImageProvider>;

let testOverride: ProviderFactory | undefined;

/**
 * Lets fault tests swap in a provider that hangs or fails, inside the same
 * isolate as the Durable Object. Nothing in the app calls it.
 */
export function overrideProviderForTests(factory: ProviderFactory | undefined) {
  testOverride = factory;
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`IMAGE_PROVIDER needs ${name}`);
  return value;
}

/** FLUX.2 takes input images under 512×512: shrink the seller's photo first. */
async function under512(source: SourceImage): Promise<SourceImage> {
  const { decodeImage, encodeJpeg, resizeToFit } = await import("./codecs");
  const small = resizeToFit(await decodeImage(source.bytes), 511, 511);
  return { bytes: await encodeJpeg(small, 88), mimeType: "image/jpeg" };
}

/**
 * The provider chosen by IMAGE_PROVIDER (default: the offline studio
 * pipeline). Adapters load lazily so the unused ones cost nothing at start-up.
 * A missing key throws: the job fails and refunds with a clear message.
 */
export async function imageProvider(env: Bindings): Promise<ImageProvider> {
  if (testOverride) return testOverride(env);
  const name = env.IMAGE_PROVIDER ?? "studio";
  switch (name) {
    case "studio": {
      const { StudioProvider } = await import("./studio");
      return new StudioProvider();
    }
    case "gemini": {
      const { GeminiProvider } = await import("./gemini");
      return new GeminiProvider({ apiKey: required(env.GEMINI_API_KEY, "GEMINI_API_KEY"), model: env.GEMINI_MODEL, baseUrl: env.GEMINI_BASE_URL });
    }
    case "openai": {
      const { OpenAIProvider } = await import("./openai");
      return new OpenAIProvider({ apiKey: required(env.OPENAI_API_KEY, "OPENAI_API_KEY"), model: env.OPENAI_MODEL, baseUrl: env.OPENAI_BASE_URL });
    }
    case "workers-ai": {
      if (!env.AI) throw new Error("IMAGE_PROVIDER=workers-ai needs the AI binding");
      const { WorkersAiProvider } = await import("./workers-ai");
      return new WorkersAiProvider({ ai: env.AI, model: env.WORKERS_AI_MODEL, prepareInput: under512 });
    }
    default:
      throw new Error(`unknown IMAGE_PROVIDER ${name}`);
  }
}
