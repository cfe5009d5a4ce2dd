import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { derivedKeys, RENDITION_WIDTHS, renditionKey } from "../../common/image-renditions";
import type { Product } from "../../common/product";
import { deleteImages, writeRenditions } from "../../worker/lib/renditions";
import { previewPath } from "../../worker/pages/og-image";
import { overrideProviderForTests } from "../../worker/providers/select";
import { allObjectKeys, brokenStorageChecks, REFERENCED_IMAGES_SQL } from "../../scripts/storage-checks";
import { Browser, register, withBindings } from "./browser";
import { photoForm } from "./fixtures";
import { progressiveJpeg } from "./hostile-images";
import { dataUrl, openStore } from "./store-helpers";

/**
 * Whatever the Worker derives from an image (its four WebP renditions and its link-preview JPEG) goes with
 * it, on every path that deletes one, and R2 then holds nothing D1 does not show.
 */

afterEach(() => overrideProviderForTests(undefined));

const anyone = () => new Browser();
let photos = 0;
const photo = () => progressiveJpeg(120, 150, ++photos);
const keyOf = (url: string) => url.slice("/img/".length);

/** Every public address of an image and of what is made from it. */
const addresses = (source: string) => [
  `/img/${source}`,
  ...RENDITION_WIDTHS.map((width) => `/img/${renditionKey(source, width)}`),
  previewPath(source)!,
];

/** Fetches every address at once (which makes the 1080 rendition and the preview) and answers the statuses. */
async function statuses(source: string): Promise<number[]> {
  return Promise.all(addresses(source).map(async (path) => (await anyone().request(path)).status));
}

/** All of an image's derived objects are in R2, as after shoppers and link crawlers asked for them. */
async function servedWhole(source: string) {
  expect(await statuses(source)).toEqual(addresses(source).map(() => 200));
  const heads = await Promise.all(derivedKeys(source).map((key) => env.IMAGES.head(key)));
  expect(heads.every(Boolean)).toBe(true);
}

async function gone(source: string) {
  expect(await statuses(source)).toEqual(addresses(source).map(() => 404));
  // Nothing is left behind, once every write the uploads started has finished.
  await expect.poll(storageProblems, { timeout: 60_000, interval: 100 }).toEqual([]);
}

async function storageProblems() {
  const referenced = (await env.DB.prepare(REFERENCED_IMAGES_SQL).all<{ key: string }>()).results.map((r) => r.key);
  return brokenStorageChecks(await allObjectKeys(env.IMAGES), referenced);
}

async function sellerWithProduct() {
  const browser = new Browser();
  const { user, password } = await register(browser);
  const response = await browser.request("/api/products/upload-images", {
    method: "POST",
    body: photoForm([{ bytes: await photo(), name: "remera.jpg" }]),
  });
  expect(response.status).toBe(201);
  const product = ((await response.json()) as { products: Product[] }).products[0]!;
  return { browser, user, password, product };
}

async function generated(browser: Browser, productId: string): Promise<{ imageId: string; key: string }> {
  const bytes = await photo();
  overrideProviderForTests(() => ({ name: "test", generate: async () => ({ bytes, mimeType: "image/jpeg" }) }));
  const response = await browser.json("POST", `/api/products/generate-ad/${productId}`, { includeModel: true });
  expect(response.status).toBe(200);
  const { adImageUrl, imageId } = (await response.json()) as { adImageUrl: string; imageId: string };
  return { imageId, key: keyOf(adImageUrl) };
}

