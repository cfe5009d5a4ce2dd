import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { creditsShown, drawImage, GENERATION_MS, newPage, newSeller, signInTo, useChromium } from "./chromium";
import { uploadProduct, waitForGeneratedImage } from "./journey-steps";

const chromium = useChromium();

/** A small real JPEG (a garment on a light backdrop), drawn by the browser itself. */
const jpeg = (page: Page, color: string) => drawImage(page, { width: 480, height: 600, type: "image/jpeg", color });

/** Holds a request until `release` is called, so a state that is usually brief can be seen. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let seen = false;
  await page.route(pattern, async (route) => {
    seen = true;
    await held;
    await route.continue();
  });
  return { release, seen: () => seen };
}

describe("/home products page in a real browser", () => {
  it(
    "uploads a product, follows the view-mode rules, generates, downloads, edits and deletes it",
    async () => {
      const { context, page } = await newPage(chromium.browser);
      // Each test starts from an empty catalogue and 10 images: its own seller.
      await signInTo(page, await newSeller("productos"));

      // --- Page frame: promo, store invitation, empty state ---
      // The banner's price is computed for the seller's country (the local edge says US: dollars, as charged).
      await page.getByText("Imágenes mejoradas desde US$ 0.088 por imagen").waitFor();
      await page.getByRole("heading", { name: "Prueba Tu Tienda" }).waitFor();
      await page.getByText("No hay productos", { exact: true }).waitFor();
      await page.getByText("Empieza subiendo tu primer producto").waitFor();
      await page.getByRole("button", { name: "Añadir Producto" }).waitFor();
      expect(await creditsShown(page)).toBe("10 imágenes");

      await uploadProduct(page, "remera-azul.jpg");
      await page.reload();
      const card = page.getByRole("button", { name: "Remera azul", exact: true });
      await card.waitFor();
      expect(await page.getByRole("button", { name: "Agregar producto" }).count()).toBe(1);

      // --- Drawer: defaults, then the rules of common/generation.ts ---
      await card.click();
      const drawer = page.getByRole("dialog", { name: "Remera azul", exact: true });
      await drawer.waitFor();
      const radio = (name: string) => drawer.getByRole("radio", { name, exact: true });
      expect(await radio("Frente").isChecked()).toBe(true);
      expect(await radio("Prenda Sola").isChecked()).toBe(true);
      expect(await radio("Adulto").isChecked()).toBe(true);
      await drawer.getByRole("button", { name: "Generar 1 imagen" }).waitFor();

      await radio("Detrás").check();
      await radio("Conjunto").check();
      await radio("Bebé").check();
      // Bebé forces the front view and garment-only, and disables both alternatives.
      expect(await radio("Frente").isChecked()).toBe(true);
      expect(await radio("Prenda Sola").isChecked()).toBe(true);
      expect(await radio("Detrás").isDisabled()).toBe(true);
      expect(await radio("Conjunto").isDisabled()).toBe(true);
      await radio("Niña").check();
      expect(await radio("Detrás").isDisabled()).toBe(true);
      await radio("Adulto").check();
      expect(await radio("Detrás").isEnabled()).toBe(true);
      expect(await radio("Conjunto").isEnabled()).toBe(true);

      // Calidad Pro costs two images, and the button says so.
      const pro = drawer.getByRole("switch", { name: "Calidad Pro" });
      await pro.click();
      expect(await pro.getAttribute("aria-checked")).toBe("true");
      await drawer.getByRole("button", { name: "Generar (Calidad Pro, 2 imágenes)" }).waitFor();
      await pro.click();
      await drawer.getByRole("button", { name: "Generar 1 imagen" }).waitFor();

      // 'Personalizar Modelo': a choice toggles off when tapped again.
      await drawer.getByRole("button", { name: "Personalizar" }).click();
      await drawer.getByRole("heading", { name: "Personalizar Modelo" }).waitFor();
      for (const label of [
        "Masculino",
        "Femenino",
        "Joven",
        "Adulto",
        "Mayor",
        "Claro",
        "Medio",
        "Oscuro",
        "Delgado",
        "Atlético",
        "Curvy",
      ]) {
        await drawer.getByRole("button", { name: label, exact: true }).waitFor();
      }
      const femenino = drawer.getByRole("button", { name: "Femenino", exact: true });
      const withOptions = drawer.getByRole("button", { name: "Generar con estas opciones" });
      expect(await withOptions.isDisabled()).toBe(true);
      await femenino.click();
      expect(await femenino.getAttribute("aria-pressed")).toBe("true");
      expect(await withOptions.isEnabled()).toBe(true);
      await femenino.click();
      expect(await femenino.getAttribute("aria-pressed")).toBe("false");
      await drawer.getByRole("button", { name: "Volver" }).click();
      expect(await drawer.getByText("Personalización activa").count()).toBe(0);

      // --- Generate the back view; the request is held so the progress can be seen ---
      await radio("Detrás").check();
      const held = await hold(page, "**/api/products/back-image/**");
      await drawer.getByRole("button", { name: "Generar 1 imagen" }).click();
      const result = page.getByRole("dialog", { name: "Resultado: Remera azul" });
      await result.waitFor();
      await drawer.waitFor({ state: "hidden" });
      await result.getByText("Antes", { exact: true }).waitFor();
      await result.getByText("Después", { exact: true }).waitFor();
      await result.getByText("Generando imagen...").waitFor();
      await result.getByRole("progressbar").waitFor();
      expect(await result.getByRole("button", { name: "Regenerar (1 imagen)" }).isDisabled()).toBe(true);
      expect(await result.getByRole("button", { name: "Descargar Resultado" }).isDisabled()).toBe(true);
      await expect.poll(held.seen).toBe(true);
      held.release();

      await waitForGeneratedImage(result, "Remera azul");
      await page.getByText("¡Imagen generada con éxito!").waitFor();
      expect(await creditsShown(page)).toBe("9 imágenes");
      expect(await result.getByRole("button", { name: "Regenerar (1 imagen)" }).isEnabled()).toBe(true);

      // Clicking the result enlarges it; Escape shrinks it back without closing the dialog.
      await result.getByRole("button", { name: "Ampliar imagen generada" }).click();
      await result.getByRole("img", { name: "Imagen generada de Remera azul, ampliada" }).waitFor();
      await page.keyboard.press("Escape");
      await result.getByRole("img", { name: "Imagen generada de Remera azul, ampliada" }).waitFor({ state: "hidden" });
      expect(await result.isVisible()).toBe(true);

      // Download: generated_{name}_{time} with the image's real extension, and real image bytes.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        result.getByRole("button", { name: "Descargar Resultado" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^generated_Remera_azul_\d+\.(jpg|png|webp)$/);
      const bytes = await readFile(await download.path());
      expect(bytes.length).toBeGreaterThan(1000);
      if (download.suggestedFilename().endsWith(".jpg")) expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
      await page.getByText("Imagen descargada.").waitFor();

      await result.getByRole("button", { name: "Cerrar" }).click();
      await result.waitFor({ state: "hidden" });

      // Closing the result reset the view mode: front, adult, garment-only. (Opened by keyboard this time.)
      await card.focus();
      await page.keyboard.press("Enter");
      await drawer.waitFor();
      expect(await radio("Frente").isChecked()).toBe(true);
      expect(await radio("Adulto").isChecked()).toBe(true);
      expect(await radio("Prenda Sola").isChecked()).toBe(true);

      // --- Edit: the name is required; a new name and photo replace the old ones ---
      const oldSrc = await card.locator("img").getAttribute("src");
      await drawer.getByRole("button", { name: "Editar producto" }).click();
      const edit = page.getByRole("dialog", { name: "Editar Producto" });
      await edit.waitFor();
      const name = edit.getByLabel("Nombre");
      expect(await name.inputValue()).toBe("Remera azul");
      await name.fill("   ");
      await edit.getByRole("button", { name: "Actualizar Producto" }).click();
      await edit.getByText("El nombre es obligatorio.").waitFor();
      await name.fill("Remera roja");
      await edit
        .locator('input[type="file"]')
        .setInputFiles({ name: "roja.jpg", mimeType: "image/jpeg", buffer: await jpeg(page, "#dc2626") });
      await edit
        .getByTestId("picked-image")
        .getByText(/roja\.jpg/)
        .waitFor();
      const updated = page.waitForResponse((r) => r.url().endsWith("/api/products/update"));
      await edit.getByRole("button", { name: "Actualizar Producto" }).click();
      const updateBody = (await updated).request().postDataJSON() as { name: string; imageBase64: string };
      expect(updateBody.name).toBe("Remera roja");
      expect(updateBody.imageBase64).toMatch(/^data:image\/jpeg;base64,/);
      await page.getByText("Producto actualizado correctamente").waitFor();
      await edit.waitFor({ state: "hidden" });
      // Back on the drawer, which now carries the new name.
      await page.getByRole("dialog", { name: "Remera roja", exact: true }).waitFor();
      await page.keyboard.press("Escape");
      const renamed = page.getByRole("button", { name: "Remera roja", exact: true });
      await renamed.waitFor();
      expect(await renamed.locator("img").getAttribute("src")).not.toBe(oldSrc);

      // --- Delete, after the confirmation ---
      await renamed.click();
      await page.getByRole("dialog", { name: "Remera roja", exact: true }).getByRole("button", { name: "Editar producto" }).click();
      await edit.getByRole("button", { name: "Eliminar Producto" }).click();
      await edit.getByText("¿Eliminar este producto?").waitFor();
      await edit.getByRole("button", { name: "No, conservar" }).click();
      await edit.getByRole("button", { name: "Eliminar Producto" }).click();
      const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/products/delete/"));
      await edit.getByRole("button", { name: "Sí, eliminar" }).click();
      expect((await deleted).status()).toBe(200);
      await page.getByText("Producto eliminado correctamente").waitFor();
      await page.getByText("No hay productos", { exact: true }).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      await context.close();
    },
    3 * GENERATION_MS,
  );

  it("at 390 px: load error with retry, the add dialog, 'Falta Imagen', generation errors and 'Recargar'", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    // Each test starts from an empty catalogue and 10 images: its own seller.
    await signInTo(page, await newSeller("productos"));

    // The list fails (TanStack Query retries three times first), then 'Reintentar' loads it.
    let fail = true;
    await page.route("**/api/products/list/**", (route) =>
      fail ? route.fulfill({ status: 500, json: { error: "Error al cargar los productos" } }) : route.continue(),
    );
    await page.reload();
    await page.getByTestId("product-skeleton").first().waitFor();
    const alert = page.getByRole("alert");
    await alert.getByText("Error al cargar los productos").waitFor();
    fail = false;
    await alert.getByRole("button", { name: "Reintentar" }).click();
    await page.getByText("No hay productos", { exact: true }).waitFor();
    await page.unroute("**/api/products/list/**");

    // 'Añadir Producto' opens the add-with-AI dialog.
    await page.getByRole("button", { name: "Añadir Producto" }).click();
    const add = page.getByRole("dialog", { name: "Agregar Producto con IA" });
    await add.waitFor();
    await add.getByRole("button", { name: "Cerrar" }).click();
    await add.waitFor({ state: "hidden" });

    // A product without a photo: 'Sin imagen' and a disabled 'Falta Imagen'.
    await uploadProduct(page, "pantalon.jpg");
    await page.route("**/api/products/list/**", async (route) => {
      const { products } = (await (await route.fetch()).json()) as { products: Record<string, unknown>[] };
      await route.fulfill({ json: { products: products.map((p) => ({ ...p, imageURL: null, imageUrl: null, originalImageUrl: null })) } });
    });
    await page.reload();
    const card = page.getByRole("button", { name: "Pantalon" });
    await card.getByText("Sin imagen").waitFor();
    await card.click();
    const drawer = page.getByRole("dialog", { name: "Pantalon" });
    expect(await drawer.getByRole("button", { name: "Falta Imagen" }).isDisabled()).toBe(true);
    await page.unroute("**/api/products/list/**");

    // A failed generation: the spec's title with the server's message, for the first try and for 'Regenerar'.
    const busy = "El generador de imágenes está saturado en este momento. Te devolvimos los créditos; intenta en unos minutos.";
    await page.route("**/api/products/generate-ad/**", (route) => route.fulfill({ status: 503, json: { error: busy } }));
    await page.reload();
    await page.getByRole("button", { name: "Pantalon" }).click();
    await drawer.getByRole("button", { name: "Generar 1 imagen" }).click();
    const result = page.getByRole("dialog", { name: "Resultado: Pantalon" });
    await result.getByText("No se pudo generar la imagen.", { exact: true }).waitFor();
    // The toast is hosted by the open dialog, so it shows above the dialog's backdrop.
    const toastTitle = result.getByText("Error al generar la imagen", { exact: true });
    await toastTitle.waitFor();
    expect(await toastTitle.locator("..").textContent()).toContain(busy);
    expect(await result.getByRole("button", { name: "Descargar Resultado" }).isDisabled()).toBe(true);
    await result.getByRole("button", { name: "Regenerar (1 imagen)" }).click();
    await result.getByText("Error al regenerar", { exact: true }).waitFor();
    await result.getByRole("button", { name: "Cerrar" }).click();
    await page.unroute("**/api/products/generate-ad/**");
    expect(await creditsShown(page)).toBe("10 imágenes");

    // No images left: 'Recargar' explains it instead of generating.
    await page.route("**/api/auth/profile", async (route) => {
      const { user } = (await (await route.fetch()).json()) as { user: Record<string, unknown> };
      await route.fulfill({ json: { user: { ...user, credits: 0 } } });
    });
    await page.reload();
    expect(await creditsShown(page)).toBe("0 imágenes");
    await page.getByRole("button", { name: "Pantalon" }).click();
    const recharge = drawer.getByRole("button", { name: "Recargar" });
    expect(await recharge.isEnabled()).toBe(true);
    // Nothing fits horizontally off-screen at 390 px, even with the drawer open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    let generationCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/products/generate-ad/")) generationCalls++;
    });
    await recharge.click();
    await page.getByText("No te quedan imágenes disponibles.").waitFor();
    expect(generationCalls).toBe(0);
    await context.close();
  });
});
