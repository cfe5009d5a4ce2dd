import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { drawImage, newPage, signInTo, STATE_MS, useChromium, useSeller } from "./chromium";
import { expectSeen, expectTappable, tap } from "./seen";

const chromium = useChromium();
const seller = useSeller("misdatos");

/** Fields of a ";"-separated CSV line without quotes (what these rows hold). */
const fields = (line: string) => line.replace(/^\ufeff/, "").split(";");

describe("'Descargar mis datos' in /settings on a phone", () => {
  it("builds the ZIP in the background, links it on screen, and the ZIP opens with the catalogue's CSV", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, seller);
    const buffer = await drawImage(page, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: "Buzo Añil.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status()).toBe(201);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Tus datos" });
    // The ask's answer first: a wait for the link alone could not tell a lost tap from a slow build.
    const [asked] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/data/exports") && r.request().method() === "POST"),
      tap(section.getByRole("button", { name: "Descargar mis datos" })),
    ]);
    expect(asked.status()).toBe(202);
    const link = section.getByRole("link", { name: "Descargar el archivo ZIP" });
    await link.waitFor({ timeout: STATE_MS });
    await expectSeen(section.getByText("Tu archivo está listo."));
    await expectClean(page, "/settings, Tus datos");

    const [download] = await Promise.all([page.waitForEvent("download"), tap(link)]);
    expect(download.suggestedFilename()).toMatch(/^vidriera-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["productos.csv", "pedidos.csv", "lineas-de-pedidos.csv", "creditos.csv"]));
    const products = new TextDecoder().decode(files["productos.csv"]).trim().split("\r\n");
    expect(fields(products[0]!).slice(0, 3)).toEqual(["Identificador de URL", "Nombre", "Categorías"]);
    expect(fields(products[1]!)[1]).toBe("Buzo Añil");
    expect(Object.keys(files).filter((name) => name.startsWith("fotos/originales/"))).toHaveLength(1);
    const credits = new TextDecoder().decode(files["creditos.csv"]).trim().split("\r\n");
    expect(fields(credits[0]!)).toEqual(["Fecha (UTC)", "Movimiento", "Créditos", "Saldo después"]);
    expect(credits.length).toBeGreaterThan(1);
    await context.close();
  });

  it("says when an export failed, and its button asks again", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, seller);
    // A build that failed (its upload refused by R2, say): what the Worker answers for it, played by the route.
    const failed = { export: { id: "x", state: "failed", url: null } };
    await page.route("**/api/data/exports/latest", (route) => route.fulfill({ json: failed }));
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Tus datos" });
    await expectSeen(section.getByText("No pudimos preparar tu archivo. Pídelo de nuevo con el botón «Descargar mis datos»."));
    const button = section.getByRole("button", { name: "Descargar mis datos" });
    await expectTappable(button);
    expect(await button.isEnabled()).toBe(true);
    await page.unroute("**/api/data/exports/latest");
    const [asked] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/data/exports") && r.request().method() === "POST"),
      tap(button),
    ]);
    expect(asked.status()).toBe(202);
    await expectSeen(section.getByRole("link", { name: "Descargar el archivo ZIP" }));
    await context.close();
  });

  it("imports a catalogue CSV, and lists a broken file's errors by line without importing anything", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, seller);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Tus datos" });
    const input = section.getByLabel("Elegir archivo CSV");
    const broken = "Identificador de URL;Nombre;Precio\nremera-bien;Remera bien;12.500\nremera-mal;Remera mal;12,50\n";
    await input.setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(broken) });
    await expectSeen(section.getByText("Línea 3: Los precios en pesos van sin centavos"));

    const good = "Identificador de URL;Nombre;Precio\nremera-bien;Remera Nube;12.500\n";
    await input.setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    // A toast that leaves after two seconds: a scroll-and-look check would race its exit, so its arrival is what is
    // waited for, and the product list below is the outcome checked.
    await page.getByText("Importamos 1 producto").waitFor();
    const me = (await (await page.request.get("/api/auth/profile")).json()) as { user: { id: string } };
    const listed = (await (await page.request.get(`/api/products/list/${me.user.id}`)).json()) as { products: { name: string }[] };
    const names = listed.products.map((p) => p.name);
    expect(names).toContain("Remera Nube");
    expect(names).not.toContain("Remera bien");
    await context.close();
  });
});
