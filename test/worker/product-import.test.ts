/**
 * The catalogue import through the product core: prices in the store's money (and Tiendanube's "150.00"), the
 * export's neutralised cells read back, one product per identifier, the cap on products per seller under
 * imports fired together, and the store-money guard under a currency change fired with them.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { formatCsvPrice } from "../../worker/lib/catalogue-csv";
import { readCatalogueCsv } from "../../worker/lib/catalogue-import";
import { MAX_PRODUCTS_PER_SELLER, PRODUCT_CAP_REACHED } from "../../worker/lib/product-core/create";
import { MONEY_CHANGED } from "../../worker/lib/store-money-change";
import { IMPORT_HAS_ERRORS } from "../../worker/routes/data";
import type { Browser } from "./browser";
import { photoForm, photoOfSize } from "./fixtures";
import { seller } from "./store-helpers";

const HEADER = "Identificador de URL;Nombre;Precio;Nombre de propiedad 1;Valor de propiedad 1;Stock;Mostrar en tienda";

async function storeIn(target?: { currency: string; locale: string }) {
  const s = await seller({ phoneNumber: "+54 9 11 5555-1234" });
  if (target) expect((await s.browser.json("PUT", "/api/store-locale", target)).status).toBe(200);
  return { browser: s.browser, id: s.user.id };
}

const productsOf = async (browser: Browser, userId: string) =>
  ((await (await browser.request(`/api/products/list/${userId}`)).json()) as { products: Product[] }).products;

const importCsv = (browser: Browser, lines: string[]) => browser.json("POST", "/api/data/import", { csv: [HEADER, ...lines].join("\r\n") });

async function priceOf(browser: Browser, userId: string, name: string) {
  return (await productsOf(browser, userId)).find((p) => p.name === name)?.price;
}

describe("prices of the catalogue CSV, in the store's money", () => {
  it("reads Tiendanube's 150.00 and 89.90 as reais and centavos in a Brazilian store, and 12.500 as twelve thousand five hundred reais", async () => {
    const br = await storeIn({ currency: "BRL", locale: "pt-BR" });
    const answer = await importCsv(br.browser, [
      "vestido;Vestido Ipê;150.00;Talle;M;2;SI",
      "regata;Regata Açaí;89.90;;;;SI",
      "casaco;Casaco Inverno;12.500;;;;NO",
      "saia;Saia Midi;129,90;;;;NO",
    ]);
    expect(answer.status, await answer.clone().text()).toBe(201);
    expect(await priceOf(br.browser, br.id, "Vestido Ipê")).toBe(15000);
    expect(await priceOf(br.browser, br.id, "Regata Açaí")).toBe(8990);
    expect(await priceOf(br.browser, br.id, "Casaco Inverno")).toBe(1250000);
    expect(await priceOf(br.browser, br.id, "Saia Midi")).toBe(12990);
  });

  it("reads 89.90 and 1,299.50 in a Mexican store and asks back about 1.299", async () => {
    const mx = await storeIn({ currency: "MXN", locale: "es-MX" });
    expect((await importCsv(mx.browser, ["gorra;Gorra Tulum;89.90;;;;SI", "chamarra;Chamarra;1,299.50;;;;SI"])).status).toBe(201);
    expect(await priceOf(mx.browser, mx.id, "Gorra Tulum")).toBe(8990);
    expect(await priceOf(mx.browser, mx.id, "Chamarra")).toBe(129950);
    const ambiguous = await importCsv(mx.browser, ["bolsa;Bolsa;1.299;;;;NO"]);
    expect(ambiguous.status).toBe(400);
    expect(((await ambiguous.json()) as { errors: { line: number; message: string }[] }).errors).toEqual([
      { line: 2, message: expect.stringMatching(/^¿1\.299 es mil doscientos noventa y nueve/) },
    ]);
  });

  it("reads 12.500 and Tiendanube's 12500.00 as pesos in Argentina, and refuses cents only where the money has none", async () => {
    const ar = await storeIn();
    expect((await importCsv(ar.browser, ["buzo;Buzo Ñandú;12.500;;;;SI", "short;Short;12500.00;;;;SI"])).status).toBe(201);
    expect(await priceOf(ar.browser, ar.id, "Buzo Ñandú")).toBe(12500);
    expect(await priceOf(ar.browser, ar.id, "Short")).toBe(12500);
    const cl = await storeIn({ currency: "CLP", locale: "es-CL" });
    const refused = await importCsv(cl.browser, ["polera;Polera;12.50;;;;SI"]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/sin centavos/);
    expect((await importCsv(cl.browser, ["polera;Polera;12.500;;;;SI"])).status).toBe(201);
    expect(await priceOf(cl.browser, cl.id, "Polera")).toBe(12500);
  });

  it("writes prices as Tiendanube does: two decimals where the money has cents, whole units where it has none", () => {
    expect(formatCsvPrice(12500, { currency: "BRL", locale: "pt-BR", digits: 2 })).toBe("125.00");
    expect(formatCsvPrice(8990, { currency: "MXN", locale: "es-MX", digits: 2 })).toBe("89.90");
    expect(formatCsvPrice(12500, { currency: "ARS", locale: "es-AR", digits: 0 })).toBe("12500");
    expect(formatCsvPrice(0, { currency: "ARS", locale: "es-AR", digits: 0 })).toBe("");
  });
});

describe("what the file holds, read once", () => {
  it("takes back exactly the quote the export puts in front of a formula-like cell, and no other", async () => {
    const ar = await storeIn();
    expect(
      (await importCsv(ar.browser, ["menos;'-2+3;9.000;;;;SI", "arroba;'@SUM(A1);9.000;;;;SI", "comilla;'hola;9.000;;;;SI"])).status,
    ).toBe(201);
    expect((await productsOf(ar.browser, ar.id)).map((p) => p.name).sort()).toEqual(["'hola", "-2+3", "@SUM(A1)"]);
  });

  it("refuses an identifier used by two products, on the line where it comes back, and imports nothing", async () => {
    const ar = await storeIn();
    const lines = [
      "remera;Remera A;9.000;Talle;S;1;SI",
      "remera;;9.000;Talle;M;1;",
      "buzo;Buzo;15.000;;;;SI",
      "remera;;9.000;Talle;L;1;",
      "gorra;Gorra roja;5.000;;;;SI",
      "gorra;Gorra azul;5.000;;;;SI",
    ];
    const answer = await importCsv(ar.browser, lines);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: string; errors: { line: number; message: string }[] };
    expect(body.error).toBe(IMPORT_HAS_ERRORS);
    expect(body.errors).toEqual([
      { line: 5, message: "El identificador «remera» ya es de otro producto (línea 2): cada producto lleva el suyo." },
      { line: 7, message: "El identificador «gorra» ya es de otro producto (línea 6): cada producto lleva el suyo." },
    ]);
    expect(await productsOf(ar.browser, ar.id)).toEqual([]);
  });

  it("reads the units of a product without sizes from its one row, so they survive a round trip", () => {
    const ar = { currency: "ARS", locale: "es-AR", digits: 0 } as const;
    const read = readCatalogueCsv([HEADER, "bolso;Bolso;20000;;;7;SI", "cinto;Cinto;8000;;;;SI"].join("\n"), ar);
    expect(read.errors).toEqual([]);
    expect(read.products.map((p) => [p.name, p.stock])).toEqual([
      ["Bolso", [{ color: "", size: "", stock: 7 }]],
      ["Cinto", []],
    ]);
  });
});

describe("limits that hold under requests fired together", () => {
  it(`never lets a seller pass ${MAX_PRODUCTS_PER_SELLER} products, even with 10 imports fired together`, async () => {
    const ar = await storeIn();
    const files = Array.from({ length: 10 }, (_, f) => Array.from({ length: 250 }, (_, i) => `p-${f}-${i};Remera ${f}-${i};9.000;;;;NO`));
    const answers = await Promise.all(files.map((lines) => importCsv(ar.browser, lines)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(8).fill(201), 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(await answer.json()).toEqual({ error: PRODUCT_CAP_REACHED });
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE user_id = ?").bind(ar.id).first<number>("n");
    expect(count).toBe(MAX_PRODUCTS_PER_SELLER);
    // Every door that makes products keeps the same cap: a photo upload too.
    const upload = await ar.browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([{ bytes: photoOfSize("jpeg", 64, 3), name: "Una más.jpg" }]),
    });
    expect(upload.status).toBe(409);
    expect(await upload.json()).toEqual({ error: PRODUCT_CAP_REACHED });
  }, 120_000);

  it("never stores an import in the wrong scale when the store's currency changes at the same time", async () => {
    for (let round = 0; round < 3; round++) {
      const ar = await storeIn();
      const file = (n: number) => Array.from({ length: 20 }, (_, i) => `r${round}-${n}-${i};Remera ${n}-${i};12500;Talle;M;2;SI`);
      const [change, ...imports] = await Promise.all([
        ar.browser.json("PUT", "/api/store-locale", { currency: "MXN", locale: "es-MX" }),
        ...[1, 2, 3].map((n) => importCsv(ar.browser, file(n))),
      ]);
      expect(change!.status).toBe(200);
      for (const answer of imports) {
        expect([201, 409]).toContain(answer.status);
        if (answer.status === 409) expect(await answer.json()).toEqual({ error: MONEY_CHANGED });
      }
      // Read in pesos and rescaled with the change, or refused: 12500 is 12,500.00 Mexican pesos, never 125.00.
      const list = await productsOf(ar.browser, ar.id);
      expect(list).toHaveLength(20 * imports.filter((a) => a.status === 201).length);
      for (const product of list) expect(product.price).toBe(1250000);
    }
  });
});
