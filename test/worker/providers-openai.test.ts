import { afterEach, describe, expect, it, vi } from "vitest";
import { PRO_MIN_LONG_SIDE, providerTraits } from "../../common/image-providers";
import { OpenAIProvider } from "../../worker/providers/openai";
import { buildPrompt, STORE_MODEL_LINE } from "../../worker/providers/prompts";
import {
  ModelUnavailable,
  ProviderFailure,
  ProviderRefusal,
  ProviderTransientError,
  type GenerationRequest,
} from "../../worker/providers/types";

const BASE = "https://fake-openai.test";
const ENDPOINT = `${BASE}/v1/images/edits`;
const REFUSAL = "El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.";

/** WebP magic bytes around every byte value, so a lossy multipart encoding would show. */
const PHOTO = new Uint8Array([
  ...new TextEncoder().encode("RIFF"),
  0x10,
  0x01,
  0,
  0,
  ...new TextEncoder().encode("WEBPVP8 "),
  ...Array.from({ length: 256 }, (_, i) => 255 - i),
]);
const GENERATED_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 99]);

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function generation(extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return { kind: "back", includeModel: true, quality: "standard", source: { bytes: PHOTO, mimeType: "image/webp" }, seed: 3, ...extra };
}

interface Seen {
  method: string;
  headers: Headers;
  form: FormData;
  signal: AbortSignal | null | undefined;
}

/** A fake OpenAI: parses each multipart request, then answers with `reply`. Any other address throws. */
function fakeOpenAI(reply: (seen: Seen) => Response | Promise<Response>): Seen[] {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== ENDPOINT) throw new Error(`unexpected request to ${request.url}`);
    const call = { method: request.method, headers: request.headers, form: await request.formData(), signal: init?.signal };
    seen.push(call);
    return reply(call);
  });
  return seen;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json", ...init.headers } });

/** What /v1/images/edits answers for a GPT Image model (platform.openai.com API reference). */
const imageAnswer = () =>
  json({
    created: 1713833628,
    background: "opaque",
    data: [{ b64_json: base64(GENERATED_PNG) }],
    output_format: "png",
    quality: "medium",
    size: "1024x1536",
    usage: { input_tokens: 3120, input_tokens_details: { image_tokens: 3050, text_tokens: 70 }, output_tokens: 1584, total_tokens: 4704 },
  });

/** OpenAI's error envelope. */
const apiError = (status: number, error: { message: string; type: string; code: string | null }, headers: Record<string, string> = {}) =>
  json({ error: { ...error, param: null } }, { status, headers });

const provider = () => new OpenAIProvider({ apiKey: "sk-test-openai", baseUrl: BASE });

