/**
 * Phone ergonomics at 390 px (issue 14, item 13), measured from the DOM:
 * every tap target at least 44×44 px, toasts that never take a tap meant for
 * a control, the drawer's chosen option visible in dark mode, and struck
 * 'Sin stock' sizes at 4.5:1 contrast.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GENERATION_MS, newPage, newSeller, useChromium } from "./chromium";
import { uploadProduct } from "./journey-steps";

const chromium = useChromium();

/** Visible controls smaller than 44×44 px, described for the failure message. Links inside running text are exempt (WCAG 2.5.5). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="switch"], input[type="radio"], input[type="checkbox"], select, a[href]',
    );
    for (const el of Array.from(controls)) {
      const style = getComputedStyle(el);
      if (el.tagName === "A" && style.display === "inline") continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      // Visually hidden until focused (the skip link): clipped away, not something a finger can hit.
      if (style.clip.startsWith("rect(0") || style.clipPath.includes("inset(50%)")) continue;
      // A radio or checkbox inside its label is tapped through the whole label (the browser forwards the tap).
      const box = ((el instanceof HTMLInputElement && el.closest("label")) || el).getBoundingClientRect();
      // Screen-reader-only text (1×1 px) is not a tap target.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("value") ?? "")
          .trim()
          .replace(/\s+/g, " ")
          .slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/** WCAG contrast ratio of an element's text against its background, from computed rgb() colours. */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const rgb = (css: string) =>
      css
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const text = lum(rgb(getComputedStyle(el.querySelector("s") ?? el).color));
    const back = lum(rgb(getComputedStyle(el).backgroundColor));
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  }, selector);
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

describe("phone ergonomics at 390 px", () => {
  it("every tap target of /home, its drawer and dialogs, the gallery and the store is at least 44×44 px", async () => {
    const seller = await newSeller(chromium.browser, "dedos");
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await context.addCookies(seller.cookies);
    const product = await uploadProduct(page, "remera-lisa.jpg");
    const ad = await page.request.post(`/api/products/generate-ad/${product.id}`, {
      data: { includeModel: false },
      timeout: GENERATION_MS,
    });
    expect(ad.status()).toBe(200);

    await page.goto("/home");
    await page.getByRole("button", { name: "Remera lisa", exact: true }).waitFor();
    expect(await smallTargets(page)).toEqual([]);

    // The mobile menu, with 'Comprar imágenes'.
    await page
      .getByRole("button", { name: "Comprar imágenes" })
      .or(page.getByRole("link", { name: "Comprar imágenes" }))
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const closeMenu = page.getByRole("button", { name: "Cerrar menú" });
    await closeMenu.waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await closeMenu.click();

    await page.getByRole("button", { name: "Remera lisa", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Remera lisa", exact: true });
    await drawer.getByRole("button", { name: "Generar 1 imagen" }).waitFor();
    expect(await smallTargets(page)).toEqual([]);

    await drawer.getByRole("button", { name: /Editar/ }).click();
    const edit = page.getByRole("dialog", { name: "Editar Producto" });
    await edit.waitFor();
    expect(await smallTargets(page)).toEqual([]);

    // A toast over the top of the screen does not take the taps meant for what lies under it.
    await edit.getByRole("button", { name: "Actualizar Producto" }).click();
    const toast = page.getByText("Producto actualizado correctamente");
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    // react-hot-toast's toasts are role="status"; a tap at the toast's centre must land on what is underneath.
    const tapHitsToast = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[role="status"]'), {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(tapHitsToast).toBe(false);

    await page.goto("/images");
    await page.getByRole("button", { name: /Descargar imagen de Remera lisa/ }).waitFor();
    expect(await smallTargets(page)).toEqual([]);

    // The store: product cards, the size picker, the cart and its ± buttons; a sold-out size is legible.
    const store = (await post(page, "/api/auth/mi-tienda", {
      storeName: "Remeras del Sur",
      phoneNumber: "+54 9 11 4000-1111",
      countryCode: "AR",
    })) as { user: { username: string } };
    await post(page, "/api/products/update-pricing", {
      products: [
        {
          id: product.id,
          price: 12500,
          sizes: [
            { name: "S", stock: 3 },
            { name: "M", stock: 0 },
          ],
          published: true,
        },
      ],
    });
    const { page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.goto(`/u/${store.user.username}`);
    await shop.locator(".sz.out").first().waitFor();
    expect(await contrastOf(shop, ".sz.out")).toBeGreaterThanOrEqual(4.5);
    expect(await smallTargets(shop)).toEqual([]);
    await shop
      .getByRole("button", { name: /Añadir al carrito/ })
      .first()
      .click();
    // A product with sizes asks for one first (the picker's buttons are measured too).
    const picker = shop.locator("#size-picker[open]");
    await picker.waitFor();
    expect(await smallTargets(shop)).toEqual([]);
    await picker.locator("button:not([data-close]):not([disabled])").first().click();
    await shop.getByRole("button", { name: "Abrir carrito" }).click();
    await shop.getByRole("heading", { name: "Tu Carrito" }).waitFor();
    expect(await smallTargets(shop)).toEqual([]);
    await shop.context().close();
    await context.close();
  }, 240_000);

  it("the drawer's chosen options stand out in dark mode", async () => {
    const seller = await newSeller(chromium.browser, "oscuro");
    const { context, page } = await newPage(chromium.browser, { mobile: true, colorScheme: "dark" });
    await context.addCookies(seller.cookies);
    await uploadProduct(page, "buzo-negro.jpg", "#111827");
    await page.goto("/home");
    await page.getByRole("button", { name: "Buzo negro", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Buzo negro", exact: true });
    await drawer.getByRole("radio", { name: "Frente", exact: true }).waitFor();
    const ring = (name: string) =>
      drawer.getByRole("radio", { name, exact: true }).evaluate((input) => getComputedStyle(input.parentElement!).boxShadow);
    // The chosen option carries a brand ring; the others none, so the choice never rests on a near-identical shade.
    expect(await ring("Frente")).toMatch(/rgb/);
    expect(await ring("Detrás")).toBe("none");
    await drawer.getByRole("radio", { name: "Detrás", exact: true }).check();
    expect(await ring("Detrás")).toMatch(/rgb/);
    expect(await ring("Frente")).toBe("none");
    await context.close();
  });
});
