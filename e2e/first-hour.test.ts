/**
 * A seller's first hour and a shopper's first order, on a 390 px phone, as
 * they were tried when the traps were found: no paywall between a product and
 * the store, publishing in one step, prices as Argentines write them, edits
 * that are never lost silently, a store whose sort applies at once, and an
 * order that ends on a confirmation within five taps and a name.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHILDREN_NOT_OFFERED, MODIFY_NOT_OFFERED } from "../common/image-providers";
import { baseURL, drawImage, GENERATION_MS, newPage, newSeller, registerInBrowser, signInTo, useChromium } from "./chromium";
import { captureWhatsApp, countTaps, keepShopping, openAdminSection, openCart, uploadProduct } from "./journey-steps";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

/** Every address the tab's own frame went to, in order. */
function visitedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

async function storeWithProduct(page: Page, name: string, price: string, sizes: { name: string; stock: number }[] = []) {
  const opened = await page.request.post("/api/auth/mi-tienda", {
    data: { storeName: name, phoneNumber: "011 15 2345-6789", countryCode: "AR" },
  });
  expect(opened.status()).toBe(201);
  const { username } = ((await opened.json()) as { user: { username: string } }).user;
  const product = await uploadProduct(page, "remera-rayada.jpg");
  const priced = await page.request.post("/api/products/update-pricing", {
    // Published when it has a price (a product without one cannot be).
    data: { products: [{ id: product.id, price, sizes, ...(price ? { published: true } : {}) }] },
  });
  expect(priced.status()).toBe(200);
  return { username, product };
}

