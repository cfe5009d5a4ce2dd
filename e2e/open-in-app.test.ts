/**
 * `openInApp` (e2e/chromium.ts), the way the e2e files move between the seller app's screens: through the
 * app's own router, with no new load of the app, and only once that very screen is drawn and its data came.
 */
import { describe, expect, it } from "vitest";
import { newPage, openInApp, signInTo, useChromium, useSeller } from "./chromium";
import { expectSeen } from "./seen";

const chromium = useChromium();
const seller = useSeller("abrir-en-la-app");

describe("openInApp", () => {
  it("opens the screen through the loaded app, without loading it again, once its data has come", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, seller, "/home");
    // A mark a new load of the page would wipe.
    await page.evaluate(() => Object.assign(self, { loadedOnce: true }));
    let histories = 0;
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname === "/api/credits/history") histories++;
    });
    await openInApp(page, "/credits");
    expect(new URL(page.url()).pathname).toBe("/credits");
    expect(await page.evaluate(() => (self as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    await expectSeen(page.getByTestId("pack-pack-10"));
    // The screen's own data came before the helper returned.
    expect(histories).toBeGreaterThan(0);

    // An address with a query: the router's drawn address carries it too.
    await openInApp(page, "/mi-tienda-admin?seccion=datos");
    expect(await page.evaluate(() => `${location.pathname}${location.search}`)).toBe("/mi-tienda-admin?seccion=datos");
    await openInApp(page, "/settings");
    await expectSeen(page.getByRole("heading", { name: "Configuración de Tienda" }));
    expect(await page.evaluate(() => (self as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    await context.close();
  });

  it("loads the app with goto in a page that has none yet", async () => {
    const { context, page } = await newPage(chromium.browser);
    await openInApp(page, "/login");
    await expectSeen(page.getByRole("button", { name: "Entrar" }));
    await context.close();
  });

  it("fails when the router draws another address (a guard sent the visitor elsewhere)", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/login");
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    // Signed out: the guard of /home sends the visitor away, so /home is never drawn.
    await expect(openInApp(page, "/home", { timeout: 3_000 })).rejects.toThrow(/Timeout/);
    expect(new URL(page.url()).pathname).not.toBe("/home");
    await context.close();
  });
});
