/**
 * 'Modelo de mi tienda' (issue 13.5): the routes, who may keep which image,
 * what a generation sends to Gemini and FASHN (fake upstreams that check the
 * exact request), and what deleting the image or the account leaves behind.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STORE_MODEL_NO_PERSON, STORE_MODEL_WRONG_AUDIENCE, type StoreModel } from "../../common/store-models";
import type { JobView } from "../../worker/jobs/job-types";
import { encodeJpeg } from "../../worker/providers/codecs";
import { FashnProvider, fashnPrompt } from "../../worker/providers/fashn";
import { GeminiProvider } from "../../worker/providers/gemini";
import { STORE_MODEL_LINE } from "../../worker/providers/prompts";
import { overrideProviderForTests } from "../../worker/providers/select";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import type { Bindings } from "../../worker/env";
import { IMAGE_NOT_FOUND } from "../../worker/routes/generation";
import { Browser, count, register, withBindings } from "./browser";
import { workerLogs } from "./capture-logs";
import { photoForm } from "./fixtures";
import { provider as testProvider, resultBytes, WAIT_FOR_OUTCOME } from "./generation-helpers";
import { fakeUpstream, json, type SeenRequest } from "./payments-fakes";

const GEMINI = "https://fake-gemini.test";
const GEMINI_CALL = `POST ${GEMINI}/v1beta/models/gemini-nano-banana-2.1:generateContent`;
const FASHN = "https://fake-fashn.test";
const FASHN_RUN = `POST ${FASHN}/v1/run`;

const base64 = (bytes: Uint8Array) => {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};

afterEach(() => {
  vi.restoreAllMocks();
  overrideProviderForTests(undefined);
});

/** A seller on a site configured with `bindings`, with one product from a real photo. */
async function seller(bindings: Partial<Bindings> = {}) {
  const browser = new Browser(withBindings({ ...WAIT_FOR_OUTCOME, ...bindings }));
  const { user } = await register(browser);
  const photo = await encodeJpeg(samplePhoto({ width: 600, height: 800, garment: [200, 60, 90] }), 85);
  const response = await browser.request("/api/products/upload-images", {
    method: "POST",
    body: photoForm([{ bytes: photo, name: "vestido-añil.jpg" }]),
  });
  expect(response.status).toBe(201);
  const product = ((await response.json()) as { products: { id: string }[] }).products[0]!;
  return { browser, user, product, photo };
}

/** Generates through the route and waits for the job's state (never a clock); answers the new image's id. */
async function generate(browser: Browser, path: string, body: unknown = {}): Promise<string> {
  const response = await browser.json("POST", path, body);
  const started = (await response.json()) as { imageId?: string; jobId?: string; error?: string };
  if (response.status === 200) return started.imageId!;
  expect(response.status, started.error).toBe(202);
  for (;;) {
    const { job } = (await (await browser.request(`/api/jobs/${started.jobId}?wait=20`)).json()) as { job: JobView };
    if (job.status === "succeeded") return job.imageId!;
    expect(job.status, job.error ?? "").toBe("running");
  }
}

const put = (browser: Browser, audience: string, imageId: unknown) => browser.json("PUT", `/api/store-models/${audience}`, { imageId });
const models = async (browser: Browser) => ((await (await browser.request("/api/store-models")).json()) as { models: StoreModel[] }).models;
const keyOf = (imageId: string) => env.DB.prepare("SELECT key FROM generated_images WHERE id = ?").bind(imageId).first<string>("key");

