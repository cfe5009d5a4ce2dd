import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { creditsShown, drawImage, GENERATION_MS, newPage, openInApp, registerInBrowser, useChromium } from "./chromium";
import {
  addSizes,
  approveSimulatedCheckout,
  captureWhatsApp,
  confirmOrder,
  creditsOf,
  keepShopping,
  openCart,
  orderCard,
  sendOrderByWhatsApp,
  waitForGeneratedImage,
  productCodes,
  publishInAdmin,
} from "./journey-steps";
import { expectSeen, seenText, tap } from "./seen";

/**
 * Issue 7: the whole journey of a new seller and a shopper, through the screens
 * of the built app. The API is only read, for facts the screens round off
 * (the exact balance) or hand to another app (the WhatsApp address).
 */
const chromium = useChromium();

const PER_IMAGE = 50;
/** How the header shows a balance: whole images. */
const imagesShown = (credits: number) => {
  const images = Math.floor(credits / PER_IMAGE);
  return images === 1 ? "1 imagen" : `${images} imágenes`;
};

interface DrawerGeneration {
  what: string;
  product: string;
  /** The endpoint the drawer's choice must call. */
  endpoint: RegExp;
  choose: (drawer: Locator) => Promise<void>;
  /** The generate button on the screen `choose` leaves open. */
  button: string;
  body?: Record<string, unknown>;
}

const REMERA = "Remera roja";
const BUZO = "Buzo azul";
const radio = (drawer: Locator, name: string) => drawer.getByRole("radio", { name, exact: true });

/** One image of each generation the product drawer offers, spread over the two products. */
const DRAWER_GENERATIONS: DrawerGeneration[] = [
  {
    what: "adulto, frente, prenda sola",
    product: REMERA,
    endpoint: /\/api\/products\/generate-ad\/[^/]+$/,
    // The drawer opens on front view, garment alone, adult model.
    choose: async (drawer) => {
      for (const name of ["Frente", "Prenda Sola", "Adulto"]) expect(await radio(drawer, name).isChecked()).toBe(true);
    },
    button: "Generar 1 imagen",
    body: { includeModel: true, quality: "standard" },
  },
  {
    what: "detrás",
    product: REMERA,
    endpoint: /\/api\/products\/back-image\/[^/]+$/,
    choose: (drawer) => radio(drawer, "Detrás").check(),
    button: "Generar 1 imagen",
  },
  {
    what: "conjunto",
    product: REMERA,
    endpoint: /\/api\/products\/outfit-image\/[^/]+$/,
    choose: (drawer) => radio(drawer, "Conjunto").check(),
    button: "Generar 1 imagen",
  },
  {
    what: "modelo personalizado",
    product: REMERA,
    endpoint: /\/api\/products\/personalize\/[^/]+$/,
    choose: async (drawer) => {
      await drawer.getByRole("button", { name: "Personalizar" }).click();
      await drawer.getByRole("heading", { name: "Personalizar Modelo" }).waitFor();
      for (const label of ["Femenino", "Mayor", "Oscuro", "Curvy"]) await drawer.getByRole("button", { name: label, exact: true }).click();
    },
    button: "Generar con estas opciones",
    body: { gender: "female", age: "senior", skinTone: "dark", bodyType: "curvy", quality: "standard" },
  },
  {
    what: "bebé",
    product: BUZO,
    endpoint: /\/api\/products\/baby-image\/[^/]+$/,
    choose: (drawer) => radio(drawer, "Bebé").check(),
    button: "Generar 1 imagen",
  },
  {
    what: "niño",
    product: BUZO,
    endpoint: /\/api\/products\/kid-image\/[^/]+$/,
    choose: (drawer) => radio(drawer, "Niño").check(),
    button: "Generar 1 imagen",
  },
  {
    what: "niña",
    product: BUZO,
    endpoint: /\/api\/products\/girl-kid-image\/[^/]+$/,
    choose: (drawer) => radio(drawer, "Niña").check(),
    button: "Generar 1 imagen",
  },
];

/** Checks the balance both as the API keeps it and as the header shows it. */
async function expectBalance(page: Page, credits: number) {
  await expect.poll(() => creditsShown(page)).toBe(imagesShown(credits));
  expect(await creditsOf(page)).toBe(credits);
}

