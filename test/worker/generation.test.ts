import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { database } from "../../worker/db/client";
import { moveCredits } from "../../worker/lib/credits";
import { JOB_MESSAGES, type JobView } from "../../worker/jobs/job-types";
import { encodeJpeg } from "../../worker/providers/codecs";
import { overrideProviderForTests } from "../../worker/providers/select";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { ProviderFailure, ProviderRefusal, ProviderTransientError, type GenerationRequest } from "../../worker/providers/types";
import { Browser, count, register } from "./browser";
import { photoOfSize } from "./fixtures";
import { provider, resultBytes, sellerWithProduct } from "./generation-helpers";

const db = database(env.DB);

afterEach(() => overrideProviderForTests(undefined));

async function balance(userId: string) {
  return (await env.DB.prepare("SELECT credits FROM users WHERE id = ?").bind(userId).first<number>("credits"))!;
}

async function ledgerSum(userId: string) {
  return (await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM credit_ledger WHERE user_id = ?")
    .bind(userId)
    .first<number>("s"))!;
}

describe("each generation endpoint", () => {
  const variants: [string, unknown, string, string, Partial<GenerationRequest>][] = [
    ["generate-ad", { includeModel: true }, "adImageUrl", "ad", { includeModel: true, quality: "standard" }],
    ["generate-ad", { includeModel: false }, "adImageUrl", "ad", { includeModel: false }],
    ["back-image", {}, "backImageUrl", "back", {}],
    ["baby-image", {}, "babyImageUrl", "baby", {}],
    ["kid-image", {}, "kidImageUrl", "kid", {}],
    ["girl-kid-image", {}, "girlKidImageUrl", "girl-kid", {}],
    ["outfit-image", {}, "outfitImageUrl", "outfit", {}],
    [
      "personalize",
      { gender: "female", skinTone: "dark" },
      "personalizedImageUrl",
      "personalized",
      { personalization: { gender: "female", skinTone: "dark" } },
    ],
    ["generate-ad", { includeModel: true, quality: "pro" }, "adImageUrl", "ad", { quality: "pro" }],
  ];
  for (const [path, body, field, kind, asked] of variants) {
    it(`${path} ${JSON.stringify(body)} answers ${field}, charges once and lands in the gallery`, async () => {
      const calls = provider(async () => resultBytes(1));
      const { browser, user, product } = await sellerWithProduct();
      const response = await browser.json("POST", `/api/products/${path}/${product.id}`, body);
      expect(response.status).toBe(200);
      // Each step of the answer's path, for the overhead bench: the route's start, the provider's gate, the
      // provider, storing, recording, the whole Worker.
      expect(response.headers.get("server-timing")).toMatch(
        /^start;dur=\d+, gate;dur=\d+, provider;dur=\d+, store;dur=\d+, record;dur=\d+, worker;dur=\d+$/,
      );
      const result = (await response.json()) as Record<string, string | number>;
      const cost = (body as { quality?: string }).quality === "pro" ? 100 : 50;
      expect(result[field]).toMatch(/^\/img\/g\/[A-Za-z0-9_-]{43}\.jpg$/);
      expect(result.imageId).toBe(result.jobId);
      expect(result.credits).toBe(500 - cost);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ kind, ...asked });
      expect(new Uint8Array(await (await browser.request(result[field] as string)).arrayBuffer())).toEqual(resultBytes(1));

      const gallery = (await (await browser.request(`/api/products/images/by-user/${user.id}`)).json()) as {
        images: { imageId: string; productName: string }[];
      };
      expect(gallery.images).toEqual([expect.objectContaining({ imageId: result.imageId, productName: "Remera" })]);
      const job = (await (await browser.request(`/api/jobs/${result.jobId}`)).json()) as { job: JobView };
      expect(job.job).toMatchObject({ status: "succeeded", imageUrl: result[field] });
      expect(await balance(user.id)).toBe(500 - cost);
      expect(await ledgerSum(user.id)).toBe(500 - cost);
    });
  }

  it("modify takes a generated image and an instruction, and answers modifiedImageUrl", async () => {
    const calls = provider(async (_r, call) => resultBytes(call));
    const { browser, product } = await sellerWithProduct();
    const ad = (await (await browser.json("POST", `/api/products/generate-ad/${product.id}`, {})).json()) as { imageId: string };
    const response = await browser.json("POST", `/api/products/images/modify/${ad.imageId}`, { prompt: "  fondo blanco  " });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { modifiedImageUrl: string; imageId: string; credits: number };
    expect(result.imageId).not.toBe(ad.imageId);
    expect(result.credits).toBe(400);
    expect(calls[1]).toMatchObject({ kind: "modify", instruction: "fondo blanco" });
    // The provider was given the generated image, not the original photo.
    expect(calls[1]!.source.bytes).toEqual(resultBytes(1));
  });

  it("generate-product-and-image names the product from its file and photo, never 'Producto 1', and never as another product is named", async () => {
    provider(async () => resultBytes(3));
    const browser = new Browser();
    await register(browser);
    const shirt = (garment: [number, number, number]) => encodeJpeg(samplePhoto({ width: 240, height: 320, garment, grain: 4 }), 85);
    const generate = async (photo: Uint8Array, fileName?: string) => {
      const response = await browser.json("POST", "/api/products/generate-product-and-image", {
        image: `data:image/jpeg;base64,${btoa(String.fromCharCode(...photo))}`,
        includeModel: false,
        ...(fileName === undefined ? {} : { fileName }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { product: Product }).product.name;
    };
    const blue = await shirt([40, 90, 170]);
    const red = await shirt([200, 30, 30]);
    expect(await generate(blue)).toBe("Prenda azul");
    expect(await generate(blue, "IMG_20261127_101500.jpg")).toBe("Prenda azul 2");
    expect(await generate(red, "remera-roja.jpg")).toBe("Remera roja");
    expect(await generate(red, "remera-roja.jpg")).toBe("Remera roja 2");
    expect(await generate(blue, "campera jean.jpg")).toBe("Campera jean azul");
  });

  it("generate-product-and-image creates the product with the photo and its first image", async () => {
    provider(async () => resultBytes(3));
    const browser = new Browser();
    const { user } = await register(browser);
    const photo = photoOfSize("png", 100, 8);
    const response = await browser.json("POST", "/api/products/generate-product-and-image", {
      image: `data:image/png;base64,${btoa(String.fromCharCode(...photo))}`,
      includeModel: false,
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { product: Product; imageId: string };
    expect(result.product.createdBy).toBe(user.id);
    expect(result.product.generatedImageUrl).toMatch(/^\/img\/g\//);
    // 'Mejorar la foto con IA': the store shows the improved photo; the product is still a draft.
    expect(result.product.storeImageURLs).toEqual([result.product.generatedImageUrl]);
    expect(result.product.published).toBe(false);
    expect(new Uint8Array(await (await browser.request(result.product.imageURL!)).arrayBuffer())).toEqual(photo);
  });
});

describe("bad input", () => {
  it("malformed base64 on generate-product-and-image is a Spanish 400, no product and no charge", async () => {
    provider(async () => resultBytes(1));
    const browser = new Browser();
    const { user } = await register(browser);
    for (const image of ["A", "data:image/png;base64,AAAAA", "QUJD=A"]) {
      const response = await browser.json("POST", "/api/products/generate-product-and-image", { image, includeModel: false });
      expect(response.status, image).toBe(400);
      expect(await response.json()).toEqual({ error: "La imagen no llegó bien codificada (base64 inválido). Vuelve a elegir la foto." });
    }
    expect(await count("products", "user_id = ?", user.id)).toBe(0);
    expect(await count("credit_ledger", "user_id = ?", user.id)).toBe(1);
  });

  it("an empty modify instruction gets the spec's message and charges nothing", async () => {
    provider(async () => resultBytes(1));
    const { browser, user, product } = await sellerWithProduct();
    const ad = (await (await browser.json("POST", `/api/products/generate-ad/${product.id}`, {})).json()) as { imageId: string };
    for (const body of [{ prompt: "   " }, {}]) {
      const response = await browser.json("POST", `/api/products/images/modify/${ad.imageId}`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Por favor, ingresa las instrucciones para modificar la imagen." });
    }
    expect(await balance(user.id)).toBe(450);
  });

  it("another seller's image cannot be modified, deleted or listed", async () => {
    provider(async () => resultBytes(1));
    const owner = await sellerWithProduct();
    const ad = (await (await owner.browser.json("POST", `/api/products/generate-ad/${owner.product.id}`, {})).json()) as {
      imageId: string;
      jobId: string;
    };
    const intruder = new Browser();
    const { user: intruderUser } = await register(intruder);
    expect((await intruder.json("POST", `/api/products/images/modify/${ad.imageId}`, { prompt: "robar" })).status).toBe(404);
    expect((await intruder.request(`/api/products/images/${ad.imageId}`, { method: "DELETE" })).status).toBe(404);
    expect((await intruder.request(`/api/jobs/${ad.jobId}`)).status).toBe(404);
    expect((await intruder.request(`/api/products/images/by-user/${owner.user.id}`)).status).toBe(404);
    expect(await balance(intruderUser.id)).toBe(500);
    expect(await count("generated_images", "id = ?", ad.imageId)).toBe(1);
  });

  it("a product without a photo cannot be generated", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await env.DB.prepare("INSERT INTO products (id, user_id, name) VALUES ('sin-foto', ?, 'Sin foto')").bind(user.id).run();
    const response = await browser.json("POST", "/api/products/generate-ad/sin-foto", {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "El producto no tiene imagen. Sube una foto antes de generar." });
    expect(await balance(user.id)).toBe(500);
  });

  it("without enough credits answers 402 with the spec's message and creates no job", async () => {
    provider(async () => resultBytes(1));
    const { browser, user, product } = await sellerWithProduct();
    await moveCredits(db, { userId: user.id, delta: -480, reason: "generation", idempotencyKey: `drain:${user.id}` });
    const response = await browser.json("POST", `/api/products/back-image/${product.id}`, {});
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: "No te quedan imágenes disponibles." });
    expect(await count("generation_jobs", "user_id = ?", user.id)).toBe(0);
  });
});

describe("concurrency", () => {
  it("ten parallel generations with credits for two: exactly two succeed, eight get 402, balance 0", async () => {
    const calls = provider(async (_r, call) => resultBytes(call));
    const { browser, user, product } = await sellerWithProduct();
    await moveCredits(db, { userId: user.id, delta: -400, reason: "generation", idempotencyKey: `drain:${user.id}` });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => browser.json("POST", `/api/products/generate-ad/${product.id}`, { includeModel: true })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 402, 402, 402, 402, 402, 402, 402, 402]);
    expect(calls).toHaveLength(2);
    expect(await balance(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
    expect(await count("generation_jobs", "user_id = ?", user.id)).toBe(2);
    expect(await count("generated_images", "user_id = ?", user.id)).toBe(2);
  });
});

describe("failures give the credits back", () => {
  it("a safety refusal fails the job with the provider's message and refunds", async () => {
    provider(async () => {
      throw new ProviderRefusal("El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.");
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/baby-image/${product.id}`, {});
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; jobId: string };
    expect(body.error).toBe("El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.");
    expect(await balance(user.id)).toBe(500);
    const ledger = await env.DB.prepare("SELECT delta, idempotency_key AS k FROM credit_ledger WHERE user_id = ? ORDER BY id")
      .bind(user.id)
      .all<{ delta: number; k: string }>();
    expect(ledger.results.slice(1)).toEqual([
      { delta: -50, k: `job:${body.jobId}` },
      { delta: 50, k: `refund:${body.jobId}` },
    ]);
    expect(await count("generated_images", "user_id = ?", user.id)).toBe(0);
    const job = (await (await browser.request(`/api/jobs/${body.jobId}`)).json()) as { job: JobView };
    expect(job.job).toMatchObject({ status: "failed", error: body.error });
  });

  it("retries a 429/5xx a bounded number of times without charging again", async () => {
    const calls = provider(async (_r, call) => {
      if (call < 3) throw new ProviderTransientError("503", 0);
      return resultBytes(9);
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/outfit-image/${product.id}`, {});
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(3);
    expect(await balance(user.id)).toBe(450);
    expect(await count("credit_ledger", "user_id = ? AND reason = 'generation'", user.id)).toBe(1);
  });

  it("gives up after three passing failures, refunds and says the generator is busy", async () => {
    const calls = provider(async () => {
      throw new ProviderTransientError("429", 0);
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toBe(JOB_MESSAGES.busy);
    expect(calls).toHaveLength(3);
    expect(await balance(user.id)).toBe(500);
  });

  it("an unconfigured provider fails the job with a clear message and refunds", async () => {
    overrideProviderForTests(() => {
      throw new Error("IMAGE_PROVIDER needs GEMINI_API_KEY");
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toBe(JOB_MESSAGES.notConfigured);
    expect(await balance(user.id)).toBe(500);
  });

  it("a malformed provider answer fails cleanly and refunds", async () => {
    provider(async () => {
      throw new ProviderFailure("no image in response");
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toBe(JOB_MESSAGES.failed);
    expect(await balance(user.id)).toBe(500);
  });
});

describe("gallery", () => {
  it("lists newest first, deletes with its R2 object, and lists a product's images with the original first", async () => {
    provider(async (_r, call) => resultBytes(call));
    const { browser, user, product } = await sellerWithProduct();
    const first = (await (await browser.json("POST", `/api/products/generate-ad/${product.id}`, {})).json()) as {
      imageId: string;
      adImageUrl: string;
    };
    const second = (await (await browser.json("POST", `/api/products/back-image/${product.id}`, {})).json()) as {
      imageId: string;
      backImageUrl: string;
    };
    const gallery = (await (await browser.request(`/api/products/images/by-user/${user.id}`)).json()) as { images: { imageId: string }[] };
    expect(gallery.images.map((i) => i.imageId)).toEqual([second.imageId, first.imageId]);

    const forStore = (await (await browser.request(`/api/products/generated-images/${product.id}`)).json()) as {
      images: { id: string; url: string }[];
    };
    expect(forStore.images).toEqual([
      { id: "-1", url: product.imageURL },
      { id: second.imageId, url: second.backImageUrl },
      { id: first.imageId, url: first.adImageUrl },
    ]);
    const listed = (await (await browser.request(`/api/products/get/${product.id}`)).json()) as { product: Product };
    expect(listed.product.generatedImageUrl).toBe(second.backImageUrl);

    expect((await browser.request(`/api/products/images/${first.imageId}`, { method: "DELETE" })).status).toBe(200);
    expect(await env.IMAGES.head(first.adImageUrl.slice(5))).toBeNull();
    expect((await browser.request(first.adImageUrl)).status).toBe(404);
    const after = (await (await browser.request(`/api/products/images/by-user/${user.id}`)).json()) as { images: { imageId: string }[] };
    expect(after.images.map((i) => i.imageId)).toEqual([second.imageId]);
  });
});