describe("the store-model routes", () => {
  it("keeps an own image per audience, replaces it, lists it and removes it", async () => {
    const { browser, product } = await seller();
    testProvider(async (_r, call) => resultBytes(call));
    const first = await generate(browser, `/api/products/generate-ad/${product.id}`);
    const second = await generate(browser, `/api/products/back-image/${product.id}`);
    const baby = await generate(browser, `/api/products/baby-image/${product.id}`);

    expect(await models(browser)).toEqual([]);
    const kept = await put(browser, "adult", first);
    expect(kept.status).toBe(200);
    const { model } = (await kept.json()) as { model: StoreModel };
    expect(model).toMatchObject({ audience: "adult", imageId: first, imageUrl: `/img/${await keyOf(first)}` });

    expect((await put(browser, "adult", second)).status).toBe(200);
    expect((await put(browser, "baby", baby)).status).toBe(200);
    const listed = await models(browser);
    expect(listed.map((m) => [m.audience, m.imageId]).sort()).toEqual([
      ["adult", second],
      ["baby", baby],
    ]);
    expect(new Date(listed.find((m) => m.audience === "adult")!.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(model.updatedAt).getTime(),
    );

    expect((await browser.request("/api/store-models/adult", { method: "DELETE" })).status).toBe(200);
    expect((await models(browser)).map((m) => m.audience)).toEqual(["baby"]);
    // Removing what is not there is no error: the seller's goal (no model) holds.
    const again = await browser.request("/api/store-models/adult", { method: "DELETE" });
    expect(again.status).toBe(200);
  });

  it("refuses in Spanish: an unknown audience, no image, the garment alone, another audience's picture, a missing image", async () => {
    const { browser, user, product } = await seller();
    testProvider(async (_r, call) => resultBytes(call));
    const garment = await generate(browser, `/api/products/generate-ad/${product.id}`, { includeModel: false });
    const baby = await generate(browser, `/api/products/baby-image/${product.id}`);
    const cases: [string, unknown, number, string][] = [
      ["elders", baby, 400, "El público debe ser adulto, bebé, niño o niña."],
      ["adult", undefined, 400, "Elige una imagen de tu galería."],
      ["adult", "", 400, "Elige una imagen de tu galería."],
      ["adult", garment, 422, STORE_MODEL_NO_PERSON],
      ["adult", baby, 422, STORE_MODEL_WRONG_AUDIENCE],
      ["girl", "no-existe", 404, IMAGE_NOT_FOUND],
    ];
    for (const [audience, imageId, status, error] of cases) {
      const response = await put(browser, audience, imageId);
      expect(response.status, `${audience} ${imageId}`).toBe(status);
      expect(await response.json()).toEqual({ error });
    }
    expect(await count("store_models", "user_id = ?", user.id)).toBe(0);
  });

  it("another seller's image is the same 404 as a missing one, and leaves both sellers' models as they were", async () => {
    testProvider(async (_r, call) => resultBytes(call));
    const a = await seller();
    const b = await seller();
    const aImage = await generate(a.browser, `/api/products/generate-ad/${a.product.id}`);
    expect((await put(a.browser, "adult", aImage)).status).toBe(200);
    const stolen = await put(b.browser, "adult", aImage);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ error: IMAGE_NOT_FOUND });
    expect(await models(b.browser)).toEqual([]);
    expect((await models(a.browser)).map((m) => m.imageId)).toEqual([aImage]);
  });

  it("saves fired together for one audience end as exactly one row, pointing at one of them", async () => {
    const { browser, user, product } = await seller();
    testProvider(async (_r, call) => resultBytes(call));
    const images = [
      await generate(browser, `/api/products/generate-ad/${product.id}`),
      await generate(browser, `/api/products/back-image/${product.id}`),
      await generate(browser, `/api/products/outfit-image/${product.id}`),
    ];
    const responses = await Promise.all(Array.from({ length: 9 }, (_, i) => put(browser, "adult", images[i % 3])));
    expect(responses.map((r) => r.status)).toEqual(Array(9).fill(200));
    expect(await count("store_models", "user_id = ? AND audience = 'adult'", user.id)).toBe(1);
    const [only] = await models(browser);
    expect(images).toContain(only!.imageId);
  });
});

