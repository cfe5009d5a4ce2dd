import { afterEach, describe, expect, it, vi } from "vitest";
import { GeminiProvider } from "../../worker/providers/gemini";
import { buildPrompt } from "../../worker/providers/prompts";
import {
  ModelUnavailable,
  ProviderFailure,
  ProviderRefusal,
  ProviderTransientError,
  type GenerationRequest,
} from "../../worker/providers/types";

const BASE = "https://fake-gemini.test";
const ENDPOINT = `${BASE}/v1beta/models/gemini-nano-banana-2.1:generateContent`;
const PRO_ENDPOINT = `${BASE}/v1beta/models/gemini-3-pro-image:generateContent`;
const REFUSAL = "El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.";

/** The seller's photo: JPEG magic bytes and every byte value a naive base64 could mangle. */
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 256 }, (_, i) => i), 0xff, 0xd9]);
const GENERATED_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 250, 7]);
const DRAFT_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function generation(extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return { kind: "ad", includeModel: true, quality: "standard", source: { bytes: PHOTO, mimeType: "image/jpeg" }, seed: 7, ...extra };
}

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the parsed request JSON, which each assertion reads field by field
  body: any;
  signal: AbortSignal | null | undefined;
}

/** A fake Gemini: records each request and answers with `reply`. Any other address throws, so nothing reaches the network. */
function fakeGemini(reply: (seen: Seen) => Response | Promise<Response>, urls = [ENDPOINT, PRO_ENDPOINT]): Seen[] {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!urls.includes(request.url)) throw new Error(`unexpected request to ${request.url}`);
    const call = { url: request.url, method: request.method, headers: request.headers, body: await request.json(), signal: init?.signal };
    seen.push(call);
    return reply(call);
  });
  return seen;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json; charset=UTF-8", ...init.headers } });

