import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { Browser, count, register } from "./browser";
import { photoOfSize, photoForm, storedImages } from "./fixtures";

async function seller() {
  const browser = new Browser();
  const { user } = await register(browser);
  return { browser, user };
}

async function upload(browser: Browser, files: { bytes: Uint8Array; name: string; type?: string }[]) {
  return browser.request("/api/products/upload-images", { method: "POST", body: photoForm(files) });
}

async function uploadOne(browser: Browser, name = "remera-azul.jpg", bytes = photoOfSize("jpeg", 256, Math.floor(Math.random() * 200))) {
  const response = await upload(browser, [{ bytes, name }]);
  expect(response.status).toBe(201);
  return ((await response.json()) as { products: Product[] }).products[0]!;
}

describe("uploading photos", () => {
  it("creates one product per photo, stores each in R2 and serves it at /img with cache headers", async () => {
    const { browser, user } = await seller();
    const jpeg = photoOfSize("jpeg", 300, 1);
    const response = await upload(browser, [
      { bytes: jpeg, name: "remera_azul-final.jpg" },
      { bytes: photoOfSize("png", 300, 2), name: "buzo.png", type: "image/png" },
      // The name and the declared type lie; the bytes say WebP.
      { bytes: photoOfSize("webp", 300, 3), name: "campera.jpg", type: "image/jpeg" },
    ]);
    expect(response.status).toBe(201);
    const { products } = (await response.json()) as { products: Product[] };
    expect(products.map((p) => p.name)).toEqual(["Remera azul final", "Buzo", "Campera"]);
    for (const p of products) {
      expect(p.createdBy).toBe(user.id);
      expect(p.imageURL).toMatch(/^\/img\/o\/[A-Za-z0-9_-]{43}\.(jpg|png|webp)$/);
      expect(p.imageUrl).toBe(p.imageURL);
      expect(p.generatedImageUrl).toBeNull();
    }
    expect(products[2]!.imageURL).toMatch(/\.webp$/);

    const image = await browser.request(products[0]!.imageURL!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(jpeg);
    const etag = image.headers.get("etag")!;
    const again = await browser.request(products[0]!.imageURL!, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    const list = (await (await browser.request(`/api/products/list/${user.id}`)).json()) as { products: Product[] };
    expect(list.products.map((p) => p.id).sort()).toEqual(products.map((p) => p.id).sort());
  });

  const bad: [string, { bytes: Uint8Array; name: string; type?: string }[], number, string][] = [
    [
      "a text file renamed .jpg",
      [{ bytes: new TextEncoder().encode("hola, no soy una foto"), name: "foto.jpg" }],
      400,
      "«foto.jpg» no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP.",
    ],
    [
      "an SVG",
      [{ bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: "logo.svg", type: "image/svg+xml" }],
      400,
      "«logo.svg» no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP.",
    ],
    ["an empty file", [{ bytes: new Uint8Array(0), name: "vacia.jpg" }], 400, "«vacia.jpg» está vacío."],
    [
      "an 11 MB photo",
      [{ bytes: photoOfSize("jpeg", 11 * 1024 * 1024), name: "enorme.jpg" }],
      413,
      "«enorme.jpg» pesa más de 10 MB, el máximo por imagen.",
    ],
    [
      "a 30 MB upload",
      [0, 1, 2].map((i) => ({ bytes: photoOfSize("jpeg", 10 * 1024 * 1024 - 10, i), name: `f${i}.jpg` })),
      413,
      "Las imágenes superan el máximo de 25 MB por envío. Súbelas de a poco.",
    ],
    [
      "eleven photos",
      Array.from({ length: 11 }, (_, i) => ({ bytes: photoOfSize("jpeg", 32, i), name: `f${i}.jpg` })),
      400,
      "Puedes subir hasta 10 imágenes por vez.",
    ],
    ["no photo", [], 400, "Elige al menos una imagen para subir."],
    [
      "one good photo and one bad one",
      [
        { bytes: photoOfSize(), name: "ok.jpg" },
        { bytes: new Uint8Array([1, 2, 3]), name: "mal.jpg" },
      ],
      400,
      "«mal.jpg» no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP.",
    ],
  ];
  for (const [name, files, status, error] of bad) {
    it(`refuses ${name} and creates nothing`, async () => {
      const { browser } = await seller();
      const before = await count("products");
      const objects = await storedImages();
      const response = await upload(browser, files);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
      expect(await count("products")).toBe(before);
      expect(await storedImages()).toEqual(objects);
    });
  }

  it("needs a signed-in seller", async () => {
    const response = await new Browser().request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([{ bytes: photoOfSize(), name: "a.jpg" }]),
    });
    expect(response.status).toBe(401);
  });
});

