/**
 * Size guides: saved for a category or a product, shown on the product page beside the sizes in the store's
 * words (the product's own guide before its category's), refreshed on the cached page at once, bounded per
 * store even when many are saved together, and refused with the reason when a table does not add up.
 */
import { describe, expect, it } from "vitest";
import { MAX_GUIDES, type SizeGuide } from "../../common/size-guides";
import { GUIDE_TAKEN, TOO_MANY_GUIDES } from "../../worker/lib/size-guides";
import { Browser } from "./browser";
import { addProducts, seller, setPricing, storeData } from "./store-helpers";

const tops = {
  title: "Remeras",
  scope: { category: "Remeras" },
  unit: "cm",
  measures: ["Pecho", "Largo"],
  rows: [
    { size: "S", values: ["88–92", "68"] },
    { size: "M", values: ["96–100", "70"] },
  ],
  note: "La modelo mide 1,70 m y usa talle S.",
};

async function store() {
  const s = await seller();
  const [remera, buzo] = await addProducts(s.browser, ["Remera", "Buzo"]);
  const priced = await s.browser.json("POST", "/api/products/update-pricing", {
    products: [
      { id: remera!.id, price: "12.500", sizes: [{ name: "S", stock: 2 }], category: "Remeras", published: true },
      { id: buzo!.id, price: "25.000", sizes: [{ name: "M", stock: 1 }], category: "Remeras", published: true },
    ],
  });
  expect(priced.status, await priced.clone().text()).toBe(200);
  return { ...s, remera: remera!, buzo: buzo! };
}

const page = async (path: string) => (await new Browser().request(path)).text();
const guideOf = (html: string) => /<details class="guide" id="guia-de-talles">([\s\S]*?)<\/details>/.exec(html)?.[1] ?? null;

describe("size guides", () => {
  it("shows the category's guide on its products' pages, and a product's own guide before it", async () => {
    const { browser, username, remera, buzo } = await store();
    const created = await browser.json("POST", "/api/size-guides", tops);
    expect(created.status, await created.clone().text()).toBe(201);

    const remeraPage = await page(`/u/${username}/p/${remera.id}`);
    const guide = guideOf(remeraPage)!;
    expect(guide).toContain("<summary>Guía de talles</summary>");
    expect(guide).toContain("<caption>Medidas en cm</caption>");
    expect(guide).toContain('<th scope="col">Talle</th><th scope="col">Pecho</th><th scope="col">Largo</th>');
    expect(guide).toContain('<th scope="row">M</th><td>96–100</td><td>70</td>');
    expect(guide).toContain('<p class="guide-note">La modelo mide 1,70 m y usa talle S.</p>');

    const own = await browser.json("POST", "/api/size-guides", {
      ...tops,
      title: "Buzo oversize",
      scope: { productId: buzo.id },
      measures: ["Pecho"],
      rows: [{ size: "M", values: ["110"] }],
    });
    expect(own.status).toBe(201);
    // The cached page of the product changes at once: saving a guide renews the store's pages.
    expect(guideOf(await page(`/u/${username}/p/${buzo.id}`))).toContain('<th scope="row">M</th><td>110</td>');
    expect(guideOf(await page(`/u/${username}/p/${remera.id}`))).toContain("<td>96–100</td>");

    const { guides } = (await (await browser.request("/api/size-guides")).json()) as { guides: SizeGuide[] };
    expect(guides.map((g) => g.title)).toEqual(["Buzo oversize", "Remeras"]);
    // The store page tells its size picker which products have a guide to link to.
    const listed = storeData(await page(`/u/${username}`)).products;
    expect(listed.map((p) => [p.id, p.sizeGuide ?? false]).sort()).toEqual(
      [
        [remera.id, true],
        [buzo.id, true],
      ].sort(),
    );
    const removed = await browser.request(`/api/size-guides/${((await created.json()) as { guide: SizeGuide }).guide.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    expect(guideOf(await page(`/u/${username}/p/${remera.id}`))).toBeNull();
    const after = storeData(await page(`/u/${username}`)).products;
    expect(after.find((p) => p.id === remera.id)?.sizeGuide).toBeUndefined();
    expect(after.find((p) => p.id === buzo.id)?.sizeGuide).toBe(true);
  });

  it("reads in the store's language and words", async () => {
    const s = await seller({ phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
    expect((await s.browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" })).status).toBe(200);
    const [vestido] = await addProducts(s.browser, ["Vestido"]);
    expect(
      (await setPricing(s.browser, [{ id: vestido!.id, price: "129,90", published: true, sizes: [{ name: "P", stock: 1 }] }])).status,
    ).toBe(200);
    const saved = await s.browser.json("POST", "/api/size-guides", {
      ...tops,
      title: "Vestidos",
      scope: { productId: vestido!.id },
      rows: [{ size: "P", values: ["86", "90"] }],
      note: "A modelo tem 1,70 m e veste P.",
    });
    expect(saved.status).toBe(201);
    const guide = guideOf(await page(`/u/${s.username}/p/${vestido!.id}`))!;
    expect(guide).toContain("<summary>Guia de tamanhos</summary>");
    expect(guide).toContain("<caption>Medidas em cm</caption>");
    expect(guide).toContain('<th scope="col">Tamanho</th>');
  });

  it("refuses what does not add up, cleans what it keeps, and never another seller's product", async () => {
    const { browser, buzo } = await store();
    const refuse = async (body: unknown, error: string) => {
      const response = await browser.json("POST", "/api/size-guides", body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    };
    await refuse({ ...tops, rows: [{ size: "S", values: ["88"] }] }, "Cada talle tiene que tener un valor por medida.");
    await refuse({ ...tops, rows: [...tops.rows, { size: "m", values: ["1", "2"] }] }, "Hay talles repetidos en la guía.");
    await refuse({ ...tops, measures: [] }, "Agrega al menos una medida.");
    await refuse({ ...tops, title: " \u200b " }, "Ponle un nombre a la guía.");
    await refuse({ ...tops, unit: "mm" }, "Elige la unidad de las medidas.");

    const saved = await browser.json("POST", "/api/size-guides", {
      ...tops,
      title: "Re\u202Emeras\u0000 🧵",
      measures: ["Pe\u200Bcho", "Largo"],
    });
    expect(saved.status).toBe(201);
    expect(((await saved.json()) as { guide: SizeGuide }).guide).toMatchObject({ title: "Remeras 🧵", measures: ["Pecho", "Largo"] });
    expect((await browser.json("POST", "/api/size-guides", tops)).status).toBe(409);
    expect(((await (await browser.json("POST", "/api/size-guides", tops)).json()) as { error: string }).error).toBe(GUIDE_TAKEN);

    const other = await seller();
    const foreign = await other.browser.json("POST", "/api/size-guides", { ...tops, scope: { productId: buzo.id } });
    expect(foreign.status).toBe(404);
    expect((await other.browser.request("/api/size-guides")).status).toBe(200);
  });

  it(`keeps a store to ${MAX_GUIDES} guides when many are saved at once`, async () => {
    const { browser } = await store();
    const answers = await Promise.all(
      Array.from({ length: MAX_GUIDES + 6 }, (_, i) =>
        browser.json("POST", "/api/size-guides", { ...tops, title: `Guía ${i}`, scope: { category: `Categoría ${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_GUIDES);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(6);
    expect(((await refused[0]!.json()) as { error: string }).error).toBe(TOO_MANY_GUIDES);
    const { guides } = (await (await browser.request("/api/size-guides")).json()) as { guides: SizeGuide[] };
    expect(guides).toHaveLength(MAX_GUIDES);
  });
});
