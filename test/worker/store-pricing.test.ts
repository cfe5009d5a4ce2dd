import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { Browser, register } from "./browser";
import { photoOfSize } from "./fixtures";
import { addProducts, dataUrl, seller, setPricing } from "./store-helpers";

async function sellerWithProducts(names = ["Remera", "Buzo"]) {
  const browser = new Browser();
  const { user } = await register(browser);
  const products = await addProducts(browser, names);
  return { browser, user, products };
}

async function list(browser: Browser, userId: string) {
  return ((await (await browser.request(`/api/products/list/${userId}`)).json()) as { products: Product[] }).products;
}

async function addGenerated(userId: string, productId: string, key: string) {
  await env.IMAGES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO generated_images (id, user_id, product_id, key, kind, job_id) VALUES (?, ?, ?, ?, 'ad', ?)")
    .bind(id, userId, productId, key, id)
    .run();
  return id;
}

const version = async (userId: string) =>
  (await env.DB.prepare("SELECT store_version AS v FROM users WHERE id = ?").bind(userId).first<{ v: number }>())!.v;

describe("POST /api/products/update-pricing", () => {
  it("saves prices, sizes and stock of several products in one call", async () => {
    const { browser, user, products } = await sellerWithProducts();
    const response = await setPricing(browser, [
      {
        id: products[0]!.id,
        price: "$ 15.000",
        sizes: [
          { name: " S ", stock: 3 },
          { name: "M", stock: 10 },
        ],
      },
      { id: products[1]!.id, price: 0, sizes: [] },
    ]);
    expect(response.status).toBe(200);
    const saved = await list(browser, user.id);
    const remera = saved.find((p) => p.id === products[0]!.id)!;
    expect(remera.price).toBe(15000);
    expect(remera.sizes).toEqual([
      { name: "S", stock: 3 },
      { name: "M", stock: 10 },
    ]);
    expect(saved.find((p) => p.id === products[1]!.id)!.price).toBe(0);
    // The answer is the fresh list, so the screen needs no second call.
    expect(((await response.json()) as { products: Product[] }).products.map((p) => p.id).sort()).toEqual(products.map((p) => p.id).sort());
  });

  it("reads prices and stock as Argentine sellers type them", async () => {
    const { browser, user, products } = await sellerWithProducts(["A", "B", "C"]);
    const response = await setPricing(browser, [
      { id: products[0]!.id, price: "12.500", sizes: [{ name: "S", stock: "7" }] },
      {
        id: products[1]!.id,
        price: "$ 1.250.000",
        sizes: [
          { name: "L", stock: "1.200" },
          { name: "XL", stock: 2 },
        ],
      },
      { id: products[2]!.id, price: null, sizes: [{ name: "U", stock: null }] },
    ]);
    expect(response.status).toBe(200);
    const saved = new Map((await list(browser, user.id)).map((p) => [p.id, p]));
    expect(saved.get(products[0]!.id)).toMatchObject({ price: 12500, sizes: [{ name: "S", stock: 7 }] });
    expect(saved.get(products[1]!.id)).toMatchObject({
      price: 1250000,
      sizes: [
        { name: "L", stock: 1200 },
        { name: "XL", stock: 2 },
      ],
    });
    expect(saved.get(products[2]!.id)).toMatchObject({ price: 0, sizes: [{ name: "U", stock: 0 }] });
  });

  it("refuses stock that is not a whole number instead of reading part of it, and saves nothing", async () => {
    const { browser, user, products } = await sellerWithProducts(["A"]);
    const junk: unknown[] = ["5abc", "1e9", 2.7, "7.9", -4, "-1", "muchos", true];
    const answers = await Promise.all(
      junk.map((stock) => setPricing(browser, [{ id: products[0]!.id, price: "5.000", sizes: [{ name: "M", stock }] }])),
    );
    expect(answers.map((r) => r.status)).toEqual(junk.map(() => 400));
    for (const answer of answers) {
      expect(await answer.json()).toEqual({
        error: "El stock de un talle es un número entero de 0 o más, sin decimales: por ejemplo 5 o 1.200.",
      });
    }
    expect((await list(browser, user.id))[0]).toMatchObject({ price: null, sizes: [] });
  });

  const junk: [unknown, string][] = [
    ["1e5abc", "El precio no es válido: escribe solo números, por ejemplo 12.500."],
    ["abc", "El precio no es válido: escribe solo números, por ejemplo 12.500."],
    ["12.500,50", "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500."],
    ["12,5", "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500."],
    [15000.5, "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500."],
    [-50, "El precio no puede ser negativo."],
    ["-3", "El precio no puede ser negativo."],
  ];
  for (const [price, error] of junk) {
    it(`refuses the price ${JSON.stringify(price)} with a Spanish 400 and saves nothing`, async () => {
      const { browser, user, products } = await sellerWithProducts(["A", "B"]);
      const response = await setPricing(browser, [
        { id: products[0]!.id, price: "5.000" },
        { id: products[1]!.id, price },
      ]);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
      expect((await list(browser, user.id)).every((p) => p.price === null)).toBe(true);
      const update = await browser.json("PUT", "/api/products/update", { id: products[0]!.id, name: "A", price });
      expect(update.status).toBe(400);
      expect(await update.json()).toEqual({ error });
    });
  }

  const bad: [string, (ids: string[]) => unknown, number, string][] = [
    ["a blank size name", (ids) => [{ id: ids[0], price: 1, sizes: [{ name: "  ", stock: 1 }] }], 400, "Completa el nombre de cada talle."],
    ["a size without a name", (ids) => [{ id: ids[0], price: 1, sizes: [{ stock: 1 }] }], 400, "Completa el nombre de cada talle."],
    [
      "the same size twice",
      (ids) => [
        {
          id: ids[0],
          price: 1,
          sizes: [
            { name: "M", stock: 1 },
            { name: "m", stock: 2 },
          ],
        },
      ],
      400,
      "Hay talles repetidos en un producto.",
    ],
    ["a huge price", (ids) => [{ id: ids[0], price: 1e12 }], 400, "El precio máximo es $100.000.000."],
    [
      "a huge stock",
      (ids) => [{ id: ids[0], price: 1, sizes: [{ name: "M", stock: 5e6 }] }],
      400,
      "El stock máximo por talle es 1.000.000.",
    ],
    ["sizes that are not a list", (ids) => [{ id: ids[0], price: 1, sizes: "S,M" }], 400, "Los talles no son válidos."],
    ["no products", () => [], 400, "No hay cambios para guardar."],
    [
      "a product twice",
      (ids) => [
        { id: ids[0], price: 1 },
        { id: ids[0], price: 2 },
      ],
      400,
      "Un producto aparece dos veces.",
    ],
    ["an empty image selection", (ids) => [{ id: ids[0], price: 1, storeImageURLs: [] }], 400, "Debes seleccionar al menos una imagen."],
    [
      "an image from elsewhere",
      (ids) => [{ id: ids[0], price: 1, storeImageURLs: ["https://example.com/foto.jpg"] }],
      400,
      "Una de las imágenes elegidas no es de este producto.",
    ],
    [
      "another product's photo",
      (ids) => [{ id: ids[0], price: 1, storeImageURLs: [`/img/${ids[2]}`] }],
      400,
      "Una de las imágenes elegidas no es de este producto.",
    ],
    [
      "a product that does not exist",
      (ids) => [
        { id: ids[0], price: 5 },
        { id: "noexiste", price: 5 },
      ],
      404,
      "Producto no encontrado.",
    ],
  ];
  for (const [name, payload, status, error] of bad) {
    it(`refuses ${name} and saves nothing`, async () => {
      const { browser, user, products } = await sellerWithProducts();
      const ids = [products[0]!.id, products[1]!.id, products[1]!.imageURL!.slice("/img/".length)];
      const before = await version(user.id);
      const response = await browser.json("POST", "/api/products/update-pricing", { products: payload(ids) });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
      expect((await list(browser, user.id)).every((p) => p.price === null && p.sizes.length === 0)).toBe(true);
      expect(await version(user.id)).toBe(before);
    });
  }

  it("never touches another seller's product, even next to one's own", async () => {
    const mine = await sellerWithProducts(["Mío"]);
    const theirs = await sellerWithProducts(["Ajeno"]);
    const response = await setPricing(mine.browser, [
      { id: mine.products[0]!.id, price: 10 },
      { id: theirs.products[0]!.id, price: 1 },
    ]);
    expect(response.status).toBe(404);
    expect((await list(theirs.browser, theirs.user.id))[0]!.price).toBeNull();
    expect((await list(mine.browser, mine.user.id))[0]!.price).toBeNull();
  });

  it("chooses the store images among the product's own photo and generated images, in order", async () => {
    const { browser, user, products } = await sellerWithProducts(["Remera"]);
    const product = products[0]!;
    await addGenerated(user.id, product.id, "g/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg");
    const response = await setPricing(browser, [
      {
        id: product.id,
        price: 10,
        storeImageURLs: [
          "/img/g/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg",
          `https://vidriera.test${product.imageURL}`,
          product.imageURL!,
        ],
      },
    ]);
    expect(response.status).toBe(200);
    const saved = (await list(browser, user.id))[0]!;
    expect(saved.storeImageURLs).toEqual(["/img/g/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg", product.imageURL]);

    // Leaving storeImageURLs out keeps the selection.
    await setPricing(browser, [{ id: product.id, price: 20 }]);
    expect((await list(browser, user.id))[0]!.storeImageURLs).toHaveLength(2);
  });

  it("needs a signed-in seller", async () => {
    const response = await new Browser().json("POST", "/api/products/update-pricing", { products: [{ id: "x", price: 1 }] });
    expect(response.status).toBe(401);
  });
});

