/**
 * A new seller's steps as a phone shows them, at 390×844 and 360×740: nothing typed is replaced by a late
 * load and a grey button says why, the batch's pricing grid keeps a draft and warns at the field as the seller
 * types, the first visit's tutorial leaves 'Crear' in view and tappable, the seller's small links are thumb
 * sized, a CSV import says what it did and 'Descargar mis datos' downloads the file. What is tapped and read goes
 * through e2e/seen.ts: in view, uncovered, unclipped, 44 px for a target.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { drawImage, newPage, newSeller, openInApp, type PageOptions, type Seller, shopperAddress, signInTo, useChromium } from "./chromium";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

/** A phone of `size` signed in as `seller` on `path`. */
async function phone(browser: Browser, seller: Seller, size: (typeof PHONES)[number], path: string, options: PageOptions = {}) {
  const opened = await newPage(browser, { mobile: true, ...options });
  await opened.page.setViewportSize(size);
  await signInTo(opened.page, seller, path);
  return opened;
}

async function post(page: Page, path: string, data: unknown, status = 201) {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(status);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Photos uploaded as the batch screen sends them; the products in the order of `names`. */
async function upload(page: Page, names: string[]): Promise<{ id: string; name: string }[]> {
  const made: { id: string; name: string }[] = [];
  for (const [i, name] of names.entries()) {
    const buffer = await drawImage(page, { width: 240, height: 300, type: "image/jpeg", color: ["#2563eb", "#dc2626", "#16a34a"][i % 3]! });
    const response = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: `${name}.jpg`, mimeType: "image/jpeg", buffer } },
    });
    expect(response.status(), await response.text()).toBe(201);
    made.push(...((await response.json()) as { products: { id: string; name: string }[] }).products);
  }
  return made;
}

