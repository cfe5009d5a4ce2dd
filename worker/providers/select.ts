import { describerFor, mainProvider } from "../../common/image-providers";
import type { Bindings } from "../env";
import type { ProductDescriber } from "./describe";
// Not loaded lazily like the others: the batch consumer falls back to it whatever the site's describer.
import { StudioDescriber } from "./describe-studio";
import type { AnyImageProvider, SourceImage } from "./types";

type ProviderFactory = (env: Bindings, name: string) => AnyImageProvider | Promise<AnyImageProvider>;

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
 * The provider by name (default: IMAGE_PROVIDER, else the offline studio
 * pipeline); the job passes the one planGeneration chose (MINORS_PROVIDER for
 * children). Adapters load lazily so the unused ones cost nothing at start-up.
 * A missing key, binding or a shut-down model id throws: the job fails and
 * refunds with a clear message.
 */
export async function imageProvider(env: Bindings, name = mainProvider(env)): Promise<AnyImageProvider> {
  if (testOverride) return testOverride(env, name);
  switch (name) {
    case "studio": {
      const { StudioProvider } = await import("./studio");
      return new StudioProvider();
    }
    case "gemini": {
      const { GeminiProvider } = await import("./gemini");
      return new GeminiProvider({
        apiKey: required(env.GEMINI_API_KEY, "GEMINI_API_KEY"),
        model: env.GEMINI_MODEL || undefined,
        proModel: env.GEMINI_PRO_MODEL || undefined,
        baseUrl: env.GEMINI_BASE_URL,
      });
    }
    case "openai": {
      const { OpenAIProvider } = await import("./openai");
      return new OpenAIProvider({
        apiKey: required(env.OPENAI_API_KEY, "OPENAI_API_KEY"),
        model: env.OPENAI_MODEL || undefined,
        baseUrl: env.OPENAI_BASE_URL,
      });
    }
    case "workers-ai": {
      // Declared in wrangler.deploy.toml only: `npm run dev` and the tests have no Workers AI (it runs on Cloudflare).
      if (!env.AI)
        throw new Error("IMAGE_PROVIDER=workers-ai needs the AI binding, which exists only when deployed (wrangler.deploy.toml)");
      const { WorkersAiProvider } = await import("./workers-ai");
      return new WorkersAiProvider({ ai: env.AI, model: env.WORKERS_AI_MODEL || undefined, prepareInput: under512 });
    }
    case "fashn": {
      const { FashnProvider } = await import("./fashn");
      return new FashnProvider({ apiKey: required(env.FASHN_API_KEY, "FASHN_API_KEY"), baseUrl: env.FASHN_BASE_URL });
    }
    default:
      throw new Error(`unknown IMAGE_PROVIDER ${name}`);
  }
}

/**
 * Who reads a product photo to draft its name: Gemini or OpenAI when the site generates with them (their keys
 * are already there), the studio's offline drafter otherwise (common/image-providers.ts, describerFor).
 */
export async function productDescriber(env: Bindings): Promise<ProductDescriber> {
  switch (describerFor(env)) {
    case "gemini": {
      const { GeminiDescriber } = await import("./describe-gemini");
      return new GeminiDescriber({
        apiKey: required(env.GEMINI_API_KEY, "GEMINI_API_KEY"),
        model: env.GEMINI_VISION_MODEL || undefined,
        baseUrl: env.GEMINI_BASE_URL,
      });
    }
    case "openai": {
      const { OpenAIDescriber } = await import("./describe-openai");
      return new OpenAIDescriber({
        apiKey: required(env.OPENAI_API_KEY, "OPENAI_API_KEY"),
        model: env.OPENAI_VISION_MODEL || undefined,
        baseUrl: env.OPENAI_BASE_URL,
      });
    }
    default:
      return new StudioDescriber();
  }
}
