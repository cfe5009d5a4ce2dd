import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { GalleryImage, Product } from "../../common/product";
import { overrideProviderForTests } from "../../worker/providers/select";
import type { Browser } from "./browser";
import { provider, resultBytes, sellerWithProduct } from "./generation-helpers";

afterEach(() => overrideProviderForTests(undefined));

async function gallery(browser: Browser, userId: string): Promise<GalleryImage[]> {
  return ((await (await browser.request(`/api/products/images/by-user/${userId}`)).json()) as { images: GalleryImage[] }).images;
}

async function generate(browser: Browser, path: string, body: object = {}) {
  const response = await browser.json("POST", path, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { imageId: string };
}

describe("gallery images say what they are (issue 14.8)", () => {
  it("names each image's product and kind, telling the garment alone (Frente) from a model (Adulto)", async () => {
    provider(async (_r, call) => resultBytes(call));
    const { browser, user, product } = await sellerWithProduct();
    const front = await generate(browser, `/api/products/generate-ad/${product.id}`, { includeModel: false });
    const adult = await generate(browser, `/api/products/generate-ad/${product.id}`, {});
    const back = await generate(browser, `/api/products/back-image/${product.id}`);
    const girl = await generate(browser, `/api/products/girl-kid-image/${product.id}`);
    const images = await gallery(browser, user.id);
    const byId = new Map(images.map((i) => [i.imageId, i]));
    expect([front, adult, back, girl].map((g) => byId.get(g.imageId)!.variantLabel)).toEqual(["Frente", "Adulto", "Detrás", "Niña"]);
    for (const image of images) {
      expect(image.productName).toBe("Remera");
      expect(Number.isNaN(Date.parse(image.createdAt))).toBe(false);
      expect(image.original).toBeNull();
    }
  });
});

describe("modifying keeps the original (issue 14.7)", () => {
  it("replaces the card with the modification, links the original, and 'Restaurar original' brings it back", async () => {
    provider(async (_r, call) => resultBytes(call));
    const { browser, user, product } = await sellerWithProduct();
    const ad = await generate(browser, `/api/products/generate-ad/${product.id}`);
    const [before] = await gallery(browser, user.id);
    const modified = await generate(browser, `/api/products/images/modify/${ad.imageId}`, { prompt: "fondo celeste" });

    const afterModify = await gallery(browser, user.id);
    expect(afterModify.map((i) => i.imageId)).toEqual([modified.imageId]);
    expect(afterModify[0]).toMatchObject({
      variant: "modified",
      variantLabel: "Modificada",
      original: { imageId: ad.imageId, imageUrl: before!.imageUrl },
    });
    // The paid original is still stored and served.
    expect(new Uint8Array(await (await browser.request(before!.imageUrl)).arrayBuffer())).toEqual(resultBytes(1));

    const restored = await browser.json("POST", `/api/products/images/${modified.imageId}/restore-original`);
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { image: GalleryImage }).image).toMatchObject({
      imageId: ad.imageId,
      imageUrl: before!.imageUrl,
      variantLabel: "Adulto",
    });
    expect((await gallery(browser, user.id)).map((i) => i.imageId)).toEqual([ad.imageId]);
    // The modification is kept behind it, not thrown away.
    expect(await env.DB.prepare("SELECT replaced_by FROM generated_images WHERE id = ?").bind(modified.imageId).first("replaced_by")).toBe(
      ad.imageId,
    );
  });

  it("lets only one of two restores fired together swap the images", async () => {
    provider(async (_r, call) => resultBytes(call));
    const { browser, user, product } = await sellerWithProduct();
    const ad = await generate(browser, `/api/products/generate-ad/${product.id}`);
    const modified = await generate(browser, `/api/products/images/modify/${ad.imageId}`, { prompt: "más luz" });
    const answers = await Promise.all([1, 2].map(() => browser.json("POST", `/api/products/images/${modified.imageId}/restore-original`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await gallery(browser, user.id)).map((i) => i.imageId)).toEqual([ad.imageId]);
  });

  it("brings the original back when its modification is deleted; refuses restoring an image that has none", async () => {
    provider(async (_r, call) => resultBytes(call));
    const { browser, user, product } = await sellerWithProduct();
    const ad = await generate(browser, `/api/products/generate-ad/${product.id}`);
    expect((await browser.json("POST", `/api/products/images/${ad.imageId}/restore-original`)).status).toBe(409);
    const modified = await generate(browser, `/api/products/images/modify/${ad.imageId}`, { prompt: "más luz" });
    expect((await browser.request(`/api/products/images/${modified.imageId}`, { method: "DELETE" })).status).toBe(200);
    expect((await gallery(browser, user.id)).map((i) => i.imageId)).toEqual([ad.imageId]);
  });

  it("never restores another seller's image", async () => {
    provider(async (_r, call) => resultBytes(call));
    const owner = await sellerWithProduct();
    const ad = await generate(owner.browser, `/api/products/generate-ad/${owner.product.id}`);
    const modified = await generate(owner.browser, `/api/products/images/modify/${ad.imageId}`, { prompt: "más luz" });
    const intruder = await sellerWithProduct();
    expect((await intruder.browser.json("POST", `/api/products/images/${modified.imageId}/restore-original`)).status).toBe(404);
    expect((await gallery(owner.browser, owner.user.id)).map((i) => i.imageId)).toEqual([modified.imageId]);
  });
});

describe("product names and descriptions (issue 14.8)", () => {
  it("the pricing screen renames and describes products; invisible characters are stripped and an empty description clears it", async () => {
    const { browser, product } = await sellerWithProduct();
    const save = (item: object) =>
      browser.json("POST", "/api/products/update-pricing", { products: [{ id: product.id, price: 12500, ...item }] });
    const first = await save({ name: " Remera\u200B oversize ", description: "Algodón peinado.\r\nTalles <S> a XL & más\u202E" });
    expect(first.status).toBe(200);
    const saved = ((await first.json()) as { products: Product[] }).products[0]!;
    expect(saved).toMatchObject({ name: "Remera oversize", description: "Algodón peinado.\nTalles <S> a XL & más" });

    // Left out: both stay as they are.
    const kept = ((await (await save({})).json()) as { products: Product[] }).products[0]!;
    expect(kept).toMatchObject({ name: "Remera oversize", description: "Algodón peinado.\nTalles <S> a XL & más" });

    const cleared = ((await (await save({ description: "  " })).json()) as { products: Product[] }).products[0]!;
    expect(cleared.description).toBeNull();

    const empty = await save({ name: "\u200B " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "El nombre es obligatorio." });
    const long = await save({ description: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: "La descripción no puede tener más de 1000 caracteres." });
  });

  it("never renames another seller's product", async () => {
    const owner = await sellerWithProduct();
    const intruder = await sellerWithProduct();
    const response = await intruder.browser.json("POST", "/api/products/update-pricing", {
      products: [{ id: owner.product.id, price: 1, name: "Mío" }],
    });
    expect(response.status).toBe(404);
    expect(await env.DB.prepare("SELECT name FROM products WHERE id = ?").bind(owner.product.id).first("name")).toBe("Remera");
  });
});
