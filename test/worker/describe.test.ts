import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MODELS } from "../../common/image-providers";
import { GeminiDescriber } from "../../worker/providers/describe-gemini";
import { OpenAIDescriber } from "../../worker/providers/describe-openai";
import { colourWord, draftFromName, dominantColour, nameColour, StudioDescriber } from "../../worker/providers/describe-studio";
import { encodeJpeg } from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { ProviderFailure, ProviderRefusal, ProviderTransientError } from "../../worker/providers/types";
import { fakeUpstream, json } from "./payments-fakes";

/**
 * Naming a product from its photo. The real readers (Gemini, OpenAI) are tried against fake upstreams that
 * check the exact request each API documents and answer its real shapes, errors included; the offline
 * drafter against photos of known colours.
 */

afterEach(() => vi.restoreAllMocks());

const PHOTO = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), mimeType: "image/jpeg" as const };
const PHOTO_BASE64 = btoa(String.fromCharCode(...PHOTO.bytes));
const CONTEXT = { fileName: "IMG 2041", categories: ["Camperas", "Remeras"] };
const DRAFT = { name: "Campera de jean celeste", category: "Camperas", description: "Campera de jean clara con botones metálicos." };

describe("Gemini reads the photo", () => {
  const GEMINI = "https://fake-gemini.test";
  const URL = `${GEMINI}/v1beta/models/${DEFAULT_MODELS.geminiVision}:generateContent`;
  const describer = () => new GeminiDescriber({ apiKey: "clave-gemini", baseUrl: GEMINI });

  it("sends the photo inline with a JSON response schema and reads the draft from the answer's text", async () => {
    const seen = fakeUpstream({
      [`POST ${URL}`]: () =>
        json({
          candidates: [{ content: { role: "model", parts: [{ text: JSON.stringify(DRAFT) }] }, finishReason: "STOP", index: 0 }],
          usageMetadata: { promptTokenCount: 300, candidatesTokenCount: 30, totalTokenCount: 330 },
          modelVersion: DEFAULT_MODELS.geminiVision,
        }),
    });
    expect(await describer().describe(PHOTO, CONTEXT)).toEqual(DRAFT);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get("x-goog-api-key")).toBe("clave-gemini");
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    const body = JSON.parse(seen[0]!.body);
    expect(body.contents).toHaveLength(1);
    expect(body.contents[0].parts[1]).toEqual({ inline_data: { mime_type: "image/jpeg", data: PHOTO_BASE64 } });
    expect(body.contents[0].parts[0].text).toContain('"Camperas", "Remeras"');
    expect(body.contents[0].parts[0].text).toContain('The photo\'s file was named "IMG 2041"');
    expect(body.generationConfig).toEqual({
      responseMimeType: "application/json",
      responseSchema: {
        type: "OBJECT",
        properties: { name: { type: "STRING" }, category: { type: "STRING" }, description: { type: "STRING" } },
        required: ["name", "category", "description"],
      },
      maxOutputTokens: 400,
    });
  });

  it("cleans what it answers: invisible characters out, a long name cut at a word, the category capitalised", async () => {
    fakeUpstream({
      [`POST ${URL}`]: () =>
        json({
          candidates: [
            {
              content: {
                parts: [
                  {
                    text: JSON.stringify({
                      name: "campera\u200b de jean celeste con botones dorados y bolsillos laterales grandes de verdad",
                      category: "camperas",
                      description: "Clara.\nCon botones.",
                    }),
                  },
                ],
              },
              finishReason: "STOP",
            },
          ],
        }),
    });
    expect(await describer().describe(PHOTO, CONTEXT)).toEqual({
      name: "Campera de jean celeste con botones dorados y bolsillos",
      category: "Camperas",
      description: "Clara. Con botones.",
    });
  });

  it("a 429 is a passing, rate-limited failure; a blocked photo a refusal; no text a failure", async () => {
    fakeUpstream({
      [`POST ${URL}`]: () =>
        json(
          {
            error: {
              code: 429,
              message: "Resource has been exhausted (e.g. check quota).",
              status: "RESOURCE_EXHAUSTED",
            },
          },
          429,
        ),
    });
    const busy = await describer()
      .describe(PHOTO, CONTEXT)
      .catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ProviderTransientError);
    expect((busy as ProviderTransientError).rateLimited).toBe(true);

    vi.restoreAllMocks();
    fakeUpstream({ [`POST ${URL}`]: () => json({ promptFeedback: { blockReason: "PROHIBITED_CONTENT" } }) });
    await expect(describer().describe(PHOTO, CONTEXT)).rejects.toBeInstanceOf(ProviderRefusal);

    vi.restoreAllMocks();
    fakeUpstream({ [`POST ${URL}`]: () => json({ candidates: [{ content: { parts: [] }, finishReason: "MAX_TOKENS" }] }) });
    await expect(describer().describe(PHOTO, CONTEXT)).rejects.toBeInstanceOf(ProviderFailure);
  });

  it("refuses a shut-down model id", () => {
    expect(() => new GeminiDescriber({ apiKey: "k", model: "gemini-2.5-flash-image" })).toThrow(/shut down/);
  });
});

