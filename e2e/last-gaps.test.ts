/** Issue 16, the last gaps against the spec, each on its real screen in Chromium. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { imageSource } from "../common/image-renditions";
import { creditsShown, drawImage, newPage, newSeller, openInApp, useChromium } from "./chromium";
import { uploadProduct, waitForGeneratedImage } from "./journey-steps";

const chromium = useChromium();

async function signedIn(prefix: string, options: { mobile?: boolean } = {}) {
  const seller = await newSeller(prefix);
  const { context, page } = await newPage(chromium.browser, options);
  await context.addCookies(seller.cookies);
  return { context, page };
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

const config = (supportWhatsapp: string | null) => ({ maintenance: false, supportEmail: null, supportWhatsapp, social: [] });

describe("issue 16 in a real browser", () => {
  it("register offers the support WhatsApp when one is configured, and nothing when none is", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await page.route("**/api/config", (route) => route.fulfill({ json: config("5491122334455") }));
    await page.goto("/register");
    const link = page.getByRole("link", { name: /Escríbenos por WhatsApp/ });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/5491122334455\?text=/);
    expect(await link.getAttribute("target")).toBe("_blank");

    await page.unroute("**/api/config");
    let answered!: () => void;
    const configAnswered = new Promise<void>((r) => (answered = r));
    await page.route("**/api/config", async (route) => {
      await route.fulfill({ json: config(null) });
      answered();
    });
    await page.reload();
    await configAnswered;
    await page.getByRole("button", { name: "Crear cuenta" }).waitFor();
    await page.getByText("términos y condiciones").waitFor();
    expect(await page.getByRole("link", { name: /WhatsApp/ }).count()).toBe(0);
    await context.close();
  });

  it("'Agregar Nuevo Producto' from /home: name and photo, no AI, no credits spent", async () => {
    const { context, page } = await signedIn("nuevo", { mobile: true });
    await page.goto("/home");
    await page.getByText("No hay productos", { exact: true }).waitFor();
    const credits = await creditsShown(page);
    await page.getByRole("button", { name: "Agregar sin IA" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar Nuevo Producto" });
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: "Eliminar Producto" }).count()).toBe(0);

    // Both are required, and both say so.
    await dialog.getByRole("button", { name: "Agregar Producto" }).click();
    await dialog.getByText("El nombre es obligatorio.").waitFor();
    await dialog.getByText("Se requiere una imagen para crear el producto").waitFor();

    await dialog.getByLabel("Nombre").fill("Camisón de algodón 🌸");
    const photo = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: "#be185d" });
    await dialog.getByLabel("Imagen").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
    await dialog.getByTestId("picked-image").waitFor();
    await dialog.getByRole("button", { name: "Agregar Producto" }).click();
    await page.getByText("Producto agregado correctamente").waitFor();
    await dialog.waitFor({ state: "hidden" });

    // Kept by the server under the typed name (not the file's), with its photo.
    await page.reload();
    const card = page.getByRole("button", { name: "Camisón de algodón 🌸", exact: true });
    await card.waitFor();
    // The uploaded photo (o/), shown through its WebP renditions.
    expect(imageSource((await card.locator("img").getAttribute("src"))!)).toMatch(/^o\//);
    expect(await creditsShown(page)).toBe(credits);
    await context.close();
  });

  it("the result dialog modifies the result with the gallery's field and cost note, under 'Modificando...'; failed downloads and personalisation say why", async () => {
    const { context, page } = await signedIn("modificar");
    await uploadProduct(page, "buzo-gris.jpg", "#475569");
    await page.goto("/home");
    await page.getByRole("button", { name: "Buzo gris", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Buzo gris", exact: true });

    // A personalised generation whose connection drops: the spec's own message.
    await drawer.getByRole("button", { name: "Personalizar" }).click();
    await drawer.getByRole("button", { name: "Femenino", exact: true }).click();
    await page.route("**/api/products/personalize/**", (route) => route.abort("internetdisconnected"));
    await drawer.getByRole("button", { name: "Generar con estas opciones" }).click();
    const result = page.getByRole("dialog", { name: "Resultado: Buzo gris" });
    await result.getByText("Error de red al generar la imagen personalizada", { exact: true }).first().waitFor();
    await page.unroute("**/api/products/personalize/**");
    await result.getByRole("button", { name: "Cerrar" }).click();
    await result.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Buzo gris", exact: true }).click();
    await drawer.getByRole("button", { name: "Generar 1 imagen" }).click();
    const before = await (await waitForGeneratedImage(result, "Buzo gris")).getAttribute("src");

    // The download breaks on the way: 'Error al descargar la imagen.'
    await page.route("**/img/**", (route) => route.abort("connectionreset"));
    await result.getByRole("button", { name: "Descargar Resultado" }).click();
    await page.getByText("Error al descargar la imagen.").waitFor();
    await page.unroute("**/img/**");

    await result.getByRole("button", { name: "Modificar", exact: true }).click();
    await result.getByLabel("Instrucciones para modificar").waitFor();
    await result.getByText("Costo de modificación: 1 imagen.").waitFor();
    await result.getByRole("button", { name: "Modificar Imagen" }).click();
    await result.getByText("Por favor, ingresa las instrucciones para modificar la imagen.").waitFor();

    // The request is held so the overlay can be seen over the result.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/products/images/modify/**", async (route) => {
      await held;
      await route.continue();
    });
    await result.getByLabel("Instrucciones para modificar").fill("Cambia el fondo a gris claro");
    await result.getByRole("button", { name: "Modificar Imagen" }).click();
    await result.getByRole("status").filter({ hasText: "Modificando..." }).waitFor();
    expect(await result.getByRole("button", { name: "Regenerar (1 imagen)" }).isDisabled()).toBe(true);
    release();
    await page.getByText("¡Imagen modificada con éxito!").waitFor();
    await result.getByRole("status").filter({ hasText: "Modificando..." }).waitFor({ state: "hidden" });
    const after = result.getByRole("img", { name: "Imagen generada de Buzo gris", exact: true });
    await expect.poll(() => after.getAttribute("src")).not.toBe(before);
    expect(await creditsShown(page)).toBe("8 imágenes");

    // The gallery holds the modified image too.
    const modified = await after.getAttribute("src");
    await page.goto("/images");
    // The gallery shows it through a rendition of the same stored image.
    const shown = () => page.locator("img[src^='/img/']").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
    await expect.poll(async () => (await shown()).map(imageSource)).toContain(imageSource(modified!));
    await context.close();
  }, 240_000);

  it("one 'from' price computed from the packs on the landing and the sign-in panel; the one-image pack as charged", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/");
    await page.getByText("Desde US$ 0.088 por imagen", { exact: true }).first().waitFor();
    const single = page.getByTestId("landing-pack-pack-1");
    await single.getByText("US$ 0.13", { exact: true }).waitFor();
    expect(await single.textContent()).not.toMatch(/0[.,]125/);
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await page.getByText("Desde US$ 0.088 por imagen, sin sesiones de fotos.").waitFor();
      expect(await page.getByText(/0[.,]125/).count()).toBe(0);
    }
    await context.close();
  });

  it("the payment preview shows the store's real link; the welcome card tells unpaid from paid", async () => {
    const { context, page } = await signedIn("bienvenida", { mobile: true });
    const store = (await post(page, "/api/auth/mi-tienda", {
      storeName: "Doña Rosa Ropa",
      phoneNumber: "+54 9 11 4000-1111",
      countryCode: "AR",
    })) as {
      user: { username: string };
    };
    const { username } = store.user;

    await page.goto("/home");
    const status = page.getByTestId("store-status");
    await status.getByText("Tienda en modo prueba", { exact: false }).waitFor();
    expect(await status.textContent()).not.toContain("está activa");
    await page.getByRole("link", { name: "Pagar ahora" }).waitFor();

    await openInApp(page, "/pay-mi-tienda");
    const link = page.getByTestId("preview-store-link");
    const host = new URL(page.url()).host;
    expect(await link.textContent()).toContain(`${host}/u/${username}`);
    expect(await link.getAttribute("href")).toBe(`/u/${username}`);
    expect(await page.getByText(`my.${host}`).count()).toBe(0);
    // The same address the admin shows and copies.
    await openInApp(page, "/mi-tienda-admin");
    await page
      .getByRole("link", { name: `${host}/u/${username}` })
      .first()
      .waitFor();

    // Paying (here with credits, /auto-charge) makes the card say the store is active, and the pay link goes: on
    // the screens the seller goes on to in the same visit, not only after a reload.
    await openInApp(page, "/auto-charge");
    await page.getByRole("button", { name: "Sí, activar por 10 imágenes" }).click();
    await page.getByText("Se descontaron 500 créditos.").waitFor();
    await openInApp(page, "/home");
    await status.getByText("Tu tienda virtual está activa.", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Pagar ahora" }).count()).toBe(0);
    await context.close();
  });
});
