import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decodeImage, encodeJpeg, imageDimensions, sniffImageMime } from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { storePageMemory } from "../../worker/pages/page-memory";
import { Browser, type Fetcher, register, viaWorker, withBindings } from "./browser";
import { addProducts, dataUrl, openStore, seller, setPricing, storeData, storeName } from "./store-helpers";

const anonymous = () => new Browser();

/** How many times the app looked a page up in the edge cache (the Cache API's match) while `work` ran. */
async function countingCacheLookups<T>(work: () => Promise<T>): Promise<{ lookups: number; result: T }> {
  const proto = Object.getPrototypeOf(caches.default) as Cache;
  const match = proto.match;
  let lookups = 0;
  proto.match = function (this: Cache, ...args: Parameters<Cache["match"]>) {
    lookups++;
    return match.apply(this, args);
  };
  try {
    const result = await work();
    return { lookups, result };
  } finally {
    proto.match = match;
  }
}

/** The page as a browser with JavaScript off reads it: no scripts, no JSON data block. */
function visibleHtml(html: string) {
  return html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style>[\s\S]*?<\/style>/g, "");
}

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

async function page(path: string, init?: RequestInit) {
  return pageVia(viaWorker, path, init);
}

/** A shopper's request through `fetcher` (the Worker, or the app with other settings). */
async function pageVia(fetcher: Fetcher, path: string, init?: RequestInit) {
  const response = await new Browser(fetcher).request(path, init);
  return { response, html: await response.text() };
}