describe("PUT /api/products/update from the store admin", () => {
  it("also saves price, sizes and store images when sent, and leaves them alone when not", async () => {
    const { browser, user, products } = await sellerWithProducts(["Remera"]);
    const product = products[0]!;
    const key = "g/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.jpg";
    await addGenerated(user.id, product.id, key);
    const response = await browser.json("PUT", "/api/products/update", {
      id: product.id,
      name: "Remera nueva",
      price: "",
      sizes: [{ name: "M", stock: "" }],
      storeImageURLs: [`/img/${key}`],
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { product: Product }).product).toMatchObject({
      name: "Remera nueva",
      price: 0,
      sizes: [{ name: "M", stock: 0 }],
      storeImageURLs: [`/img/${key}`],
    });
    await browser.json("PUT", "/api/products/update", { id: product.id, name: "Remera", price: 900 });
    const saved = (await list(browser, user.id))[0]!;
    expect(saved).toMatchObject({ name: "Remera", price: 900, sizes: [{ name: "M", stock: 0 }], storeImageURLs: [`/img/${key}`] });

    const foreign = await browser.json("PUT", "/api/products/update", {
      id: product.id,
      name: "Remera",
      storeImageURLs: ["/img/g/CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC.jpg"],
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ error: "Una de las imágenes elegidas no es de este producto." });
  });

  it("keeps showing 'Original' when the photo is replaced, and drops a deleted generated image from the store", async () => {
    const { browser, user, products } = await sellerWithProducts(["Remera"]);
    const product = products[0]!;
    const key = "g/DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD.jpg";
    const imageId = await addGenerated(user.id, product.id, key);
    await setPricing(browser, [{ id: product.id, price: 1, storeImageURLs: [product.imageURL!, `/img/${key}`] }]);

    const replaced = await browser.json("PUT", "/api/products/update", {
      id: product.id,
      name: "Remera",
      imageBase64: dataUrl(photoOfSize("jpeg", 300, 42), "image/jpeg"),
    });
    const updated = ((await replaced.json()) as { product: Product }).product;
    expect(updated.imageURL).not.toBe(product.imageURL);
    expect(updated.storeImageURLs).toEqual([updated.imageURL, `/img/${key}`]);

    const before = await version(user.id);
    expect((await browser.request(`/api/products/images/${imageId}`, { method: "DELETE" })).status).toBe(200);
    expect((await list(browser, user.id))[0]!.storeImageURLs).toEqual([updated.imageURL]);
    expect(await version(user.id)).toBeGreaterThan(before);
  });

  it("publishes a product generated before the pictures rule with its generated picture, through the grid and 'Publicar', and keeps a choice", async () => {
    const { browser, user, products } = await sellerWithProducts(["Remera", "Buzo", "Gorra"]);
    const [remera, buzo, gorra] = products as [Product, Product, Product];
    const keyOf = (letter: string) => `g/${letter.repeat(43)}.jpg`;
    for (const [product, letter] of [
      [remera, "E"],
      [buzo, "F"],
      [gorra, "G"],
    ] as const)
      await addGenerated(user.id, product.id, keyOf(letter));
    // The seller chose the gorra's own photo for the store.
    await setPricing(browser, [{ id: gorra.id, price: "", storeImageURLs: [gorra.imageURL!] }], { publish: false });
    const grid = await setPricing(browser, [
      { id: remera.id, price: "12.500", published: true },
      { id: gorra.id, price: "9.000", published: true },
    ]);
    expect(grid.status).toBe(200);
    expect((await setPricing(browser, [{ id: buzo.id, price: "5.000" }], { publish: false })).status).toBe(200);
    expect((await browser.json("POST", "/api/products/publish", { id: buzo.id, published: true })).status).toBe(200);
    const shown = new Map((await list(browser, user.id)).map((p) => [p.id, p.storeImageURLs]));
    expect(shown.get(remera.id)).toEqual([`/img/${keyOf("E")}`]);
    expect(shown.get(buzo.id)).toEqual([`/img/${keyOf("F")}`]);
    expect(shown.get(gorra.id)).toEqual([gorra.imageURL]);
  });
});

