import { describe, expect, it } from "vitest";
import { baseURL, drawImage, GENERATION_MS, newPage, newSeller, openInApp, signInTo, useChromium } from "./chromium";
import {
  addSizes,
  captureWhatsApp,
  confirmOrder,
  keepShopping,
  openAdminSection,
  openCart,
  orderCard,
  publishInAdmin,
  sendOrderByWhatsApp,
  uploadProduct,
} from "./journey-steps";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

describe("the virtual store in a real browser", () => {
  it("a seller sets up the store, prices and stock; a shopper on a phone orders by WhatsApp; the seller confirms and stock goes down", async () => {
    const { context: sellerContext, page } = await newPage(chromium.browser);
    await sellerContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await signInTo(page, await newSeller("tienda"));
    const remera = await uploadProduct(page, "remera.jpg", "#dc2626");
    const gorra = await uploadProduct(page, "gorra.jpg", "#2563eb");

    // --- /mi-tienda: name with the live link, logo checks, countries and the phone prefix ---
    await page.goto("/mi-tienda");
    await page.getByRole("heading", { name: "Mi Tienda" }).waitFor();
    await page.getByText("Crea tu tienda virtual").waitFor();
    const preview = page.getByTestId("store-link-preview");
    expect(await preview.textContent()).toMatch(/\/u\/\.\.\.$/);
    const suffix = String(Date.now()).slice(-6);
    const name = `Moda Sur ${suffix}`;
    const username = `modasur${suffix}`;
    await page.getByLabel("Nombre de la tienda").fill(name);
    await expect.poll(() => preview.textContent()).toMatch(new RegExp(`/u/${username}$`));

    const logoInput = page.locator('input[type="file"]');
    await logoInput.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
    await page.getByRole("alert").getByText("Por favor selecciona un archivo de imagen válido.").waitFor();
    await logoInput.setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await page.getByRole("alert").getByText("La imagen debe ser menor a 5MB.").waitFor();
    const logo = await drawImage(page, { width: 300, height: 300, type: "image/png", color: "#7c3aed" });
    await logoInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await page
      .getByTestId("logo-size")
      .getByText(/Tamaño: 0,\d\d MB/)
      .waitFor();
    await page.getByAltText("Vista previa del logo").waitFor();

    const country = page.getByLabel("País");
    const phone = page.getByLabel("Número de WhatsApp");
    expect(await country.locator("option").count()).toBe(16);
    expect(await phone.inputValue()).toBe("+54 ");
    await country.selectOption("UY");
    expect(await phone.inputValue()).toBe("+598 ");
    await country.selectOption("AR");
    await phone.fill("");
    expect(await phone.inputValue()).toBe("+54 ");
    await page.getByText("Por favor completa todos los campos obligatorios.").waitFor();
    expect(await page.getByRole("button", { name: "Continuar" }).isDisabled()).toBe(true);
    await phone.pressSequentially("9 11 5555 6666");
    await page.getByText("Los clientes te contactarán por este número").waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByText("¡Tu tienda virtual se ha creado exitosamente!").waitFor();
    await page.waitForURL("**/product-pricing");

    // --- /product-pricing: prices, sizes and stock, saved in one call ---
    await page.getByRole("heading", { name: "Configurar Precios" }).waitFor();
    const summary = page.getByRole("definition");
    expect(await summary.allTextContents()).toEqual(["2", "0", "0", "0"]);
    expect(await page.getByRole("button", { name: "Guardar Cambios" }).count()).toBe(0);
    const remeraCard = page.getByRole("article", { name: remera.name });
    const gorraCard = page.getByRole("article", { name: gorra.name });
    await remeraCard.getByText("Sin precio").waitFor();
    await remeraCard.getByLabel("Precio (ARS)").fill("15000");
    // The badge tells what is saved: nothing yet, and that there are changes to save.
    await remeraCard.getByText("Cambios sin guardar").waitFor();
    expect(await remeraCard.getByTestId("price-state").textContent()).toBe("Sin precioCambios sin guardar");
    // Negative stock becomes 0 once the field is left.
    await addSizes(remeraCard, remera.name, [
      { name: "S", stock: 2 },
      { name: "M", stock: -3 },
      { name: "L", stock: 4 },
    ]);
    expect(await remeraCard.getByLabel(`Stock del talle M de ${remera.name}`, { exact: true }).inputValue()).toBe("0");
    await remeraCard.getByRole("button", { name: `Quitar el talle L de ${remera.name}` }).click();
    expect(await remeraCard.getByTestId("stock-total").textContent()).toBe("Stock total: 2 (2 talles)");
    await gorraCard.getByLabel("Precio (ARS)").fill("8000");
    expect(await summary.allTextContents()).toEqual(["2", "2", "1", "2"]);

    // The image modal: the original is marked, and at least one image stays chosen.
    await gorraCard.getByRole("button", { name: "Seleccionar Imágenes (1)" }).click();
    const picker = page.getByRole("dialog", { name: "Seleccionar Imágenes para la Tienda" });
    await picker.getByRole("button", { name: "Original, elegida (1)" }).click();
    await picker.getByRole("button", { name: "Confirmar Selección" }).click();
    await page.getByText("Debes seleccionar al menos una imagen.").waitFor();
    await picker.getByRole("button", { name: "Original" }).click();
    await picker.getByRole("button", { name: "Confirmar Selección" }).click();
    await page.getByText("Selección guardada. No olvides guardar los cambios.").waitFor();
    await picker.waitFor({ state: "hidden" });

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/products/update-pricing"));
    await page.getByRole("button", { name: "Guardar Cambios" }).click();
    const body = (await saved).request().postDataJSON() as { products: { id: string; price: number; sizes: unknown[] }[] };
    // The price goes as the field shows it once left ("15.000"); the Worker reads it with the one parser (common/price.ts).
    expect(body.products.find((p) => p.id === remera.id)).toEqual({
      id: remera.id,
      price: "15.000",
      sizes: [
        { name: "S", stock: 2 },
        { name: "M", stock: 0 },
      ],
    });
    await page.getByText("¡Cambios guardados con éxito!").waitFor();
    // Saving stays here, and the badges now say what is saved: both priced, both still drafts, one tap away.
    expect(new URL(page.url()).pathname).toBe("/product-pricing");
    await remeraCard.getByText("Precio configurado").waitFor();
    expect(await remeraCard.getByLabel("Precio (ARS)").inputValue()).toBe("15.000");
    await page.getByText("2 productos con precio están en borrador: tus clientes todavía no los ven.").waitFor();

    // --- /mi-tienda-admin: link, unpaid banner, info card, a price edit ---
    await openInApp(page, "/mi-tienda-admin");
    await page.getByText("Tu Tienda no está pagada").waitFor();
    await publishInAdmin(page, [remera.name, gorra.name]);
    await page.getByRole("link", { name: "Pagar ahora" }).waitFor();
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    await page.getByRole("button", { name: "Copiado" }).waitFor();
    await page.getByText("Enlace copiado al portapapeles").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/u/${username}`);
    await page.getByRole("button", { name: "Copiar enlace" }).waitFor();
    await openAdminSection(page, "Datos de la tienda");
    const info = page.getByRole("region", { name: "Datos de la tienda" });
    await info.getByText("+54 9 11 5555-6666").waitFor();
    await info.getByRole("button", { name: "Editar" }).click();
    await info.getByLabel("Nombre de la tienda").fill("");
    expect(await info.getByRole("button", { name: "Guardar" }).isDisabled()).toBe(true);
    await info.getByRole("button", { name: "Cancelar" }).click();
    await info.getByText(name).waitFor();

    // 'Editar' opens the editor over the list, where the seller is (nothing scrolls), and closes on saving.
    await openAdminSection(page, "Productos");
    const adminCard = page.getByRole("article", { name: remera.name });
    await adminCard.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await adminCard.getByRole("button", { name: "Editar" }).click();
    const editor = page.getByRole("dialog", { name: `Editar ${remera.name}` }).getByRole("form", { name: `Editar ${remera.name}` });
    await editor.getByLabel("Precio (ARS)").fill("16000");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await editor.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto actualizado correctamente").waitFor();
    await editor.waitFor({ state: "hidden" });
    await page.getByRole("article", { name: remera.name }).getByText("$16.000").waitFor();

    // --- The shopper, on a phone ---
    const { context: shopperContext, page: shop } = await newPage(chromium.browser, { mobile: true });
    const opened = await captureWhatsApp(shopperContext);
    await shop.goto(`/u/${username}`);
    await expectSeen(shop.getByRole("heading", { name, level: 1 }));
    // The admin's price edit shows at once: the cached page was renewed.
    await expectSeen(shop.getByText("$16.000"));
    await expectSeen(shop.getByText("2 productos"));
    const remeraItem = shop.getByRole("listitem").filter({ has: shop.getByRole("heading", { name: remera.name }) });
    await remeraItem.getByText("(Sin stock)").waitFor({ state: "attached" });
    await tap(remeraItem.getByRole("button", { name: "Añadir al carrito" }));
    // M is sold out, so S is the one size to have: chosen for the shopper, and the product opens the cart.
    const firstAdd = shop.getByRole("dialog", { name: "Tu Carrito" });
    await expectSeen(firstAdd.getByText("Talle: S"));
    expect(await shop.getByRole("dialog", { name: `Selecciona un talle para ${remera.name}` }).isVisible()).toBe(false);
    await expectSeen(firstAdd.getByText(`¡Producto «${remera.name}» añadido al carrito!`));
    const badge = shop.locator("#cart-count");
    expect(await badge.textContent()).toBe("1");
    await keepShopping(shop);
    const gorraItem = shop.getByRole("listitem").filter({ has: shop.getByRole("heading", { name: gorra.name }) });
    // Every add opens the cart at its line; 'Seguir comprando' goes back for one more.
    await tap(gorraItem.getByRole("button", { name: "Añadir al carrito" }));
    await expectSeen(firstAdd.getByText(`¡Producto «${gorra.name}» añadido al carrito!`));
    await keepShopping(shop);
    await tap(gorraItem.getByRole("button", { name: "Añadir al carrito" }));
    await expectSeen(firstAdd.getByText(`¡Producto «${gorra.name}» añadido al carrito!`));
    await expect.poll(() => badge.textContent()).toBe("3");

    // The cart survives a reload.
    await shop.reload();
    await expect.poll(() => shop.locator("#cart-count").textContent()).toBe("3");
    const cart = await openCart(shop);
    expect(await seenText(cart.locator("#cart-total"))).toBe("$32.000");
    // Quantity down to 0 removes the line.
    await tap(cart.getByRole("button", { name: `Quitar uno de ${gorra.name}` }));
    expect(await seenText(cart.locator("#cart-total"))).toBe("$24.000");
    await tap(cart.getByRole("button", { name: `Quitar uno de ${gorra.name}` }));
    await expectSeen(shop.getByText("Producto eliminado del carrito."));
    expect(await cart.getByRole("listitem").count()).toBe(1);
    // More than the size's stock is refused.
    await tap(cart.getByRole("button", { name: `Agregar uno de ${remera.name}` }));
    await tap(cart.getByRole("button", { name: `Agregar uno de ${remera.name}` }));
    await expectSeen(shop.getByText("No hay más stock de este talle."));
    expect(await cart.getByLabel(`Cantidad de ${remera.name}`).inputValue()).toBe("2");
    await tap(cart.getByRole("button", { name: `Quitar uno de ${remera.name}` }));
    await expectSeen(cart.getByText("Talle: S"));

    const whatsapp = await sendOrderByWhatsApp(shop, opened);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/5491155556666");
    const message = whatsapp.searchParams.get("text")!;
    const ending = /Pedido #([A-Z0-9]{4})\nVer pedido: (\S+)$/.exec(message)!;
    const code = ending[1]!;
    const link = ending[2]!;
    expect(link).toMatch(new RegExp(`^${baseURL()}/pedido/[\\w-]{43}$`));
    expect(message).toBe(
      [
        `¡Hola ${name}! Quiero hacer el siguiente pedido:`,
        "",
        `• ${remera.name} (Talle: S) x 1 - $16.000 c/u · Cód. ${remera.code}`,
        "",
        // A store that never set its delivery: a pick-up costs nothing.
        "Subtotal: $16.000",
        "Retiro en el local: Sin costo",
        "*Total: $16.000*",
        "",
        // Who is buying, as the cart asked (sendOrderByWhatsApp's default shopper).
        "Nombre: Ana Pérez",
        "Entrega: Retiro en el local",
        "",
        `Pedido #${code}`,
        `Ver pedido: ${link}`,
      ].join("\n"),
    );
    // The cart now shows the order's code and what comes next, and it is empty.
    await expectSeen(cart.getByRole("heading", { name: `¡Pedido #${code} guardado!` }));
    await expect.poll(() => shop.locator("#cart-count").isVisible()).toBe(false);

    // --- The seller sees the order in 'Pedidos' and confirms it; the stock goes down ---
    await openInApp(page, "/pedidos");
    await orderCard(page, code).getByText(`1 × ${remera.name} (Talle: S) — $16.000 c/u`).waitFor();
    await confirmOrder(page, code);
    await page.goto("/mi-tienda-admin");
    await page.getByRole("article", { name: remera.name }).getByText("S: 1").waitFor();

    // The shopper's next visit shows the stock that is left.
    await shop.reload();
    await shop.getByRole("heading", { name, level: 1 }).waitFor();
    const data = await shop
      .locator("#store-data")
      .evaluate((node) => JSON.parse(node.textContent!) as { products: { id: string; sizes: unknown }[] });
    expect(data.products.find((p) => p.id === remera.id)!.sizes).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 0 },
    ]);

    await shopperContext.close();
    await sellerContext.close();
  });

  it(
    "the admin adds products (with and without AI), edits store info and logo, and deletes a product",
    async () => {
      const { context, page } = await newPage(chromium.browser);
      await signInTo(page, await newSeller("admin"));
      await page.goto("/mi-tienda-admin");
      await page.getByText("No tienes una tienda configurada").waitFor();
      const suffix = String(Date.now()).slice(-6);
      const created = await page.request.post("/api/auth/mi-tienda", {
        data: { storeName: `Admin ${suffix}`, phoneNumber: "+54 9 11 3333 4444", countryCode: "AR" },
      });
      expect(created.status()).toBe(201);
      await page.reload();
      await page.getByRole("heading", { name: `Admin ${suffix}`, level: 1 }).waitFor();

      // Adding needs an image; the name is optional.
      await page.getByRole("button", { name: "Agregar producto" }).click();
      const form = page.getByRole("form", { name: "Agregar producto" });
      // Improving costs an image: off until the seller chooses it, with its price beside it.
      const ai = form.getByLabel(/Mejorar la foto con IA/);
      expect(await ai.isChecked()).toBe(false);
      expect(await form.getByTestId("ai-cost").textContent()).toBe("(cuesta 1 imagen)");
      await ai.check();
      await form.getByRole("button", { name: "Agregar producto" }).click();
      await page.getByText("Se requiere una imagen para crear el producto").waitFor();
      await form.locator('input[type="file"]').setInputFiles({
        name: "campera.jpg",
        mimeType: "image/jpeg",
        buffer: await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: "#0891b2" }),
      });
      await form.getByLabel("Nombre (opcional)").fill("Campera de jean");
      await form.getByLabel("Precio (ARS, opcional)").fill("52000");
      await addSizes(form, "Campera de jean", [{ name: "M", stock: 5 }]);
      const generated = page.waitForResponse((r) => r.url().endsWith("/api/products/generate-product-and-image"), {
        timeout: GENERATION_MS,
      });
      await form.getByRole("button", { name: "Agregar producto" }).click();
      const generation = await generated;
      expect(generation.request().postDataJSON()).toMatchObject({ includeModel: false });
      expect(generation.status()).toBe(200);
      await page.getByText("Producto agregado correctamente").waitFor();
      const jacket = page.getByRole("article", { name: "Campera de jean" });
      await jacket.getByText("$52.000").waitFor();
      await jacket.getByText("M: 5").waitFor();

      // Without AI: the photo is uploaded as it is, and the automatic name stays.
      await page.getByRole("button", { name: "Agregar producto" }).click();
      await form.getByLabel(/Mejorar la foto con IA/).uncheck();
      await form.locator('input[type="file"]').setInputFiles({
        name: "gorra-lana.jpg",
        mimeType: "image/jpeg",
        buffer: await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: "#be123c" }),
      });
      const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/products/upload-images"));
      await form.getByRole("button", { name: "Agregar producto" }).click();
      expect((await uploaded).status()).toBe(201);
      await page.getByRole("article", { name: "Gorra lana" }).getByText("Sin precio").waitFor();

      // The store-info card: edit, save.
      await openAdminSection(page, "Datos de la tienda");
      const info = page.getByRole("region", { name: "Datos de la tienda" });
      await info.getByText("2", { exact: true }).waitFor();
      await info.getByRole("button", { name: "Editar" }).click();
      await info.getByLabel("Número de WhatsApp").fill("+54 9 11 7777 8888");
      await info.getByRole("button", { name: "Guardar" }).click();
      await page.getByText("Tienda actualizada correctamente").waitFor();
      await info.getByText("+54 9 11 7777-8888").waitFor();

      // The logo editor: choose, then 'Guardar'.
      await page.getByLabel("Elegir logo").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await drawImage(page, { width: 200, height: 200, type: "image/png", color: "#f59e0b" }),
      });
      await page.getByRole("button", { name: "Guardar", exact: true }).first().click();
      await page.getByText("Logo actualizado").waitFor();
      expect(await page.getByAltText("Logo de la tienda").getAttribute("src")).toMatch(/^\/img\/l\//);

      // Delete, after the confirmation; the public store follows at once.
      await openAdminSection(page, "Productos");
      await page.getByRole("button", { name: "Eliminar Gorra lana" }).click();
      const confirm = page.getByRole("dialog", { name: "¿Eliminar este producto?" });
      await confirm.getByRole("button", { name: "Eliminar", exact: true }).click();
      await page.getByText("Producto eliminado correctamente").waitFor();
      await page.getByRole("article", { name: "Gorra lana" }).waitFor({ state: "detached" });

      // Added products start as drafts: the store shows the jacket once the seller publishes it.
      await publishInAdmin(page, ["Campera de jean"]);
      const store = await page.request.get(`/u/admin${suffix}`);
      const html = await store.text();
      expect(html).toContain(">Campera de jean</a>");
      expect(html).toContain("$52.000");
      expect(html).not.toContain("Gorra lana");
      expect(html).toContain(">WhatsApp +54 9 11 7777-8888</a>");
      // The uploaded logo (l/), as one of its WebP renditions.
      expect(html).toMatch(/<img class="logo" src="\/img\/r\/\d+\/l\//);
      await context.close();
    },
    2 * GENERATION_MS,
  );

  it("the store page is complete with JavaScript off", async () => {
    const { context, page } = await newPage(chromium.browser);
    await signInTo(page, await newSeller("sinjs"));
    const product = await uploadProduct(page, "campera.jpg", "#16a34a");
    const suffix = String(Date.now()).slice(-6);
    const created = await page.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Sin JS ${suffix}`, phoneNumber: "+54 9 11 1111 2222", countryCode: "AR" },
    });
    expect(created.status()).toBe(201);
    await page.request.post("/api/products/update-pricing", {
      data: {
        products: [
          {
            id: product.id,
            price: 45000,
            sizes: [
              { name: "M", stock: 1 },
              { name: "L", stock: 0 },
            ],
            published: true,
          },
        ],
      },
    });

    const noJs = await chromium.browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const shop = await noJs.newPage();
    const response = await shop.goto(`/u/sinjs${suffix}`);
    expect(response!.status()).toBe(200);
    await shop.getByRole("heading", { name: `Sin JS ${suffix}`, level: 1 }).waitFor();
    await shop.getByText(`¡Bienvenido a Sin JS ${suffix}!`).waitFor();
    await shop.getByText("1 producto", { exact: true }).waitFor();
    await shop.getByRole("heading", { name: product.name }).waitFor();
    await shop.getByText("$45.000").waitFor();
    // (Chromium's switch for tests still parses <noscript> as scripting-on, so its text is read, not looked for on screen.)
    expect(await shop.locator("noscript").textContent()).toContain("Sin JavaScript, pide cada producto con su botón 'Pedir por WhatsApp'.");
    // 'Añadir al carrito' would do nothing: in its place, a WhatsApp link with the order written out.
    expect(await shop.getByRole("button", { name: "Añadir al carrito" }).count()).toBe(0);
    const order = new URL((await shop.getByRole("link", { name: "Pedir por WhatsApp" }).getAttribute("href"))!);
    expect(order.origin + order.pathname).toBe("https://wa.me/5491111112222");
    expect(order.searchParams.get("text")).toBe(
      `¡Hola, Sin JS ${suffix}! Quiero pedir: ${product.name} ($45.000).\nCód. ${product.code}\nTalle: (elige uno: M)\n${baseURL()}/u/sinjs${suffix}/p/${product.id}`,
    );
    expect((await shop.getByRole("link", { name: "Pedir por WhatsApp" }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await shop.getByRole("link", { name: "WhatsApp +54 9 11 1111-2222" }).getAttribute("href")).toBe("https://wa.me/5491111112222");
    // The product image loads from the Worker under the page's own policy.
    await expect
      .poll(() =>
        shop
          .locator(".card img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await shop.locator("#cart-open").isVisible()).toBe(false);

    // Each product has its own page, with its own preview tags.
    await tap(shop.getByRole("link", { name: product.name }));
    await expectSeen(shop.getByRole("heading", { name: product.name, level: 2 }));
    expect(await shop.locator('meta[property="og:type"]').getAttribute("content")).toBe("product");
    await shop.getByText("L Sin stock").waitFor();

    // With JavaScript on a phone: the size is chosen on the page itself and 'Añadir al carrito' stays in view.
    const phone = await chromium.browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const buyer = await phone.newPage();
    await buyer.goto(`/u/sinjs${suffix}/p/${product.id}`);
    const add = buyer.getByRole("button", { name: "Añadir al carrito" });
    await expectTappable(add);
    expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    const inView = async () => {
      const box = (await add.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 844;
    };
    expect(await inView()).toBe(true);
    await buyer.mouse.wheel(0, 400);
    await expect.poll(() => buyer.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await inView()).toBe(true);
    // M is the one size in stock: chosen already on the page, so one tap adds it, with no pop-up.
    await expect.poll(() => buyer.getByRole("radio", { name: "M", exact: true }).isChecked()).toBe(true);
    expect(await buyer.getByRole("radio", { name: "L Sin stock" }).isDisabled()).toBe(true);
    await tap(add);
    await expectSeen(buyer.getByText(`¡Producto «${product.name}» añadido al carrito!`));
    await expect.poll(() => buyer.locator("#cart-count").textContent()).toBe("1");
    // The product opens the cart itself; no size picker came on the way.
    await expectSeen(buyer.getByRole("dialog", { name: "Tu Carrito" }).getByText("Talle: M"));
    expect(await buyer.locator("#size-picker[open]").count()).toBe(0);
    await phone.close();

    const missing = await shop.goto("/u/noexisteestatienda");
    expect(missing!.status()).toBe(404);
    await expectSeen(shop.getByRole("heading", { name: "Página no encontrada" }));
    await expectSeen(shop.getByText("Esta página no existe"));
    await noJs.close();
    await context.close();
  });
});
