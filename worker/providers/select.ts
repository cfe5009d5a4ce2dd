import type { Quality } from "../../common/generation";
import { currentModel, describerFor, mainProvider, modelSettingOf, type ProviderSettings } from "../../common/image-providers";
import type { Bindings } from "../env";
import type { ProductDescriber } from "./describe";
// Not loaded lazily like the others: the batch consumer falls back to it whatever the site's describer.
import { StudioDescriber } from "./describe-studio";
import { announceFallback } from "./fallback";
import type { AnyImageProvider, SourceImage } from "./types";

/** A job moved to a model's successor asks for that model at its quality instead of the configured one. */
export interface ModelOverride {
  quality: Quality;
  model: string;
}

type ProviderFactory = (env: Bindings, name: string, override?: ModelOverride) => AnyImageProvider | Promise<AnyImageProvider>;

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
 * A missing key or binding throws: the job fails and refunds with a clear
 * message. A configured model id that is shut down is replaced by its
 * successor (announced once, for the operator), so no picture fails for it.
 */
export async function imageProvider(env: Bindings, name = mainProvider(env), override?: ModelOverride): Promise<AnyImageProvider> {
  if (testOverride) return testOverride(env, name, override);
  /** The model for one setting: the job's override when it is that setting's, else the configured id, kept current. */
  const model = (setting: keyof ProviderSettings): string | undefined => {
    if (override && modelSettingOf(name, override.quality) === setting) return override.model;
    const configured = env[setting]?.trim();
    if (!configured) return undefined;
    const current = currentModel(configured);
    if (current !== configured)
      announceFallback({ provider: name, model: configured }, { provider: name, model: current }, "retired-setting");
    return current;
  };
  switch (name) {
    case "studio": {
      const { StudioProvider } = await import("./studio");
      return new StudioProvider();
    }
    case "gemini": {
      const { GeminiProvider } = await import("./gemini");
      return new GeminiProvider({
        apiKey: required(env.GEMINI_API_KEY, "GEMINI_API_KEY"),
        model: model("GEMINI_MODEL"),
        proModel: model("GEMINI_PRO_MODEL"),
        baseUrl: env.GEMINI_BASE_URL,
      });
    }
    case "openai": {
      const { OpenAIProvider } = await import("./openai");
      return new OpenAIProvider({
        apiKey: required(env.OPENAI_API_KEY, "OPENAI_API_KEY"),
        model: model("OPENAI_MODEL"),
        baseUrl: env.OPENAI_BASE_URL,
      });
    }
    case "workers-ai": {
      // Declared in wrangler.deploy.toml only: `npm run dev` and the tests have no Workers AI (it runs on Cloudflare).
      if (!env.AI)
        throw new Error("IMAGE_PROVIDER=workers-ai needs the AI binding, which exists only when deployed (wrangler.deploy.toml)");
      const { WorkersAiProvider } = await import("./workers-ai");
      return new WorkersAiProvider({ ai: env.AI, model: model("WORKERS_AI_MODEL"), prepareInput: under512 });
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