/** The shape generateContent answers with an image (ai.google.dev, image generation). */
function imageAnswer(parts: unknown[] = [{ inlineData: { mimeType: "image/png", data: base64(GENERATED_PNG) } }]) {
  return json({
    candidates: [{ content: { parts, role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 1300, candidatesTokenCount: 1290, totalTokenCount: 2590 },
    modelVersion: "gemini-nano-banana-2.1",
    responseId: "abc123",
  });
}

const provider = () => new GeminiProvider({ apiKey: "test-gemini-key", baseUrl: BASE });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GeminiProvider", () => {
  it("sends the prompt and the photo as generateContent asks and returns the image bytes", async () => {
    const seen = fakeGemini(() => imageAnswer());
    const image = await provider().generate(generation());

    expect(image.mimeType).toBe("image/png");
    expect([...image.bytes]).toEqual([...GENERATED_PNG]);
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.method).toBe("POST");
    expect(call!.headers.get("x-goog-api-key")).toBe("test-gemini-key");
    expect(call!.headers.get("content-type")).toBe("application/json");
    expect(call!.body).toEqual({
      contents: [
        {
          parts: [{ text: buildPrompt(generation()) }, { inline_data: { mime_type: "image/jpeg", data: expect.any(String) } }],
        },
      ],
      generationConfig: { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "3:4" } },
    });
    expect([...unbase64(call!.body.contents[0].parts[1].inline_data.data)]).toEqual([...PHOTO]);
  });

  it("encodes a full-size photo intact, across the encoder's chunk boundaries", async () => {
    const large = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => (i * 31 + (i >> 11)) & 0xff);
    large.set([0xff, 0xd8, 0xff, 0xe0]);
    const seen = fakeGemini(() => imageAnswer());
    await provider().generate(generation({ source: { bytes: large, mimeType: "image/jpeg" } }));
    const sent = unbase64(seen[0]!.body.contents[0].parts[1].inline_data.data);
    expect(sent.length).toBe(large.length);
    expect(sent.every((byte, i) => byte === large[i])).toBe(true);
  });

  it("uses gemini-nano-banana-2.1 for standard and gemini-3-pro-image at imageSize 2K for pro", async () => {
    const seen = fakeGemini(() => imageAnswer());
    await provider().generate(generation({ quality: "pro" }));
    await provider().generate(generation({ quality: "standard" }));
    expect(seen.map((s) => s.url)).toEqual([PRO_ENDPOINT, ENDPOINT]);
    expect(seen.map((s) => s.body.generationConfig.imageConfig)).toEqual([{ aspectRatio: "3:4", imageSize: "2K" }, { aspectRatio: "3:4" }]);
  });

  it("takes configured models, and refuses a shut-down one naming its replacement", async () => {
    const seen = fakeGemini(() => imageAnswer(), [`${BASE}/v1beta/models/gemini-9-image:generateContent`]);
    await new GeminiProvider({ apiKey: "k", model: "gemini-9-image", baseUrl: `${BASE}/` }).generate(generation());
    expect(seen).toHaveLength(1);
    expect(() => new GeminiProvider({ apiKey: "k", model: "gemini-2.5-flash-image" })).toThrow(
      "GEMINI_MODEL=gemini-2.5-flash-image was shut down on 2026-10-02; use gemini-nano-banana-2.1 instead.",
    );
    expect(() => new GeminiProvider({ apiKey: "k", proModel: "gemini-3-pro-image-preview" })).toThrow(/use gemini-3-pro-image instead/);
  });

  it("a model the API no longer serves (404 NOT_FOUND) is ModelUnavailable, naming the model; another 404 is not", async () => {
    fakeGemini(() =>
      json(
        {
          error: {
            code: 404,
            message:
              "models/gemini-nano-banana-2.1 is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.",
            status: "NOT_FOUND",
          },
        },
        { status: 404 },
      ),
    );
    const gone = await provider()
      .generate(generation())
      .catch((err: unknown) => err);
    expect(gone).toBeInstanceOf(ModelUnavailable);
    expect(gone).toMatchObject({ provider: "gemini", model: "gemini-nano-banana-2.1" });
    vi.restoreAllMocks();
    fakeGemini(() => new Response("<html>Not Found</html>", { status: 404 }));
    const other = await provider()
      .generate(generation())
      .catch((err: unknown) => err);
    expect(other).toBeInstanceOf(ProviderFailure);
    expect(other).not.toBeInstanceOf(ModelUnavailable);
  });

  it("sends the store's model as a second image part, after the photo, and says so in the prompt", async () => {
    const reference = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
    const seen = fakeGemini(() => imageAnswer());
    await provider().generate(generation({ modelReference: { bytes: reference, mimeType: "image/png" } }));
    const parts = seen[0]!.body.contents[0].parts;
    expect(parts).toHaveLength(3);
    expect(parts[0].text).toContain("The second image shows the store's own model");
    expect(parts[2].inline_data.mime_type).toBe("image/png");
    expect([...unbase64(parts[2].inline_data.data)]).toEqual([...reference]);
  });

  it("asks for the child itself for a child's kind (it is only sent one where it is the children's provider)", async () => {
    const seen = fakeGemini(() => imageAnswer());
    await provider().generate(generation({ kind: "girl-kid" }));
    expect(seen[0]!.body.contents[0].parts[0].text).toContain("worn by a girl of about 6 years old");
  });

  it("reads snake_case inline_data and takes the final image, not a draft marked as a thought", async () => {
    fakeGemini(() =>
      imageAnswer([
        { inline_data: { mime_type: "image/png", data: base64(DRAFT_PNG) }, thought: true },
        { text: "Here is the catalogue photo." },
        { inline_data: { mime_type: "image/png", data: base64(GENERATED_PNG) } },
      ]),
    );
    const image = await provider().generate(generation());
    expect([...image.bytes]).toEqual([...GENERATED_PNG]);
  });

  it("passes the job's signal on, and a cancelled job gets its own reason back", async () => {
    const seen = fakeGemini(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal!.addEventListener("abort", () => reject(signal!.reason));
        }),
    );
    const controller = new AbortController();
    const reason = new Error("deadline");
    const pending = provider().generate(generation(), controller.signal);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.signal).toBe(controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  describe("refusals", () => {
    it("a blocked prompt or photo: promptFeedback.blockReason and no candidates", async () => {
      fakeGemini(() =>
        json({
          promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
          usageMetadata: { promptTokenCount: 1300, totalTokenCount: 1300 },
          modelVersion: "gemini-nano-banana-2.1",
        }),
      );
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRefusal);
      expect(error.message).toBe(REFUSAL);
      expect(String(error.cause)).toContain("PROHIBITED_CONTENT");
    });

    it.each(["IMAGE_SAFETY", "SAFETY", "IMAGE_PROHIBITED_CONTENT", "PROHIBITED_CONTENT"])(
      "a candidate stopped with %s",
      async (finishReason) => {
        fakeGemini(() => json({ candidates: [{ finishReason, index: 0 }], modelVersion: "gemini-nano-banana-2.1" }));
        const error = await provider()
          .generate(generation())
          .catch((e) => e);
        expect(error).toBeInstanceOf(ProviderRefusal);
        expect(error.message).toBe(REFUSAL);
      },
    );

    it("an answer in words and no image", async () => {
      fakeGemini(() => imageAnswer([{ text: "I can't create images of real children based on this photo." }]));
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderRefusal);
      expect(String(error.cause)).toContain("I can't create images");
    });
  });

  describe("passing failures", () => {
    it("429 with a Retry-After header", async () => {
      fakeGemini(() =>
        json(
          { error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" } },
          { status: 429, headers: { "retry-after": "17" } },
        ),
      );
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderTransientError);
      expect(error.retryAfterSeconds).toBe(17);
    });

    it("429 with Google's RetryInfo retryDelay instead", async () => {
      fakeGemini(() =>
        json(
          {
            error: {
              code: 429,
              message: "You exceeded your current quota, please check your plan and billing details. Please retry in 22.231358113s.",
              status: "RESOURCE_EXHAUSTED",
              details: [
                {
                  "@type": "type.googleapis.com/google.rpc.QuotaFailure",
                  violations: [{ quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests" }],
                },
                { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "22.231358113s" },
              ],
            },
          },
          { status: 429 },
        ),
      );
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderTransientError);
      expect(error.retryAfterSeconds).toBe(23);
    });

    it.each([
      [
        500,
        {
          error: {
            code: 500,
            message:
              "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
            status: "INTERNAL",
          },
        },
      ],
      [503, { error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } }],
    ])("%i", async (status, body) => {
      fakeGemini(() => json(body, { status }));
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderTransientError);
      expect(error.retryAfterSeconds).toBeUndefined();
    });

    it("a dropped connection", async () => {
      vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
      await expect(provider().generate(generation())).rejects.toBeInstanceOf(ProviderTransientError);
    });
  });

  describe("failures", () => {
    it("400 for a bad key names the status and Google's reason", async () => {
      fakeGemini(() =>
        json(
          {
            error: {
              code: 400,
              message: "API key not valid. Please pass a valid API key.",
              status: "INVALID_ARGUMENT",
              details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
            },
          },
          { status: 400 },
        ),
      );
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderFailure);
      expect(error.message).toBe("Gemini respondió HTTP 400: INVALID_ARGUMENT API key not valid. Please pass a valid API key.");
    });

    it.each([
      [
        "a body that is not JSON",
        () => new Response("<html>Bad gateway</html>", { status: 200 }),
        "Gemini devolvió una respuesta que no es JSON.",
      ],
      ["no candidates", () => json({ modelVersion: "gemini-nano-banana-2.1" }), "Gemini devolvió una respuesta sin candidatos."],
      [
        "a candidate with no parts",
        () => json({ candidates: [{ content: { role: "model" }, finishReason: "NO_IMAGE" }] }),
        "Gemini no devolvió ninguna imagen (finishReason: NO_IMAGE).",
      ],
      [
        "image data that is not base64",
        () => imageAnswer([{ inlineData: { mimeType: "image/png", data: "@@not base64@@" } }]),
        "Gemini devolvió una imagen que no es base64 válido.",
      ],
      [
        "data that is not a PNG or JPEG",
        () => imageAnswer([{ inlineData: { mimeType: "image/png", data: base64(new TextEncoder().encode("GIF89a....")) } }]),
        "Gemini devolvió algo que no es una imagen PNG ni JPEG.",
      ],
    ])("%s", async (_, reply, message) => {
      fakeGemini(reply);
      const error = await provider()
        .generate(generation())
        .catch((e) => e);
      expect(error).toBeInstanceOf(ProviderFailure);
      expect(error.message).toBe(message);
    });
  });
});
