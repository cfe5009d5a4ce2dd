import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import type { Order } from "../../common/store-cart";
import { eq } from "drizzle-orm";
import { database } from "../../worker/db/client";
import { orders } from "../../worker/db/schema";
import { orderLines } from "../../worker/lib/orders";
import { isStockBelowZero, takeStock } from "../../worker/lib/stock";
import { DUPLICATE_COLOR } from "../../worker/lib/product-core/fields";
import { colorImageNotShown } from "../../worker/lib/product-core/save";
import { Browser } from "./browser";
import { addProducts, seller, setPricing, stockRows, storeData } from "./store-helpers";

interface Created {
  order: Order;
  message: string;
}

const shopper = () => new Browser();

/** 'Remera básica' in two colours with their own sizes, and 'Gorra' without colours (as before). */
async function shop() {
  const s = await seller({ phoneNumber: "+54 9 11 4000-1234" });
  const [remera, gorra] = await addProducts(s.browser, ["Remera básica", "Gorra"]);
  const response = await setPricing(s.browser, [
    {
      id: remera!.id,
      price: "12.500",
      colors: [
        {
          name: "Negro",
          image: remera!.imageUrl,
          sizes: [
            { name: "S", stock: 1 },
            { name: "M", stock: 3 },
          ],
        },
        { name: "Blanco", sizes: [{ name: "M", stock: 2 }] },
      ],
    },
    { id: gorra!.id, price: 8000, sizes: [{ name: "Único", stock: 2 }] },
  ]);
  expect(response.status, await response.clone().text()).toBe(200);
  const products = ((await response.json()) as { products: Product[] }).products;
  return { ...s, remera: products.find((p) => p.id === remera!.id)!, gorra: products.find((p) => p.id === gorra!.id)! };
}

const order = (username: string, lines: { productId: string; color?: string | null; size?: string | null; quantity: number }[]) =>
  shopper().json("POST", "/api/orders", { username, lines });

const status = (browser: Browser, id: string, next: string) => browser.json("PUT", `/api/orders/${id}/status`, { status: next });