describe("a seller's products are theirs alone", () => {
  it("another seller's product answers 404 to get, update, delete and generated-images, and is left intact", async () => {
    const owner = await seller();
    const product = await uploadOne(owner.browser);
    const intruder = await seller();
    const attempts = [
      intruder.browser.request(`/api/products/get/${product.id}`),
      intruder.browser.json("PUT", "/api/products/update", { id: product.id, name: "Robado" }),
      intruder.browser.request(`/api/products/delete/${product.id}`, { method: "DELETE" }),
      intruder.browser.request(`/api/products/generated-images/${product.id}`),
      intruder.browser.json("POST", `/api/products/generate-ad/${product.id}`, { includeModel: true }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Producto no encontrado." });
    }
    const listOfOther = await intruder.browser.request(`/api/products/list/${owner.user.id}`);
    expect(listOfOther.status).toBe(404);
    const mine = (await (await owner.browser.request(`/api/products/get/${product.id}`)).json()) as { product: Product };
    expect(mine.product.name).toBe(product.name);
    expect(await count("credit_ledger", "user_id = ? AND reason = 'generation'", intruder.user.id)).toBe(0);
  });

  it("an unknown product id answers 404", async () => {
    const { browser } = await seller();
    expect((await browser.request("/api/products/get/no-existe")).status).toBe(404);
  });
});

describe("editing and deleting", () => {
  it("renames, replaces the photo, and removes the old photo from R2", async () => {
    const { browser } = await seller();
    const product = await uploadOne(browser, "vieja.jpg");
    const oldKey = product.imageURL!.slice("/img/".length);
    const png = photoOfSize("png", 120, 9);
    const response = await browser.json("PUT", "/api/products/update", {
      id: product.id,
      name: "  Remera nueva  ",
      imageBase64: `data:image/png;base64,${btoa(String.fromCharCode(...png))}`,
    });
    expect(response.status).toBe(200);
    const { product: updated } = (await response.json()) as { product: Product };
    expect(updated.name).toBe("Remera nueva");
    expect(updated.imageURL).toMatch(/\.png$/);
    expect(await env.IMAGES.head(oldKey)).toBeNull();
    expect(new Uint8Array(await (await browser.request(updated.imageURL!)).arrayBuffer())).toEqual(png);
  });

  it("refuses an empty name and a non-image replacement, changing nothing", async () => {
    const { browser } = await seller();
    const product = await uploadOne(browser, "intacta.jpg");
    const empty = await browser.json("PUT", "/api/products/update", { id: product.id, name: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "El nombre es obligatorio." });
    const notImage = await browser.json("PUT", "/api/products/update", { id: product.id, name: "Otra", imageBase64: btoa("<svg></svg>") });
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toEqual({ error: "El archivo no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP." });
    const badBase64 = await browser.json("PUT", "/api/products/update", { id: product.id, name: "Otra", imageBase64: "A" });
    expect(badBase64.status).toBe(400);
    expect(await badBase64.json()).toEqual({ error: "La imagen no llegó bien codificada (base64 inválido). Vuelve a elegir la foto." });
    const after = (await (await browser.request(`/api/products/get/${product.id}`)).json()) as { product: Product };
    expect(after.product).toEqual(product);
  });

  it("deletes the product and its photo, but keeps a photo another product still uses", async () => {
    const { browser, user } = await seller();
    const shared = photoOfSize("jpeg", 200, 42);
    const a = await uploadOne(browser, "a.jpg", shared);
    const b = await uploadOne(browser, "b.jpg", shared);
    expect(a.imageURL).toBe(b.imageURL);
    const key = a.imageURL!.slice("/img/".length);
    expect((await browser.request(`/api/products/delete/${a.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await env.IMAGES.head(key)).not.toBeNull();
    expect((await browser.request(`/api/products/delete/${b.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await env.IMAGES.head(key)).toBeNull();
    expect(await count("products", "user_id = ?", user.id)).toBe(0);
  });
});

describe("/img", () => {
  it("answers 404 for unknown or malformed keys", async () => {
    const browser = new Browser();
    expect((await browser.request("/img/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg")).status).toBe(404);
    expect((await browser.request("/img/../secret")).status).toBe(404);
    expect((await browser.request("/img/o/short.jpg")).status).toBe(404);
  });
});
