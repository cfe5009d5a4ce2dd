/**
 * Automated accessibility audit with axe-core (the engine behind Lighthouse's
 * and most browsers' accessibility checks) in the real Chromium, against the
 * built app: WCAG 2.2 A and AA rules, contrast included, in light and dark.
 */
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { newPage, openInApp, signInTo, useChromium, useSeller, type PageOptions } from "./chromium";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();
const seller = useSeller("a11y");

async function signedIn(path: string, options: PageOptions) {
  const opened = await newPage(chromium.browser, options);
  await signInTo(opened.page, seller, path);
  return opened;
}
for (const scheme of ["light", "dark"] as const) {
  describe(`accessibility audit, ${scheme} theme`, () => {
    it("landing, login and register", async () => {
      for (const mobile of [false, true]) {
        const { context, page } = await newPage(chromium.browser, { colorScheme: scheme, mobile });
        await page.goto("/");
        await expectSeen(page.locator('#landing-static[data-hydrated="true"]'));
        await expectSeen(page.getByRole("link", { name: "Comenzar ahora" }));
        await expectClean(page, `/ (${mobile ? "390 px" : "desktop"})`);
        await context.close();
      }
      const { context, page } = await newPage(chromium.browser, { colorScheme: scheme });
      await page.goto("/login");
      await expectSeen(page.getByRole("button", { name: "Entrar" }));
      await expectClean(page, "/login");
      await openInApp(page, "/register");
      await expectSeen(page.getByRole("button", { name: "Crear cuenta" }));
      await expectClean(page, "/register");
      await context.close();
    });

    it("home, images and settings, with the menu, help and tutorial open", async () => {
      const { context, page } = await signedIn("/home", { colorScheme: scheme, tutorialSeen: false });
      const tutorial = page.getByRole("dialog", { name: "Cómo usar Vidriera" });
      await expectSeen(tutorial);
      await expectClean(page, "/home with the tutorial");
      await tap(tutorial.getByRole("button", { name: "Cerrar" }));

      await expectSeen(page.getByText("No hay productos", { exact: true }));
      await expectClean(page, "/home");
      await tap(page.getByRole("banner").getByRole("button", { name: "Ayuda" }));
      await expectSeen(page.getByRole("dialog", { name: "Ayuda" }));
      await expectClean(page, "/home with 'Ayuda'");
      await page.keyboard.press("Escape");

      await openInApp(page, "/images");
      await expectSeen(page.getByText("No hay imágenes", { exact: true }));
      await expectClean(page, "/images");

      await openInApp(page, "/settings");
      await expectSeen(page.getByRole("heading", { name: "Configuración de Tienda" }));
      await expectClean(page, "/settings");
      await context.close();

      const phone = await signedIn("/home", { colorScheme: scheme, mobile: true });
      await tap(phone.page.getByRole("button", { name: "Abrir menú" }));
      await expectSeen(phone.page.getByRole("dialog", { name: "Menú" }));
      await expectClean(phone.page, "/home (390 px) with the menu open");
      await phone.context.close();
    });
  });
}

describe("keyboard", () => {
  it("every control of the frame is reachable with Tab and shows a visible focus ring", async () => {
    const { context, page } = await signedIn("/home", {});
    await expectSeen(page.getByText("No hay productos", { exact: true }));
    await page.locator("body").focus();
    const reached: string[] = [];
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const label = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
        return { label, ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
      });
      if (!focused) continue;
      reached.push(focused.label);
      expect(focused.ring, `focus ring on "${focused.label}"`).toBe(true);
    }
    expect(reached[0]).toBe("Saltar al contenido");
    for (const name of ["Vidriera", "Comprar imágenes", "Ayuda", "Productos", "Imágenes", "Configuración"]) {
      expect(
        reached.some((label) => label.includes(name)),
        `${name} in ${JSON.stringify(reached)}`,
      ).toBe(true);
    }
    // The skip link lands on the content.
    await page.getByRole("link", { name: "Saltar al contenido" }).focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contenido");
    await context.close();
  });
});
