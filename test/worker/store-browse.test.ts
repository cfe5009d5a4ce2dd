import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import jsQR from "jsqr";
import { describe, expect, it, onTestFinished } from "vitest";
import { imageKey, storeImage } from "../../worker/lib/images";
import worker from "../../worker/index";
import {
  RENDITION_WIDTHS,
  type RenditionMessage,
  RENDITIONS_QUEUE,
  renditionKey,
  WRITE_TIME_WIDTHS,
  writeQueuedRenditions,
  writeRenditions,
} from "../../worker/lib/renditions";
import { QR_PNG_MIN_PX } from "../../worker/pages/qr";
import { textBitmap } from "../../worker/pages/qr-text";
import { overrideProviderForTests } from "../../worker/providers/select";
import { decodeImage, encodeJpeg, imageDimensions, sniffImageMime } from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { Browser, ORIGIN } from "./browser";
import { photoForm } from "./fixtures";
import { workerLogs } from "./capture-logs";
import { provider, sellerWithProduct } from "./generation-helpers";
import { addProducts, seller, setPricing, storeData } from "./store-helpers";

const anonymous = () => new Browser();

async function page(path: string, init?: RequestInit) {
  const response = await anonymous().request(path, init);
  return { response, html: await response.text() };
}

/** Product names on a store page, in order. */
const names = (html: string) => [...html.matchAll(/<h3 class="name"><a [^>]*>([^<]*)<\/a><\/h3>/g)].map((m) => m[1]);

/** A real, decodable photo (grain so it compresses like one), as a phone would send it. */
async function realPhoto(width: number, height: number, tint: number): Promise<Uint8Array> {
  return encodeJpeg(samplePhoto({ width, height, garment: [tint, 90, 170], grain: 10 }), 90);
}