describe("drafts: a product reaches the store only priced and published", () => {
  async function shopFor() {
    const s = await seller();
    const products = await addProducts(s.browser, ["Remera 🌸", "Buzo"]);
    const shown = async () =>
      ((await (await new Browser().request(`/api/auth/store/${s.username}`)).json()) as { products: { id: string; price: number }[] })
        .products;
    return { ...s, products, shown };
  }

  it("keeps fresh uploads as drafts, out of the store", async () => {
    const { browser, user, products, shown } = await shopFor();
    expect((await list(browser, user.id)).map((p) => p.published)).toEqual([false, false]);
    expect(await shown()).toEqual([]);
    // A price alone does not publish.
    expect((await setPricing(browser, [{ id: products[0]!.id, price: "12.500" }], { publish: false })).status).toBe(200);
    expect(await shown()).toEqual([]);
  });

  it("'Publicar' needs a price; then the store shows it, and 'Ocultar' takes it away", async () => {
    const { browser, products, shown } = await shopFor();
    const [remera] = products;
    const refused = await browser.json("POST", "/api/products/publish", { id: remera!.id, published: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Ponle un precio a «Remera 🌸» antes de publicarlo." });
    const priced = await setPricing(browser, [{ id: remera!.id, price: "", published: true }]);
    expect(priced.status).toBe(400);

    await setPricing(browser, [{ id: remera!.id, price: "12.500" }], { publish: false });
    const published = await browser.json("POST", "/api/products/publish", { id: remera!.id, published: true });
    expect(published.status).toBe(200);
    expect(((await published.json()) as { product: Product }).product.published).toBe(true);
    expect(await shown()).toEqual([expect.objectContaining({ id: remera!.id, price: 12500 })]);

    expect((await browser.json("POST", "/api/products/publish", { id: remera!.id, published: false })).status).toBe(200);
    expect(await shown()).toEqual([]);
  });

  it("a draft of the batch's grid (no 'published') saves prices, sizes and stock and publishes or hides nothing", async () => {
    const { browser, user, products, shown } = await shopFor();
    const [remera, buzo] = products;
    await setPricing(browser, [{ id: buzo!.id, price: "9.000" }]);
    // As 'Guardar borrador' sends both rows, at once from two taps.
    const draft = () =>
      browser.json("POST", "/api/products/update-pricing", {
        products: [
          {
            id: remera!.id,
            price: "15.000",
            sizes: [
              { name: "S", stock: 3 },
              { name: "M", stock: 2 },
            ],
          },
          { id: buzo!.id, name: "Buzo canguro", price: "9.500", sizes: [{ name: "Único", stock: 4 }] },
        ],
      });
    expect((await Promise.all([draft(), draft()])).map((r) => r.status)).toEqual([200, 200]);
    const saved = await list(browser, user.id);
    expect(saved.find((p) => p.id === remera!.id)).toMatchObject({
      price: 15000,
      published: false,
      sizes: [
        { name: "S", stock: 3 },
        { name: "M", stock: 2 },
      ],
    });
    expect(saved.find((p) => p.id === buzo!.id)).toMatchObject({ name: "Buzo canguro", price: 9500, published: true });
    expect(await shown()).toEqual([expect.objectContaining({ id: buzo!.id, price: 9500 })]);
  });

  it("hides a published product whose price is removed", async () => {
    const { browser, user, products, shown } = await shopFor();
    await setPricing(browser, [{ id: products[0]!.id, price: "9.000" }]);
    expect(await shown()).toHaveLength(1);
    await setPricing(browser, [{ id: products[0]!.id, price: "" }]);
    expect(await shown()).toEqual([]);
    expect((await list(browser, user.id)).find((p) => p.id === products[0]!.id)!.published).toBe(false);
  });

  it("never publishes another seller's product", async () => {
    const mine = await shopFor();
    const theirs = await shopFor();
    await setPricing(theirs.browser, [{ id: theirs.products[0]!.id, price: "5.000" }], { publish: false });
    const response = await mine.browser.json("POST", "/api/products/publish", { id: theirs.products[0]!.id, published: true });
    expect(response.status).toBe(404);
    expect(await theirs.shown()).toEqual([]);
  });
});
