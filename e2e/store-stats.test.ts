/**
 * 'Estadísticas' at 390 px, from real events: a shopper arrives from an
 * Instagram link, searches for something the store does not have, adds a
 * product to the cart and sends the order; the seller (whose own visit to the
 * store is not counted) confirms it; the screen shows each of those.
 */
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { drawImage, newPage, newSeller, openInApp, useChromium } from "./chromium";
import { captureWhatsApp, confirmOrder, sendOrderByWhatsApp } from "./journey-steps";
import { expectSeen, seenText, tap } from "./seen";

const chromium = useChromium();

/** A phone's Chrome: HeadlessChrome's own name is a robot's, and robots are not counted. */
const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.200 Mobile Safari/537.36";

describe("the seller's statistics (issue 29)", () => {
  it("show a shopper's visit, search without result, cart add and order, and the seller's confirmation", async () => {
    const { cookies } = await newSeller("estadisticas");
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
    await openInApp(admin, "/mi-tienda-admin");
    await tap(admin.getByRole("link", { name: "Estadísticas" }));
    await admin.waitForURL("**/estadisticas");
    await tap(admin.getByRole("button", { name: "Hoy" }));
    const periods = admin.getByTestId("stats-periods");
    const figure = (label: string) => seenText(periods.getByText(label, { exact: true }).locator("..").locator("dd").first());
    await expect.poll(() => figure("Visitas")).toBe("1");
    expect(await figure("Pedidos enviados")).toBe("1");
    expect(await figure("Pedidos confirmados")).toBe("1");
    expect(await figure("Dinero confirmado")).toBe("$12.500");
    const more = admin.getByRole("region", { name: "Resumen" });
    expect(await seenText(more.getByText("Agregados al carrito").locator("..").locator("dd"))).toBe("1");
    expect(await seenText(more.getByText("Búsquedas sin resultado").locator("..").locator("dd"))).toBe("1");
    // The shopper's page views: the store, the search, the store again (the seller's own is not among them).
    expect(await seenText(more.getByText("Páginas vistas").locator("..").locator("dd"))).toBe("3");

    await expectSeen(admin.getByRole("region", { name: "Buscaron y no encontraron" }).getByText("«zapatillas doradas»"));
    const sources = admin.getByRole("region", { name: "De dónde llegan tus visitas" });
    expect(await seenText(sources.getByRole("listitem"))).toMatch(/^Instagram\s+1 · 100 %$/);
    const ordered = admin.getByRole("table", { name: "Lo más pedido" });
    const cells = ordered.getByRole("row", { name: /Remera lino/ }).getByRole("cell");
    // Scrolled to the middle of the screen as a person reading it would, not left under the sticky header.
    await ordered.evaluate((table) => table.scrollIntoView({ block: "center" }));
    expect(await Promise.all([0, 1, 2].map((i) => seenText(cells.nth(i))))).toEqual(["1", "1", "—"]);
    await admin.getByRole("img", { name: /^Visitas: 1 visita en los últimos 30 días/ }).waitFor();
    await admin.getByRole("img", { name: /^Pedidos enviados: 1 pedido en los últimos 30 días/ }).waitFor();
    // With visits the first-visits card is gone.
    expect(await admin.getByRole("heading", { name: "Todavía no hay visitas en tu tienda" }).count()).toBe(0);

    // Readable at 390 px: nothing wider than the screen, every control big enough for a finger, WCAG AA.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectClean(admin, "/estadisticas at 390 px");
    await sellerContext.close();
  });

  it("say next to 'Agregados al carrito' that the figure has a cap, once a script's cart adds were refused (390 px)", async () => {
    const { cookies } = await newSeller("estadisticas-tope");
    const { context: sellerContext, page: admin } = await newPage(chromium.browser, { mobile: true, userAgent: PHONE });
    await sellerContext.addCookies(cookies);
    const opened = await admin.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Tienda Tope ${String(Date.now()).slice(-6)}`, phoneNumber: "+54 9 11 4000-1234", countryCode: "AR" },
    });
    expect(opened.status()).toBeLessThan(300);
    const username = ((await opened.json()) as { user: { username: string } }).user.username;
    const buffer = await drawImage(admin, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await admin.request.post("/api/products/upload-images", {
      multipart: { images: { name: "buzo.jpg", mimeType: "image/jpeg", buffer } },
    });
    const product = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!;
    const priced = await admin.request.post("/api/products/update-pricing", {
      data: { products: [{ id: product.id, price: "30.000", sizes: [], name: "Buzo frisa", published: true }] },
    });
    expect(priced.status()).toBe(200);

    // A script on one line (its own IPv6 /64 per run) reports 31 cart adds at once: 30 count, one is refused.
    const { context: script } = await newPage(chromium.browser, { mobile: true, userAgent: PHONE });
    const line = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7::1`;
    const answers = await Promise.all(
      Array.from({ length: 31 }, () =>
        script.request.post("/api/stats/events", { data: { store: username, product: product.id }, headers: { "cf-connecting-ip": line } }),
      ),
    );
    expect(answers.map((a) => a.status()).sort()).toEqual([...Array(30).fill(204), 429]);
    await script.close();
    await expect
      .poll(async () => {
        const { report } = (await (await admin.request.get("/api/stats")).json()) as {
          report: { periods: { "7d": { current: { cartAdds: number } } }; cartAddsCapped: { "7d": boolean } };
        };
        return [report.periods["7d"].current.cartAdds, report.cartAddsCapped["7d"]];
      })
      .toEqual([30, true]);

    await admin.goto("/estadisticas");
    const summary = admin.getByRole("region", { name: "Resumen" });
    const cartAdds = summary.getByText("Agregados al carrito", { exact: true }).locator("..");
    expect(await seenText(cartAdds.locator("dd").first())).toBe("30");
    expect(await seenText(cartAdds.getByTestId("capped-note"))).toBe("Algunas cifras tienen un tope para frenar visitas automáticas.");
    // Only that figure carries it.
    expect(await summary.getByTestId("capped-note").count()).toBe(1);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await sellerContext.close();
  });

  it("the weekly e-mail's link asks before turning it off, signed out; a bad or incomplete link says so", async () => {
    const { page, context } = await newPage(chromium.browser, { mobile: true });
    await page.goto("/estadisticas/baja#token=no-es-un-token");
    await tap(page.getByRole("button", { name: "Dejar de recibir el resumen semanal" }));
    await page.getByText("El enlace para darte de baja no es válido.", { exact: false }).waitFor();
    const incomplete = await context.newPage();
    await incomplete.goto("/estadisticas/baja");
    await incomplete.getByText("Este enlace está incompleto.", { exact: false }).waitFor();
    expect(await incomplete.getByRole("button", { name: "Dejar de recibir el resumen semanal" }).count()).toBe(0);
    await context.close();
  });
});