let stores = 0;
async function storeWith(products: { name: string; price: number; category?: string | null; sizes?: { name: string; stock: number }[] }[]) {
  // A store link is never handed out twice (a taken one is refused), so each store here gets its own link.
  stores += 1;
  const s = await seller({ storeName: "Moda Sur", storeLink: `modasur${stores}` });
  const created = await addProducts(
    s.browser,
    products.map((p) => p.name),
  );
  const response = await setPricing(
    s.browser,
    // Newest first in the API; the store lists newest first too.
    created.map((c) => {
      const p = products.find((x) => x.name === c.name)!;
      return { id: c.id, price: p.price, sizes: p.sizes ?? [], ...(p.category !== undefined ? { category: p.category } : {}) };
    }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...s, created };
}

describe("responsive renditions", () => {
  it("writes WebP at 360, 540, 720 and 1080 px wide, each far smaller than the original, never enlarged", async () => {
    const photo = await realPhoto(1200, 1500, 40);
    const key = await imageKey("o", "rendition-test", photo, "image/jpeg");
    await storeImage(env.IMAGES, key, photo, "image/jpeg");
    await writeRenditions(env.IMAGES, key, photo, RENDITION_WIDTHS);
    let previous = 0;
    for (const width of RENDITION_WIDTHS) {
      const object = await env.IMAGES.get(renditionKey(key, width)!);
      expect(object, `rendition ${width}`).not.toBeNull();
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect(sniffImageMime(bytes)).toBe("image/webp");
      expect(object!.httpMetadata?.contentType).toBe("image/webp");
      expect(imageDimensions(bytes)).toEqual({ width, height: width * 1.25 });
      // A phone card's image is a fraction of the original: bytes grow with width but stay well under it.
      expect(bytes.length).toBeGreaterThan(previous);
      expect(bytes.length).toBeLessThan(photo.length * (width / 1200) * 0.8);
      previous = bytes.length;
    }

    const small = await realPhoto(500, 625, 90);
    const smallKey = await imageKey("o", "rendition-test", small, "image/jpeg");
    await storeImage(env.IMAGES, smallKey, small, "image/jpeg");
    await writeRenditions(env.IMAGES, smallKey, small, RENDITION_WIDTHS);
    const big = new Uint8Array(await (await env.IMAGES.get(renditionKey(smallKey, 1080)!))!.arrayBuffer());
    expect(imageDimensions(big)).toEqual({ width: 500, height: 625 });
  });

  it("makes a missing rendition on its first request from the original, then keeps it; the original still downloads whole", async () => {
    const photo = await realPhoto(900, 1125, 120);
    const key = await imageKey("g", "older-image", photo, "image/jpeg");
    await storeImage(env.IMAGES, key, photo, "image/jpeg");
    const path = `/img/${renditionKey(key, 360)}`;
    expect(await env.IMAGES.head(renditionKey(key, 360)!)).toBeNull();

    const first = await anonymous().request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(imageDimensions(bytes)).toEqual({ width: 360, height: 450 });
    expect(await env.IMAGES.head(renditionKey(key, 360)!)).not.toBeNull();

    const original = await anonymous().request(`/img/${key}`);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(photo);

    // Not a width we make, or no such source: 404, nothing stored.
    expect((await anonymous().request(`/img/r/400/${key.replace(".jpg", "-jpg.webp")}`)).status).toBe(404);
    expect((await anonymous().request(`/img/r/360/g/${"A".repeat(43)}-jpg.webp`)).status).toBe(404);
  });

  it("an upload gets its renditions without the seller waiting for them", async () => {
    const { browser } = await seller();
    const photo = await realPhoto(800, 1000, 200);
    const response = await browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([{ bytes: photo, name: "remera.jpg" }]),
    });
    expect(response.status).toBe(201);
    const [product] = ((await response.json()) as { products: { imageUrl: string }[] }).products;
    const key = product!.imageUrl.slice("/img/".length);
    // Written after the response: wait for the state, not a clock.
    await expect
      .poll(
        async () => {
          const heads = await Promise.all(([360, 540, 720] as const).map((w) => env.IMAGES.head(renditionKey(key, w)!)));
          return heads.every((h) => h !== null);
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe(true);
    // 1080, the costliest, waits for its first request.
    expect(await env.IMAGES.head(renditionKey(key, 1080)!)).toBeNull();
  });

  it("a generated image gets its renditions from the queue, after the job has answered", async () => {
    const { browser, product } = await sellerWithProduct();
    const result = await realPhoto(600, 750, 30);
    provider(async () => result);
    // Put back when the test ends, passed, failed or timed out (a finally after a stuck await never runs).
    onTestFinished(() => overrideProviderForTests(undefined));
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(200);
    const key = ((await response.json()) as { adImageUrl: string }).adImageUrl.slice("/img/".length);
    await expect
      .poll(async () => (await Promise.all(WRITE_TIME_WIDTHS.map((w) => env.IMAGES.head(renditionKey(key, w)!)))).every(Boolean), {
        timeout: 120_000,
        interval: 200,
      })
      .toBe(true);
    const smallest = new Uint8Array(await (await env.IMAGES.get(renditionKey(key, 360)!))!.arrayBuffer());
    expect(imageDimensions(smallest)).toEqual({ width: 360, height: 450 });
  });

  it("the queue's consumer makes only the widths not stored yet, once, and acknowledges what it cannot use", async () => {
    const photo = await realPhoto(800, 1000, 150);
    const key = await imageKey("o", "queued-renditions", photo, "image/jpeg");
    await storeImage(env.IMAGES, key, photo, "image/jpeg");
    // A shopper asked for 360 before the queue got to it: made on request, and not made again.
    const early = new Uint8Array([1, 2, 3]);
    await env.IMAGES.put(renditionKey(key, 360)!, early);
    const gone = await imageKey("o", "queued-renditions", await realPhoto(300, 375, 10), "image/jpeg");
    const batch = createMessageBatch<RenditionMessage>(RENDITIONS_QUEUE, [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { key } },
      // Deleted before its renditions were made: nothing to make.
      { id: "m2", timestamp: new Date(), attempts: 1, body: { key: gone } },
      { id: "m3", timestamp: new Date(), attempts: 1, body: { key: "not/a-key" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
    expect(new Uint8Array(await (await env.IMAGES.get(renditionKey(key, 360)!))!.arrayBuffer())).toEqual(early);
    for (const width of [540, 720] as const) {
      const made = new Uint8Array(await (await env.IMAGES.get(renditionKey(key, width)!))!.arrayBuffer());
      expect(imageDimensions(made)).toEqual({ width, height: width * 1.25 });
    }
    expect(await env.IMAGES.head(renditionKey(key, 1080)!)).toBeNull();
    for (const width of RENDITION_WIDTHS) expect(await env.IMAGES.head(renditionKey(gone, width)!)).toBeNull();
    expect(workerLogs({ message: "renditions asked for a key that is not an image of ours" })).toHaveLength(1);
  });

  it("a failure is left to the queue to retry", async () => {
    const photo = await realPhoto(400, 500, 200);
    const key = await imageKey("o", "queued-renditions", photo, "image/jpeg");
    await storeImage(env.IMAGES, key, photo, "image/jpeg");
    const failing = { IMAGES: { ...env.IMAGES, head: env.IMAGES.head.bind(env.IMAGES), get: () => Promise.reject(new Error("R2 down")) } };
    const batch = createMessageBatch<RenditionMessage>(RENDITIONS_QUEUE, [{ id: "m1", timestamp: new Date(), attempts: 1, body: { key } }]);
    const ctx = createExecutionContext();
    await writeQueuedRenditions(batch, failing as unknown as typeof env);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m1"]);
    expect(workerLogs({ message: "renditions failed; the queue retries them" })).toHaveLength(1);
  });
});

describe("/img caching", () => {
  it("is immutable with an ETag, and answers 304 to a matching If-None-Match for originals and renditions", async () => {
    const photo = await realPhoto(400, 500, 60);
    const key = await imageKey("o", "cache-test", photo, "image/jpeg");
    await storeImage(env.IMAGES, key, photo, "image/jpeg");
    for (const path of [`/img/${key}`, `/img/${renditionKey(key, 540)}`]) {
      const first = await anonymous().request(path);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^".+"$/);
      await first.arrayBuffer();
      const again = await anonymous().request(path, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      const other = await anonymous().request(path, { headers: { "if-none-match": '"something-else"' } });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
    }
  });
});

describe("the store's markup", () => {
  it("gives every card srcset, sizes, width and height; only the first is eager with fetchpriority", async () => {
    const { username } = await storeWith([
      { name: "Remera", price: 1000 },
      { name: "Buzo", price: 2000 },
      { name: "Campera", price: 3000 },
    ]);
    const { html } = await page(`/u/${username}`);
    const imgs = [...html.matchAll(/<img [^>]*alt="(Remera|Buzo|Campera)"[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(3);
    for (const img of imgs) {
      expect(img).toMatch(/src="\/img\/r\/540\/o\/[A-Za-z0-9_-]{43}-jpg\.webp"/);
      expect(img).toMatch(
        /srcset="\/img\/r\/360\/o\/\S+ 360w, \/img\/r\/540\/o\/\S+ 540w, \/img\/r\/720\/o\/\S+ 720w, \/img\/r\/1080\/o\/\S+ 1080w"/,
      );
      expect(img).toContain('sizes="(min-width:1024px) 17rem, (min-width:640px) 31vw, calc(50vw - 1.5rem)"');
      expect(img).toContain('width="1080" height="1350"');
    }
    expect(imgs[0]).toContain('fetchpriority="high"');
    expect(imgs[0]).not.toContain("loading=");
    for (const img of imgs.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toContain("fetchpriority");
    }
  });

  it("shows 'Tienda en modo prueba' until the store plan is paid, and not after", async () => {
    const { browser, username } = await seller();
    expect((await page(`/u/${username}`)).html).toContain('<p class="trial" role="note">Tienda en modo prueba</p>');
    // 500 free credits at sign-up pay the plan.
    const paid = await browser.json("POST", "/api/credits/auto-charge", {});
    expect(paid.status).toBe(200);
    const after = await page(`/u/${username}`);
    expect(after.html).not.toContain("Tienda en modo prueba");
    expect(after.response.headers.get("x-store-cache")).toBe("MISS");
  });

  it("without JavaScript each product offers 'Pedir por WhatsApp' with a prefilled message, and the cart button is hidden", async () => {
    const { username, created } = await storeWith([
      {
        name: "Remera Café",
        price: 12500,
        sizes: [
          { name: "S", stock: 2 },
          { name: "M", stock: 0 },
        ],
      },
    ]);
    const { html } = await page(`/u/${username}`);
    const link = /<a class="btn wa order" href="([^"]+)"[^>]*>Pedir por WhatsApp<\/a>/.exec(html);
    expect(link).not.toBeNull();
    const url = new URL(link![1]!.replace(/&#38;/g, "&"));
    expect(url.origin + url.pathname).toBe("https://wa.me/5491122334455");
    const text = url.searchParams.get("text")!;
    expect(text).toContain("Quiero pedir: Remera Café ($12.500).");
    expect(text).toContain("Talle: (elige uno: S)");
    expect(text).toContain(`/u/${username}/p/${created[0]!.id}`);
    expect(html).toContain("html:not(.js) .btn.add:not(:disabled),html.js .btn.order{display:none}");
  });

  it("the product page offers its sizes as chips right there and a sticky 'Añadir al carrito'", async () => {
    const { username, created } = await storeWith([
      {
        name: "Buzo",
        price: 5000,
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 0 },
        ],
      },
    ]);
    const { html } = await page(`/u/${username}/p/${created[0]!.id}`);
    expect(html).toContain('<label class="chip"><input type="radio" name="talle" value="S"><span>S</span></label>');
    expect(html).toContain('<input type="radio" name="talle" value="M" disabled>');
    expect(html).toMatch(/<div class="buy"><button type="button" class="btn add" data-add="[^"]+">Añadir al carrito<\/button>/);
    expect(html).toMatch(/\.buy\{position:sticky;bottom:0/);
    expect(html).toContain('data-share="');
  });
});

describe("browsing a store", () => {
  const catalogue = [
    { name: "Remera Café", price: 9000, category: "Remeras" },
    { name: "Buzo canguro", price: 25000, category: "Buzos" },
    { name: "Remera básica", price: 7000, category: "remeras " },
    { name: "Campera puffer", price: 60000, category: null },
  ];

  it("searches on the server, accent- and case-insensitive, without JavaScript", async () => {
    const { username } = await storeWith(catalogue);
    expect(names((await page(`/u/${username}?q=cafe`)).html)).toEqual(["Remera Café"]);
    expect(names((await page(`/u/${username}?q=REMERA`)).html).sort()).toEqual(["Remera Café", "Remera básica"]);
    expect(names((await page(`/u/${username}?q=basica%20remera`)).html)).toEqual(["Remera básica"]);
    const none = await page(`/u/${username}?q=zapatillas`);
    expect(names(none.html)).toEqual([]);
    expect(none.html).toContain("No encontramos productos");
    // The search box is a plain GET form the page's CSP allows.
    expect(none.html).toContain(`<form class="browse" method="get" action="/u/${username}" role="search">`);
    expect(none.response.headers.get("content-security-policy")).toContain("form-action 'self'");
  });

  it("shows category chips and filters by one, folding spellings together", async () => {
    const { username } = await storeWith(catalogue);
    const { html } = await page(`/u/${username}`);
    const chips = [...html.matchAll(/<nav class="chips"[^>]*>([\s\S]*?)<\/nav>/g)][0]![1]!;
    expect([...chips.matchAll(/>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(["Todo", "Remeras", "Buzos"]);
    const remeras = await page(`/u/${username}?cat=Remeras`);
    expect(names(remeras.html).sort()).toEqual(["Remera Café", "Remera básica"]);
    expect(remeras.html).toMatch(/<a href="\/u\/[a-z0-9]+\?cat=Remeras" aria-current="page">Remeras<\/a>/);
    // A filtered page does not list every product: the cart must not drop the others.
    expect(storeData(remeras.html).all).toBe(false);
    expect(storeData(html).all).toBe(true);
  });

  it("sorts by newest, price up and price down", async () => {
    const { browser, user, username } = await storeWith(catalogue);
    // Newest first, as the seller's own list (one upload batch shares a time; the id breaks the tie).
    const list = (await (await browser.json("GET", `/api/products/list/${user.id}`)).json()) as { products: { name: string }[] };
    expect(names((await page(`/u/${username}`)).html)).toEqual(list.products.map((p) => p.name));
    expect(names((await page(`/u/${username}?orden=precio-asc`)).html)).toEqual([
      "Remera básica",
      "Remera Café",
      "Buzo canguro",
      "Campera puffer",
    ]);
    expect(names((await page(`/u/${username}?orden=precio-desc`)).html)).toEqual([
      "Campera puffer",
      "Buzo canguro",
      "Remera Café",
      "Remera básica",
    ]);
  });

  it("saves a category from the suggestions or the seller's own words, trimmed, and clears it", async () => {
    const { browser, created } = await storeWith([{ name: "Gorro", price: 1000 }]);
    const saved = await setPricing(browser, [{ id: created[0]!.id, price: 1000, category: "  Gorros   de lana " } as never]);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { products: { category: string | null }[] }).products[0]!.category).toBe("Gorros de lana");
    const long = await setPricing(browser, [{ id: created[0]!.id, price: 1000, category: "x".repeat(41) } as never]);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe("La categoría puede tener hasta 40 caracteres.");
    const cleared = await setPricing(browser, [{ id: created[0]!.id, price: 1000, category: "" } as never]);
    expect(cleared.status).toBe(200);
    const products = ((await cleared.json()) as { products: { category: string | null }[] }).products;
    expect(products[0]!.category).toBeNull();
  });
});

describe("categories with invisible characters", () => {
  it("are saved clean: 'Remeras' and 'Remeras' + U+200B are one chip, and U+200B alone, U+202E and NUL leave nothing", async () => {
    const { browser, username, created } = await storeWith([
      { name: "Remera lisa", price: 1000 },
      { name: "Remera rayada", price: 1000 },
      { name: "Gorra", price: 1000 },
    ]);
    const saved = await setPricing(browser, [
      { id: created[0]!.id, price: 1000, category: "Remeras" },
      { id: created[1]!.id, price: 1000, category: "\u202ERemeras\u200B\u0000" },
      { id: created[2]!.id, price: 1000, category: "\u200B" },
    ] as never);
    expect(saved.status).toBe(200);
    const categories = ((await saved.json()) as { products: { id: string; category: string | null }[] }).products.map((p) => p.category);
    expect(categories.sort()).toEqual(["Remeras", "Remeras", null].sort());
    const stored = await env.DB.prepare("SELECT category FROM products WHERE id IN (?, ?, ?)")
      .bind(created[0]!.id, created[1]!.id, created[2]!.id)
      .all<{ category: string | null }>();
    expect(stored.results.map((r) => r.category).sort()).toEqual(["Remeras", "Remeras", null].sort());

    // A category saved before this cleaning (written here straight to D1, before the store is first shown)
    // still shows as the same one chip.
    await env.DB.prepare("UPDATE products SET category = ? WHERE id = ?").bind("Remeras\u200B", created[2]!.id).run();
    const { html } = await page(`/u/${username}`);
    const chips = [...html.matchAll(/<nav class="chips"[^>]*>([\s\S]*?)<\/nav>/g)][0]![1]!;
    expect([...chips.matchAll(/>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(["Todo", "Remeras"]);
  });
});

/**
 * Paints the QR SVG (a white square and one path of black 10-unit module squares,
 * as uqr draws it) into pixels, one per unit, and decodes them. Fails on any path
 * command it does not understand, so a change of drawing cannot pass unread.
 */
function decodeQrSvg(svg: string): string | null {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const d = /<path fill="#000000" d="([^"]+)"/.exec(svg)![1]!;
  const squares = [...d.matchAll(/M(\d+),(\d+)h10v10h-10z/g)];
  expect(squares.map((m) => m[0]).join("")).toBe(d);
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of squares)
    for (let row = Number(y); row < Number(y) + 10; row++)
      for (let col = Number(x); col < Number(x) + 10; col++) pixels.fill(0, (row * side + col) * 4, (row * side + col) * 4 + 3);
  return jsQR(pixels, side, side)?.data ?? null;
}

describe("share, QR and feed", () => {
  it("/u/<user>/qr.svg is a printable SVG QR code, downloadable as a file", async () => {
    const { username } = await seller();
    const shown = await anonymous().request(`/u/${username}/qr.svg`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/svg+xml");
    const svg = await shown.text();
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain("#000000");
    // A 25×25 (version 2) or larger symbol plus the 4-module quiet zone, 10 units per module.
    const side = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    expect(side % 10).toBe(0);
    expect(side / 10).toBeGreaterThanOrEqual(25 + 8);
    // A phone's camera reads the store's own address from it (decoded by jsQR, another project than the encoder),
    // with ?ref=qr so the statistics count the visit as the QR's.
    expect(decodeQrSvg(svg)).toBe(`${ORIGIN}/u/${username}?ref=qr`);
    const download = await anonymous().request(`/u/${username}/qr.svg?descargar`);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="qr-${username}.svg"`);
    expect((await anonymous().request("/u/nadieexiste/qr.svg")).status).toBe(404);
  });

  it("/u/<user>/qr.png is a print-size card that a phone's camera reads back as the store's address", async () => {
    const { username } = await seller();
    const shown = await anonymous().request(`/u/${username}/qr.png`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await shown.arrayBuffer());
    expect(sniffImageMime(bytes)).toBe("image/png");
    const size = imageDimensions(bytes)!;
    // A card (the name above the code, the address under it), not a bare square.
    expect(size.height).toBeGreaterThan(size.width);
    expect(size.width).toBeGreaterThanOrEqual(QR_PNG_MIN_PX);
    // Light enough to send by WhatsApp in a blink (about 72 KB: a two-colour picture compresses well even as RGBA).
    expect(bytes.length).toBeLessThan(150_000);
    // Decoded by libpng's WebAssembly build and jsQR, neither of them the code that drew it.
    const image = await decodeImage(bytes);
    expect(jsQR(image.data, image.width, image.height)?.data).toBe(`${ORIGIN}/u/${username}?ref=qr`);
    // Only black and white, whole pixels: nothing for a camera or a printer to blur.
    const grey = image.data.some((v, i) => i % 4 !== 3 && v !== 0 && v !== 255);
    expect(grey).toBe(false);
    const download = await anonymous().request(`/u/${username}/qr.png?descargar`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="qr-${username}.png"`);
    expect((await anonymous().request("/u/nadieexiste/qr.png")).status).toBe(404);
  });

  it("the QR card prints the shop's name, accents and ñ included, above the code and its address below", async () => {
    const name = "Ñandú Ropa";
    const { username } = await seller({ storeName: name });
    const image = await decodeImage(new Uint8Array(await (await anonymous().request(`/u/${username}/qr.png`)).arrayBuffer()));
    const code = jsQR(image.data, image.width, image.height)!;
    expect(code.data).toBe(`${ORIGIN}/u/${username}?ref=qr`);
    const ink = (x: number, y: number) => image.data[(y * image.width + x) * 4] === 0;
    const inkBox = (fromRow: number, toRow: number) => {
      let box: { left: number; top: number; right: number; bottom: number } | null = null;
      for (let y = fromRow; y < toRow; y++) {
        for (let x = 0; x < image.width; x++) {
          if (!ink(x, y)) continue;
          box = box
            ? { left: Math.min(box.left, x), top: box.top, right: Math.max(box.right, x), bottom: y }
            : { left: x, top: y, right: x, bottom: y };
        }
      }
      return box;
    };
    // Above the code: exactly the name, drawn in the card's pixel font at a whole scale, nothing else.
    const qrTop = Math.floor(Math.min(code.location.topLeftCorner.y, code.location.topRightCorner.y));
    const title = inkBox(0, qrTop)!;
    const expected = trimmed(textBitmap(name));
    const scale = (title.right - title.left + 1) / expected[0]!.length;
    expect(Number.isInteger(scale) && scale >= 4).toBe(true);
    expect((title.bottom - title.top + 1) / scale).toBe(expected.length);
    const drawn = expected.map((row, y) =>
      row.map((_, x) => (ink(title.left + x * scale + Math.floor(scale / 2), title.top + y * scale + Math.floor(scale / 2)) ? 1 : 0)),
    );
    expect(drawn).toEqual(expected);
    // Centred on the card.
    expect(Math.abs(title.left - (image.width - 1 - title.right))).toBeLessThanOrEqual(scale);
    // Below the code: the address line (and what scanning does).
    const qrBottom = Math.ceil(Math.max(code.location.bottomLeftCorner.y, code.location.bottomRightCorner.y));
    const address = inkBox(qrBottom + 1, image.height)!;
    expect(address.right - address.left).toBeGreaterThan(image.width / 3);
  });

  it("/u/<user>/feed.xml lists priced products with every required field and sizes as variants", async () => {
    const { username, created } = await storeWith([
      {
        name: "Remera <Café> & más",
        price: 12500,
        category: "Remeras",
        sizes: [
          { name: "S", stock: 2 },
          { name: "M", stock: 0 },
          // The longest size name a seller can give (20): its variant id still fits Google's 50 characters.
          { name: "Único talle regulabl", stock: 1 },
        ],
      },
      { name: "Gorra", price: 3000 },
      { name: "Sin precio", price: 0 },
    ]);
    const response = await anonymous().request(`/u/${username}/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">')).toBe(
      true,
    );
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(4);
    const ids = items.map((i) => /<g:id>([^<]*)<\/g:id>/.exec(i)![1]!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(50);
    const field = (item: string, name: string) => new RegExp(`<g:${name}>([^<]*)</g:${name}>`).exec(item)?.[1];
    const remera = created.find((p) => p.name.startsWith("Remera"))!;
    for (const item of items) {
      for (const name of ["id", "title", "description", "link", "image_link", "availability", "condition", "price", "brand"]) {
        expect(field(item, name), `${name} in ${item}`).toBeTruthy();
      }
      expect(field(item, "condition")).toBe("new");
      expect(field(item, "brand")).toBe("Moda Sur");
      expect(field(item, "link")).toMatch(new RegExp(`^https?://[^/]+/u/${username}/p/`));
      expect(field(item, "image_link")).toMatch(/^https?:\/\/[^/]+\/img\/o\//);
      expect(field(item, "description")).not.toBe(field(item, "title"));
    }
    const variants = items.filter((i) => field(i, "item_group_id") === remera.id);
    expect(variants.map((i) => [field(i, "id"), field(i, "size"), field(i, "availability"), field(i, "price")])).toEqual([
      [`${remera.id}-S`, "S", "in_stock", "12500.00 ARS"],
      [`${remera.id}-M`, "M", "out_of_stock", "12500.00 ARS"],
      [`${remera.id}-Único talle regulabl`, "Único talle regulabl", "in_stock", "12500.00 ARS"],
    ]);
    expect(field(variants[0]!, "title")).toBe("Remera &#60;Café&#62; &#38; más - Talle S");
    expect(field(variants[0]!, "product_type")).toBe("Remeras");
    const gorra = items.find((i) => field(i, "title") === "Gorra")!;
    expect(field(gorra, "item_group_id")).toBeUndefined();
    expect(field(gorra, "price")).toBe("3000.00 ARS");
    expect(xml).not.toContain("Sin precio");
  });
});

/** A bitmap without its blank border rows and columns: the ink's own box. */
function trimmed(bitmap: number[][]): number[][] {
  const rows = bitmap.filter((row) => row.includes(1));
  const columns = rows[0]!.map((_, x) => rows.some((row) => row[x] === 1));
  const first = columns.indexOf(true);
  const last = columns.lastIndexOf(true);
  const top = bitmap.findIndex((row) => row.includes(1));
  const bottom = bitmap.findLastIndex((row) => row.includes(1));
  return bitmap.slice(top, bottom + 1).map((row) => row.slice(first, last + 1));
}