describe("a seller's first hour at 390 px", () => {
  it("from sign-up to a first product in the public store, with no paywall on the way", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    const visited = visitedPaths(page);
    await registerInBrowser(page, "primera-hora");

    // 'Añadir Producto' is on the first screen, where the tutorial points, without scrolling.
    const add = page.getByRole("button", { name: "Añadir Producto" });
    const box = (await add.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Agregar Producto con IA" });
    await dialog.getByRole("button", { name: "Galería" }).waitFor();
    await page.getByTestId("add-product-files").setInputFiles({
      name: "remera-rayada.jpg",
      mimeType: "image/jpeg",
      buffer: await drawImage(page, { width: 600, height: 750, type: "image/jpeg", color: "#0ea5e9" }),
    });
    await dialog.getByRole("button", { name: "Subir 1 imagen" }).click();
    await page.getByText("Imágenes subidas correctamente").waitFor();

    // The store is offered with its plan's price said up front (the local edge says US: dollars).
    const offer = page.getByRole("region", { name: "Prueba Tu Tienda" });
    await offer.getByTestId("store-plan-terms").getByText("pago único de US$ 2.00", { exact: false }).waitFor();
    await offer.getByRole("link", { name: "Crear" }).click();
    await page.waitForURL("**/mi-tienda");
    await page.getByTestId("store-plan-terms").getByText("Sin comisiones por venta", { exact: false }).waitFor();
    const suffix = String(Date.now()).slice(-6);
    await page.getByLabel(/Nombre de la tienda/).fill(`Rayas ${suffix}`);
    await page.getByLabel(/Número de WhatsApp/).fill("+54 011 15 2345-6789");
    await page.getByTestId("whatsapp-dialled").getByText("+54 9 11 2345-6789").waitFor();
    // On a slow network the product list's refetch on arriving at the next screen answers after 'Publicar',
    // with the state from before it: the card must stay 'Publicado' (web/lib/cache-answer.ts).
    let publishAnswered!: () => void;
    const afterPublish = new Promise<void>((done) => (publishAnswered = done));
    await page.route("**/api/products/list/**", async (route) => {
      const before = await route.fetch();
      await afterPublish;
      await route.fulfill({ response: before });
    });
    const lateList = page.waitForResponse((r) => r.url().includes("/api/products/list/"));
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL("**/product-pricing");

    // A price as Argentines write it, then 'Publicar': one step, no save first.
    const card = page.getByRole("article", { name: "Remera rayada" });
    await card.getByLabel("Precio (ARS)").fill("12500");
    const published = page.waitForResponse((r) => r.url().endsWith("/api/products/update-pricing"));
    await card.getByRole("button", { name: "Publicar" }).click();
    expect((await published).ok()).toBe(true);
    await card.getByTestId("publish-state").getByText("Publicado").waitFor();
    publishAnswered();
    await (await lateList).finished();
    await page.unroute("**/api/products/list/**");
    // A frame after the late list arrived, the card still says so.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    expect(await card.getByTestId("publish-state").textContent()).toContain("Publicado");
    await card.getByText("Precio configurado").waitFor();
    expect(await card.getByLabel("Precio (ARS)").inputValue()).toBe("12.500");
    expect(await card.getByText("Cambios sin guardar").count()).toBe(0);

    // 'Ver mi tienda': the product is there for shoppers.
    const username = `rayas${suffix}`;
    const storeTab = context.waitForEvent("page");
    await page.getByRole("link", { name: /Ver mi tienda/ }).click();
    const store = await storeTab;
    await store.waitForURL(`**/u/${username}`);
    await store.getByRole("heading", { name: "Remera rayada" }).waitFor();
    await store.getByText("$12.500").waitFor();
    await store.getByText("WhatsApp +54 9 11 2345-6789").waitFor();

    // Never sent to the plan's payment on the way.
    expect(visited.filter((p) => p.startsWith("/pay-mi-tienda") || p === "/auto-charge")).toEqual([]);
    expect(visited).toContain("/product-pricing");
    await context.close();
  });

  it("edits are never lost silently: leaving asks first, inside the app and when closing the tab", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, await newSeller("sin-guardar"), "/home");
    await storeWithProduct(page, `Cambios ${Date.now()}`, "9.900");
    await page.goto("/product-pricing");
    const card = page.getByRole("article", { name: "Remera rayada" });
    await card.getByLabel("Descripción (opcional)").fill("Algodón peinado, calce regular");

    // From the menu: the prompt, and 'Seguir editando' keeps the screen and what was typed.
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Productos" }).click();
    const prompt = page.getByRole("dialog", { name: "¿Salir sin guardar?" });
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Seguir editando" }).click();
    await prompt.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/product-pricing");
    expect(await card.getByLabel("Descripción (opcional)").inputValue()).toBe("Algodón peinado, calce regular");

    // Closing the tab: the browser's own "leave site?" question, and the page stays when it is dismissed.
    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);

    // 'Salir sin guardar' goes where the seller asked.
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Productos" }).click();
    await prompt.getByRole("button", { name: "Salir sin guardar" }).click();
    await page.waitForURL("**/home");

    // Once saved, nothing is held: leaving asks nothing.
    await page.goto("/product-pricing");
    await card.getByLabel("Descripción (opcional)").fill("Algodón peinado");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await page.getByText("¡Cambios guardados con éxito!").waitFor();
    expect(new URL(page.url()).pathname).toBe("/product-pricing");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Productos" }).click();
    await page.waitForURL("**/home");
    expect(await prompt.count()).toBe(0);
    await context.close();
  });

  it("prices show as typed with dots for thousands; cents are refused under the field, the rounded price one tap away; badges tell what is saved", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, await newSeller("precios"), "/home");
    await storeWithProduct(page, `Precios ${Date.now()}`, "");
    await page.goto("/product-pricing");
    const card = page.getByRole("article", { name: "Remera rayada" });
    const price = card.getByLabel("Precio (ARS)");
    const state = card.getByTestId("price-state");

    // Pasted with its "$": the field keeps one "$" of its own, never "$ $".
    await price.fill("$ 8.900,50");
    expect(await price.inputValue()).toBe("8.900,50");
    const message = card.getByTestId("price-preview");
    await message.getByText("Los precios en pesos van sin centavos", { exact: false }).waitFor();
    // The message sits under the field, not inside its box.
    const field = (await price.locator("..").boundingBox())!;
    const said = (await message.boundingBox())!;
    expect(said.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    await message.getByRole("button", { name: "Usar $8.901" }).click();
    expect(await price.inputValue()).toBe("8.901");
    expect(await price.getAttribute("aria-invalid")).toBeNull();

    // Typed without dots, shown with them once the field is left; the badge waits for the save.
    await price.fill("12500");
    await card.getByLabel("Nombre").click();
    expect(await price.inputValue()).toBe("12.500");
    await card.getByText("Se verá así: $12.500").waitFor();
    expect(await state.textContent()).toBe("Sin precioCambios sin guardar");
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    await page.getByText("¡Cambios guardados con éxito!").waitFor();
    await expect.poll(() => state.textContent()).toBe("Precio configurado");

    // After a reload, as it was typed: "12.500", never "12500".
    await page.reload();
    await card.getByText("Precio configurado").waitFor();
    expect(await card.getByLabel("Precio (ARS)").inputValue()).toBe("12.500");
    await context.close();
  });
});

