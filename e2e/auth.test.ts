import { describe, expect, it } from "vitest";
import { newPage, uniqueEmail, useChromium } from "./chromium";
import { expectLoginRefused } from "./journey-steps";

const chromium = useChromium();

describe("accounts in a real browser", () => {
  it("a new seller registers, sees 10 imágenes, logs out and logs in again", async () => {
    const { context, page } = await newPage(chromium.browser);
    const email = uniqueEmail("nueva");
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill("mi-clave-segura");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL("**/home");
    expect(await page.getByTestId("credits").textContent()).toBe("10 imágenes");
    expect(await page.getByTestId("user-email").textContent()).toBe(email);

    await page.getByRole("link", { name: "Configuración" }).click();
    await page.getByRole("heading", { name: "Configuración de Tienda" }).waitFor();
    await page.getByRole("button", { name: "Cerrar Sesión" }).click();
    await page.waitForURL("**/login");

    // Signed out for real: the guarded screen sends us to /register.
    await page.goto("/home");
    await page.waitForURL("**/register");

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill("mi-clave-segura");
    const submit = page.getByRole("button", { name: "Entrar" });
    await submit.click();
    await page.waitForURL("**/home");
    expect(await page.getByTestId("credits").textContent()).toBe("10 imágenes");
    await context.close();
  });

  it("shows the spec's message for a wrong password and stays on /login", async () => {
    const { context, page } = await newPage(chromium.browser);
    await expectLoginRefused(page, "demo@vidriera.test", "no-es-la-clave");
    await context.close();
  });

  it("the seeded demo seller can sign in", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await page.goto("/login");
    await page.getByLabel("Email").fill("demo@vidriera.test");
    await page.getByLabel("Contraseña").fill("vidriera-demo");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL("**/home");
    await page.getByText("¡Hola, Tienda Demo!").waitFor();
    await context.close();
  });

  it("a guarded screen shows a spinner, then redirects a visitor to /register", async () => {
    const { context, page } = await newPage(chromium.browser);
    // Hold the profile request so the loading state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/auth/profile", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/home");
    await page.getByRole("status", { name: "Cargando" }).waitFor();
    release();
    await page.waitForURL("**/register");
    await page.getByRole("heading", { name: "Crea tu cuenta" }).waitFor();
    await context.close();
  });

  it("signs in through Google (offline stand-in) and lands on /home", async () => {
    const { context, page } = await newPage(chromium.browser);
    const email = uniqueEmail("google");
    await page.goto("/register");
    await page.getByRole("button", { name: "Continuar con Google" }).click();
    await page.getByRole("heading", { name: "Google (simulado)" }).waitFor();
    await page.getByLabel("Email de la cuenta de Google").fill(email);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL("**/home");
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    expect(await page.getByTestId("credits").textContent()).toBe("10 imágenes");
    await context.close();
  });

  it("a cancelled Google consent comes back to /register with the spec's message", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/register");
    await page.getByRole("button", { name: "Continuar con Google" }).click();
    await page.getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("Permiso denegado para registrarse con Google.");
    await expect.poll(() => page.url()).toMatch(/\/register$/);
    await context.close();
  });

  it("translates each Google error code on /login and clears it from the URL", async () => {
    const { context, page } = await newPage(chromium.browser);
    const expected: Record<string, string> = {
      invalid_state: "Error de seguridad (estado inválido). Inténtalo de nuevo.",
      access_denied: "Permiso denegado para acceder con Google.",
      email_google_conflict: "Este email ya está asociado con otra cuenta de Google.",
      google_callback_failed: "Falló la comunicación con Google. Inténtalo de nuevo.",
      something_else: "Error durante el inicio de sesión con Google.",
    };
    for (const [code, message] of Object.entries(expected)) {
      await page.goto(`/login?error=${code}`);
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("alert").textContent()).toBe(message);
      await expect.poll(() => page.url()).toMatch(/\/login$/);
    }
    await context.close();
  });

  it("opens the terms in a new tab from /register", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/register");
    const [terms] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "términos y condiciones" }).click()]);
    await terms!.getByRole("heading", { name: "Términos y condiciones" }).waitFor();
    expect(new URL(terms!.url()).pathname).toBe("/terminos-y-condiciones");
    await context.close();
  });

  it("unknown screens say 'Página no encontrada' with a way back", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto("/no-existe");
    await page.getByRole("heading", { name: "Página no encontrada" }).waitFor();
    await page.getByRole("link", { name: "Volver al inicio" }).click();
    await page.getByText("Fotos de Producto con IA").waitFor();
    await context.close();
  });
});