describe("deleting an image deletes what was made from it", () => {
  it("a gallery image: its renditions and link preview stop answering", async () => {
    const { browser, product } = await sellerWithProduct();
    const image = await generated(browser, product.id);
    await servedWhole(image.key);
    expect((await browser.request(`/api/products/images/${image.imageId}`, { method: "DELETE" })).status).toBe(200);
    await gone(image.key);
    // The product's own photo was not part of it.
    await servedWhole(keyOf(product.imageURL!));
  });

  it("a product: its photo and its generated images, each with everything derived", async () => {
    const { browser, product } = await sellerWithProduct();
    const image = await generated(browser, product.id);
    const own = keyOf(product.imageURL!);
    await servedWhole(own);
    await servedWhole(image.key);
    expect((await browser.request(`/api/products/delete/${product.id}`, { method: "DELETE" })).status).toBe(200);
    await gone(own);
    await gone(image.key);
  });

  it("a product's photo replaced by another", async () => {
    const { browser, product } = await sellerWithProduct();
    const old = keyOf(product.imageURL!);
    await servedWhole(old);
    const response = await browser.json("PUT", "/api/products/update", {
      id: product.id,
      name: "Remera nueva",
      imageBase64: dataUrl(await photo(), "image/jpeg"),
    });
    expect(response.status).toBe(200);
    const updated = ((await response.json()) as { product: Product }).product;
    await gone(old);
    await servedWhole(keyOf(updated.imageURL!));
  });

  it("a store logo replaced by another", async () => {
    const browser = new Browser();
    await register(browser);
    const first = await openStore(browser, { storeLogo: dataUrl(await photo(), "image/jpeg") });
    const old = keyOf(first.imageUrl!);
    await servedWhole(old);
    const second = await openStore(browser, { storeName: first.name!, storeLogo: dataUrl(await photo(), "image/jpeg") });
    expect(second.imageUrl).not.toBe(first.imageUrl);
    await gone(old);
    await servedWhole(keyOf(second.imageUrl!));
  });

  it("the whole account, including a photo uploaded a moment before whose renditions were still being written", async () => {
    const { browser, product, password } = await sellerWithProduct();
    const image = await generated(browser, product.id);
    await openStore(browser, { storeLogo: dataUrl(await photo(), "image/jpeg") });
    const logo = keyOf(((await (await browser.request("/api/auth/profile")).json()) as { user: { imageUrl: string } }).user.imageUrl);
    for (const key of [keyOf(product.imageURL!), image.key, logo]) await servedWhole(key);
    const last = await browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([{ bytes: await photo(), name: "ultima.jpg" }]),
    });
    const lastKey = keyOf(((await last.json()) as { products: Product[] }).products[0]!.imageURL!);
    expect((await browser.json("DELETE", "/api/auth/account", { password })).status).toBe(200);
    for (const key of [keyOf(product.imageURL!), image.key, logo, lastKey]) await gone(key);
  });
});

describe("a derived object made while its image is deleted does not outlive it", () => {
  /** R2 as seen by a request whose image is deleted by another request just before it stores what it made. */
  function deletedMeanwhile(source: string): R2Bucket {
    return new Proxy(env.IMAGES, {
      get(bucket, property) {
        if (property !== "put") {
          const value = Reflect.get(bucket, property);
          return typeof value === "function" ? value.bind(bucket) : value;
        }
        return async (key: string, ...rest: Parameters<R2Bucket["put"]> extends [unknown, ...infer R] ? R : never) => {
          if (key !== source) await deleteImages(bucket, [source]);
          return bucket.put(key, ...rest);
        };
      },
    });
  }

  it("a rendition or link preview made on request", async () => {
    for (const make of [(s: string) => `/img/${renditionKey(s, 1080)}`, (s: string) => previewPath(s)!]) {
      const { product } = await sellerWithProduct();
      const source = keyOf(product.imageURL!);
      const racing = new Browser(withBindings({ IMAGES: deletedMeanwhile(source) }));
      expect((await racing.request(make(source))).status).toBe(404);
      await gone(source);
    }
  });

  it("renditions written after the answer, for a photo deleted before they were done", async () => {
    const bytes = await photo();
    const source = `o/${"C".repeat(42)}A.jpg`;
    await env.IMAGES.put(source, bytes);
    await writeRenditions(deletedMeanwhile(source), source, bytes);
    expect(await env.IMAGES.head(source)).toBeNull();
    expect((await Promise.all(derivedKeys(source).map((key) => env.IMAGES.head(key)))).filter(Boolean)).toEqual([]);
  });
});
