import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, uniqueEmail, useChromium } from "./chromium";
import { expectSeen, seenText, tap } from "./seen";

const chromium = useChromium();

const PORTUGUESE_HERO = "Fotos profissionais das suas peças, sem fotógrafo nem estúdio";
const SPANISH_HERO = "Fotos profesionales de tus prendas, sin fotógrafo ni estudio";

/** The page's language versions, as search engines read them from its head. */
const alternates = (page: Page) =>
  page.$$eval('link[rel="alternate"][hreflang]', (links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`));

const EVERY_VERSION = ["es /?lang=es", "pt-BR /?lang=pt-BR", "en /?lang=en", "x-default /"];

/** Whole page loads (not the app's own navigations), to tell a reload from a loop of them. */
function countPageLoads(page: Page) {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

/** The landing's hydration must find the HTML it would draw: a mismatch is reported, never silent. */
function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

describe("the seller's language, from the landing to Configuración", () => {
  it("a Brazilian browser gets the Portuguese landing, signs up in Portuguese, and the account keeps English once chosen", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true, locale: "pt-BR" });
    const mismatches = hydrationErrors(page);
    await page.goto("/");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    expect(await seenText(page.getByRole("heading", { level: 1 }))).toBe(PORTUGUESE_HERO);
    expect(await alternates(page)).toEqual(EVERY_VERSION);
    await expectSeen(page.getByTestId("landing-languages").getByRole("link", { name: "English" }));
    // The price claims too, with the price as the visitor's country writes it.
    expect(await seenText(page.getByTestId("landing-from-price"))).toMatch(/^A partir de US\$ ?0[.,]\d+ por imagem$/);
    expect(await seenText(page.getByTestId("landing-currency-note"))).toMatch(/^Preços em dólares americanos\./);
    // The app takes the page over in the same language it was served in.
    await page.locator('#landing-static[data-hydrated="true"]').waitFor({ state: "attached" });
    expect(mismatches).toEqual([]);

    await tap(page.getByRole("link", { name: "Começar agora" }));
    await expectSeen(page.getByRole("heading", { name: "Crie sua conta" }));
    const email = uniqueEmail("joana");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha").fill("minha-senha-segura");
    await tap(page.getByRole("button", { name: "Criar conta" }));
    await page.waitForURL("**/home");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");

    // The store's set-up starts from the browser's country, not Argentina.
    await page.goto("/mi-tienda");
    const country = page.locator('select:has(option[value="BR"])');
    await expectSeen(country);
    expect(await country.inputValue()).toBe("BR");

    await page.goto("/settings");
    await expectSeen(page.getByRole("heading", { name: "Configurações da loja" }));
    await expectSeen(page.getByRole("radio", { name: "Português (Brasil)", checked: true }));
    const reloaded = page.waitForEvent("load");
    await tap(page.getByRole("radio", { name: "English" }));
    await reloaded;
    await expectSeen(page.getByRole("heading", { name: "Store settings" }));
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await context.close();

    // Another device, a Brazilian browser again: the account's English wins once the seller signs in.
    const other = await newPage(chromium.browser, { mobile: true, locale: "pt-BR" });
    const loads = countPageLoads(other.page);
    await other.page.goto("/login");
    await other.page.getByLabel("E-mail").fill(email);
    await other.page.getByLabel("Senha").fill("minha-senha-segura");
    await tap(other.page.getByRole("button", { name: "Entrar" }));
    // Polled through the reload into English: between the two documents there is a moment with no <html> yet.
    await other.page.waitForFunction(() => document.documentElement?.lang === "en");
    await other.page.goto("/settings");
    await expectSeen(other.page.getByRole("heading", { name: "Store settings" }));
    await expectSeen(other.page.getByRole("radio", { name: "English", checked: true }));
    // /login, the one reload into English, /settings: no second reload.
    expect(loads.count).toBe(3);
    // And "/" now opens in English on this device too.
    await other.page.goto("/");
    expect(await other.page.getAttribute("html", "lang")).toBe("en");
    expect(await seenText(other.page.getByRole("heading", { level: 1 }))).toBe(
      "Professional photos of your clothes, with no photographer or studio",
    );
    await other.context.close();
  });

  it("an Argentine browser gets the Spanish landing as it was; its switch opens the Portuguese version", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    const mismatches = hydrationErrors(page);
    await page.goto("/");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    expect(await seenText(page.getByRole("heading", { level: 1 }))).toBe(SPANISH_HERO);
    await expectSeen(page.getByRole("link", { name: "Comenzar ahora" }));
    expect(await alternates(page)).toEqual(EVERY_VERSION);
    await page.locator('#landing-static[data-hydrated="true"]').waitFor({ state: "attached" });

    await tap(page.getByTestId("landing-languages").getByRole("link", { name: "Português (Brasil)" }));
    await page.waitForURL("**/?lang=pt-BR");
    expect(await seenText(page.getByRole("heading", { level: 1 }))).toBe(PORTUGUESE_HERO);
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    await page.locator('#landing-static[data-hydrated="true"]').waitFor({ state: "attached" });
    expect(mismatches).toEqual([]);
    await context.close();
  });
});