describe("what deleting leaves behind", () => {
  it("deleting the gallery image removes the model with it (no dangling key), and the next generation goes without one", async () => {
    const { browser, product } = await seller();
    const calls = testProvider(async (_r, call) => resultBytes(call));
    const image = await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect((await put(browser, "adult", image)).status).toBe(200);
    expect((await browser.request(`/api/products/images/${image}`, { method: "DELETE" })).status).toBe(200);
    expect(await models(browser)).toEqual([]);
    expect(await count("store_models", "image_id = ?", image)).toBe(0);
    await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect(calls.at(-1)!.modelReference).toBeUndefined();
  });

  it("deleting the product (its images go with it) removes the model too", async () => {
    const { browser, product } = await seller();
    testProvider(async (_r, call) => resultBytes(call));
    const image = await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect((await put(browser, "adult", image)).status).toBe(200);
    expect((await browser.request(`/api/products/delete/${product.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await models(browser)).toEqual([]);
  });

  it("deleting the account deletes its store models and their images in R2", async () => {
    const { browser, user, product } = await seller();
    testProvider(async (_r, call) => resultBytes(call));
    const adult = await generate(browser, `/api/products/generate-ad/${product.id}`);
    const baby = await generate(browser, `/api/products/baby-image/${product.id}`);
    expect((await put(browser, "adult", adult)).status).toBe(200);
    expect((await put(browser, "baby", baby)).status).toBe(200);
    const keys = [(await keyOf(adult))!, (await keyOf(baby))!];
    const deleted = await browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await count("store_models", "user_id = ?", user.id)).toBe(0);
    for (const key of keys) expect(await env.IMAGES.head(key)).toBeNull();
  });
});

describe("generations send the store's model to providers that take one", () => {
  /**
   * What the fake Gemini answers: a real JPEG, so the job's re-encoding runs as in production. Each answer is
   * made when asked for: a Response made here could not be read inside the Durable Object.
   */
  async function geminiAnswer() {
    const bytes = await encodeJpeg(samplePhoto({ width: 60, height: 80, garment: [10, 120, 60] }), 80);
    return () =>
      json({
        candidates: [
          { content: { parts: [{ inlineData: { mimeType: "image/jpeg", data: base64(bytes) } }], role: "model" }, finishReason: "STOP" },
        ],
        modelVersion: "gemini-nano-banana-2.1",
      });
  }
  const partsOf = (call: SeenRequest) =>
    JSON.parse(call.body).contents[0].parts as { text?: string; inline_data?: { mime_type: string; data: string } }[];

  it("Gemini: the model goes as a third part after the photo, the prompt asks for the same person; none without one; a lost object is skipped", async () => {
    const answer = await geminiAnswer();
    const seen = fakeUpstream({ [GEMINI_CALL]: answer });
    overrideProviderForTests(() => new GeminiProvider({ apiKey: "test-gemini-key", baseUrl: GEMINI }));
    const { browser, product, photo } = await seller({ IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "test-gemini-key" });

    const first = await generate(browser, `/api/products/generate-ad/${product.id}`);
    const without = partsOf(seen[0]!);
    expect(without).toHaveLength(2);
    expect(without[0]!.text).not.toContain(STORE_MODEL_LINE);
    expect(without[1]!.inline_data).toEqual({ mime_type: "image/jpeg", data: base64(photo) });

    expect((await put(browser, "adult", first)).status).toBe(200);
    await generate(browser, `/api/products/back-image/${product.id}`);
    const withModel = partsOf(seen[1]!);
    expect(withModel).toHaveLength(3);
    expect(withModel[0]!.text).toContain(STORE_MODEL_LINE);
    expect(withModel[1]!.inline_data).toEqual({ mime_type: "image/jpeg", data: base64(photo) });
    const stored = new Uint8Array(await (await env.IMAGES.get((await keyOf(first))!))!.arrayBuffer());
    expect(withModel[2]!.inline_data).toEqual({ mime_type: "image/jpeg", data: base64(stored) });

    // The model's object is gone from R2 (the row still points at it): the job still succeeds, without it, and says so.
    await env.IMAGES.delete((await keyOf(first))!);
    await generate(browser, `/api/products/outfit-image/${product.id}`);
    expect(partsOf(seen[2]!)).toHaveLength(2);
    expect(workerLogs({ message: "store model missing; generating without it" })).toHaveLength(1);
  });

  it("Gemini: a personalised model or the garment alone never gets the store's model", async () => {
    const answer = await geminiAnswer();
    const seen = fakeUpstream({ [GEMINI_CALL]: answer });
    overrideProviderForTests(() => new GeminiProvider({ apiKey: "test-gemini-key", baseUrl: GEMINI }));
    const { browser, product } = await seller({ IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "test-gemini-key" });
    const first = await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect((await put(browser, "adult", first)).status).toBe(200);
    await generate(browser, `/api/products/personalize/${product.id}`, { gender: "female", age: "senior" });
    await generate(browser, `/api/products/generate-ad/${product.id}`, { includeModel: false });
    expect(seen.slice(1).map((call) => partsOf(call).length)).toEqual([2, 2]);
  });

  it("FASHN: model_image carries the store's model as a data URL, with no aspect ratio; without one, 3:4 and no model_image", async () => {
    const output = await encodeJpeg(samplePhoto({ width: 60, height: 80, garment: [90, 30, 160] }), 80);
    let predictions = 0;
    const seen = fakeUpstream({
      [FASHN_RUN]: () => json({ id: `pred-${++predictions}`, error: null }),
      [`GET ${FASHN}/v1/status/pred-1`]: () =>
        json({ id: "pred-1", status: "completed", output: [`data:image/jpeg;base64,${base64(output)}`], error: null }),
      [`GET ${FASHN}/v1/status/pred-2`]: () =>
        json({ id: "pred-2", status: "completed", output: [`data:image/jpeg;base64,${base64(output)}`], error: null }),
    });
    overrideProviderForTests(() => new FashnProvider({ apiKey: "fa-test-key", baseUrl: FASHN }));
    const { browser, product, photo } = await seller({ IMAGE_PROVIDER: "fashn", FASHN_API_KEY: "fa-test-key" });

    const first = await generate(browser, `/api/products/generate-ad/${product.id}`);
    const runs = () =>
      seen.filter((s) => s.method === "POST").map((s) => JSON.parse(s.body) as { model_name: string; inputs: Record<string, unknown> });
    expect(runs()[0]!.inputs.model_image).toBeUndefined();
    expect(runs()[0]!.inputs.aspect_ratio).toBe("3:4");

    expect((await put(browser, "adult", first)).status).toBe(200);
    await generate(browser, `/api/products/generate-ad/${product.id}`);
    const stored = new Uint8Array(await (await env.IMAGES.get((await keyOf(first))!))!.arrayBuffer());
    const request = {
      kind: "ad" as const,
      includeModel: true,
      quality: "standard" as const,
      seed: 0,
      source: { bytes: photo, mimeType: "image/jpeg" as const },
    };
    expect(runs()[1]).toEqual({
      model_name: "product-to-model",
      inputs: {
        product_image: `data:image/jpeg;base64,${base64(photo)}`,
        model_image: `data:image/jpeg;base64,${base64(stored)}`,
        prompt: fashnPrompt({ ...request, modelReference: { bytes: stored, mimeType: "image/jpeg" } }),
        resolution: "1k",
        output_format: "jpeg",
        return_base64: true,
        seed: runs()[1]!.inputs.seed,
      },
    });
    expect(typeof runs()[1]!.inputs.seed).toBe("number");
  });

  it("the offline studio takes no model: the job gets none and succeeds", async () => {
    const { browser, product } = await seller();
    const calls = testProvider(async (_r, call) => resultBytes(call));
    const first = await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect((await put(browser, "adult", first)).status).toBe(200);
    await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.modelReference).toBeUndefined();
  });
});