describe("a shopper at 390 px", () => {
  it("from the store link to the order's confirmation in at most 5 taps plus typing a name", async () => {
    const { context: sellerContext, page: seller } = await newPage(chromium.browser, { mobile: true });
    await signInTo(seller, await newSeller("cinco-toques"), "/home");
    const { username } = await storeWithProduct(seller, `Cinco ${Date.now()}`, "12.500", [
      { name: "S", stock: 3 },
      { name: "M", stock: 2 },
    ]);

    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const opened = await captureWhatsApp(context);
    const taps = await countTaps(shop);
    await shop.goto(`/u/${username}`);
    await expectSeen(shop.getByRole("heading", { name: "Remera rayada" }));

    await tap(shop.getByRole("button", { name: "Añadir al carrito" })); // 1
    await tap(shop.getByRole("dialog", { name: "Selecciona un talle para Remera rayada" }).getByRole("button", { name: "M", exact: true })); // 2: the product added opens the cart
    const cart = await openCart(shop);
    await tap(cart.getByLabel("Retiro en el local")); // 3: the cursor goes to the name
    await expect.poll(() => cart.getByLabel("Tu nombre").evaluate((field) => field === document.activeElement)).toBe(true);
    await shop.keyboard.type("Valentina Ñáñez");
    const whatsapp = context.waitForEvent("page");
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" })); // 4
    await whatsapp;

    // The confirmation: the order's code and what happens next, on the store's own page.
    const title = cart.getByRole("heading", { name: /^¡Pedido #[A-Z0-9]{4} guardado!$/ });
    const code = /#([A-Z0-9]{4})/.exec(await seenText(title))![1];
    await expectSeen(cart.getByText("La tienda te responde por WhatsApp para confirmar el stock, el pago y la entrega."));
    const again = (await cart.getByRole("link", { name: "Abrir WhatsApp de nuevo" }).getAttribute("href"))!;
    expect(decodeURIComponent(again)).toBe(decodeURIComponent(opened[0]!));
    expect(decodeURIComponent(opened[0]!)).toContain(`Pedido #${code}`);
    expect(await taps()).toBeLessThanOrEqual(5);

    await context.close();
    await sellerContext.close();
  });

  it("messages never cover the cart's title or close button, and never pile up", async () => {
    const { context: sellerContext, page: seller } = await newPage(chromium.browser, { mobile: true });
    await signInTo(seller, await newSeller("mensajes"), "/home");
    const { username } = await storeWithProduct(seller, `Mensajes ${Date.now()}`, "5.000");
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.goto(`/u/${username}`);
    const add = shop.getByRole("button", { name: "Añadir al carrito" });
    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    // Each add opens the cart and says so inside it, once: no toast under the drawer, none piling up.
    for (let i = 0; i < 3; i++) {
      if (i) await keepShopping(shop);
      await tap(add);
      expect(await seenText(cart.locator("#cart-note"))).toMatch(/^¡Producto «.+» añadido al carrito!$/);
      expect(await shop.locator("#toasts .toast").count()).toBe(0);
    }
    await expect.poll(() => shop.locator("#cart-count").textContent()).toBe("3");
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    // What is missing is said inside the cart, right above its button: the title and 'Cerrar' stay free.
    expect(await seenText(cart.locator("#cart-note"))).toBe("Elige envío a domicilio o retiro en el local.");
    await expectSeen(cart.getByRole("heading", { name: "Tu Carrito" }));
    await expectTappable(cart.getByRole("button", { name: "Cerrar" }));
    await context.close();
    await sellerContext.close();
  });

  it("the sort applies as soon as it is chosen, and the plain form still sorts without JavaScript", async () => {
    const { context: sellerContext, page: seller } = await newPage(chromium.browser, { mobile: true });
    await signInTo(seller, await newSeller("orden"), "/home");
    const { username, product } = await storeWithProduct(seller, `Orden ${Date.now()}`, "30.000");
    const cheap = await uploadProduct(seller, "media-barata.jpg", "#16a34a");
    expect(
      (
        await seller.request.post("/api/products/update-pricing", {
          data: { products: [{ id: cheap.id, price: "2.500", published: true }] },
        })
      ).status(),
    ).toBe(200);
    const cards = (page: Page) => page.locator(".card .name").allTextContents();

    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.goto(`/u/${username}`);
    // Newest first: the sock, then the shirt.
    expect(await cards(shop)).toEqual(["Media barata", product.name]);
    await shop.getByLabel("Ordenar").selectOption("precio-desc");
    await shop.waitForURL((url) => url.searchParams.get("orden") === "precio-desc");
    await expect.poll(() => cards(shop)).toEqual([product.name, "Media barata"]);
    expect(await shop.getByLabel("Ordenar").inputValue()).toBe("precio-desc");
    await context.close();

    const noJs = await chromium.browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plain = await noJs.newPage();
    await plain.goto(`/u/${username}`);
    await plain.getByLabel("Ordenar").selectOption("precio-desc");
    // Without JavaScript nothing happens until the form is sent.
    expect(new URL(plain.url()).searchParams.get("orden")).toBeNull();
    await plain.getByRole("button", { name: "Buscar" }).click();
    await plain.waitForURL((url) => url.searchParams.get("orden") === "precio-desc");
    expect(await cards(plain)).toEqual([product.name, "Media barata"]);
    await noJs.close();
    await sellerContext.close();
  });
});

describe("prices and promises for the visitor's country", () => {
  it("Argentina reads pesos from the list: the landing's 'desde', its packs and plan, the /home banner", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true, country: "AR" });
    await page.goto("/");
    await expect.poll(() => page.getByTestId("landing-from-price").textContent()).toBe("Desde $ 120 por imagen");
    // Read as a person reads it, scrolled to: the landing's lower sections are laid out only as they near the screen.
    expect(await seenText(page.getByTestId("landing-pack-pack-10"))).toContain("$ 1.200");
    // Every ARS pack costs $ 120 an image: none claims a saving.
    expect(await page.getByText(/Ahorras/).count()).toBe(0);
    expect(await page.getByTestId("landing-store-plan").textContent()).toBe("$ 2.000");
    expect(await page.getByTestId("landing-currency-note").textContent()).toBe("Precios en pesos argentinos. Pagas con Mercado Pago.");

    await signInTo(page, await newSeller("banner-ar"), "/home");
    await expect.poll(() => page.getByTestId("home-banner-price").textContent()).toBe("Imágenes mejoradas desde $ 120 por imagen");
    await context.close();
  });

  it("where packs 50 and 100 are not sold (Mexico), the 'desde' is the cheapest pack sold there, and no pesos banner", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true, country: "MX" });
    await page.goto("/");
    await expect.poll(() => page.getByTestId("landing-from-price").textContent()).toBe("Desde US$ 0.125 por imagen");
    await page.getByTestId("landing-pack-pack-50").getByText("No disponible en tu país").waitFor();
    await signInTo(page, await newSeller("banner-mx"), "/home");
    await expect.poll(() => page.getByTestId("home-banner-price").textContent()).toBe("Imágenes mejoradas desde US$ 0.125 por imagen");
    expect(await page.getByText(/pesos argentinos/).count()).toBe(0);
    await context.close();
  });
});

