/**
 * 'Estadísticas' at 390 px, from real events: a shopper arrives from an
 * Instagram link, searches for something the store does not have, adds a
 * product to the cart and sends the order; the seller (whose own visit to the
 * store is not counted) confirms it; the screen shows each of those.
 */
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { drawImage, newPage, newSeller, useChromium } from "./chromium";
import { captureWhatsApp, confirmOrder, sendOrderByWhatsApp } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/** A phone's Chrome: HeadlessChrome's own name is a robot's, and robots are not counted. */
const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.200 Mobile Safari/537.36";

describe("the seller's statistics (issue 29)", () => {
  it("show a shopper's visit, search without result, cart add and order, and the seller's confirmation", async () => {
    const { cookies } = await newSeller(chromium.browser, "estadisticas");
    const { context: sellerContext, page: admin } = await newPage(chromium.browser, { mobile: true, userAgent: PHONE });
    await sellerContext.addCookies(cookies);
    const opened = await admin.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Moda Austral ${String(Date.now()).slice(-6)}`, phoneNumber: "+54 9 11 4000-1234", countryCode: "AR" },
    });
    expect(opened.status()).toBeLessThan(300);
    const username = ((await opened.json()) as { user: { username: string } }).user.username;
    const buffer = await drawImage(admin, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await admin.request.post("/api/products/upload-images", {
      multipart: { images: { name: "remera.jpg", mimeType: "image/jpeg", buffer } },
    });
    const product = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!;
    const priced = await admin.request.post("/api/products/update-pricing", {
      data: { products: [{ id: product.id, price: "12.500", sizes: [], name: "Remera lino", published: true }] },
    });
    expect(priced.status()).toBe(200);

    // Before any visit: the screen says how to get the first ones.
    await admin.goto("/estadisticas");
    await admin.getByRole("heading", { name: "Todavía no hay visitas en tu tienda" }).waitFor();
    expect(await admin.getByRole("link", { name: "Compartir por WhatsApp" }).getAttribute("href")).toContain(
      encodeURIComponent(`/u/${username}?ref=whatsapp`),
    );

    // The seller looks at their own store: not a visit.
    await admin.goto(`/u/${username}`);
    await admin.getByRole("heading", { name: /Bienvenido/ }).waitFor();

    const { context, page: shop } = await newPage(chromium.browser, { mobile: true, userAgent: PHONE });
    const whatsapp = await captureWhatsApp(context);
    await shop.goto(`/u/${username}?ref=instagram`);
    await shop.getByLabel("Buscar en la tienda").fill("zapatillas doradas");
    await tap(shop.getByRole("button", { name: "Buscar" }));
    await expectSeen(shop.getByText("No encontramos productos"));
    await tap(shop.getByRole("link", { name: "mira todos los productos" }));
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    const message = (await sendOrderByWhatsApp(shop, whatsapp)).searchParams.get("text")!;
    const code = /Pedido #(\w{4})/.exec(message)![1]!;
    await context.close();

    await admin.goto("/pedidos");
    await confirmOrder(admin, code);

    // Counting happens after each answer: wait until the figures are in, then read them on the screen.
    await expect
      .poll(async () => {
        const { report } = (await (await admin.request.get("/api/stats")).json()) as {
          report: { periods: { today: { current: { ordersConfirmed: number; cartAdds: number } } } };
        };
        return report.periods.today.current;
      })
      .toMatchObject({ ordersConfirmed: 1, cartAdds: 1 });

    // From Mi Tienda, whose header links to the statistics (on a phone the menu is behind its button).
    await admin.goto("/mi-tienda-admin");
    await admin.getByRole("link", { name: "Estadísticas" }).click();
    await admin.waitForURL("**/estadisticas");
    await admin.getByRole("button", { name: "Hoy" }).click();
    const periods = admin.getByTestId("stats-periods");
    const figure = async (label: string) =>
      (await periods.getByText(label, { exact: true }).locator("..").locator("dd").first().textContent())?.trim();
    await expect.poll(() => figure("Visitas")).toBe("1");
    expect(await figure("Pedidos enviados")).toBe("1");
    expect(await figure("Pedidos confirmados")).toBe("1");
    expect(await figure("Dinero confirmado")).toBe("$12.500");
    const more = admin.getByRole("region", { name: "Resumen" });
    expect(await more.getByText("Agregados al carrito").locator("..").locator("dd").textContent()).toBe("1");
    expect(await more.getByText("Búsquedas sin resultado").locator("..").locator("dd").textContent()).toBe("1");
    // The shopper's page views: the store, the search, the store again (the seller's own is not among them).
    expect(await more.getByText("Páginas vistas").locator("..").locator("dd").textContent()).toBe("3");

    await admin.getByRole("region", { name: "Buscaron y no encontraron" }).getByText("«zapatillas doradas»").waitFor();
    const sources = admin.getByRole("region", { name: "De dónde llegan tus visitas" });
    expect(await sources.getByRole("listitem").allTextContents()).toEqual(["Instagram1 · 100 %"]);
    const ordered = admin.getByRole("table", { name: "Lo más pedido" });
    expect(
      await ordered
        .getByRole("row", { name: /Remera lino/ })
        .getByRole("cell")
        .allTextContents(),
    ).toEqual(["1", "1", "—"]);
    await admin.getByRole("img", { name: /^Visitas: 1 visita en los últimos 30 días/ }).waitFor();
    await admin.getByRole("img", { name: /^Pedidos enviados: 1 pedido en los últimos 30 días/ }).waitFor();
    // With visits the first-visits card is gone.
    expect(await admin.getByRole("heading", { name: "Todavía no hay visitas en tu tienda" }).count()).toBe(0);

    // Readable at 390 px: nothing wider than the screen, every control big enough for a finger, WCAG AA.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectClean(admin, "/estadisticas at 390 px");
    await sellerContext.close();
  });

  it("the weekly e-mail's link asks before turning it off, signed out; a bad or incomplete link says so", async () => {
    const { page, context } = await newPage(chromium.browser, { mobile: true });
    await page.goto("/estadisticas/baja#token=no-es-un-token");
    await page.getByRole("button", { name: "Dejar de recibir el resumen semanal" }).click();
    await page.getByText("El enlace para darte de baja no es válido.", { exact: false }).waitFor();
    const incomplete = await context.newPage();
    await incomplete.goto("/estadisticas/baja");
    await incomplete.getByText("Este enlace está incompleto.", { exact: false }).waitFor();
    expect(await incomplete.getByRole("button", { name: "Dejar de recibir el resumen semanal" }).count()).toBe(0);
    await context.close();
  });
});
