/**
 * Phone ergonomics at 390 px (issue 14, item 13), measured from the DOM:
 * every tap target at least 44×44 px, toasts that never take a tap meant for
 * a control, the drawer's chosen option visible in dark mode, and struck
 * 'Sin stock' sizes at 4.5:1 contrast.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GENERATION_MS, newPage, newSeller, openInApp, useChromium } from "./chromium";
import { captureWhatsApp, openCart, uploadProduct } from "./journey-steps";
import { expectTappable, tap } from "./seen";

const chromium = useChromium();

/**
 * Visible controls smaller than 44×44 px, described for the failure message: buttons, links, fields
 * (a price, a size, a stock) and choices. Links inside running text are exempt (WCAG 2.5.5); a link that
 * is a line of its own ('¿Olvidaste tu contraseña?', '← Ver todos los productos') is not.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="switch"], input:not([type="hidden"]):not([type="file"]), textarea, select, summary, a[href]',
    );
    for (const el of Array.from(controls)) {
      const style = getComputedStyle(el);
      const inText = el.parentElement && (el.parentElement.textContent ?? "").trim() !== (el.textContent ?? "").trim();
      if (el.tagName === "A" && style.display === "inline" && inText) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      // Visually hidden until focused (the skip link): clipped away, not something a finger can hit.
      if (style.clip.startsWith("rect(0") || style.clipPath.includes("inset(50%)")) continue;
      // A radio or checkbox inside its label is tapped through the whole label (the browser forwards the tap).
      const choice = el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox");
      const box = ((choice && el.closest("label")) || el).getBoundingClientRect();
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

/** A new seller on a phone with a store and one published product in size S. */
async function storeWithSizedProduct(prefix: string, storeName: string, phoneNumber: string) {
  const seller = await newSeller(prefix);
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(seller.cookies);
  const product = await uploadProduct(page, "remera-lisa.jpg");
  const store = (await post(page, "/api/auth/mi-tienda", { storeName, phoneNumber, countryCode: "AR" })) as {
    user: { username: string };
  };
  await post(page, "/api/products/update-pricing", {
    products: [{ id: product.id, price: "12.500", sizes: [{ name: "S", stock: 3 }], published: true }],
  });
  return { context, page, product, store };
}

