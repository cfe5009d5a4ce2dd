import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, useChromium, useSeller } from "./chromium";
import { expectSeen, tap } from "./seen";

/**
 * A busy machine or a flaky network fails a call now and then. The screen a
 * seller opens must not stay blank or throw them out because its first call
 * failed: queries try again by themselves, and a failure that lasts shows what
 * went wrong with 'Reintentar'.
 */
const chromium = useChromium();
const seller = useSeller("recupera");

/** Fails the first `times` calls matching `pattern` the way a local server's hiccup does: a 500 HTML page. */
async function failFirst(page: Page, pattern: string, times: number) {
  let failed = 0;
  await page.route(pattern, (route) => {
    if (failed < times) {
      failed++;
      return route.fulfill({ status: 500, contentType: "text/html", body: "<!DOCTYPE html><title>Error</title>fetch failed" });
    }
    return route.continue();
  });
  return () => failed;
}

async function signedInContext(options: { mobile?: boolean } = {}) {
  const opened = await newPage(chromium.browser, options);
  await opened.context.addCookies(seller.cookies);
  return opened;
}

describe("a failed first call does not leave the screen blank", () => {
  it("/home: the session and the product list each fail once, and the screen comes up by itself", async () => {
    const { context, page } = await signedInContext();
    const sessionFailures = await failFirst(page, "**/api/auth/profile", 1);
    const listFailures = await failFirst(page, "**/api/products/list/**", 1);
    await page.goto("/home");
    await expectSeen(page.getByRole("banner").getByTestId("credits"));
    await expectSeen(page.getByText("Imágenes mejoradas desde US$ 0.088 por imagen"));
    await expectSeen(page.getByRole("button", { name: "Añadir Producto" }).first());
    expect(sessionFailures()).toBe(1);
    expect(listFailures()).toBe(1);
    // Still signed in: a failed session call is not a signed-out seller.
    expect(new URL(page.url()).pathname).toBe("/home");
    await context.close();
  });

  it("a session call that keeps failing shows the reason and 'Reintentar', never /register; it recovers on the click", async () => {
    const { context, page } = await signedInContext({ mobile: true });
    let failing = true;
    await page.route("**/api/auth/profile", (route) =>
      failing ? route.fulfill({ status: 503, json: { error: "El servidor está ocupado." } }) : route.continue(),
    );
    await page.goto("/images");
    const alert = page.getByRole("alert");
    await expectSeen(alert.getByText("El servidor está ocupado."));
    expect(new URL(page.url()).pathname).toBe("/images");
    failing = false;
    await tap(alert.getByRole("button", { name: "Reintentar" }));
    await expectSeen(page.getByRole("banner").getByTestId("credits"));
    expect(new URL(page.url()).pathname).toBe("/images");
    await context.close();
  });

  it("a 401 is still a signed-out visitor: straight to /register, no retries", async () => {
    const { context, page } = await newPage(chromium.browser);
    let calls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/profile")) calls++;
    });
    await page.goto("/home");
    await page.waitForURL("**/register");
    await expectSeen(page.getByRole("button", { name: "Crear cuenta" }));
    expect(calls).toBe(1);
    await context.close();
  });
});
