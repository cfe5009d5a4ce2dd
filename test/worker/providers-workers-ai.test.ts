import { describe, expect, it, vi } from "vitest";
import { buildPrompt } from "../../worker/providers/prompts";
import {
  ModelUnavailable,
  ProviderFailure,
  ProviderRefusal,
  ProviderTransientError,
  type GenerationRequest,
  type SourceImage,
} from "../../worker/providers/types";
import { WorkersAiProvider } from "../../worker/providers/workers-ai";

const MODEL = "@cf/black-forest-labs/flux-2-klein-4b";
const REFUSAL = "El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.";

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, ...Array.from({ length: 64 }, (_, i) => i * 4), 0xff, 0xd9]);
/** What the injected codec answers: a smaller PNG, which is what must reach the model. */
const SHRUNK = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0x80]);
const GENERATED_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function generation(extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    kind: "kid",
    includeModel: true,
    quality: "standard",
    source: { bytes: PHOTO, mimeType: "image/jpeg" },
    seed: 4_000_000_000,
    ...extra,
  };
}

interface Run {
  model: string;
  form: FormData;
  options: { signal?: AbortSignal } | undefined;
}

/**
 * A fake AI binding: reads the multipart body the way the real binding forwards
 * it, records the call, then answers (or throws) with `reply`.
 */
function fakeAi(reply: (run: Run) => unknown) {
  const runs: Run[] = [];
  const ai = {
    async run(model: string, inputs: { multipart: { body: ReadableStream; contentType: string } }, options?: { signal?: AbortSignal }) {
      const { body, contentType } = inputs.multipart;
      const form = await new Response(body, { headers: { "content-type": contentType } }).formData();
      const run = { model, form, options };
      runs.push(run);
      return reply(run);
    },
  } as unknown as Ai;
  return { ai, runs };
}

const prepareInput = () => vi.fn(async (_: SourceImage): Promise<SourceImage> => ({ bytes: SHRUNK, mimeType: "image/png" }));

/** The binding's error: InferenceUpstreamError("<internal code>: <description>"). */
function upstreamError(message: string): Error {
  const error = new Error(message);
  error.name = "InferenceUpstreamError";
  return error;
}

async function caught(promise: Promise<unknown>): Promise<Error & { retryAfterSeconds?: number }> {
  return promise.then(
    () => expect.unreachable("expected the generation to fail"),
    (error) => error,
  );
}