describe("phone ergonomics at 390 px", () => {
  it("every tap target of /home, its drawer and dialogs, the gallery and the store is at least 44×44 px", async () => {
    const seller = await newSeller("dedos");
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
            { name: "L", stock: 2 },
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
    await tap(shop.getByRole("button", { name: /Añadir al carrito/ }).first());
    // A product with sizes asks for one first (the picker's buttons are measured too).
    const picker = shop.locator("#size-picker[open]");
    await picker.waitFor();
    expect(await smallTargets(shop)).toEqual([]);
    await tap(picker.locator("button:not([data-close]):not([disabled])").first());
    await openCart(shop);
    expect(await smallTargets(shop)).toEqual([]);
    await shop.context().close();
    await context.close();
  }, 240_000);

  it("every other screen a seller or a shopper uses is at least 44×44 px too: fields, links, dialogs", async () => {
    // Signed out: the landing, sign-up, sign-in and recovery.
    const { context: visitor, page: guest } = await newPage(chromium.browser, { mobile: true });
    for (const [path, ready] of [
      ["/", "Comenzar ahora"],
      ["/register", "Crear cuenta"],
      ["/login", "Entrar"],
      ["/recuperar", "¿Olvidaste tu contraseña?"],
    ] as const) {
      await guest.goto(path);
      await guest.getByText(ready, { exact: true }).first().waitFor();
      expect(await smallTargets(guest), path).toEqual([]);
    }
    await visitor.close();

    // A seller with a store, a product with sizes, and an order.
    const { context, page, product, store } = await storeWithSizedProduct("pantallas", "Pantallas del Sur", "011 15 4000-1111");

    // The shopper's product page, cart with the buyer's fields, and the order's confirmation.
    const { context: shopper, page: shop } = await newPage(chromium.browser, { mobile: true });
    await captureWhatsApp(shopper);
    await shop.goto(`/u/${store.user.username}/p/${product.id}`);
    await shop.getByRole("radio", { name: "S", exact: true }).waitFor();
    expect(await smallTargets(shop), "product page").toEqual([]);
    await tap(shop.getByRole("radio", { name: "S", exact: true }));
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    const cart = await openCart(shop);
    await expectTappable(cart.getByLabel("Tu nombre"));
    expect(await smallTargets(shop), "cart").toEqual([]);
    await tap(cart.getByLabel("Retiro en el local"));
    await cart.getByLabel("Tu nombre").fill("Ana");
    const whatsapp = shopper.waitForEvent("page");
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    await whatsapp;
    await expectTappable(cart.getByRole("link", { name: "Abrir WhatsApp de nuevo" }));
    expect(await smallTargets(shop), "order confirmation").toEqual([]);
    await shopper.close();

    const screens: [string, () => Promise<unknown>][] = [
      ["/credits", () => page.getByTestId("pack-pack-10").waitFor()],
      [
        "/settings",
        () =>
          page
            .getByRole("button", { name: /Eliminar cuenta/ })
            .first()
            .waitFor(),
      ],
      [
        "/mi-tienda",
        () =>
          page
            .getByRole("button", { name: "Continuar" })
            .or(page.getByRole("button", { name: "Actualizar Tienda" }))
            .waitFor(),
      ],
      [
        "/product-pricing",
        () => page.getByRole("article", { name: product.name }).getByLabel(`Stock del talle S de ${product.name}`).waitFor(),
      ],
      ["/mi-tienda-admin", () => page.getByRole("article", { name: product.name }).waitFor()],
      ["/mi-tienda-admin?seccion=pedidos", () => page.getByRole("link", { name: "Ver pedidos" }).waitFor()],
      ["/mi-tienda-admin?seccion=entrega-y-pagos", () => page.getByRole("button", { name: "Guardar entrega y pagos" }).waitFor()],
      ["/mi-tienda-admin?seccion=compartir", () => page.getByRole("button", { name: "Copiar para Instagram" }).waitFor()],
      ["/mi-tienda-admin?seccion=datos", () => page.getByRole("region", { name: "Datos de la tienda" }).getByRole("button").waitFor()],
      ["/pedidos", () => page.getByTestId("order").first().waitFor()],
      ["/cupones", () => page.getByRole("button", { name: "Nuevo cupón" }).waitFor()],
      ["/pay-mi-tienda", () => page.getByText("Paso 1 de 3").waitFor()],
      ["/pay-mi-tienda-3", () => page.getByRole("heading", { name: "Plan Mi Tienda" }).waitFor()],
      ["/auto-charge", () => page.getByRole("button", { name: /Sí, activar/ }).waitFor()],
    ];
    // Screen after screen as the seller moves through the app: its own router, not a new load each time.
    for (const [path, ready] of screens) {
      await openInApp(page, path);
      await ready();
      expect(await smallTargets(page), path).toEqual([]);
    }

    // The dialogs and open forms of those screens.
    await openInApp(page, "/pedidos");
    await page.getByRole("button", { name: "Cancelar pedido" }).first().click();
    await page.getByRole("dialog", { name: /¿Cancelar el pedido/ }).waitFor();
    expect(await smallTargets(page), "cancel order").toEqual([]);
    await page.keyboard.press("Escape");
    await openInApp(page, "/mi-tienda-admin");
    await page.getByRole("article", { name: product.name }).getByRole("button", { name: "Editar" }).click();
    await page.getByRole("form", { name: `Editar ${product.name}` }).waitFor();
    expect(await smallTargets(page), "product editor").toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: `Editar ${product.name}` }).waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Agregar producto" }).click();
    await page.getByRole("form", { name: "Agregar producto" }).waitFor();
    expect(await smallTargets(page), "admin editors").toEqual([]);
    await openInApp(page, "/cupones");
    await page.getByRole("button", { name: "Nuevo cupón" }).click();
    await page.getByRole("form", { name: "Nuevo cupón" }).waitFor();
    expect(await smallTargets(page), "coupon editor").toEqual([]);
    await openInApp(page, "/pay-mi-tienda");
    for (const step of [2, 3]) {
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.getByText(`Paso ${step} de 3`).waitFor();
      expect(await smallTargets(page), `/pay-mi-tienda step ${step}`).toEqual([]);
    }
    await page.goto("/home");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Ayuda" }).click();
    const help = page.getByRole("dialog", { name: "Ayuda" });
    await help.getByText("¿Cuánto cuesta cada foto?").click();
    expect(await smallTargets(page), "help").toEqual([]);
    await context.close();
  }, 240_000);

  it("the drawer's chosen options stand out in dark mode", async () => {
    const seller = await newSeller("oscuro");
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

/**
 * The box a finger hits: the element's own, or for a radio or checkbox the label around it (the browser
 * forwards a tap on the label). Measured one by one, so no exemption of the page-wide scan hides one.
 */
async function tapBox(target: import("playwright-core").Locator) {
  await target.waitFor({ state: "attached" });
  return target.evaluate((el) => {
    const choice = el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox");
    const box = ((choice && el.closest("label")) || el).getBoundingClientRect();
    return { width: Math.round(box.width), height: Math.round(box.height) };
  });
}

async function expectThumbSized(target: import("playwright-core").Locator, what: string) {
  const box = await tapBox(target);
  expect(box.width, `${what} ${box.width}×${box.height}`).toBeGreaterThanOrEqual(44);
  expect(box.height, `${what} ${box.width}×${box.height}`).toBeGreaterThanOrEqual(44);
}

describe("the targets a phone walk found under 44 px", () => {
  it("'Inicia sesión', 'Regístrate gratis', the terms, 'Es un teléfono fijo', the store's WhatsApp, radios, theme and weekly e-mail", async () => {
    const { context: visitor, page: guest } = await newPage(chromium.browser, { mobile: true });
    await guest.goto("/register");
    await expectThumbSized(guest.getByRole("link", { name: "Inicia sesión" }), "'Inicia sesión'");
    await expectThumbSized(guest.getByRole("link", { name: "términos y condiciones" }), "terms link");
    await guest.goto("/login");
    await expectThumbSized(guest.getByRole("link", { name: "Regístrate gratis" }), "'Regístrate gratis'");
    await visitor.close();

    const { context, page, product, store } = await storeWithSizedProduct("pulgares", "Pulgares Ñandú", "011 15 4000-2222");

    // 'Es un teléfono fijo' where the seller edits the store's WhatsApp.
    await page.goto("/mi-tienda-admin?seccion=datos");
    await page.getByRole("region", { name: "Datos de la tienda" }).getByRole("button", { name: "Editar" }).click();
    await expectThumbSized(page.getByLabel(/Es un teléfono fijo/), "'Es un teléfono fijo'");

    // The theme's three choices, and the weekly e-mail box.
    await page.goto("/settings");
    for (const theme of ["Claro", "Oscuro", "Sistema"]) {
      await expectThumbSized(page.getByRole("radio", { name: theme, exact: true }), `theme ${theme}`);
    }
    await page.goto("/estadisticas");
    await expectThumbSized(page.getByRole("checkbox", { name: /Recibir cada lunes/ }), "weekly e-mail box");

    // The drawer's radio choices (who wears it, how many, quality).
    await page.goto("/home");
    await page.getByRole("button", { name: product.name, exact: true }).click();
    const drawer = page.getByRole("dialog", { name: product.name, exact: true });
    await drawer.getByRole("radio").first().waitFor();
    const radios = drawer.getByRole("radio");
    for (let i = 0; i < (await radios.count()); i++) {
      if (await radios.nth(i).isVisible()) await expectThumbSized(radios.nth(i), `drawer radio ${i + 1}`);
    }

    // The public store: its WhatsApp contact link and the size radios.
    const { context: shopper, page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.goto(`/u/${store.user.username}`);
    await expectThumbSized(shop.getByRole("link", { name: /^WhatsApp \+54/ }), "store's WhatsApp link");
    await shop.goto(`/u/${store.user.username}/p/${product.id}`);
    await expectThumbSized(shop.getByRole("radio", { name: "S", exact: true }), "size radio");
    await shopper.close();
    await context.close();
  });
});