async function caught(promise: Promise<unknown>): Promise<Error & { retryAfterSeconds?: number }> {
  return promise.then(
    () => expect.unreachable("expected the generation to fail"),
    (error) => error,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("OpenAIProvider", () => {
  it("posts the photo and settings as multipart and returns the b64_json image", async () => {
    const seen = fakeOpenAI(() => imageAnswer());
    const image = await provider().generate(generation());

    expect(image).toEqual({ bytes: GENERATED_PNG, mimeType: "image/png" });
    expect(seen).toHaveLength(1);
    const { method, headers, form } = seen[0]!;
    expect(method).toBe("POST");
    expect(headers.get("authorization")).toBe("Bearer sk-test-openai");
    expect(headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    // Only what the current GPT Image models accept: no input_fidelity, which they reject.
    expect([...form.keys()].sort()).toEqual(["image", "model", "n", "output_compression", "output_format", "prompt", "quality", "size"]);
    expect(form.get("model")).toBe("gpt-image-2.6-flare");
    expect(form.get("output_format")).toBe("jpeg");
    expect(form.get("output_compression")).toBe("85");
    expect(form.get("prompt")).toBe(buildPrompt(generation()));
    expect(form.get("size")).toBe("1024x1536");
    expect(form.get("quality")).toBe("medium");
    expect(form.get("n")).toBe("1");
    const file = form.get("image") as File;
    expect(file.name).toBe("garment.webp");
    expect(file.type).toBe("image/webp");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PHOTO);
  });

  it("asks for 2K at 3:4 (1536x2048) and high quality on pro, uses the configured model and names a JPEG photo .jpg", async () => {
    const seen = fakeOpenAI(() => imageAnswer());
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 1, 2]);
    await new OpenAIProvider({ apiKey: "k", model: "gpt-image-2.6-sunburst", baseUrl: `${BASE}/` }).generate(
      generation({ quality: "pro", source: { bytes: jpeg, mimeType: "image/jpeg" } }),
    );
    const { form } = seen[0]!;
    // The same fields as a standard picture: only size and quality change.
    expect([...form.keys()].sort()).toEqual(["image", "model", "n", "output_compression", "output_format", "prompt", "quality", "size"]);
    expect(form.get("size")).toBe("1536x2048");
    expect(form.get("quality")).toBe("high");
    expect(form.get("model")).toBe("gpt-image-2.6-sunburst");
    expect(form.get("output_format")).toBe("jpeg");
    expect(form.get("n")).toBe("1");
    expect((form.get("image") as File).name).toBe("garment.jpg");
    expect((form.get("image") as File).type).toBe("image/jpeg");
  });

  it("the size sold as Pro is one OpenAI accepts and reaches 2K: multiples of 16, within 3840 px and 3:1", async () => {
    const seen = fakeOpenAI(() => imageAnswer());
    await Promise.all([provider().generate(generation()), provider().generate(generation({ quality: "pro" }))]);
    const sizes = seen.map(({ form }) => String(form.get("size"))).sort();
    expect(sizes).toEqual(["1024x1536", "1536x2048"]);
    for (const size of sizes) {
      const [width, height] = size.split("x").map(Number) as [number, number];
      expect([width % 16, height % 16]).toEqual([0, 0]);
      expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(3);
      expect(width * height).toBeGreaterThanOrEqual(655_360);
      expect(width * height).toBeLessThanOrEqual(8_294_400);
    }
    // Pro is offered because of this size, and only because of it.
    expect(providerTraits("openai").proLongSide).toBe(2048);
    expect(providerTraits("openai").proLongSide).toBeGreaterThanOrEqual(PRO_MIN_LONG_SIDE);
  });

  it("sends the store's model as a second image[] part after the photo, and the prompt names it; the garment alone never", async () => {
    const seen = fakeOpenAI(() => imageAnswer());
    const person = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 4, 4, 4, 0xff, 0xd9]);
    const withModel = generation({ kind: "ad", modelReference: { bytes: person, mimeType: "image/jpeg" } });
    await provider().generate(withModel);
    const { form } = seen[0]!;
    expect(form.has("image")).toBe(false);
    const images = form.getAll("image[]") as File[];
    expect(images.map((f) => [f.name, f.type])).toEqual([
      ["garment.webp", "image/webp"],
      ["model.jpg", "image/jpeg"],
    ]);
    expect(new Uint8Array(await images[0]!.arrayBuffer())).toEqual(PHOTO);
    expect(new Uint8Array(await images[1]!.arrayBuffer())).toEqual(person);
    expect(form.get("prompt")).toBe(buildPrompt(withModel));
    expect(form.get("prompt")).toContain(STORE_MODEL_LINE);

    await provider().generate({ ...withModel, includeModel: false });
    expect(seen[1]!.form.has("image[]")).toBe(false);
    expect((seen[1]!.form.get("image") as File).name).toBe("garment.webp");
  });

  it("404 model_not_found is ModelUnavailable, naming the model the request sent", async () => {
    fakeOpenAI(() =>
      apiError(404, {
        message: "The model `gpt-image-2.6-flare` does not exist or you do not have access to it.",
        type: "invalid_request_error",
        code: "model_not_found",
      }),
    );
    const gone = await provider()
      .generate(generation())
      .catch((err: unknown) => err);
    expect(gone).toBeInstanceOf(ModelUnavailable);
    expect(gone).toMatchObject({ provider: "openai", model: "gpt-image-2.6-flare" });
  });

  it("refuses a shut-down model id, naming its replacement", () => {
    expect(() => new OpenAIProvider({ apiKey: "k", model: "gpt-image-1" })).toThrow(
      "OPENAI_MODEL=gpt-image-1 is shut down; use gpt-image-2.6-flare instead.",
    );
  });

  it("passes the job's signal on", async () => {
    const seen = fakeOpenAI(() => imageAnswer());
    const controller = new AbortController();
    await provider().generate(generation(), controller.signal);
    expect(seen[0]!.signal).toBe(controller.signal);
  });

  it("a safety block (400 moderation_blocked) is a refusal", async () => {
    fakeOpenAI(() =>
      apiError(400, {
        message:
          "Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_123.",
        type: "image_generation_user_error",
        code: "moderation_blocked",
      }),
    );
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderRefusal);
    expect(error.message).toBe(REFUSAL);
    expect(String(error.cause)).toContain("moderation_blocked");
  });

  it("the older content_policy_violation code is a refusal too", async () => {
    fakeOpenAI(() =>
      apiError(400, {
        message: "Your request was rejected as a result of our safety system.",
        type: "invalid_request_error",
        code: "content_policy_violation",
      }),
    );
    expect(await caught(provider().generate(generation()))).toBeInstanceOf(ProviderRefusal);
  });

  it("a rate limit is transient and carries Retry-After", async () => {
    fakeOpenAI(() =>
      apiError(
        429,
        {
          message: "Rate limit reached for gpt-image-1 in organization org-x on images per minute (IPM): Limit 5.",
          type: "requests",
          code: "rate_limit_exceeded",
        },
        { "retry-after": "20" },
      ),
    );
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(error.retryAfterSeconds).toBe(20);
  });

  it("prefers retry-after-ms when OpenAI sends it", async () => {
    fakeOpenAI(() =>
      apiError(
        429,
        { message: "Rate limit reached.", type: "requests", code: "rate_limit_exceeded" },
        { "retry-after-ms": "1500", "retry-after": "9" },
      ),
    );
    expect((await caught(provider().generate(generation()))).retryAfterSeconds).toBe(2);
  });

  it("reads a Retry-After given as an HTTP date", async () => {
    const inHalfAMinute = new Date(Date.now() + 30_000).toUTCString();
    fakeOpenAI(() =>
      apiError(503, { message: "Service unavailable.", type: "server_error", code: null }, { "retry-after": inHalfAMinute }),
    );
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderTransientError);
    // HTTP dates drop the milliseconds.
    expect([29, 30]).toContain(error.retryAfterSeconds);
  });

  it("a spent quota (429 insufficient_quota) is a failure: waiting does not pay the bill", async () => {
    fakeOpenAI(() =>
      apiError(429, {
        message: "You exceeded your current quota, please check your plan and billing details.",
        type: "insufficient_quota",
        code: "insufficient_quota",
      }),
    );
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderFailure);
    expect(error.message).toContain("HTTP 429: insufficient_quota");
  });

  it.each([
    [
      500,
      apiError(500, {
        message: "The server had an error while processing your request. Sorry about that!",
        type: "server_error",
        code: null,
      }),
    ],
    [503, apiError(503, { message: "The engine is currently overloaded, please try again later.", type: "server_error", code: null })],
    [502, new Response("<html><body>502 Bad Gateway</body></html>", { status: 502, headers: { "content-type": "text/html" } })],
  ])("%i is transient", async (_, response) => {
    fakeOpenAI(() => response);
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderTransientError);
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it.each([
    [401, { message: "Incorrect API key provided: sk-test-****nai.", type: "invalid_request_error", code: "invalid_api_key" }],
    [
      400,
      {
        message: "Invalid value: 'huge'. Supported values are: 'low', 'medium', 'high', and 'auto'.",
        type: "invalid_request_error",
        code: "invalid_value",
      },
    ],
  ])("%i is a failure that names the status", async (status, body) => {
    fakeOpenAI(() => apiError(status, body));
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderFailure);
    expect(error.message).toBe(`OpenAI respondió HTTP ${status}: ${body.code} ${body.message}`);
  });

  it.each([
    [
      "a body that is not JSON",
      () => new Response("upstream connect error", { status: 200 }),
      "OpenAI devolvió una respuesta que no es JSON.",
    ],
    ["an empty data list", () => json({ created: 1, data: [] }), "OpenAI no devolvió ninguna imagen."],
    [
      "a URL instead of base64",
      () => json({ created: 1, data: [{ url: "https://example.com/x.png" }] }),
      "OpenAI no devolvió ninguna imagen.",
    ],
    [
      "bytes that are not an image",
      () => json({ created: 1, data: [{ b64_json: base64(new TextEncoder().encode("hello")) }] }),
      "OpenAI devolvió algo que no es una imagen PNG ni JPEG.",
    ],
  ])("%s is a failure", async (_, reply, message) => {
    fakeOpenAI(reply);
    const error = await caught(provider().generate(generation()));
    expect(error).toBeInstanceOf(ProviderFailure);
    expect(error.message).toBe(message);
  });
});
