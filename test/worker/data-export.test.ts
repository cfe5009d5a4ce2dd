import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product } from "../../common/product";
import worker from "../../worker/index";
import { parseCsv, TIENDANUBE_COLUMNS } from "../../worker/lib/catalogue-csv";
import { exportKey } from "../../worker/lib/data-export";
import { DATA_EXPORTS_QUEUE, type DataExportMessage } from "../../worker/lib/data-export-message";
import { overrideProviderForTests } from "../../worker/providers/select";
import { EXPORT_LINK_INVALID, EXPORT_NOT_FOUND, IMPORT_HAS_ERRORS } from "../../worker/routes/data";
import { Browser, count, register } from "./browser";
import { controlledProvider, type Seller, smallSeller } from "./isolation-world";

/** The outbox prints each mail for `npm run dev`; here it is read from the table, not printed. */
beforeAll(() => {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

type ExportView = { export: { id: string; state: "building" | "ready" | "failed"; url: string | null } | null };

async function readyExport(browser: Browser): Promise<{ id: string; url: string }> {
  const asked = await browser.request("/api/data/exports", { method: "POST" });
  expect(asked.status).toBe(202);
  return vi.waitFor(
    async () => {
      const { export: latest } = (await (await browser.request("/api/data/exports/latest")).json()) as ExportView;
      if (latest?.state !== "ready" || !latest.url) throw new Error("not ready yet");
      return { id: latest.id, url: latest.url };
    },
    { timeout: 60_000, interval: 100 },
  );
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const csvOf = (files: Record<string, Uint8Array>, name: string) => parseCsv(new TextDecoder().decode(files[name]));

let seller: Seller;
let zip: Record<string, Uint8Array>;
let link: { id: string; url: string };

beforeAll(async () => {
  controlledProvider();
  seller = await smallSeller();
  link = await readyExport(seller.browser);
  const response = await seller.browser.request(pathOf(link.url));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="vidriera-mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/);
  zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
  // A seller with a generation, an order and a payment, then the queue's build: more than vitest's 10 s hook budget.
}, 180_000);
afterAll(() => overrideProviderForTests(undefined));

describe("'Descargar mis datos'", () => {
  it("holds the catalogue in Tiendanube's columns, the photos, the orders with their lines and the credits history", async () => {
    const products = csvOf(zip, "productos.csv");
    expect(products[0]).toEqual([...TIENDANUBE_COLUMNS]);
    const at = (column: string) => TIENDANUBE_COLUMNS.indexOf(column as (typeof TIENDANUBE_COLUMNS)[number]);
    const gorro = products[1]!;
    expect(gorro[at("Nombre")]).toBe("Gorro Esmeralda");
    // Whole pesos as Tiendanube writes them, and the product's handle as its identifier.
    expect(gorro[at("Precio")]).toBe("9000");
    const handle = await env.DB.prepare("SELECT handle FROM products WHERE id = ?").bind(seller.products[0]!.id).first<string>("handle");
    expect(gorro[at("Identificador de URL")]).toBe(handle);
    expect(handle).toMatch(/^gorro-esmeralda-[a-z0-9]{6}$/);
    expect(gorro[at("Mostrar en tienda")]).toBe("SI");
    expect([gorro[at("Nombre de propiedad 1")], gorro[at("Valor de propiedad 1")], gorro[at("Stock")]]).toEqual(["Talle", "Único", "3"]);

    // The seller's photo and the generated images, byte for byte as stored, named by the product's code and name.
    const original = Object.keys(zip).filter((name) => name.startsWith("fotos/originales/"));
    const generated = Object.keys(zip).filter((name) => name.startsWith("fotos/generadas/"));
    const code = await env.DB.prepare("SELECT code FROM products WHERE user_id = ?").bind(seller.id).first<string>("code");
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);
    expect(original).toHaveLength(1);
    expect(original[0]).toMatch(new RegExp(`^fotos/originales/${code} Gorro Esmeralda\\.(jpg|jpeg|webp|png)$`));
    expect(generated).toHaveLength(seller.images.size);
    expect(generated[0]).toMatch(new RegExp(`^fotos/generadas/${code} Gorro Esmeralda\\.(jpg|jpeg|webp|png)$`));
    const [imageKey] = [...seller.images.values()];
    const stored = new Uint8Array(await (await env.IMAGES.get(imageKey!))!.arrayBuffer());
    expect(generated.some((name) => zip[name]!.length === stored.length && zip[name]!.every((b, i) => b === stored[i]))).toBe(true);

    const orders = csvOf(zip, "pedidos.csv");
    expect(orders.slice(1).map((row) => row[0])).toEqual(seller.orders.map((o) => o.code));
    const lines = csvOf(zip, "lineas-de-pedidos.csv");
    expect(lines[0]).toEqual(["Pedido", "Producto", "Color", "Talle", "Cantidad", "Moneda", "Precio unitario", "Subtotal"]);
    expect(lines.slice(1)).toEqual([[seller.orders[0]!.code, "Gorro Esmeralda", "", "Único", "1", "ARS", "9000", "9000"]]);

    const credits = csvOf(zip, "creditos.csv");
    // The column holds credits moved (a generation's debit, a pack's credit), not a count of images.
    expect(credits[0]).toEqual(["Fecha (UTC)", "Movimiento", "Créditos", "Saldo después"]);
    const balance = await env.DB.prepare("SELECT credits FROM users WHERE id = ?").bind(seller.id).first<number>("credits");
    expect(credits.at(-1)!.at(-1)).toBe(String(balance));
    expect(credits.slice(1).reduce((sum, row) => sum + Number(row[2]), 0)).toBe(balance);
  });

  it("tells the seller by e-mail, with the same kind of link", async () => {
    const mail = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(seller.email)
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe("Tus datos de Vidriera están listos");
    expect(mail!.text).toContain(`/api/data/exports/${link.id}/download?token=`);
  });

  it("opens only for its seller, signed in, with its own signed link", async () => {
    const other = new Browser();
    await register(other);
    const foreign = await other.request(pathOf(link.url));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: EXPORT_NOT_FOUND });
    expect((await new Browser().request(pathOf(link.url))).status).toBe(401);
    // One character of the signature changed: its first, whose six bits all count (the last's two low bits do
    // not, so a change there can decode to the same signature: "…xw" and "…xx" are one signature).
    const token = link.url.split("token=")[1]!;
    const at = token.lastIndexOf(".") + 1;
    const changed = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
    const tampered = await seller.browser.request(`/api/data/exports/${link.id}/download?token=${changed}`);
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toEqual({ error: EXPORT_LINK_INVALID });
  });

  it("does nothing a second time when the queue delivers its message again", async () => {
    const before = await env.DATA.head(exportKey(seller.id, link.id));
    const mails = await count("email_outbox", '"to" = ?1', seller.email);
    const batch = createMessageBatch<DataExportMessage>(DATA_EXPORTS_QUEUE, [
      { id: "again", timestamp: new Date(), attempts: 2, body: { exportId: link.id, userId: seller.id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([]);
    expect((await env.DATA.head(exportKey(seller.id, link.id)))!.etag).toBe(before!.etag);
    expect(await count("email_outbox", '"to" = ?1', seller.email)).toBe(mails);
  });
});

describe("importing a catalogue CSV", () => {
  const productsOf = async (browser: Browser, userId: string) =>
    ((await (await browser.request(`/api/products/list/${userId}`)).json()) as { products: Product[] }).products;

  it("brings back the exported catalogue: names, prices, published and stock", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const csv = new TextDecoder().decode(zip["productos.csv"]);
    const imported = await browser.json("POST", "/api/data/import", { csv });
    expect(imported.status).toBe(201);
    expect(await imported.json()).toEqual({ imported: 1, created: 1, updated: 0 });
    const [gorro] = await productsOf(browser, user.id);
    expect(gorro).toMatchObject({ name: "Gorro Esmeralda", price: 9000, published: true, sizes: [{ name: "Único", stock: 3 }] });
  });

  it("re-importing the seller's own export updates the products it names: nothing duplicated, stock unchanged, the same file back", async () => {
    const csv = new TextDecoder().decode(zip["productos.csv"]);
    const gorro = seller.products[0]!;
    const before = await count("products", "user_id = ?1", seller.id);
    // Fired together: each one updates, none adds a copy.
    const answers = await Promise.all([1, 2, 3].map(() => seller.browser.json("POST", "/api/data/import", { csv })));
    for (const answer of answers) expect(await answer.json()).toEqual({ imported: 1, created: 0, updated: 1 });
    expect(await count("products", "user_id = ?1", seller.id)).toBe(before);
    const [again] = await productsOf(seller.browser, seller.id);
    expect(again).toMatchObject({ id: gorro.id, name: "Gorro Esmeralda", price: 9000, published: true });
    expect(again!.sizes).toEqual([{ name: "Único", stock: 3 }]);
    // The store keeps showing the picture it showed (the import never touches the product's images).
    expect(again!.storeImageURLs).toEqual([again!.generatedImageUrl]);
    const next = await readyExport(seller.browser);
    const files = unzipSync(new Uint8Array(await (await seller.browser.request(pathOf(next.url))).arrayBuffer()));
    expect(new TextDecoder().decode(files["productos.csv"])).toBe(csv);
  });

  it("reads prices the Argentine way and colours with their sizes", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const csv = [
      "Identificador de URL;Nombre;Categorías;Nombre de propiedad 1;Valor de propiedad 1;Nombre de propiedad 2;Valor de propiedad 2;Precio;Stock;Mostrar en tienda",
      "campera-nube;Campera Ñandú ☁️;Abrigos;Color;Azul petróleo;Talle;M;12.500;4;SI",
      "campera-nube;;;Color;Azul petróleo;Talle;L;12.500;2;",
      "campera-nube;;;Color;Crudo;Talle;M;12.500;0;",
      "remera-lisa;Remera lisa;Remeras;;;;;8500.00;;NO",
    ].join("\n");
    const response = await browser.json("POST", "/api/data/import", { csv });
    expect(response.status).toBe(201);
    const list = await productsOf(browser, user.id);
    const campera = list.find((p) => p.name === "Campera Ñandú ☁️")!;
    expect(campera.price).toBe(12500);
    expect(campera.colors.map((c) => [c.name, c.sizes])).toEqual([
      [
        "Azul petróleo",
        [
          { name: "M", stock: 4 },
          { name: "L", stock: 2 },
        ],
      ],
      ["Crudo", [{ name: "M", stock: 0 }]],
    ]);
    expect(list.find((p) => p.name === "Remera lisa")).toMatchObject({ price: 8500, published: false });
  });

  it("lists every error by its line and imports nothing, not even the good lines", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const csv = [
      "Identificador de URL;Nombre;Precio;Nombre de propiedad 1;Valor de propiedad 1;Stock",
      "buzo-bien;Buzo bien;15.000;Talle;M;2",
      "short-mal;Short;12,5;Talle;S;1",
      "sin-nombre;;9.000;;;",
      "short-mal;;;Talle;M;-3",
    ].join("\r\n");
    const response = await browser.json("POST", "/api/data/import", { csv });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; errors: { line: number; message: string }[] };
    expect(body.error).toBe(IMPORT_HAS_ERRORS);
    expect(body.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(body.errors[0]!.message).toMatch(/centavos/);
    expect(body.errors[1]!.message).toBe("Falta el nombre del producto.");
    expect(await count("products", "user_id = ?1", user.id)).toBe(0);
  });
});
