/**
 * /mi-tienda-admin on a 390 px phone: one section at a time by what the seller
 * does (products, orders, delivery and payment, sharing, store details), each a
 * short page with its own link; 'Editar' opens the product's editor where the
 * seller is; the list tells each colour's stock apart.
 */
import { describe, expect, it } from "vitest";
import { LOGO_NOT_AN_IMAGE } from "../common/store";
import { expectClean } from "./axe";
import { newPage, newSeller, useChromium } from "./chromium";
import { openAdminSection, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/** The old single page measured 10,700 px on a phone; a section stays within a few screens (844 px each). */
const SECTION_MAX_HEIGHT = 2_600;

describe("the store admin's sections at 390 px", () => {
  it("splits the admin into short sections with their own links, edits a product in place and shows stock per colour", async () => {
    const { cookies } = await newSeller("secciones");
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await context.addCookies(cookies);
    const opened = await page.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Ropa Ñandú ${String(Date.now()).slice(-6)}`, phoneNumber: "011 15 4000-1234", countryCode: "AR" },
    });
    expect(opened.status()).toBe(201);
    const remera = await uploadProduct(page, "remera-negra.jpg", "#111827");
    const gorra = await uploadProduct(page, "gorra.jpg", "#be123c");
    const priced = await page.request.post("/api/products/update-pricing", {
      data: {
        products: [
          {
            id: remera.id,
            name: "Remera básica",
            price: "12.500",
            colors: [
              {
                name: "Negro",
                sizes: [
                  { name: "S", stock: 2 },
                  { name: "M", stock: 0 },
                ],
              },
              {
                name: "Blanco",
                sizes: [
                  { name: "S", stock: 0 },
                  { name: "M", stock: 4 },
                ],
              },
            ],
          },
          { id: gorra.id, name: "Gorra", price: "5.000", sizes: [] },
        ],
      },
    });
    expect(priced.status()).toBe(200);

    await page.goto("/mi-tienda-admin");
    const nav = page.getByRole("navigation", { name: "Secciones de Mi Tienda" });
    await expectSeen(nav.getByRole("link", { name: "Productos" }));
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Productos",
      "Pedidos",
      "Entrega y pagos",
      "Compartir",
      "Datos de la tienda",
    ]);
    // Products first: each colour's stock on its own, a sold-out size said so (not "S: 2 · M: 4" summed over colours).
    const card = page.getByRole("article", { name: "Remera básica" });
    await expectSeen(card);
    expect(await card.getByTestId("color-stock").allTextContents()).toEqual(["Negro: S 2 · M 0 (agotado)", "Blanco: S 0 (agotado) · M 4"]);
    await expectClean(page, "/mi-tienda-admin, Productos");

    // Every section: reachable from the nav, its own link, short, and its controls there.
    const sections = [
      { label: "Productos", search: "", shows: () => page.getByRole("button", { name: "Agregar producto" }) },
      { label: "Pedidos", search: "?seccion=pedidos", shows: () => page.getByRole("link", { name: "Ver pedidos" }) },
      {
        label: "Entrega y pagos",
        search: "?seccion=entrega-y-pagos",
        shows: () => page.getByRole("button", { name: "Guardar entrega y pagos" }),
      },
      { label: "Compartir", search: "?seccion=compartir", shows: () => page.getByRole("button", { name: "Copiar para Instagram" }) },
      {
        label: "Datos de la tienda",
        search: "?seccion=datos",
        shows: () => page.getByRole("region", { name: "Datos de la tienda" }).getByRole("button", { name: "Editar" }),
      },
    ] as const;
    for (const section of sections) {
      await openAdminSection(page, section.label);
      await expectSeen(section.shows());
      expect(new URL(page.url()).search).toBe(section.search);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, section.label).toBeLessThan(SECTION_MAX_HEIGHT);
      if (section.label !== "Productos") await expectClean(page, `/mi-tienda-admin, ${section.label}`);
    }
    // A section's link survives a reload, and the back button returns to the one before.
    await page.reload();
    await expectSeen(page.getByRole("region", { name: "Datos de la tienda" }));
    await page.goBack();
    await expectSeen(page.getByRole("button", { name: "Copiar para Instagram" }));

    // 'Editar' opens the editor over the list where the seller is: the page does not jump.
    await openAdminSection(page, "Productos");
    const gorraCard = page.getByRole("article", { name: "Gorra" });
    await gorraCard.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await tap(gorraCard.getByRole("button", { name: "Editar" }));
    const dialog = page.getByRole("dialog", { name: "Editar Gorra" });
    const editor = dialog.getByRole("form", { name: "Editar Gorra" });
    await expectSeen(editor.getByLabel("Precio (ARS)"));
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    const box = (await editor.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(844);
    await expectClean(page, "the product editor");
    await editor.getByLabel("Precio (ARS)").fill("6.000");
    // A product without sizes counts its units too: 0 is sold out, in the list and in the store.
    await editor.getByLabel("Unidades en stock (sin talles)").fill("0");
    await tap(editor.getByRole("button", { name: "Guardar" }));
    await dialog.waitFor({ state: "hidden" });
    await expectSeen(gorraCard.getByText("$6.000"));
    await expectSeen(gorraCard.getByTestId("unit-stock").getByText("Sin stock (agotado)"));
    await tap(gorraCard.getByRole("button", { name: "Publicar" }));
    await expectSeen(gorraCard.getByTestId("publish-state").getByText("Publicado"));
    const username = ((await opened.json()) as { user: { username: string } }).user.username;
    const { context: shopper, page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.goto(`/u/${username}`);
    const soldOut = shop.locator("li.card").filter({ hasText: "Gorra" }).getByRole("button", { name: "Sin stock" });
    expect(await soldOut.isDisabled()).toBe(true);
    await shopper.close();
    await context.close();
  });

  it("says a field's error once, at the field: a logo that is not an image in 'Mi Tienda'", async () => {
    const { cookies } = await newSeller("logo-error");
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await context.addCookies(cookies);
    await page.goto("/mi-tienda");
    await expectSeen(page.getByRole("button", { name: "Elegir logo" }));
    await page
      .getByLabel("Logo (opcional)")
      .setInputFiles({ name: "logo.txt", mimeType: "text/plain", buffer: Buffer.from("no soy una imagen") });
    await expectSeen(page.getByRole("alert").getByText(LOGO_NOT_AN_IMAGE));
    // A toast is raised in the same handler as the field's message, so it would be on the page by now.
    expect(await page.getByText(LOGO_NOT_AN_IMAGE).count()).toBe(1);
    await context.close();
  });
});