describe("the public store page /u/:username", () => {
  it("is complete HTML on the first response: header, welcome, count and every product with price and sizes", async () => {
    const { browser, user, username } = await seller({ storeName: "Ropa Linda", phoneNumber: "+54 9 11 5555-6666" });
    const [remera, buzo, gorra] = await addProducts(browser, ["Remera", "Buzo", "Gorra"]);
    const pricing = await setPricing(browser, [
      {
        id: remera!.id,
        price: 15000,
        sizes: [
          { name: "S", stock: 3 },
          { name: "M", stock: 0 },
        ],
      },
      {
        id: buzo!.id,
        price: "33.000",
        sizes: ["XS", "S", "M", "L", "XL", "XXL", "3XL"].map((name) => ({ name, stock: 2 })),
      },
      { id: gorra!.id, price: 0 },
    ]);
    expect(pricing.status).toBe(200);

    const { response, html } = await page(`/u/${username}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(user.username).toBe("ropalinda");
    const text = visibleHtml(html);
    // A slim header: the name (a link home), 'Compartir' and the cart; the address and the number below, written to be read.
    expect(text).toContain('<h1><a href="/u/ropalinda">Ropa Linda</a></h1>');
    expect(text).toContain("vidriera.test/u/ropalinda");
    expect(text).toContain('href="https://wa.me/5491155556666"');
    expect(text).toContain(">WhatsApp +54 9 11 5555-6666</a>");
    expect(text).toContain("¡Bienvenido a Ropa Linda!");
    // The cap without a price is a draft: not in the store.
    expect(text).toContain("2 productos");
    for (const name of ["Remera", "Buzo"]) expect(text).toContain(`>${name}</a></h3>`);
    expect(text).not.toContain(">Gorra</a>");
    // Whole pesos with dots for thousands.
    expect(text).toContain('<p class="price">$15.000</p>');
    expect(text).toContain('<p class="price">$33.000</p>');
    expect(text.match(/class="price"/g)).toHaveLength(2);
    // Up to five sizes on a card, then how many more; a sold-out size says so.
    expect(text).toContain(
      '<li class="sz">XS</li><li class="sz">S</li><li class="sz">M</li><li class="sz">L</li><li class="sz">XL</li><li class="sz more">+2</li>',
    );
    expect(text).toContain('<li class="sz out" title="Sin stock"><s>M</s><span class="sr"> (Sin stock)</span></li>');
    expect(text.match(/Añadir al carrito/g)).toHaveLength(2);
    expect(text).toContain('<img src="/img/r/540/o/');
    // The cart shell is in the page; only the script makes it work.
    expect(text).toContain("Tu Carrito");
    expect(text).toContain("Tu carrito está vacío");
    expect(text).toContain("Finalizar Compra por WhatsApp");
    expect(text).toContain("<noscript>");

    const data = storeData(html);
    expect(data).toMatchObject({ username: "ropalinda", all: true });
    expect(data.products.find((p) => p.id === remera!.id)).toMatchObject({
      price: 15000,
      sizes: [
        { name: "S", stock: 3 },
        { name: "M", stock: 0 },
      ],
    });
  });

  it("sends its own Content-Security-Policy: its script from itself, exactly its inline stylesheet, images from itself", async () => {
    const { username } = await seller();
    const { response, html } = await page(`/u/${username}`);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css)));
    expect(csp).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
    // No inline script anywhere: the only <script> elements are the cart file and the JSON data block.
    const scripts = html.match(/<script[^>]*>/g)!;
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^<script src="\/u\/_\/cart\.[0-9a-f]{12}\.js" defer>$/);
    expect(scripts[1]).toBe('<script type="application/json" id="store-data">');
  });

  it("serves the cart script as an immutable file under 15 KB gzip", async () => {
    const { username } = await seller();
    const { html } = await page(`/u/${username}`);
    const src = /<script src="([^"]+)"/.exec(html)![1]!;
    const script = await anonymous().request(src);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await script.text();
    // The script carries no texts of its own: the page hands it its store's messages (es-AR here) in its data.
    expect(body).toContain("cart.added");
    expect(body).not.toContain("añadido al carrito!");
    expect(html).toContain("añadido al carrito!");
    const gzipped = await new Response(new Blob([body]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    expect(gzipped.byteLength).toBeLessThan(15 * 1024);
    expect((await anonymous().request("/u/_/cart.000000000000.js")).status).toBe(404);
  });

  it("shows the empty state when the store has no products", async () => {
    const { username } = await seller();
    const { response, html } = await page(`/u/${username}`);
    expect(response.status).toBe(200);
    expect(html).toContain("No hay productos disponibles");
    expect(html).toContain("Esta tienda aún no tiene productos publicados.");
    expect(html).toContain("0 productos");
  });

  it("answers an unknown store, product or address with 'Página no encontrada' and status 404", async () => {
    const { username } = await seller();
    const other = await seller();
    const [foreign] = await addProducts(other.browser, ["Ajeno"]);
    for (const path of ["/u/nadiesellamaasi", `/u/${username}/p/noexiste`, `/u/${username}/p/${foreign!.id}`, "/u/con-guion", "/u/_"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html).toContain("<h1>Página no encontrada</h1>");
      expect(html).toContain("<p>Esta página no existe</p>");
      expect(html).toContain('href="/">Volver al inicio</a>');
      expect(html).not.toContain(foreign!.name);
    }
    // A link typed with capitals reaches the store.
    const upper = await anonymous().request(`/u/${username.toUpperCase()}`);
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe(`/u/${username}`);
  });

  it("shows a store name and product name with <script> as text in the HTML, the tags and the data block", async () => {
    const evil = '<script>alert("tienda")</script>';
    const { browser, username } = await seller({ storeName: `${evil} & Co` });
    expect(username).toBe("scriptalerttiendascr");
    const [product] = await addProducts(browser, ["Remera"]);
    const update = await browser.json("PUT", "/api/products/update", {
      id: product!.id,
      name: `"><img src=x onerror=alert(1)></script><script>alert(2)</script>`,
      price: "1.500",
      published: true,
    });
    expect(update.status).toBe(200);

    const { html } = await page(`/u/${username}`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(`<h1><a href="/u/${username}">&#60;script&#62;alert(&#34;tienda&#34;)&#60;/script&#62; &#38; Co</a></h1>`);
    expect(meta(html, "og:title")).toBe("&#60;script&#62;alert(&#34;tienda&#34;)&#60;/script&#62; &#38; Co");
    expect(meta(html, "twitter:title")).toBe(meta(html, "og:title"));
    expect(html).toContain("<title>&#60;script&#62;alert(&#34;tienda&#34;)&#60;/script&#62; &#38; Co</title>");
    // Only the page's own two script elements open, and the data block closes once.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(storeData(html).products[0]!.name).toBe(`"><img src=x onerror=alert(1)></script><script>alert(2)</script>`);

    const productPage = await page(`/u/${username}/p/${product!.id}`);
    expect(productPage.html).not.toContain("<script>alert");
    expect(meta(productPage.html, "og:title")).toBe(
      "&#34;&#62;&#60;img src=x onerror=alert(1)&#62;&#60;/script&#62;&#60;script&#62;alert(2)&#60;/script&#62; | &#60;script&#62;alert(&#34;tienda&#34;)&#60;/script&#62; &#38; Co",
    );
  });

  it("has Open Graph and Twitter tags for the store and each product, with a JPEG preview of at most 300 KB", async () => {
    const { browser, username } = await seller({ storeName: "Moda Sur" });
    // Noise does not compress: a 1600 px photo of it is well over 300 KB as a JPEG.
    const noisy = samplePhoto({ width: 1400, height: 1750, garment: [30, 120, 200] });
    const pixels = new Uint8Array(noisy.data.buffer, noisy.data.byteOffset, noisy.data.byteLength);
    for (let i = 0; i < pixels.length; i += 65536) crypto.getRandomValues(pixels.subarray(i, Math.min(i + 65536, pixels.length)));
    for (let i = 3; i < noisy.data.length; i += 4) noisy.data[i] = 255;
    const photo = await encodeJpeg(noisy, 95);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.append("images", new File([photo], "campera.jpg", { type: "image/jpeg" }));
    const upload = await browser.request("/api/products/upload-images", { method: "POST", body: form });
    expect(upload.status).toBe(201);
    const product = ((await upload.json()) as { products: { id: string }[] }).products[0]!;
    await setPricing(browser, [
      {
        id: product.id,
        price: 54000,
        sizes: [
          { name: "M", stock: 1 },
          { name: "L", stock: 2 },
        ],
      },
    ]);

    const store = await page(`/u/${username}`);
    expect(meta(store.html, "og:type")).toBe("website");
    expect(meta(store.html, "og:title")).toBe("Moda Sur");
    expect(meta(store.html, "og:url")).toBe(`https://vidriera.test/u/${username}`);
    expect(meta(store.html, "og:description")).toBe("1 producto en Moda Sur. Arma tu pedido y envíalo por WhatsApp.");
    expect(meta(store.html, "twitter:card")).toBe("summary_large_image");
    const storeImage = meta(store.html, "og:image")!;
    expect(storeImage).toMatch(/^https:\/\/vidriera\.test\/u\/_\/og\/o\/[A-Za-z0-9_-]{43}-jpg\.jpg$/);
    expect(meta(store.html, "twitter:image")).toBe(storeImage);

    const productPage = await page(`/u/${username}/p/${product.id}`);
    expect(productPage.response.status).toBe(200);
    expect(meta(productPage.html, "og:type")).toBe("product");
    expect(meta(productPage.html, "og:title")).toBe("Campera | Moda Sur");
    expect(meta(productPage.html, "og:description")).toBe("$54.000 · Talles: M, L · En Moda Sur: pídelo por WhatsApp.");
    expect(meta(productPage.html, "og:url")).toBe(`https://vidriera.test/u/${username}/p/${product.id}`);
    expect(productPage.html).toContain('<h2 class="name">Campera</h2>');
    expect(productPage.html).toContain("← Ver todos los productos");

    const preview = await anonymous().request(new URL(meta(productPage.html, "og:image")!).pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect(preview.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const jpeg = new Uint8Array(await preview.arrayBuffer());
    expect(sniffImageMime(jpeg)).toBe("image/jpeg");
    expect(jpeg.length).toBeLessThanOrEqual(300 * 1024);
    const size = imageDimensions(jpeg)!;
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(1000);
    expect((await decodeImage(jpeg)).width).toBe(size.width);
    // Made once, then kept in R2.
    expect(await env.IMAGES.head(`og/o/${new URL(storeImage).pathname.split("/").pop()}`)).not.toBeNull();
    expect((await anonymous().request("/u/_/og/o/not-a-key.jpg")).status).toBe(404);
    // Pure noise is the worst case for every encoder, and the upload's WebP renditions share the CPU with the preview.
  }, 300_000);

  it("previews the store with its logo, and a transparent logo turns white, not black", async () => {
    const logo = samplePhoto({ width: 200, height: 200, garment: [200, 30, 30], transparent: true });
    const { default: encodePng, init } = await import("@jsquash/png/encode");
    const { default: wasm } = await import("@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module");
    await (init as unknown as (m: WebAssembly.Module) => Promise<unknown>)(wasm);
    const png = new Uint8Array(await encodePng(logo));
    const { username } = await seller({ storeLogo: dataUrl(png) });
    const { html } = await page(`/u/${username}`);
    expect(html).toMatch(/<img class="logo" src="\/img\/r\/540\/l\/[A-Za-z0-9_-]{43}-png\.webp" srcset="[^"]+" sizes="44px" alt="Logo de /);
    const image = meta(html, "og:image")!;
    expect(image).toMatch(/\/u\/_\/og\/l\/[A-Za-z0-9_-]{43}-png\.jpg$/);
    const jpeg = await decodeImage(new Uint8Array(await (await anonymous().request(new URL(image).pathname)).arrayBuffer()));
    // The corner was transparent in the logo.
    expect([jpeg.data[0], jpeg.data[1], jpeg.data[2]].every((v) => v! > 240)).toBe(true);
  });

  it("keeps a batch's order: the photos picked as «Buzo 01» to «Buzo 12» read first to last, in the store and the seller's list", async () => {
    const { browser, user, username } = await seller();
    const names = Array.from({ length: 12 }, (_, i) => `Buzo ${String(i + 1).padStart(2, "0")}`);
    // As the batch screen sends them: ten at a time, the last group first (web/features/batch/photo-upload.ts).
    const made = [...(await addProducts(browser, names.slice(10))), ...(await addProducts(browser, names.slice(0, 10)))];
    const pricing = await setPricing(
      browser,
      made.map((product) => ({ id: product.id, price: "12.500" })),
    );
    expect(pricing.status).toBe(200);
    const { html } = await page(`/u/${username}`);
    expect(storeData(html).products.map((p) => p.name)).toEqual(names);
    const list = await browser.request(`/api/products/list/${user.id}`);
    expect(((await list.json()) as { products: { name: string }[] }).products.map((p) => p.name)).toEqual(names);
  });
});

describe("the edge cache of store pages", () => {
  // With the default memory of store versions (1 s) and with one kept for 10 minutes: every save
  // path must drop it in the isolate that saved, or the second run shows the old page.
  it.each([
    ["", viaWorker],
    [" (versions kept 10 minutes)", withBindings({ STORE_VERSION_TTL_MS: "600000" })],
  ] as const)("serves a cached copy until the seller saves, then the fresh page at once%s", async (_label, fetcher) => {
    const page = (path: string) => pageVia(fetcher, path);
    const anonymous = () => new Browser(fetcher);
    const { browser, username } = await seller({}, fetcher);
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: 1000, sizes: [{ name: "M", stock: 2 }] }]);

    const first = await page(`/u/${username}`);
    expect(first.response.headers.get("x-store-cache")).toBe("MISS");
    expect(first.html).toContain("$1.000");
    const second = await page(`/u/${username}`);
    expect(second.response.headers.get("x-store-cache")).toBe("HIT");
    expect(second.html).toBe(first.html);

    // A price change.
    await setPricing(browser, [{ id: product!.id, price: 2500, sizes: [{ name: "M", stock: 2 }] }]);
    const afterPrice = await page(`/u/${username}`);
    expect(afterPrice.response.headers.get("x-store-cache")).toBe("MISS");
    expect(afterPrice.html).toContain("$2.500");
    expect(afterPrice.html).not.toContain("$1.000");
    expect((await page(`/u/${username}`)).response.headers.get("x-store-cache")).toBe("HIT");

    // The product page is renewed by the same save.
    const productPath = `/u/${username}/p/${product!.id}`;
    expect((await page(productPath)).html).toContain("$2.500");
    expect((await page(productPath)).response.headers.get("x-store-cache")).toBe("HIT");
    await setPricing(browser, [{ id: product!.id, price: 3100, sizes: [{ name: "M", stock: 2 }] }]);
    expect((await page(productPath)).html).toContain("$3.100");

    // A rename through the products page.
    await browser.json("PUT", "/api/products/update", { id: product!.id, name: "Remera lisa" });
    expect((await page(`/u/${username}`)).html).toContain(">Remera lisa</a>");

    // Stock (confirming an order takes it), a new product, a deleted product.
    const order = await anonymous().json("POST", "/api/orders", { username, lines: [{ productId: product!.id, size: "M", quantity: 2 }] });
    expect(order.status).toBe(201);
    const { order: saved } = (await order.json()) as { order: { id: string } };
    await page(`/u/${username}`);
    expect((await browser.json("PUT", `/api/orders/${saved.id}/status`, { status: "confirmado" })).status).toBe(200);
    expect((await page(`/u/${username}`)).html).toContain('<li class="sz out" title="Sin stock"><s>M</s>');
    const [added] = await addProducts(browser, ["Campera nueva"]);
    // A fresh upload is a draft; publishing it with a price shows it.
    expect((await page(`/u/${username}`)).html).not.toContain("Campera nueva");
    await setPricing(browser, [{ id: added!.id, price: "4.000" }]);
    expect((await page(`/u/${username}`)).html).toContain(">Campera nueva</a>");
    await browser.request(`/api/products/delete/${added!.id}`, { method: "DELETE" });
    expect((await page(`/u/${username}`)).html).not.toContain("Campera nueva");

    // The store itself: a new phone.
    await openStore(browser, {
      storeName: ((await (await browser.request("/api/auth/profile")).json()) as { user: { name: string } }).user.name,
      phoneNumber: "+54 11 4444 3333",
    });
    expect((await page(`/u/${username}`)).html).toContain(">WhatsApp +54 9 11 4444-3333</a>");
  });

  it("answers a page this isolate served from its memory: the edge cache is not asked, the answer is the same, a save shows at once", async () => {
    const { browser, username } = await seller();
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: 1000 }]);
    const first = await page(`/u/${username}?q=remera`);
    expect(first.response.headers.get("x-store-cache")).toBe("MISS");
    const sameHeaders = (response: Response) =>
      [...response.headers].filter(([name]) => name !== "x-request-id" && name !== "x-store-cache");

    const { lookups, result: again } = await countingCacheLookups(() =>
      Promise.all([page(`/u/${username}?q=remera`), page(`/u/${username}?q=remera`), page(`/u/${username}?q=remera`)]),
    );
    expect(lookups).toBe(0);
    for (const hit of again) {
      expect(hit.response.headers.get("x-store-cache")).toBe("HIT");
      expect(hit.html).toBe(first.html);
      expect(sameHeaders(hit.response)).toEqual(sameHeaders(first.response));
    }
    expect(first.response.headers.get("content-security-policy")).toContain("script-src 'self'");

    // An isolate without it in memory gets it from the edge cache, once, and keeps it.
    storePageMemory.clear();
    const fromEdge = await countingCacheLookups(() => page(`/u/${username}?q=remera`));
    expect(fromEdge.lookups).toBe(1);
    expect(fromEdge.result.response.headers.get("x-store-cache")).toBe("HIT");
    expect(fromEdge.result.html).toBe(first.html);
    expect(sameHeaders(fromEdge.result.response)).toEqual(sameHeaders(first.response));
    expect((await countingCacheLookups(() => page(`/u/${username}?q=remera`))).lookups).toBe(0);

    await setPricing(browser, [{ id: product!.id, price: 2500 }]);
    const changed = await page(`/u/${username}?q=remera`);
    expect(changed.response.headers.get("x-store-cache")).toBe("MISS");
    expect(changed.html).toContain("$2.500");
    expect(changed.html).not.toContain("$1.000");
  });

  it("a save made by another isolate (the version bumped in D1 directly) shows once the memory's second is over", async () => {
    const { browser, user, username } = await seller();
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: 1000 }]);
    expect((await page(`/u/${username}`)).html).toContain("$1.000");
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET price = 1800 WHERE id = ?").bind(product!.id),
      env.DB.prepare("UPDATE users SET store_version = store_version + 1 WHERE id = ?").bind(user.id),
    ]);
    // Waits for the state, not a clock: the TTL is 1 s, the budget bounds only a stuck memory.
    await expect.poll(async () => (await page(`/u/${username}`)).html, { timeout: 60_000, interval: 200 }).toContain("$1.800");
    const fresh = await page(`/u/${username}`);
    expect(fresh.html).not.toContain("$1.000");
  });

  it("keeps the version in memory: a D1 change without a save through this isolate is not seen while it lasts", async () => {
    const fetcher = withBindings({ STORE_VERSION_TTL_MS: "600000" });
    const { browser, user, username } = await seller({}, fetcher);
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: 1000 }]);
    const first = await pageVia(fetcher, `/u/${username}`);
    expect(first.html).toContain("$1.000");
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET price = 1800 WHERE id = ?").bind(product!.id),
      env.DB.prepare("UPDATE users SET store_version = store_version + 1 WHERE id = ?").bind(user.id),
    ]);
    const remembered = await pageVia(fetcher, `/u/${username}`);
    expect(remembered.response.headers.get("x-store-cache")).toBe("HIT");
    expect(remembered.html).toBe(first.html);
    // A save through this isolate drops it at once.
    await setPricing(browser, [{ id: product!.id, price: 2100 }]);
    expect((await pageVia(fetcher, `/u/${username}`)).html).toContain("$2.100");
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET price = 2500 WHERE id = ?").bind(product!.id),
      env.DB.prepare("UPDATE users SET store_version = store_version + 1 WHERE id = ?").bind(user.id),
    ]);
    expect((await pageVia(fetcher, `/u/${username}`)).html).toContain("$2.100");
    // The same isolate with the memory off reads D1 every time.
    expect((await pageVia(withBindings({ STORE_VERSION_TTL_MS: "0" }), `/u/${username}`)).html).toContain("$2.500");
  });

  it("renders from a remembered version only what its own read confirms: a render that sees another version is not cached under it", async () => {
    const fetcher = withBindings({ STORE_VERSION_TTL_MS: "600000" });
    const { browser, user, username } = await seller({}, fetcher);
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: 1000 }]);
    expect((await pageVia(fetcher, `/u/${username}`)).html).toContain("$1.000");
    // Another isolate saves; this one still remembers the old version.
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET price = 1800 WHERE id = ?").bind(product!.id),
      env.DB.prepare("UPDATE users SET store_version = store_version + 1 WHERE id = ?").bind(user.id),
    ]);
    // A browse state not cached yet: rendered from D1, and not stored under the remembered (older) version.
    const sorted = await pageVia(fetcher, `/u/${username}?orden=precio-asc`);
    expect(sorted.html).toContain("$1.800");
    expect(sorted.response.headers.get("cache-control")).toBe("no-store");
    expect(sorted.response.headers.get("etag")).toBeNull();
    // The memory of that link is dropped: the store page reads the new version at once.
    expect((await pageVia(fetcher, `/u/${username}`)).html).toContain("$1.800");
    const again = await pageVia(fetcher, `/u/${username}?orden=precio-asc`);
    expect(again.html).toContain("$1.800");
    expect(again.response.headers.get("etag")).not.toBeNull();
  });

  it("never serves one store's page for another from memory: a link freed and taken again", async () => {
    const fetcher = withBindings({ STORE_VERSION_TTL_MS: "600000" });
    const link = storeName("Memoria")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const first = new Browser(fetcher);
    const { password } = await register(first);
    await openStore(first, { storeName: "Tienda Memoria", storeLink: link });
    const [product] = await addProducts(first, ["Remera vieja"]);
    await setPricing(first, [{ id: product!.id, price: 1000 }]);
    expect((await pageVia(fetcher, `/u/${link}`)).html).toContain(">Remera vieja</a>");
    expect((await pageVia(fetcher, `/u/${link}`)).response.headers.get("x-store-cache")).toBe("HIT");

    // The old seller moves to another link, a new one takes this link: no page of the old store in between.
    expect((await openStore(first, { storeName: "Tienda Memoria", storeLink: `${link}x` })).username).toBe(`${link}x`);
    expect((await pageVia(fetcher, `/u/${link}`)).response.status).toBe(404);
    const next = new Browser(fetcher);
    await register(next);
    expect((await openStore(next, { storeName: "Tienda Memoria", storeLink: link })).username).toBe(link);
    const [other] = await addProducts(next, ["Remera nueva"]);
    await setPricing(next, [{ id: other!.id, price: 1000 }]);
    const fresh = await pageVia(fetcher, `/u/${link}`);
    expect(fresh.html).toContain(">Remera nueva</a>");
    expect(fresh.html).not.toContain("Remera vieja");
    expect((await pageVia(fetcher, `/u/${link}x`)).html).toContain(">Remera vieja</a>");

    // And the account deleted: its new link is gone at once too.
    expect((await first.json("DELETE", "/api/auth/account", { password })).status).toBe(200);
    expect((await pageVia(fetcher, `/u/${link}x`)).response.status).toBe(404);
  });

  it("answers 304 to a browser that already has the current page, and 200 once it changed", async () => {
    const { browser, username } = await seller();
    const [product] = await addProducts(browser, ["Remera"]);
    const first = await page(`/u/${username}`);
    const etag = first.response.headers.get("etag")!;
    expect(first.response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await anonymous().request(`/u/${username}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    await setPricing(browser, [{ id: product!.id, price: 700 }]);
    const changed = await anonymous().request(`/u/${username}`, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("$700");
  });

  it("a link freed by a deleted account shows the store that takes it next, never a copy of the old one", async () => {
    const link = storeName("Libre")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
    const first = new Browser();
    const { password } = await register(first);
    await openStore(first, { storeName: "Tienda Libre", storeLink: link });
    const [product] = await addProducts(first, ["Remera vieja"]);
    await setPricing(first, [{ id: product!.id, price: 1000 }]);
    const old = await page(`/u/${link}`);
    expect(old.html).toContain(">Remera vieja</a>");
    const versionOf = async (username: string) =>
      (await env.DB.prepare("SELECT store_version AS v FROM users WHERE username = ?").bind(username).first<{ v: number }>())!.v;
    const oldVersion = await versionOf(link);
    expect((await page(`/u/${link}`)).response.headers.get("x-store-cache")).toBe("HIT");
    expect((await first.json("DELETE", "/api/auth/account", { password })).status).toBe(200);
    expect((await page(`/u/${link}`)).response.status).toBe(404);

    // A new store on the same link counts its versions from the start: the same steps reach the same number.
    const next = new Browser();
    await register(next);
    expect((await openStore(next, { storeName: "Tienda Libre", storeLink: link })).username).toBe(link);
    const [other] = await addProducts(next, ["Remera nueva"]);
    await setPricing(next, [{ id: other!.id, price: 1000 }]);
    expect(await versionOf(link)).toBe(oldVersion);
    const fresh = await page(`/u/${link}`);
    expect(fresh.response.headers.get("x-store-cache")).toBe("MISS");
    expect(fresh.html).toContain(">Remera nueva</a>");
    expect(fresh.html).not.toContain("Remera vieja");
    const etag = old.response.headers.get("etag")!;
    const revalidated = await anonymous().request(`/u/${link}`, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.text()).toContain(">Remera nueva</a>");
  });

  it("a renamed store moves to its new link and the old one is gone", async () => {
    const browser = new Browser();
    await register(browser);
    const name = storeName("Vieja");
    const before = await openStore(browser, { storeName: name });
    expect((await page(`/u/${before.username}`)).response.status).toBe(200);
    const renamed = storeName("Nueva");
    const after = await openStore(browser, { storeName: renamed, storeLink: renamed });
    expect(after.username).not.toBe(before.username);
    expect((await page(`/u/${before.username}`)).response.status).toBe(404);
    expect((await page(`/u/${after.username}`)).response.status).toBe(200);
  });
});

describe("GET /api/auth/store/:username", () => {
  it("answers the public store and its products, without private fields", async () => {
    const { browser, username } = await seller({ storeName: "Tienda Api", phoneNumber: "+598 99 123 456", countryCode: "UY" });
    const [product] = await addProducts(browser, ["Remera"]);
    await setPricing(browser, [{ id: product!.id, price: 100, sizes: [{ name: "U", stock: 1 }] }]);
    const response = await anonymous().request(`/api/auth/store/${username}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      store: { name: "Tienda Api", username, phone: "+598 99123456", imageUrl: null },
      products: [
        { id: product!.id, name: "Remera", price: 100, sizes: [{ name: "U", stock: 1 }], colors: [], images: [product!.imageURL] },
      ],
    });
    const missing = await anonymous().request("/api/auth/store/nadie");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Esta página no existe" });
  });
});