describe("WorkersAiProvider", () => {
  it("sends prompt, the shrunk photo, size and seed as multipart and decodes { image }", async () => {
    const { ai, runs } = fakeAi(() => ({ image: base64(GENERATED_JPEG) }));
    const shrink = prepareInput();
    const provider = new WorkersAiProvider({ ai, prepareInput: shrink });
    const image = await provider.generate(generation());

    expect(image).toEqual({ bytes: GENERATED_JPEG, mimeType: "image/jpeg" });
    expect(shrink).toHaveBeenCalledTimes(1);
    expect(shrink.mock.calls[0]![0]).toEqual({ bytes: PHOTO, mimeType: "image/jpeg" });
    expect(runs).toHaveLength(1);
    const { model, form } = runs[0]!;
    expect(model).toBe(MODEL);
    expect([...form.keys()].sort()).toEqual(["height", "input_image_0", "prompt", "seed", "width"]);
    // It draws children (common/image-providers.ts), so the boy is in the picture.
    expect(form.get("prompt")).toBe(buildPrompt(generation()));
    expect(form.get("prompt")).toContain("worn by a boy of about 6 years old");
    expect(form.get("width")).toBe("768");
    expect(form.get("height")).toBe("1024");
    // 4,000,000,000 does not fit a signed 32-bit seed; it is folded into range, the same way every time.
    expect(form.get("seed")).toBe(String(4_000_000_000 - 2 ** 31));
    const file = form.get("input_image_0") as File;
    expect(file.type).toBe("image/png");
    expect(file.name).toBe("garment.png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SHRUNK);
  });

  it("uses the configured model, a larger portrait for pro, and the job's signal", async () => {
    const { ai, runs } = fakeAi(() => ({ image: base64(GENERATED_JPEG) }));
    const controller = new AbortController();
    await new WorkersAiProvider({ ai, model: "@cf/black-forest-labs/flux-2-klein-9b", prepareInput: prepareInput() }).generate(
      generation({ quality: "pro", seed: 12345 }),
      controller.signal,
    );
    const { model, form, options } = runs[0]!;
    expect(model).toBe("@cf/black-forest-labs/flux-2-klein-9b");
    expect([form.get("width"), form.get("height")]).toEqual(["1152", "1536"]);
    expect(form.get("seed")).toBe("12345");
    expect(options?.signal).toBe(controller.signal);
  });

  it("a cancelled job gets its own reason back, not a provider error", async () => {
    const controller = new AbortController();
    const reason = new Error("deadline");
    const { ai } = fakeAi(() => {
      controller.abort(reason);
      throw upstreamError("3008: Request was aborted");
    });
    await expect(new WorkersAiProvider({ ai, prepareInput: prepareInput() }).generate(generation(), controller.signal)).rejects.toBe(
      reason,
    );
  });

  it("lets a codec error through untouched", async () => {
    const { ai, runs } = fakeAi(() => ({ image: base64(GENERATED_JPEG) }));
    const broken = new Error("cannot decode the photo");
    const provider = new WorkersAiProvider({ ai, prepareInput: async () => Promise.reject(broken) });
    await expect(provider.generate(generation())).rejects.toBe(broken);
    expect(runs).toHaveLength(0);
  });

  it.each([
    ["3030: Input prompt contains NSFW content", "the binding's form"],
    ["AiError: Input prompt contains NSFW content (code 3030)", "the REST API's form"],
  ])("the NSFW filter (%s, %s) is a refusal", async (message) => {
    const { ai } = fakeAi(() => {
      throw upstreamError(message);
    });
    const error = await caught(new WorkersAiProvider({ ai, prepareInput: prepareInput() }).generate(generation()));
    expect(error).toBeInstanceOf(ProviderRefusal);
    expect(error.message).toBe(REFUSAL);
    expect(String(error.cause)).toContain(message);
  });

  it.each([
    "3040: No more data centers to forward the request to",
    "3040: Capacity temporarily exceeded, please try again.",
    "3007: Request timeout",
  ])("%s is transient", async (message) => {
    const { ai } = fakeAi(() => {
      throw upstreamError(message);
    });
    expect(await caught(new WorkersAiProvider({ ai, prepareInput: prepareInput() }).generate(generation()))).toBeInstanceOf(
      ProviderTransientError,
    );
  });

  it.each([
    "3036: You have used up your daily free allocation of 10,000 neurons. Please upgrade to Cloudflare's Workers Paid plan if you would like to continue usage.",
    "3006: Request is too large",
  ])("%s is a failure", async (message) => {
    const { ai } = fakeAi(() => {
      throw upstreamError(message);
    });
    const error = await caught(new WorkersAiProvider({ ai, prepareInput: prepareInput() }).generate(generation()));
    expect(error).toBeInstanceOf(ProviderFailure);
    expect(error.message).toBe(`Workers AI falló: ${message}`);
  });

  it.each(["5007: No such model @cf/black-forest-labs/flux-2-klein-4b or task", "3042: The model name is invalid"])(
    "%s says the model is gone: the job tries its successor",
    async (message) => {
      const { ai } = fakeAi(() => {
        throw upstreamError(message);
      });
      const error = await caught(new WorkersAiProvider({ ai, prepareInput: prepareInput() }).generate(generation()));
      expect(error).toBeInstanceOf(ModelUnavailable);
      expect(error).toMatchObject({ provider: "workers-ai", model: "@cf/black-forest-labs/flux-2-klein-4b" });
    },
  );

  it.each([
    ["no image field", {}, "Workers AI no devolvió ninguna imagen."],
    ["a stream instead of JSON", new ReadableStream(), "Workers AI no devolvió ninguna imagen."],
    [
      "an image that is not PNG or JPEG",
      { image: base64(new TextEncoder().encode("RIFF....WEBP")) },
      "Workers AI devolvió algo que no es una imagen PNG ni JPEG.",
    ],
  ])("%s is a failure", async (_, answer, message) => {
    const { ai } = fakeAi(() => answer);
    const error = await caught(new WorkersAiProvider({ ai, prepareInput: prepareInput() }).generate(generation()));
    expect(error).toBeInstanceOf(ProviderFailure);
    expect(error.message).toBe(message);
  });
});
