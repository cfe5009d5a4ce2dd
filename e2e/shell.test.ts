import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, inject, describe, expect, it } from "vitest";
import { CHROMIUM_TEST_VARS, startLocalApp } from "../scripts/local-app.ts";
import { newPage, newSeller, signInTo, useChromium, useSeller, type PageOptions } from "./chromium";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

const seller = useSeller("marco");

/** A new browser signed in as the file's seller, on `path`, once its header is up. */
async function signedIn(path: string, options: PageOptions = {}) {
  const opened = await newPage(chromium.browser, options);
  await signInTo(opened.page, seller, path);
  return opened;
}

/** Entries of the visible menu (sidebar on desktop, drawer on phones), in order. */
async function menuLabels(page: Page) {
  const menu = page.getByRole("navigation", { name: "Menú principal" });
  await expectSeen(menu);
  return (await menu.getByRole("listitem").allInnerTexts()).map((t) => t.trim());
}

/** The signed-in seller as the server says, with a store username added: the menu's other case. */
async function pretendStoreOwner(page: Page) {
  await page.route("**/api/auth/profile", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: Record<string, unknown> };
    await route.fulfill({ response, json: { user: { ...body.user, username: "mitienda" } } });
  });
}

const withoutAppScripts = (page: Page) => page.route(/\/assets\/.+\.js$/, (route) => route.abort());
const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("landing", () => {
  it("is complete HTML before any JavaScript runs: claims, comparison, packs, closing call, footer, link preview", async () => {
    const { context, page } = await newPage(chromium.browser, { javaScriptEnabled: false, mobile: true });
    await page.goto("/");
    expect(await page.title()).toBe("Vidriera · Fotos de producto con IA para tu tienda");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/sin estudio ni fotógrafo/);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("Vidriera · Fotos de producto con IA");
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/landing\/vista-previa\.jpg$/);

    await page.getByText("Fotos de Producto con IA", { exact: true }).waitFor();
    await expectSeen(page.getByRole("heading", { level: 1 }));
    // Only claims the app can prove: the price per image as charged, what the store plan costs.
    expect(await page.getByText(/150 tiendas/).count()).toBe(0);
    await page.getByText("Desde US$ 0.088 por imagen", { exact: true }).waitFor();
    await page.getByText("Tu tienda online con pedidos por WhatsApp, sin comisiones por venta").waitFor();
    await expectSeen(page.getByTestId("landing-store-plan"));
    await page.getByText("Sin estudio ni fotógrafo: solo tu celular").waitFor();
    await page.getByText("Pagas desde cualquier país, convertido a tu moneda al momento del pago").waitFor();
    await expectSeen(page.getByRole("heading", { name: "Hecho por un estudiante, para tiendas como la tuya" }));
    expect(await page.getByRole("figure").count()).toBe(4);
    expect(await page.getByText("Antes", { exact: true }).count()).toBe(2);
    expect(await page.getByText("Después", { exact: true }).count()).toBe(2);
    for (const title of [
      "Calidad de estudio",
      "Generación instantánea",
      "Ahorro real",
      "Atrae más clientes",
      "Fácil de usar",
      "Resultados consistentes",
    ]) {
      await expectSeen(page.getByRole("heading", { name: title, level: 3 }));
    }
    const featured = page.getByRole("listitem").filter({ hasText: "Más elegido" });
    expect(await featured.count()).toBe(1);
    expect(await featured.innerText()).toContain("50 imágenes");
    expect(await featured.innerText()).toContain("Ahorras 32%");

    expect(await page.getByRole("link", { name: "Comenzar ahora" }).getAttribute("href")).toBe("/register");
    expect(await page.getByRole("link", { name: "Crear mi cuenta gratis" }).getAttribute("href")).toBe("/register");
    await page.getByText(`© ${new Date().getFullYear()} Vidriera`).waitFor();

    // The before/after pictures are real files, shipped with the app.
    for (const src of ["/landing/antes-1.jpg", "/landing/despues-1.jpg", "/landing/antes-2.jpg", "/landing/despues-2.jpg"]) {
      const response = await page.request.get(src);
      expect(response.headers()["content-type"]).toBe("image/jpeg");
    }
    await context.close();
  });

  it("the app hydrates the prerendered page in place; its links then navigate inside the app", async () => {
    const { context, page } = await newPage(chromium.browser);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && !message.text().includes("401") && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1 });
    await heading.evaluate((h1) => h1.setAttribute("data-original", ""));
    await expectSeen(page.locator('#landing-static[data-hydrated="true"]'));
    // The same element, not a copy drawn again: the largest paint stays the first one.
    expect(await page.locator("h1[data-original]").count()).toBe(1);
    expect(await heading.count()).toBe(1);
    expect(errors).toEqual([]);

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await tap(page.getByRole("link", { name: "Comenzar ahora" }));
    await page.waitForURL("**/register");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.locator("#landing-static").count()).toBe(0);
    await page.goBack();
    await expectSeen(page.getByRole("link", { name: "Comenzar ahora" }));
    expect(await heading.count()).toBe(1);

    await context.addCookies(seller.cookies);
    await page.goto("/");
    await tap(page.getByRole("link", { name: "Ir a tus productos" }));
    await page.waitForURL("**/home");
    // The closing button always goes to /register, signed in or not.
    await page.goto("/");
    await expectSeen(page.getByRole("link", { name: "Ir a tus productos" }));
    expect(await page.getByRole("link", { name: "Crear mi cuenta gratis" }).getAttribute("href")).toBe("/register");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("other screens never show the prerendered landing, not even before the app's JavaScript runs", async () => {
    const { context, page } = await newPage(chromium.browser);
    await withoutAppScripts(page);
    await page.goto("/login");
    expect(await page.locator("#landing-static").isVisible()).toBe(false);
    await context.close();
  });
});