describe("colours and stock per colour and size", () => {
  it("saves colours with their own sizes, answers them with the sizes added up, and keeps a product without colours as it was", async () => {
    const { remera, gorra } = await shop();
    expect(remera.colors).toEqual([
      {
        name: "Negro",
        image: remera.imageUrl,
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 3 },
        ],
      },
      { name: "Blanco", image: null, sizes: [{ name: "M", stock: 2 }] },
    ]);
    expect(remera.sizes).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 5 },
    ]);
    expect(gorra).toMatchObject({ colors: [], sizes: [{ name: "Único", stock: 2 }] });
    expect(await stockRows(remera.id, "Blanco")).toEqual([{ name: "M", stock: 2 }]);
    expect(await stockRows(gorra.id)).toEqual([{ name: "Único", stock: 2 }]);
  });

  it("a save without colours keeps a product's colours (its sizes are their sum, not stock); an empty list takes them away", async () => {
    const { browser, remera } = await shop();
    // What an older screen sends back: the summed sizes, no colours.
    await setPricing(browser, [{ id: remera.id, price: 12500, sizes: remera.sizes }]);
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 3 },
    ]);
    expect(await stockRows(remera.id)).toEqual([]);
    await setPricing(browser, [{ id: remera.id, price: 12500, colors: [], sizes: [{ name: "L", stock: 4 }] }]);
    expect(await stockRows(remera.id, "Negro")).toEqual([]);
    expect(await stockRows(remera.id)).toEqual([{ name: "L", stock: 4 }]);
  });

  it("refuses repeated colours and a colour picture that is not one of the store's images, saving nothing", async () => {
    const { browser, remera, gorra } = await shop();
    const twice = await setPricing(browser, [
      { id: remera.id, price: 1, colors: [{ name: "Rojo" }, { name: " rojo " }] },
      { id: gorra.id, price: 1 },
    ]);
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: DUPLICATE_COLOR });
    // Another product's photo: not among this product's store images.
    const foreign = await setPricing(browser, [{ id: remera.id, price: 1, colors: [{ name: "Azul", image: gorra.imageUrl }] }]);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ error: colorImageNotShown("Azul") });
    expect(await stockRows(remera.id, "Negro")).toHaveLength(2);
  });

  it("the product page offers each colour as a chip (its picture, a sold-out one disabled) and hands the cart each colour's sizes", async () => {
    const { browser, username, remera, gorra } = await shop();
    const saved = await setPricing(browser, [
      {
        id: remera.id,
        price: "12.500",
        colors: [...remera.colors, { name: "Rojo <b>", sizes: [{ name: "M", stock: 0 }] }],
      },
    ]);
    expect(saved.status).toBe(200);
    const html = await (await shopper().request(`/u/${username}/p/${remera.id}`)).text();
    const chips = /<fieldset class="pick colors">([\s\S]*?)<\/fieldset>/.exec(html)?.[1] ?? "";
    // The colour with a picture points the gallery at it; the one without stock cannot be chosen; names stay text.
    expect(chips).toContain('value="Negro" data-picture="0">');
    expect(chips).toContain('value="Blanco">');
    expect(chips).toContain('value="Rojo &#60;b&#62;" disabled><span><s>Rojo &#60;b&#62;</s> Sin stock</span>');
    expect(storeData(html).products[0]!.colors).toEqual([
      {
        name: "Negro",
        image: remera.imageUrl,
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 3 },
        ],
      },
      { name: "Blanco", image: null, sizes: [{ name: "M", stock: 2 }] },
      { name: "Rojo <b>", image: null, sizes: [{ name: "M", stock: 0 }] },
    ]);
    // Without JavaScript the product's WhatsApp link asks for a colour among those in stock.
    expect(html).toContain(encodeURIComponent("Color: (elige uno: Negro, Blanco)\nTalle: (elige uno: S, M)"));
    // The store's card names the colours; a product without colours has neither chips nor a colour line.
    const store = await (await shopper().request(`/u/${username}`)).text();
    expect(store).toContain('<p class="colors">Colores: Negro, Blanco, Rojo &#60;b&#62;</p>');
    const plain = await (await shopper().request(`/u/${username}/p/${gorra.id}`)).text();
    expect(plain).not.toContain("pick colors");
    expect(storeData(plain).products[0]!.colors).toEqual([]);
  });

  it("orders a colour and size, says both in the message, and refuses a colour the product lacks or none at all", async () => {
    const { username, remera, gorra } = await shop();
    const placed = await order(username, [
      { productId: remera.id, color: "Negro", size: "M", quantity: 2 },
      { productId: gorra.id, size: "Único", quantity: 1 },
    ]);
    expect(placed.status).toBe(201);
    const { order: saved, message } = (await placed.json()) as Created;
    expect(saved.lines).toEqual([
      { productId: remera.id, name: "Remera básica", color: "Negro", size: "M", quantity: 2, unitPrice: 12500, code: remera.code },
      { productId: gorra.id, name: "Gorra", color: null, size: "Único", quantity: 1, unitPrice: 8000, code: gorra.code },
    ]);
    expect(message).toContain(
      `• Remera básica (Color: Negro, Talle: M) x 2 - $12.500 c/u · Cód. ${remera.code}\n• Gorra (Talle: Único) x 1 - $8.000 c/u · Cód. ${gorra.code}`,
    );

    const refused: [unknown[], number, string][] = [
      [[{ productId: remera.id, size: "M", quantity: 1 }], 400, "Elige un color de Remera básica."],
      [[{ productId: remera.id, color: "Rojo", size: "M", quantity: 1 }], 400, "El color Rojo no existe para Remera básica."],
      [
        [{ productId: remera.id, color: "Blanco", size: "S", quantity: 1 }],
        400,
        "El talle S no existe para Remera básica (Color: Blanco).",
      ],
      [
        [{ productId: remera.id, color: "Blanco", size: "M", quantity: 3 }],
        409,
        "De Remera básica (Color: Blanco, Talle: M) solo quedan 2 unidades.",
      ],
      [[{ productId: gorra.id, color: "Negro", size: "Único", quantity: 1 }], 400, "El color Negro no existe para Gorra."],
    ];
    for (const [lines, code, error] of refused) {
      const response = await shopper().json("POST", "/api/orders", { username, lines });
      expect(response.status, error).toBe(code);
      expect(await response.json()).toEqual({ error });
    }
  });

  it("the last unit of a colour and size sells once when confirmations race; other colours keep theirs", async () => {
    const { browser, username, remera } = await shop();
    // Negro S has 1: three orders for it, and one for Blanco M.
    const placed = await Promise.all([
      ...[1, 2, 3].map(() => order(username, [{ productId: remera.id, color: "Negro", size: "S", quantity: 1 }])),
      order(username, [{ productId: remera.id, color: "Blanco", size: "M", quantity: 2 }]),
    ]);
    const ids = await Promise.all(placed.map(async (r) => ((await r.json()) as Created).order.id));
    const confirms = await Promise.all(ids.map((id) => status(browser, id, "confirmado")));
    expect(
      confirms
        .slice(0, 3)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 409, 409]);
    expect(confirms[3]!.status).toBe(200);
    const refused = confirms.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^No hay stock suficiente para confirmar este pedido: Remera básica \(Color: Negro, Talle: S\): pide 1, sin stock/,
    );
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 0 },
      { name: "M", stock: 3 },
    ]);
    expect(await stockRows(remera.id, "Blanco")).toEqual([{ name: "M", stock: 0 }]);
  });

  it("an order whose colour the seller removed cannot be confirmed and takes nothing", async () => {
    const { browser, username, remera } = await shop();
    const placed = (await (
      await order(username, [
        { productId: remera.id, color: "Negro", size: "M", quantity: 1 },
        { productId: remera.id, color: "Blanco", size: "M", quantity: 1 },
      ])
    ).json()) as Created;
    await setPricing(browser, [{ id: remera.id, price: 12500, colors: [{ name: "Negro", sizes: [{ name: "M", stock: 3 }] }] }]);
    const refused = await status(browser, placed.order.id, "confirmado");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { shortages: unknown[] }).shortages).toEqual([
      { productId: remera.id, name: "Remera básica", color: "Blanco", size: "M", asked: 1, left: 0, gone: true },
    ]);
    expect(await stockRows(remera.id, "Negro")).toEqual([{ name: "M", stock: 3 }]);
  });

  it("the confirming batch itself aborts for a combination that is gone, taking nothing (not only the readable check before it)", async () => {
    const { username, remera, user } = await shop();
    const placed = (await (
      await order(username, [
        { productId: remera.id, color: "Negro", size: "M", quantity: 1 },
        { productId: remera.id, color: "Blanco", size: "M", quantity: 1 },
      ])
    ).json()) as Created;
    // The seller's save lands between the check and the batch: Blanco is gone.
    await env.DB.prepare("DELETE FROM product_stock WHERE product_id = ? AND color = 'Blanco'").bind(remera.id).run();
    const db = database(env.DB);
    const row = await db.select().from(orders).where(eq(orders.id, placed.order.id)).get();
    const take = takeStock(db, { id: row!.id, sellerId: user.id, status: row!.status, lines: orderLines(row!) });
    const failure = await db.batch([take[0]!, ...take.slice(1)]).catch((err: unknown) => err);
    expect(isStockBelowZero(failure)).toBe(true);
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 3 },
    ]);
    expect(await stockRows(remera.id, "Blanco")).toEqual([]);
  });

  it("cancelling a confirmed order gives its stock back once, even when the cancel is sent five times at once", async () => {
    const { browser, username, remera, gorra } = await shop();
    const placed = (await (
      await order(username, [
        { productId: remera.id, color: "Negro", size: "M", quantity: 2 },
        { productId: gorra.id, size: "Único", quantity: 1 },
      ])
    ).json()) as Created;
    expect((await status(browser, placed.order.id, "confirmado")).status).toBe(200);
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 1 },
    ]);
    const cancels = await Promise.all([1, 2, 3, 4, 5].map(() => status(browser, placed.order.id, "cancelado")));
    expect(cancels.every((r) => r.status === 200)).toBe(true);
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 3 },
    ]);
    expect(await stockRows(gorra.id)).toEqual([{ name: "Único", stock: 2 }]);
    const row = await env.DB.prepare("SELECT status, stock_taken_at, stock_returned_at FROM orders WHERE id = ?")
      .bind(placed.order.id)
      .first();
    expect(row).toMatchObject({ status: "cancelado" });
    expect(row!.stock_returned_at).toBeGreaterThanOrEqual(row!.stock_taken_at as number);
    // A new order cancelled never took stock and gives nothing back.
    const fresh = (await (await order(username, [{ productId: gorra.id, size: "Único", quantity: 2 }])).json()) as Created;
    expect((await status(browser, fresh.order.id, "cancelado")).status).toBe(200);
    expect(await stockRows(gorra.id)).toEqual([{ name: "Único", stock: 2 }]);
  });

  it("an order of two colours of one product, cancelled after it was sent (five cancels at once), gives each colour its own units back once", async () => {
    const { browser, username, remera } = await shop();
    const placed = (await (
      await order(username, [
        { productId: remera.id, color: "Negro", size: "M", quantity: 2 },
        { productId: remera.id, color: "Blanco", size: "M", quantity: 1 },
      ])
    ).json()) as Created;
    // A second order of the same colour and size stays confirmed: its units must stay taken.
    const other = (await (await order(username, [{ productId: remera.id, color: "Negro", size: "M", quantity: 1 }])).json()) as Created;
    for (const next of ["confirmado", "pagado", "enviado"]) expect((await status(browser, placed.order.id, next)).status).toBe(200);
    expect((await status(browser, other.order.id, "confirmado")).status).toBe(200);
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 0 },
    ]);
    expect(await stockRows(remera.id, "Blanco")).toEqual([{ name: "M", stock: 1 }]);

    const cancels = await Promise.all([1, 2, 3, 4, 5].map(() => status(browser, placed.order.id, "cancelado")));
    expect(cancels.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockRows(remera.id, "Negro")).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 2 },
    ]);
    expect(await stockRows(remera.id, "Blanco")).toEqual([{ name: "M", stock: 2 }]);
  });

  it("a cancel racing a confirmation leaves the stock as the winner's story says", async () => {
    const { browser, username, gorra } = await shop();
    const placed = (await (await order(username, [{ productId: gorra.id, size: "Único", quantity: 1 }])).json()) as Created;
    const [confirm, cancel] = await Promise.all([
      status(browser, placed.order.id, "confirmado"),
      status(browser, placed.order.id, "cancelado"),
    ]);
    const final = (await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(placed.order.id).first<string>("status"))!;
    const [left] = await stockRows(gorra.id);
    // Either cancelled before confirming (nothing taken), confirmed then cancelled (given back), or confirmed only.
    if (final === "cancelado") expect(left!.stock).toBe(2);
    else expect(left!.stock).toBe(1);
    expect([confirm.status, cancel.status]).toContain(200);
  });
});