describe("sharing from the admin", () => {
  it("offers WhatsApp and Instagram with the store's address, and the QR as a PNG a phone can keep", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await signInTo(page, await newSeller("compartir"), "/home");
    const { username } = await storeWithProduct(page, `Compartir ${Date.now()}`, "7.000");
    const address = `${baseURL()}/u/${username}`;
    await page.goto("/mi-tienda-admin");
    await openAdminSection(page, "Compartir");
    const share = page.getByRole("region", { name: "Comparte tu tienda" });

    const whatsapp = new URL((await share.getByRole("link", { name: /Compartir en WhatsApp/ }).getAttribute("href"))!);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
    // Each link says where it was shared, for the statistics (?ref=).
    expect(whatsapp.searchParams.get("text")).toContain(`${address}?ref=whatsapp`);

    await share.getByRole("button", { name: "Copiar para Instagram" }).click();
    await page.getByText("Texto copiado: pégalo en tu bio de Instagram", { exact: false }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`${address.replace(/[.]/g, "\\.")}\\?ref=instagram$`),
    );

    // The QR shown and downloaded is the PNG (the Worker test decodes it back to this address).
    expect(await share.getByRole("img", { name: /Código QR/ }).getAttribute("src")).toBe(`/u/${username}/qr.png`);
    const download = page.waitForEvent("download");
    await share.getByRole("link", { name: "Descargar QR" }).click();
    expect((await download).suggestedFilename()).toBe(`qr-${username}.png`);
    await context.close();
  });
});