describe("menu", () => {
  it("desktop: a sidebar with the spec's entries; the store admin only with a username", async () => {
    const { context, page } = await signedIn("/home");
    expect(await menuLabels(page)).toEqual(["Productos", "Imágenes", "Comprar imágenes", "Configuración", "Ayuda"]);
    expect(await page.getByRole("button", { name: "Abrir menú" }).isVisible()).toBe(false);

    const header = page.getByRole("banner");
    expect(await header.getByTestId("user-email").isVisible()).toBe(true);
    expect(await header.getByTestId("credits").textContent()).toBe("10 imágenes");
    expect(await header.getByRole("link", { name: "Comprar imágenes" }).getAttribute("href")).toBe("/credits");
    expect(await header.getByRole("button", { name: "Ayuda" }).isVisible()).toBe(true);
    // No social profile is configured on this instance: no social links.
    expect(await page.getByRole("list", { name: "Redes sociales" }).count()).toBe(0);

    const menu = page.getByRole("navigation", { name: "Menú principal" });
    await tap(menu.getByRole("link", { name: "Imágenes", exact: true }));
    await page.waitForURL("**/images");
    expect(await menu.getByRole("link", { name: "Imágenes", exact: true }).getAttribute("aria-current")).toBe("page");

    await pretendStoreOwner(page);
    await page.reload();
    expect(await menuLabels(page)).toEqual([
      "Productos",
      "Imágenes",
      "Mi Tienda",
      "Pedidos",
      "Estadísticas",
      "Cupones",
      "Comprar imágenes",
      "Configuración",
      "Ayuda",
    ]);
    expect(await menu.getByRole("link", { name: "Mi Tienda" }).getAttribute("href")).toBe("/mi-tienda-admin");
    await context.close();
  });

  it("390 px: a drawer; 'Comprar imágenes' in it only with a username; it closes on navigation", async () => {
    const { context, page } = await signedIn("/home", { mobile: true });
    // The header keeps the balance and its own 'Comprar imágenes' button on a phone.
    expect(await page.getByRole("navigation", { name: "Menú principal" }).count()).toBe(0);
    expect(await page.getByRole("banner").getByRole("link", { name: "Comprar imágenes" }).isVisible()).toBe(true);
    const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noOverflow).toBe(true);

    const opener = page.getByRole("button", { name: "Abrir menú" });
    await tap(opener);
    const drawer = page.getByRole("dialog", { name: "Menú" });
    await expectSeen(drawer);
    expect(await menuLabels(page)).toEqual(["Productos", "Imágenes", "Mi Tienda", "Configuración", "Ayuda"]);
    await tap(drawer.getByRole("link", { name: "Configuración" }));
    await page.waitForURL("**/settings");
    await drawer.waitFor({ state: "hidden" });

    await pretendStoreOwner(page);
    await page.reload();
    await tap(opener);
    expect(await menuLabels(page)).toEqual([
      "Productos",
      "Imágenes",
      "Mi Tienda",
      "Pedidos",
      "Estadísticas",
      "Cupones",
      "Comprar imágenes",
      "Configuración",
      "Ayuda",
    ]);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("help and tutorial", () => {
  it("'Ayuda' offers only the configured channels (none here) and still answers the first questions", async () => {
    const { context, page } = await signedIn("/home");
    await tap(page.getByRole("banner").getByRole("button", { name: "Ayuda" }));
    const help = page.getByRole("dialog", { name: "Ayuda" });
    await expectSeen(help.getByText("Este sitio todavía no tiene un canal de contacto", { exact: false }));
    expect(await help.getByRole("link").count()).toBe(0);
    // The FAQ opens in place, and its plan price is this visitor's (the local edge says US: dollars, as charged).
    const faq = help.getByTestId("faq");
    expect(await faq.getByRole("listitem").count()).toBeGreaterThanOrEqual(5);
    await tap(faq.getByText("¿La tienda cobra comisiones?"));
    await expectSeen(faq.getByText("el Plan Mi Tienda es un pago único de US$ 2.00", { exact: false }));
    await context.close();
  });

  it("'Ayuda' shows e-mail and WhatsApp from configuration, and social links go in the header", async () => {
    const { context, page } = await newPage(chromium.browser);
    await context.addCookies(seller.cookies);
    // The mapping from settings to this answer is tested in test/worker/app-config.test.ts.
    await page.route("**/api/config", (route) =>
      route.fulfill({
        json: {
          maintenance: false,
          supportEmail: "ayuda@vidriera.app",
          supportWhatsapp: "5491122334455",
          supportWhatsappLabel: "+54 9 11 2233-4455",
          social: [{ network: "instagram", label: "Instagram", url: "https://instagram.com/vidriera" }],
        },
      }),
    );
    await page.goto("/home");
    const social = page.getByRole("banner").getByRole("link", { name: /Vidriera en Instagram/ });
    expect(await social.getAttribute("href")).toBe("https://instagram.com/vidriera");
    expect(await social.getAttribute("target")).toBe("_blank");

    await tap(page.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Ayuda" }));
    const help = page.getByRole("dialog", { name: "Ayuda" });
    expect(await help.getByRole("link", { name: /Escríbenos por e-mail/ }).getAttribute("href")).toBe(
      "mailto:ayuda@vidriera.app?subject=Ayuda%20con%20Vidriera",
    );
    const whatsapp = help.getByRole("link", { name: /Escríbenos por WhatsApp/ });
    expect(await whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/5491122334455\?text=/);
    await expectSeen(help.getByText("+54 9 11 2233-4455"));
    await context.close();
  });

  it("the tutorial shows once per browser, 'Siguiente' ×3 then 'Entendido', and reopens from help at step 1", async () => {
    const { context, page } = await signedIn("/home", { tutorialSeen: false });
    const tutorial = page.getByRole("dialog", { name: "Cómo usar Vidriera" });
    await expectSeen(tutorial);
    for (const step of [1, 2, 3]) {
      await expectSeen(tutorial.getByText(`Paso ${step} de 4`));
      expect(await tutorial.getByRole("button", { name: "Entendido" }).count()).toBe(0);
      await tap(tutorial.getByRole("button", { name: "Siguiente" }));
    }
    await expectSeen(tutorial.getByText("Paso 4 de 4"));
    expect(await tutorial.getByRole("button", { name: "Siguiente" }).count()).toBe(0);
    await tap(tutorial.getByRole("button", { name: "Entendido" }));
    await tutorial.waitFor({ state: "hidden" });

    // Same browser, later visit: not again.
    await page.reload();
    await expectSeen(page.getByRole("banner").getByTestId("credits"));
    await page.waitForTimeout(500);
    expect(await tutorial.isVisible()).toBe(false);

    await tap(page.getByRole("banner").getByRole("button", { name: "Ayuda" }));
    await tap(page.getByRole("dialog", { name: "Ayuda" }).getByRole("button", { name: "Ver tutorial" }));
    await expectSeen(tutorial.getByText("Paso 1 de 4"));
    // Keyboard: the dialog holds focus, Enter presses 'Siguiente', Escape closes.
    await tutorial.getByRole("button", { name: "Siguiente" }).focus();
    await page.keyboard.press("Enter");
    await expectSeen(tutorial.getByText("Paso 2 de 4"));
    await page.keyboard.press("Escape");
    await tutorial.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("theme", () => {
  it("defaults to the system's, persists a choice, and applies it before the app's JavaScript runs", async () => {
    const { context, page } = await signedIn("/home", { colorScheme: "dark" });
    expect(await htmlIsDark(page)).toBe(true);
    const dark = await bodyBackground(page);

    await page.goto("/settings");
    const group = page.getByRole("main").getByRole("group", { name: "Tema" });
    expect(await group.getByRole("radio", { name: "Sistema" }).isChecked()).toBe(true);
    await tap(group.getByText("Claro", { exact: true }));
    expect(await htmlIsDark(page)).toBe(false);
    const light = await bodyBackground(page);
    expect(light).not.toBe(dark);

    // No flash: with the app's scripts blocked, the stored choice is already applied at first paint.
    await withoutAppScripts(page);
    await page.reload();
    expect(await htmlIsDark(page)).toBe(false);
    expect(await bodyBackground(page)).toBe(light);
    await page.unroute(/\/assets\/.+\.js$/);

    await page.reload();
    await tap(page.getByRole("main").getByRole("group", { name: "Tema" }).getByText("Oscuro", { exact: true }));
    await withoutAppScripts(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    expect(await htmlIsDark(page)).toBe(true);
    expect(await bodyBackground(page)).toBe(dark);
    expect(await page.evaluate(() => localStorage.getItem("vidriera-theme"))).toBe("dark");
    await context.close();
  });

  it("'Sistema' follows the device when it changes", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/login");
    await expectSeen(page.getByRole("button", { name: "Entrar" }));
    expect(await htmlIsDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => htmlIsDark(page)).toBe(true);
    await context.close();
  });
});

describe("maintenance", () => {
  it("is off by default: no dialog", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/login");
    await expectSeen(page.getByRole("button", { name: "Entrar" }));
    const response = await page.request.get("/api/config");
    expect(((await response.json()) as { maintenance: boolean }).maintenance).toBe(false);
    expect(await page.getByRole("dialog", { name: "Sitio en mantenimiento" }).count()).toBe(0);
    await context.close();
  });

  describe("with MAINTENANCE_MODE=on", () => {
    let app: { baseURL: string; stop: () => void };
    beforeAll(async () => {
      // The same build, served again with the setting: a server start, not a build.
      app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-mantenimiento-")), {
        fromBuild: inject("buildDir"),
        vars: { ...CHROMIUM_TEST_VARS, MAINTENANCE_MODE: "on" },
      });
    });
    afterAll(() => app?.stop());

    it("shows 'Sitio en mantenimiento' over every screen, and it cannot be dismissed", async () => {
      for (const path of ["/", "/login"]) {
        const { context, page } = await newPage(chromium.browser, { baseURL: app.baseURL, tutorialSeen: false });
        await page.goto(path);
        const dialog = page.getByRole("dialog", { name: "Sitio en mantenimiento" });
        await expectSeen(dialog);
        await expectSeen(dialog.getByText("Vuelve a intentar en unos minutos.", { exact: false }));
        await page.keyboard.press("Escape");
        expect(await dialog.isVisible()).toBe(true);
        // 'Reintentar' asks the configuration again; the answer still says maintenance, so the dialog stays.
        const asked = page.waitForResponse((r) => r.url().endsWith("/api/config"));
        await tap(dialog.getByRole("button", { name: "Reintentar" }));
        await asked;
        expect(await dialog.isVisible()).toBe(true);
        await context.close();
      }
    });
  });
});

describe("motion", () => {
  it("skeletons move by default and stand still for a seller who asked for less motion", async () => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const { context, page } = await newPage(chromium.browser, { reducedMotion });
      // The product list is held back, so /home shows its loading skeletons for as long as the test looks.
      let release!: () => void;
      const released = new Promise<void>((done) => (release = done));
      await page.route("**/api/products/list/**", async (route) => {
        await released;
        await route.continue();
      });
      await signInTo(page, seller, "/home");
      const pulse = page.getByTestId("product-skeleton").first().locator(".animate-pulse").first();
      await expectSeen(pulse);
      const motion = await pulse.evaluate((element) => {
        const style = getComputedStyle(element);
        return { iterations: style.animationIterationCount, name: style.animationName };
      });
      expect(motion.name, reducedMotion).toBe("pulse");
      expect(motion.iterations, reducedMotion).toBe(reducedMotion === "reduce" ? "1" : "infinite");
      if (reducedMotion === "reduce") {
        await expect.poll(() => pulse.evaluate((element) => element.getAnimations().every((a) => a.playState === "finished"))).toBe(true);
      }
      release();
      await context.close();
    }
  });
});

describe("toasts", () => {
  // The page's clock stands still while a toast is up (Playwright's clock) and the test moves it 100 ms at a
  // time, letting React render between steps: the lifetime is read in the page's time, not the machine's, so a
  // busy CI box delays what the test sees, never what it measures. react-hot-toast dismisses a toast when its
  // duration ends and removes it 1 s later (the exit animation): the page's lifetime is duration + 1 s.
  async function lifetime(page: Page, text: string, trigger: () => Promise<void>) {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await trigger();
    const toast = page.getByRole("status").filter({ hasText: text });
    await toast.waitFor();
    let ms = 0;
    while ((await toast.count()) > 0 && ms < 10_000) {
      await page.clock.runFor(100);
      ms += 100;
      // React renders on a MessageChannel task, which the fake clock leaves alone: one round trip lets it commit.
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => done();
            channel.port2.postMessage(0);
          }),
      );
    }
    await page.clock.resume();
    return ms;
  }

  it("an error stays about 4 s and a success about 2 s", async () => {
    // Its own account: a password change signs the seller out everywhere else.
    const own = await newSeller("avisos");
    const { context, page } = await newPage(chromium.browser);
    await context.addCookies(own.cookies);
    await page.clock.install();
    await page.goto("/settings");
    const current = page.getByLabel("Contraseña actual");
    const next = page.getByLabel("Contraseña nueva");
    const save = () => page.getByRole("button", { name: "Guardar contraseña" }).click();
    await current.fill("no-es-la-clave");
    await next.fill("otra-clave-segura");
    const error = await lifetime(page, "La contraseña actual no es correcta.", save);
    expect(error).toBeGreaterThanOrEqual(4_900);
    expect(error).toBeLessThanOrEqual(5_300);

    await current.fill(own.password);
    await next.fill("otra-clave-segura");
    const success = await lifetime(page, "Contraseña actualizada", save);
    expect(success).toBeGreaterThanOrEqual(2_900);
    expect(success).toBeLessThanOrEqual(3_300);
    await context.close();
  });
});