describe("products from before colours", () => {
  it("the migration moves each size's stock into product_stock as the one implicit colour, and they sell as before", async () => {
    const { browser, username, user } = await seller();
    const id = `old${Date.now().toString(36)}`;
    // A product as it was saved before colours: stock in products.sizes only.
    await env.DB.prepare("INSERT INTO products (id, user_id, name, price, sizes, published) VALUES (?, ?, ?, ?, ?, 1)")
      .bind(
        id,
        user.id,
        "Buzo viejo",
        20000,
        JSON.stringify([
          { name: "M", stock: 3 },
          { name: "L", stock: 0 },
          { name: " ", stock: 9 },
        ]),
      )
      .run();
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.includes("stock_per_color_backfill"))!;
    for (const query of backfill.queries) await env.DB.prepare(query).run();
    expect(await stockRows(id)).toEqual([
      { name: "M", stock: 3 },
      { name: "L", stock: 0 },
    ]);
    const listed = ((await (await browser.request(`/api/products/get/${id}`)).json()) as { product: Product }).product;
    expect(listed).toMatchObject({
      colors: [],
      sizes: [
        { name: "M", stock: 3 },
        { name: "L", stock: 0 },
      ],
    });
    const placed = await order(username, [{ productId: id, size: "M", quantity: 3 }]);
    expect(placed.status).toBe(201);
    const created = (await placed.json()) as Created;
    expect((await status(browser, created.order.id, "confirmado")).status).toBe(200);
    expect(await stockRows(id)).toEqual([
      { name: "M", stock: 0 },
      { name: "L", stock: 0 },
    ]);
  });
});