describe("no lost step for a new seller", () => {
  it("the first visit's tutorial leaves 'Crear' in view and tappable, and the tutorial still reads and closes", async () => {
    for (const size of PHONES) {
      const seller = await newSeller(`tutorial${size.width}`);
      const { context, page } = await phone(chromium.browser, seller, size, "/home", { tutorialSeen: false });
      const tutorial = page.getByRole("dialog", { name: "Cómo usar Vidriera" });
      expect(await seenText(tutorial.getByText("Paso 1 de 4"))).toBe("Paso 1 de 4");
      const create = page.getByRole("link", { name: "Crear", exact: true });
      await expectTappable(create);
      expect(await tutorial.isVisible(), `${size.width} px: the tutorial is still there beside 'Crear'`).toBe(true);
      await tap(tutorial.getByRole("button", { name: "Siguiente" }));
      await expectSeen(tutorial.getByText("Paso 2 de 4"));
      await tap(tutorial.getByRole("button", { name: "Cerrar" }));
      await tutorial.waitFor({ state: "hidden" });
      await tap(create);
      await page.waitForURL("**/mi-tienda");
      await context.close();
    }
  });

  it("/mi-tienda: a grey 'Continuar' says why, and what the seller typed in 'Entrega y pagos' outlives a late reload of the settings", async () => {
    for (const size of PHONES) {
      const seller = await newSeller(`tienda${size.width}`);
      const { context, page } = await phone(chromium.browser, seller, size, "/mi-tienda");
      const go = page.getByRole("button", { name: "Continuar" });
      await go.waitFor();
      expect(await go.isDisabled()).toBe(true);
      expect(await seenText(page.getByTestId("store-setup-problem"))).toBe("Escribe el nombre de tu tienda y tu WhatsApp para continuar.");
      const name = `Moda Ñandú ${size.width} ${Date.now() % 100000} 🌸`;
      await tap(page.getByLabel("Nombre de la tienda"));
      await page.getByLabel("Nombre de la tienda").fill(name);
      // The name alone: still grey, and still saying so once the seller has typed.
      expect(await seenText(page.getByTestId("store-setup-problem"))).toBe("Por favor completa todos los campos obligatorios.");
      // Typed key by key as a phone does, from wherever the caret landed (its start here): the "+54 " stays in front.
      const whatsapp = page.getByLabel("Número de WhatsApp");
      await tap(whatsapp);
      await whatsapp.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 0));
      await page.keyboard.type("11 5555-1234");
      expect(await whatsapp.inputValue()).toBe("+54 11 5555-1234");
      await page.getByText("✓ Disponible").waitFor();
      expect(await page.getByTestId("store-setup-problem").count()).toBe(0);
      expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe(name);
      await tap(go);
      await page.waitForURL("**/product-pricing");

      await page.goto("/mi-tienda-admin?seccion=entrega-y-pagos");
      const pickup = page.getByLabel("Retiro en el local");
      await page.getByRole("button", { name: "Guardar entrega y pagos" }).waitFor();
      if (!(await pickup.isChecked())) await tap(pickup);
      const address = page.getByLabel("Dirección o zona para retirar");
      await tap(address);
      await address.fill("Av. Corrientes 1234, local 5 (CABA)");
      // Another phone of the same seller saves the settings; this one reads them again when it is looked at.
      const reread = page.waitForResponse((r) => r.url().endsWith("/api/checkout-settings") && r.request().method() === "GET");
      const put = await page.request.put("/api/checkout-settings", {
        data: {
          delivery: {
            pickup: { enabled: false, address: null },
            shipping: { enabled: true, zones: [{ name: "CABA", cost: "3.500" }], freeFrom: "" },
          },
          payments: { transfer: null, mercadoPago: null, cash: true },
        },
      });
      expect(put.status(), await put.text()).toBe(200);
      await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
      await reread;
      await page.getByRole("button", { name: "Guardar entrega y pagos" }).waitFor();
      expect(await address.inputValue(), `${size.width} px: the address typed is kept`).toBe("Av. Corrientes 1234, local 5 (CABA)");
      expect(await pickup.isChecked()).toBe(true);
      await tap(page.getByRole("button", { name: "Guardar entrega y pagos" }));
      await page.getByText("Entrega y pagos guardados.", { exact: false }).first().waitFor();
      const saved = (await (await page.request.get("/api/checkout-settings")).json()) as { delivery: { pickup: { address: string } } };
      expect(saved.delivery.pickup.address).toBe("Av. Corrientes 1234, local 5 (CABA)");
      await context.close();
    }
  });

  it("the batch's grid warns at the field as the seller types, saves a draft without publishing, and leaving can save it first", async () => {
    const seller = await newSeller("grilla");
    const first = await phone(chromium.browser, seller, PHONES[0], "/home");
    const made = await upload(first.page, ["Buzo 01", "Buzo 02"]);
    const batch = (await post(first.page, "/api/batches", { productIds: made.map((p) => p.id), kind: "ad", notify: false })) as {
      batch: { id: string };
    };
    const gridPath = `/lote/${batch.batch.id}/precios`;
    await first.context.close();

    for (const size of PHONES) {
      const { context, page } = await phone(chromium.browser, seller, size, gridPath);
      const field = (row: number, name: string) => page.locator(`#fila-${row}-${name}`);
      await expectSeen(field(0, "price"));
      expect(await field(0, "name").inputValue()).toBe("Buzo 01");
      // Said at the field while typing, in the parser's words, before any button.
      await tap(field(0, "price"));
      await field(0, "price").fill("$ 15.000,50");
      expect(await seenText(page.locator("#fila-0-price-error"))).toBe(
        "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500.",
      );
      await field(0, "price").fill("12,5");
      expect(await seenText(page.locator("#fila-0-price-error"))).toMatch(/\S/);
      await field(0, "price").fill(`15.${size.width}`);
      await page.locator("#fila-0-price-error").waitFor({ state: "hidden" });
      await tap(field(0, "sizes"));
      await field(0, "sizes").fill("S, M, L");
      await field(0, "stock").fill("3, 2, 1");
      await tap(page.getByRole("button", { name: "Guardar borrador" }));
      await page.getByText("Guardamos tus precios, talles y stock.", { exact: false }).first().waitFor();
      const products = async () => {
        const me = (await (await page.request.get("/api/auth/profile")).json()) as { user: { id: string } };
        return (
          (await (await page.request.get(`/api/products/list/${me.user.id}`)).json()) as {
            products: { id: string; price: number | null; published: boolean; sizes: { name: string; stock: number }[] }[];
          }
        ).products;
      };
      expect((await products()).find((p) => p.id === made[0]!.id)).toMatchObject({
        price: 15000 + size.width,
        published: false,
        sizes: [
          { name: "S", stock: 3 },
          { name: "M", stock: 2 },
          { name: "L", stock: 1 },
        ],
      });

      // Leaving with a new price typed asks, and 'Guardar borrador y salir' keeps it.
      await tap(field(1, "price"));
      await field(1, "price").fill(`9.${size.width}`);
      await tap(page.getByRole("button", { name: "Abrir menú" }));
      await tap(page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Productos" }));
      const prompt = page.getByRole("dialog", { name: "¿Salir sin guardar?" });
      await tap(prompt.getByRole("button", { name: "Guardar borrador y salir" }));
      await page.waitForURL((url) => !url.pathname.endsWith("/precios"));
      await expect.poll(async () => (await products()).find((p) => p.id === made[1]!.id)?.price).toBe(9000 + size.width);
      expect((await products()).every((p) => !p.published)).toBe(true);
      await context.close();
    }
  });

  it("the seller's small links are thumb sized, a CSV import says what it did, and 'Descargar mis datos' downloads the ZIP", async () => {
    const seller = await newSeller("pulgar");
    const setup = await phone(chromium.browser, seller, PHONES[0], "/home");
    const store = (await post(setup.page, "/api/auth/mi-tienda", {
      storeName: `Pulgares ${Date.now() % 100000}`,
      phoneNumber: "+54 9 11 5555-1234",
      countryCode: "AR",
    })) as { user: { username: string } };
    const [remera] = await upload(setup.page, ["Remera Añil"]);
    await post(
      setup.page,
      "/api/products/update-pricing",
      { products: [{ id: remera!.id, price: "12.500", sizes: [], published: true }] },
      200,
    );
    const shopper = await setup.context.request.post("/api/orders", {
      data: { username: store.user.username, lines: [{ productId: remera!.id, quantity: 1 }] },
      headers: { "cf-connecting-ip": shopperAddress() },
    });
    expect(shopper.status(), await shopper.text()).toBe(201);
    await setup.context.close();

    for (const size of PHONES) {
      const { context, page } = await phone(chromium.browser, seller, size, "/pedidos");
      await expectTappable(page.getByRole("link", { name: "Ver la página del pedido" }));
      await openInApp(page, "/mi-tienda-admin");
      await expectTappable(page.locator(`main header a[href="/u/${store.user.username}"]`));
      await openInApp(page, "/mi-tienda-admin?seccion=compartir");
      await expectTappable(page.getByRole("link", { name: "SVG para imprenta" }));

      await openInApp(page, "/settings");
      const data = page.getByRole("region", { name: "Tus datos" });
      const csv = `Identificador de URL;Nombre;Precio\nbuzo-${size.width};Buzo ${size.width} Ñandú;12.500\nmedias-${size.width};Medias ${size.width};3.000\n`;
      await data.getByLabel("Elegir archivo CSV").setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      expect(await seenText(data.getByTestId("import-done"))).toMatch(/^Importamos 2 productos/);

      const download = page.waitForEvent("download");
      await tap(data.getByRole("button", { name: "Descargar mis datos" }));
      expect((await download).suggestedFilename()).toMatch(/^vidriera-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
      await context.close();
    }
  });
});