describe("a site whose image provider cannot modify by instruction", () => {
  it(
    "offers no 'Modificar' and says why before anything is written, in the gallery and the result",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      await signInTo(page, await newSeller("sin-modificar"), "/home");
      const product = await uploadProduct(page, "buzo-gris.jpg", "#6b7280");
      const made = await page.request.post(`/api/products/generate-ad/${product.id}`, {
        data: { includeModel: false },
        timeout: GENERATION_MS,
      });
      expect(made.status()).toBe(200);
      // What GET /api/config answers with IMAGE_PROVIDER=fashn (test/worker/app-config.test.ts maps the settings).
      await page.route("**/api/config", (route) =>
        route.fulfill({
          json: {
            maintenance: false,
            supportEmail: null,
            supportWhatsapp: null,
            supportWhatsappLabel: null,
            social: [],
            generation: {
              children: { available: false, reason: CHILDREN_NOT_OFFERED },
              pro: { available: true, reason: null },
              modify: { available: false, reason: MODIFY_NOT_OFFERED },
              storeModel: { adult: true, children: false },
            },
          },
        }),
      );

      await page.goto("/images");
      const card = page.getByTestId("gallery-card").first();
      await card.getByRole("button", { name: /Descargar imagen/ }).waitFor();
      expect(await card.getByRole("button", { name: /Modificar imagen/ }).count()).toBe(0);
      await card.getByRole("button", { name: /en grande/ }).click();
      const preview = page.getByRole("dialog").filter({ has: page.getByTestId("modify-not-offered") });
      expect(await preview.getByTestId("modify-not-offered").textContent()).toBe(MODIFY_NOT_OFFERED);
      expect(await preview.getByRole("button", { name: "Modificar" }).count()).toBe(0);

      await page.goto("/home");
      await tap(page.getByRole("button", { name: product.name, exact: true }));
      await tap(page.getByRole("dialog", { name: product.name, exact: true }).getByRole("button", { name: "Generar 1 imagen" }));
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      await result.getByTestId("modify-not-offered").waitFor({ timeout: GENERATION_MS });
      expect(await result.getByRole("button", { name: "Modificar" }).count()).toBe(0);
      await result.getByRole("button", { name: "Regenerar (1 imagen)" }).waitFor();
      await context.close();
    },
    3 * GENERATION_MS,
  );
});