describe("OpenAI reads the photo", () => {
  const OPENAI = "https://fake-openai.test";
  const describer = () => new OpenAIDescriber({ apiKey: "sk-prueba", baseUrl: OPENAI });

  it("sends the photo as an input_image with a strict JSON schema and reads the message's output_text", async () => {
    const seen = fakeUpstream({
      [`POST ${OPENAI}/v1/responses`]: () =>
        json({
          id: "resp_123",
          object: "response",
          status: "completed",
          model: DEFAULT_MODELS.openaiVision,
          output: [
            { type: "reasoning", id: "rs_1", summary: [] },
            {
              type: "message",
              id: "msg_1",
              status: "completed",
              role: "assistant",
              content: [{ type: "output_text", text: JSON.stringify(DRAFT), annotations: [] }],
            },
          ],
          usage: { input_tokens: 120, output_tokens: 40, total_tokens: 160 },
        }),
    });
    expect(await describer().describe(PHOTO, CONTEXT)).toEqual(DRAFT);
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer sk-prueba");
    const body = JSON.parse(seen[0]!.body);
    expect(body).toMatchObject({ model: DEFAULT_MODELS.openaiVision, reasoning: { effort: "low" }, max_output_tokens: 800 });
    expect(body.input).toEqual([
      {
        role: "user",
        content: [
          { type: "input_text", text: expect.stringContaining('"Camperas", "Remeras"') },
          { type: "input_image", image_url: `data:image/jpeg;base64,${PHOTO_BASE64}`, detail: "low" },
        ],
      },
    ]);
    expect(body.text).toEqual({
      format: {
        type: "json_schema",
        name: "product_draft",
        strict: true,
        schema: {
          type: "object",
          properties: { name: { type: "string" }, category: { type: "string" }, description: { type: "string" } },
          required: ["name", "category", "description"],
          additionalProperties: false,
        },
      },
    });
  });

  it("a refusal is a refusal, a cut-off answer a failure, a 429 a rate limit with its wait", async () => {
    fakeUpstream({
      [`POST ${OPENAI}/v1/responses`]: () =>
        json({
          status: "completed",
          output: [{ type: "message", role: "assistant", content: [{ type: "refusal", refusal: "I can't help with that." }] }],
        }),
    });
    await expect(describer().describe(PHOTO, CONTEXT)).rejects.toBeInstanceOf(ProviderRefusal);

    vi.restoreAllMocks();
    fakeUpstream({
      [`POST ${OPENAI}/v1/responses`]: () =>
        json({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output: [] }),
    });
    await expect(describer().describe(PHOTO, CONTEXT)).rejects.toThrow(/max_output_tokens/);

    vi.restoreAllMocks();
    fakeUpstream({
      [`POST ${OPENAI}/v1/responses`]: () =>
        new Response(JSON.stringify({ error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after-ms": "2500" },
        }),
    });
    const busy = (await describer()
      .describe(PHOTO, CONTEXT)
      .catch((e: unknown) => e)) as ProviderTransientError;
    expect(busy).toBeInstanceOf(ProviderTransientError);
    expect({ rateLimited: busy.rateLimited, retryAfterSeconds: busy.retryAfterSeconds }).toEqual({
      rateLimited: true,
      retryAfterSeconds: 3,
    });
  });
});

describe("the offline drafter", () => {
  it("names colours as a shopper does, and agrees them with the garment", () => {
    expect(nameColour(40, 90, 170)).toBe("azul");
    expect(nameColour(200, 30, 30)).toBe("rojo");
    expect(nameColour(250, 250, 248)).toBe("blanco");
    expect(nameColour(20, 20, 24)).toBe("negro");
    expect(nameColour(130, 130, 130)).toBe("gris");
    expect(nameColour(135, 206, 235)).toBe("celeste");
    expect(nameColour(110, 60, 30)).toBe("marron");
    expect(nameColour(40, 140, 60)).toBe("verde");
    expect(colourWord("rojo", "f")).toBe("roja");
    expect(colourWord("rojo", "m")).toBe("rojo");
    expect(colourWord("marron", "f")).toBe("marrón");
  });

  it("drafts from the file's name: a garment word keeps it and adds the colour, a camera name becomes 'Prenda <colour>'", () => {
    const categories = ["Camperas", "Remeras"];
    expect(draftFromName("Campera jean", "celeste", categories)).toEqual({
      name: "Campera jean celeste",
      category: "Camperas",
      description: "Campera de color celeste.",
    });
    expect(draftFromName("buzo-canguro", "rojo", categories)).toMatchObject({ name: "Buzo-canguro rojo", category: "Buzos" });
    expect(draftFromName("Remera azul", "rojo", categories).name).toBe("Remera azul");
    expect(draftFromName("IMG 20261103 104512", "azul", categories)).toEqual({
      name: "Prenda azul",
      category: null,
      description: "Prenda de color azul.",
    });
    expect(draftFromName("WhatsApp Image 2026 11 03", "negro", categories).name).toBe("Prenda negra");
    // What the upload names a camera's photo until then, and no colour to go on: still no camera name.
    expect(draftFromName("Producto sin nombre", "verde", categories).name).toBe("Prenda verde");
    expect(draftFromName("IMG 20261127 101500", null, categories)).toEqual({
      name: "Producto sin nombre",
      category: null,
      description: null,
    });
    // A name that says its colour keeps it, and the description does not contradict it.
    expect(draftFromName("Musculosa roja", "rojo", categories)).toEqual({ name: "Musculosa roja", category: "Remeras", description: null });
    expect(draftFromName("Camisa blanca", "azul", categories)).toEqual({ name: "Camisa blanca", category: "Remeras", description: null });
    expect(draftFromName("Jeans azules", "celeste", categories).name).toBe("Jeans azules");
    // Words of the seller's own, with no garment the drafter knows: kept as they are.
    expect(draftFromName("Nuevo ingreso verano", "azul", categories)).toEqual({
      name: "Nuevo ingreso verano",
      category: null,
      description: null,
    });
  });

  it("finds the garment's colour on its backdrop, and names a blue T-shirt photographed by a phone 'Prenda azul'", async () => {
    const blue = samplePhoto({ width: 300, height: 400, garment: [40, 90, 170], grain: 6 });
    expect(dominantColour(blue)).toBe("azul");
    expect(dominantColour(samplePhoto({ width: 300, height: 400, garment: [200, 40, 40], grain: 6 }))).toBe("rojo");
    const draft = await new StudioDescriber().describe(
      { bytes: await encodeJpeg(blue, 85), mimeType: "image/jpeg" },
      { fileName: "IMG 2041", categories: [] },
    );
    expect(draft.name).toBe("Prenda azul");
  });
});