/** Opens a product's drawer on /home, makes the choice, generates, and closes the result once the image is there. */
async function generateFromDrawer(page: Page, generation: DrawerGeneration) {
  await page.getByRole("button", { name: generation.product, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: generation.product, exact: true });
  await drawer.waitFor();
  await generation.choose(drawer);
  const sent = page.waitForRequest((r) => r.method() === "POST" && generation.endpoint.test(new URL(r.url()).pathname));
  await drawer.getByRole("button", { name: generation.button }).click();
  const request = await sent;
  if (generation.body) expect(request.postDataJSON(), generation.what).toEqual(generation.body);
  const result = page.getByRole("dialog", { name: `Resultado: ${generation.product}` });
  const image = await waitForGeneratedImage(result, generation.product);
  // The image really loads from the Worker, not just its address.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await result.getByRole("button", { name: "Cerrar" }).click();
  await result.waitFor({ state: "hidden" });
}

describe("issue 7: a new seller's whole journey, and a shopper's order", () => {
  it(
    "registers, uploads, generates every kind, modifies, opens and pays the store, sells by WhatsApp and sees stock go down",
    async () => {
      // The edge's country, which the offline payments honour: the plan is priced in pesos through Mercado Pago.
      const { context: sellerContext, page } = await newPage(chromium.browser, { country: "AR" });
      await registerInBrowser(page, "recorrido");
      let credits = 500;
      await expectBalance(page, credits);

      // --- Two photos from the gallery picker of the add-with-AI dialog ---
      await page.getByRole("button", { name: "Añadir Producto" }).click();
      const add = page.getByRole("dialog", { name: "Agregar Producto con IA" });
      await add.getByRole("button", { name: "Galería" }).waitFor();
      const remeraPhoto = await drawImage(page, { width: 600, height: 750, type: "image/jpeg", color: "#dc2626" });
      const buzoPhoto = await drawImage(page, { width: 600, height: 750, type: "image/jpeg", color: "#1d4ed8" });
      await page.getByTestId("add-product-files").setInputFiles([
        { name: "remera-roja.jpg", mimeType: "image/jpeg", buffer: remeraPhoto },
        { name: "buzo-azul.jpg", mimeType: "image/jpeg", buffer: buzoPhoto },
      ]);
      await expect.poll(() => add.getByRole("list", { name: "Imágenes elegidas" }).getByRole("listitem").count()).toBe(2);
      const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/products/upload-images"));
      await add.getByRole("button", { name: "Subir 2 imágenes" }).click();
      expect((await uploaded).status()).toBe(201);
      await page.getByText("Imágenes subidas correctamente").waitFor();
      await add.waitFor({ state: "hidden" });
      for (const name of [REMERA, BUZO]) await page.getByRole("button", { name, exact: true }).waitFor();
      await expectBalance(page, credits);

      // --- Every generation the drawer offers: 50 credits each ---
      for (const generation of DRAWER_GENERATIONS) {
        await generateFromDrawer(page, generation);
        credits -= PER_IMAGE;
        await expectBalance(page, credits);
      }

      // --- The garment on its own, with no model: 'Con modelo' off in the add dialog makes a new product ---
      await page
        .getByRole("button", { name: /Agregar producto|Añadir Producto/ })
        .first()
        .click();
      await add.waitFor();
      await page.getByTestId("add-product-files").setInputFiles([{ name: "remera-roja.jpg", mimeType: "image/jpeg", buffer: remeraPhoto }]);
      await add.getByRole("switch", { name: "Con modelo" }).click();
      const garmentOnly = page.waitForRequest((r) => r.url().endsWith("/api/products/generate-product-and-image"));
      await add.getByRole("button", { name: "Generar (1 imagen)" }).click();
      expect((await garmentOnly).postDataJSON()).toMatchObject({ includeModel: false });
      const made = page.getByRole("dialog", { name: "Producto Generado" });
      await made.getByText("Después", { exact: true }).waitFor({ timeout: GENERATION_MS });
      await made.getByRole("button", { name: "Cerrar" }).click();
      await made.waitFor({ state: "hidden" });
      credits -= PER_IMAGE;
      await expectBalance(page, credits);

      // --- /images holds all eight; one is changed with a written instruction ---
      await page.getByRole("link", { name: "Imágenes", exact: true }).click();
      await page.getByRole("heading", { name: "Galería de Imágenes Generadas" }).waitFor();
      const cards = page.getByTestId("gallery-card");
      await expect.poll(() => cards.count()).toBe(DRAWER_GENERATIONS.length + 1);
      const remeraCard = cards.filter({ hasText: REMERA }).first();
      const before = await remeraCard.getByRole("img").getAttribute("src");
      await remeraCard.hover();
      await remeraCard.getByRole("button", { name: `Modificar imagen de ${REMERA}` }).click();
      const modify = page.getByRole("dialog", { name: "Modificar imagen con IA" });
      await modify.getByLabel("Instrucciones para modificar").fill("fondo blanco y luz suave");
      const modified = page.waitForRequest((r) => r.url().includes("/api/products/images/modify/"));
      await modify.getByRole("button", { name: "Modificar Imagen" }).click();
      expect((await modified).postDataJSON()).toEqual({ prompt: "fondo blanco y luz suave" });
      await page.getByText("¡Imagen modificada con éxito!").waitFor({ timeout: GENERATION_MS });
      await modify.getByRole("button", { name: "Cerrar" }).click();
      credits -= PER_IMAGE;
      expect(credits).toBe(50);
      await expectBalance(page, credits);
      // The changed image takes the old one's place.
      await expect
        .poll(() => cards.getByRole("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src"))))
        .not.toContain(before);
      expect(await cards.count()).toBe(DRAWER_GENERATIONS.length + 1);

      // --- /mi-tienda: the store ---
      await openInApp(page, "/home");
      await page.getByRole("link", { name: "Crear" }).click();
      await page.waitForURL("**/mi-tienda");
      const suffix = String(Date.now()).slice(-6);
      const storeName = `Tienda Sol ${suffix}`;
      const username = `tiendasol${suffix}`;
      await page.getByLabel("Nombre de la tienda").fill(storeName);
      await expect.poll(() => page.getByTestId("store-link-preview").textContent()).toMatch(new RegExp(`/u/${username}$`));
      await page.getByLabel("Número de WhatsApp").pressSequentially("9 11 4444 5555");
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.getByText("¡Tu tienda virtual se ha creado exitosamente!").waitFor();
      await page.waitForURL("**/product-pricing");

      // --- /product-pricing: prices, sizes and stock ---
      await page.getByRole("heading", { name: "Configurar Precios" }).waitFor();
      const stock = {
        [REMERA]: {
          price: 15000,
          sizes: [
            { name: "S", stock: 3 },
            { name: "M", stock: 2 },
          ],
        },
        [BUZO]: {
          price: 22000,
          sizes: [
            { name: "M", stock: 1 },
            { name: "L", stock: 4 },
          ],
        },
      };
      for (const [name, { price, sizes }] of Object.entries(stock)) {
        const card = page.getByRole("article", { name, exact: true });
        await card.getByLabel("Precio (ARS)").fill(String(price));
        await addSizes(card, name, sizes);
      }
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/products/update-pricing"));
      await page.getByRole("button", { name: "Guardar Cambios" }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText("¡Cambios guardados con éxito!").waitFor();
      // Saving stays on the page; the plan is offered where it belongs: the store's admin.
      expect(new URL(page.url()).pathname).toBe("/product-pricing");

      // --- /pay-mi-tienda from the admin's 'Pagar ahora': the plan, paid through the offline Mercado Pago ---
      await openInApp(page, "/mi-tienda-admin");
      await page.getByTestId("plan-price").getByText("Plan Mi Tienda: $ 2.000, pago único.", { exact: false }).waitFor();
      await page.getByRole("link", { name: "Pagar ahora" }).click();
      await page.waitForURL("**/pay-mi-tienda");
      await page.getByText("Paso 1 de 3").waitFor();
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.getByText("Paso 2 de 3").waitFor();
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.getByRole("heading", { name: "Plan Mi Tienda" }).waitFor();
      await page.getByRole("button", { name: "Pagar $ 2.000" }).click();
      await approveSimulatedCheckout(page, "$ 2.000", "Mercado Pago");
      await page.getByText("Tu Tienda está activa.").waitFor();
      // Paid with money, not credits.
      expect(await creditsOf(page)).toBe(credits);

      await openInApp(page, "/mi-tienda-admin");
      await page.getByRole("heading", { name: storeName, level: 1 }).waitFor();
      await page.getByText("Tu Tienda Pagada").waitFor();
      expect(await page.getByText("Tu Tienda no está pagada").count()).toBe(0);
      const adminStock = (name: string) => page.getByRole("article", { name, exact: true }).getByRole("list", { name: "Talles" });
      await expect.poll(() => adminStock(REMERA).getByRole("listitem").allTextContents()).toEqual(["S: 3", "M: 2"]);
      await expect.poll(() => adminStock(BUZO).getByRole("listitem").allTextContents()).toEqual(["M: 1", "L: 4"]);
      await publishInAdmin(page, [REMERA, BUZO]);

      // --- A shopper on a phone ---
      const { context: shopperContext, page: shop } = await newPage(chromium.browser, { mobile: true });
      const opened = await captureWhatsApp(shopperContext);
      await shop.goto(`/u/${username}`);
      await expectSeen(shop.getByRole("heading", { name: storeName, level: 1 }));
      for (const [name, size] of [
        [REMERA, "S"],
        [BUZO, "L"],
      ] as const) {
        const item = shop.getByRole("listitem").filter({ has: shop.getByRole("heading", { name, exact: true }) });
        await tap(item.getByRole("button", { name: "Añadir al carrito" }));
        await tap(shop.getByRole("dialog", { name: `Selecciona un talle para ${name}` }).getByRole("button", { name: size, exact: true }));
        await expectSeen(shop.getByText(`¡Producto «${name}» añadido al carrito!`));
        // Each product opens the cart; 'Seguir comprando' goes back for the second.
        if (name === REMERA) await keepShopping(shop);
      }
      await expect.poll(() => shop.locator("#cart-count").textContent()).toBe("2");
      const cart = await openCart(shop);
      await tap(cart.getByRole("button", { name: `Agregar uno de ${REMERA}` }));
      expect(await cart.getByLabel(`Cantidad de ${REMERA}`).inputValue()).toBe("2");
      expect(await seenText(cart.locator("#cart-total"))).toBe("$52.000");

      const whatsapp = await sendOrderByWhatsApp(shop, opened, { name: "Sofía Ñañez", delivery: "Envío a domicilio", note: "Depto 3° B" });
      expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/5491144445555");
      const message = whatsapp.searchParams.get("text")!;
      const ending = /Pedido #([A-Z0-9]{4})\nVer pedido: (\S+)$/.exec(message);
      expect(ending, message).not.toBeNull();
      const [, code, link] = ending!;
      // Each line names the product's short code, the one buyers quote.
      const codes = await productCodes(page);
      expect(message).toBe(
        [
          `¡Hola ${storeName}! Quiero hacer el siguiente pedido:`,
          "",
          `• ${REMERA} (Talle: S) x 2 - $15.000 c/u · Cód. ${codes.get(REMERA)}`,
          `• ${BUZO} (Talle: L) x 1 - $22.000 c/u · Cód. ${codes.get(BUZO)}`,
          "",
          // The store never set zones: the delivery's cost is agreed with it, as before zones existed.
          "Subtotal: $52.000",
          "Envío: A coordinar con la tienda",
          "*Total: $52.000 + envío*",
          "",
          "Nombre: Sofía Ñañez",
          "Entrega: Envío a domicilio",
          "Dirección: Av. Corrientes 4567, Almagro, CABA",
          "Nota del cliente:",
          "> Depto 3° B",
          "",
          `Pedido #${code}`,
          `Ver pedido: ${link}`,
        ].join("\n"),
      );
      await shop.getByRole("heading", { name: `¡Pedido #${code} guardado!` }).waitFor();

      // --- The seller confirms the order in 'Pedidos'; the stock of those sizes goes down ---
      await page.goto("/pedidos");
      const order = orderCard(page, code!);
      await order.getByText(`2 × ${REMERA} (Talle: S) — $15.000 c/u`).waitFor();
      await order.getByText(`1 × ${BUZO} (Talle: L) — $22.000 c/u`).waitFor();
      await confirmOrder(page, code!);
      // On to the admin in the same visit: the confirmed order's stock shows there without a reload.
      await openInApp(page, "/mi-tienda-admin");
      await expect.poll(() => adminStock(REMERA).getByRole("listitem").allTextContents()).toEqual(["S: 1", "M: 2"]);
      await expect.poll(() => adminStock(BUZO).getByRole("listitem").allTextContents()).toEqual(["M: 1", "L: 3"]);
      // What a shopper can still buy follows.
      await shop.reload();
      const data = await shop
        .locator("#store-data")
        .evaluate((node) => JSON.parse(node.textContent!) as { products: { name: string; sizes: unknown }[] });
      expect(data.products.find((p) => p.name === REMERA)!.sizes).toEqual([
        { name: "S", stock: 1 },
        { name: "M", stock: 2 },
      ]);
      expect(data.products.find((p) => p.name === BUZO)!.sizes).toEqual([
        { name: "M", stock: 1 },
        { name: "L", stock: 3 },
      ]);

      await shopperContext.close();
      await sellerContext.close();
    },
    4 * GENERATION_MS,
  );
});