describe("the feed with colours", () => {
  it("lists each colour and size as a variant with color, item_group_id, its own image and a link that picks it", async () => {
    const { username, remera } = await shop();
    const xml = await (await new Browser().request(`/u/${username}/feed.xml`)).text();
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    const field = (item: string, name: string) => new RegExp(`<g:${name}>([^<]*)</g:${name}>`).exec(item)?.[1];
    const variants = items.filter((i) => field(i, "item_group_id") === remera.id);
    expect(variants.map((i) => [field(i, "id"), field(i, "color"), field(i, "size"), field(i, "availability")])).toEqual([
      [`${remera.id}-Negro-S`, "Negro", "S", "in_stock"],
      [`${remera.id}-Negro-M`, "Negro", "M", "in_stock"],
      [`${remera.id}-Blanco-M`, "Blanco", "M", "in_stock"],
    ]);
    expect(field(variants[0]!, "title")).toBe("Remera básica - Negro - Talle S");
    expect(field(variants[0]!, "item_group_title")).toBe("Remera básica");
    expect(field(variants[0]!, "link")).toMatch(new RegExp(`/u/${username}/p/${remera.id}\\?color=Negro&#38;talle=S$`));
    expect(field(variants[0]!, "image_link")).toMatch(new RegExp(`${remera.imageUrl}$`));
    expect(variants[0]).toContain("<g:variant_option><g:name>Color</g:name><g:value>Negro</g:value></g:variant_option>");
    expect(variants[0]).toContain("<g:variant_option><g:name>Talle</g:name><g:value>S</g:value></g:variant_option>");
    for (const v of variants) expect(field(v, "id")!.length).toBeLessThanOrEqual(50);
  });

  it("keeps ids within Google's 50 characters for the longest colour and size names", async () => {
    const s = await seller();
    const [p] = await addProducts(s.browser, ["Vestido"]);
    const color = "Verde agua con lunares blancos"; // 30, the longest a colour may be
    const size = "Único talle regulabl"; // 20
    expect(
      (await setPricing(s.browser, [{ id: p!.id, price: 1000, colors: [{ name: color, sizes: [{ name: size, stock: 1 }] }] }])).status,
    ).toBe(200);
    const xml = await (await new Browser().request(`/u/${s.username}/feed.xml`)).text();
    const id = /<g:id>([^<]*)<\/g:id>/.exec(xml)![1]!;
    expect(id.length).toBeLessThanOrEqual(50);
    expect(id.startsWith(`${p!.id}-`)).toBe(true);
    // Stable from one read to the next: Merchant Center keeps a variant's history by it.
    const again = await (await new Browser().request(`/u/${s.username}/feed.xml`)).text();
    expect(/<g:id>([^<]*)<\/g:id>/.exec(again)![1]).toBe(id);
  });
});
