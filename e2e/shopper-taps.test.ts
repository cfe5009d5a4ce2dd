/**
 * A shopper on a 390×844 and a 360×740 phone in a real store: a T-shirt in two colours with sizes S, M and L in stock,
 * envío to two zones or retiro, and three ways to pay (transfer with alias and CBU, a Mercado Pago link,
 * cash). Every tap from opening the store link to WhatsApp opening is counted, the first time and when
 * the shopper comes back (their name, delivery, address and way to pay remembered on the phone). A tap is a
 * pointer press on the page, a tap into a text field included; what the phone's keyboard does (the
 * letters, its Enter or 'Next' key that moves to the next field) is typing, not a tap. Every line of the cart,
 * with its −, + and 'Eliminar', stays where a finger reaches it with the longest form filled. Then the order page's
 * 'Copiar' buttons, with the Clipboard API and with the older copy command.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REAL_STORE_TRANSFER, realStoreCheckout } from "../test/fixtures/real-store";
import { expectClean } from "./axe";
import { baseURL, drawImage, newPage, newSeller, useChromium } from "./chromium";
import { captureWhatsApp, countTaps } from "./journey-steps";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

const { alias: ALIAS, cbu: CBU } = REAL_STORE_TRANSFER;

async function realStore() {
  const { cookies } = await newSeller("toques");
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(cookies);
  const send = async (method: "post" | "put", path: string, data: unknown) => {
    const response = await page.request[method](path, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const opened = (await send("post", "/api/auth/mi-tienda", {
    storeName: `Ropa Sur ${String(Date.now()).slice(-6)}`,
    phoneNumber: "011 15 4000-1234",
    countryCode: "AR",
  })) as { user: { username: string } };
  const ids: string[] = [];
  for (const color of ["#111827", "#f8fafc", "#0ea5e9"]) {
    const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color });
    const uploaded = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: "foto.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status()).toBe(201);
    ids.push(((await uploaded.json()) as { products: { id: string }[] }).products[0]!.id);
  }
  const sizes = (s: number, m: number, l: number) => [
    { name: "S", stock: s },
    { name: "M", stock: m },
    { name: "L", stock: l },
  ];
  await send("post", "/api/products/update-pricing", {
    products: [
      {
        id: ids[0],
        name: "Remera lisa",
        price: "12.500",
        published: true,
        colors: [
          { name: "Negro", sizes: sizes(3, 4, 2) },
          { name: "Blanco", sizes: sizes(2, 5, 1) },
        ],
      },
      // Its other colour is sold out: the one left is chosen for the shopper.
      {
        id: ids[1],
        name: "Buzo frisa",
        price: "25.000",
        published: true,
        colors: [
          { name: "Gris", sizes: sizes(1, 2, 0) },
          { name: "Azul", sizes: sizes(0, 0, 0) },
        ],
      },
      { id: ids[2], name: "Gorra", price: "5.000", published: true, sizes: [] },
    ],
  });
  await send("put", "/api/checkout-settings", realStoreCheckout());
  return { context, username: opened.user.username, remeraId: ids[0]! };
}

/** 'Añadir al carrito' on a card, then the colour and the size in one sheet: the cart opens at the new line. */
async function addRemera(shop: Page) {
  await tap(shop.locator("li.card").filter({ hasText: "Remera lisa" }).getByRole("button", { name: "Añadir al carrito" }));
  const sheet = shop.getByRole("dialog", { name: "Elige color y talle de Remera lisa" });
  await tap(sheet.getByRole("group", { name: "Color" }).getByRole("button", { name: "Negro" }));
  await tap(sheet.getByRole("button", { name: "M", exact: true }));
  const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
  await expectSeen(cart.getByText("Color: Negro · Talle: M"));
  return cart;
}

/** Every line's name, −, + and 'Eliminar' are on screen for a finger, whatever the form below them holds. */
async function expectLinesReachable(cart: Locator, products: string[]) {
  expect(await cart.locator("li.line").count()).toBe(products.length);
  for (const product of products) {
    await expectSeen(cart.locator("li.line").filter({ hasText: product }).locator(".line-name"));
    await expectTappable(cart.getByRole("button", { name: `Quitar uno de ${product}` }));
    await expectTappable(cart.getByRole("button", { name: `Agregar uno de ${product}` }));
    await expectTappable(cart.getByRole("button", { name: `Eliminar ${product} del carrito` }));
  }
  await expectTappable(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
}

describe.each([
  ["390×844", { mobile: true }],
  ["360×740", { small: true }],
] as const)("a shopper's taps in a real store at %s", (_size, phone) => {
  it("at most 8 taps for a first two-item order (envío with the longest address, transfer) and 5 when coming back", async () => {
    const seller = await realStore();
    const { context, page: shop } = await newPage(chromium.browser, phone);
    const opened = await captureWhatsApp(context);
    const taps = await countTaps(shop);
    await shop.goto(`/u/${seller.username}`);
    await expectSeen(shop.getByRole("heading", { name: "Remera lisa" }));

    const cart = await addRemera(shop); // 1 add, 2 colour, 3 size: the cart opens
    await tap(cart.getByRole("button", { name: "Seguir comprando" })); // 4, right below the lines
    await cart.waitFor({ state: "hidden" });
    // A second product opens the cart again at its line: no header button to find.
    await tap(shop.locator("li.card").filter({ hasText: "Gorra" }).getByRole("button", { name: "Añadir al carrito" })); // 5
    expect(await seenText(cart.locator("#cart-note"))).toBe("¡Producto «Gorra» añadido al carrito!");
    await expectSeen(cart.locator("li.line").filter({ hasText: "Gorra" }));
    await tap(cart.getByLabel("Envío a domicilio (CABA)")); // 6: the way and the zone at once; the cursor goes to the street
    await expectSeen(cart.getByRole("group", { name: "¿A dónde te lo enviamos?" }));
    await expect.poll(() => cart.getByLabel("Calle y número").evaluate((field) => field === document.activeElement)).toBe(true);
    // From here on the keyboard's 'Next' (Enter) moves from field to field: typing, not taps.
    for (const typed of ["Av. Santa Fe 3253", "Palermo, CABA", "C1425ABC", "Piso 4° B, timbre «Ñandú» 🌸", "Valentina Ñáñez 🌸"]) {
      await shop.keyboard.type(typed);
      await shop.keyboard.press("Enter");
    }
    await shop.keyboard.type("11 5555-1234");
    await shop.keyboard.press("Enter");
    await shop.keyboard.type("Si no estoy, dejar en portería con Don José; después de las 18 h.");
    await tap(cart.getByLabel("Transferencia bancaria")); // 7
    // The longest form the store asks (envío, the whole address, three ways to pay, WhatsApp and a note):
    // every line is still there for a finger, above it in the one scrolling column.
    await expectLinesReachable(cart, ["Remera lisa", "Gorra"]);
    expect(await seenText(cart.locator("#cart-total"))).toBe("$21.000");
    await expectClean(shop, "the cart with two lines, the longest form and three ways to pay");
    const whatsapp = context.waitForEvent("page");
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" })); // 8
    await whatsapp;
    await expect.poll(() => opened.length).toBe(1);
    expect(await taps()).toBeLessThanOrEqual(8);
    const message = new URL(opened[0]!).searchParams.get("text")!;
    expect(message).toContain("• Remera lisa (Color: Negro, Talle: M) x 1 - $12.500 c/u");
    expect(message).toContain("• Gorra x 1 - $5.000 c/u");
    expect(message).toContain("Envío (CABA): $3.500\n*Total: $21.000*");
    expect(message).toContain(
      "Nombre: Valentina Ñáñez 🌸\nWhatsApp: +54 9 11 5555-1234\nEntrega: Envío a domicilio (CABA)\nDirección: Av. Santa Fe 3253, Palermo, CABA\nCódigo postal: C1425ABC\nReferencias: Piso 4° B, timbre «Ñandú» 🌸\nPago: Transferencia bancaria",
    );
    await expectSeen(cart.getByRole("heading", { name: /^¡Pedido #\w+ guardado!$/ }));

    // Coming back another day, on the same phone: name, envío to CABA, the address and transfer are remembered,
    // and the prefilled form leaves the line where a finger reaches it.
    const again = await context.newPage();
    const tapsAgain = await countTaps(again);
    await again.goto(`/u/${seller.username}`);
    await expectSeen(again.getByRole("heading", { name: "Remera lisa" }));
    const returning = await addRemera(again); // 1, 2, 3
    expect(await returning.getByLabel("Tu nombre").inputValue()).toBe("Valentina Ñáñez 🌸");
    expect(await returning.getByLabel("Envío a domicilio (CABA)").isChecked()).toBe(true);
    expect(await returning.getByLabel("Calle y número").inputValue()).toBe("Av. Santa Fe 3253");
    expect(await returning.getByLabel("Código postal (opcional)").inputValue()).toBe("C1425ABC");
    expect(await returning.getByLabel("Transferencia bancaria").isChecked()).toBe(true);
    await expectLinesReachable(returning, ["Remera lisa"]);
    const whatsappAgain = context.waitForEvent("page");
    await tap(returning.getByRole("button", { name: "Finalizar Compra por WhatsApp" })); // 4
    await whatsappAgain;
    await expect.poll(() => opened.length).toBe(2);
    expect(await tapsAgain()).toBeLessThanOrEqual(5);
    expect(new URL(opened[1]!).searchParams.get("text")).toContain("Dirección: Av. Santa Fe 3253, Palermo, CABA\nCódigo postal: C1425ABC");
    await context.close();
    await seller.context.close();
  });

  it("the only colour left is chosen already; envío asks for the street and the locality before WhatsApp opens", async () => {
    const seller = await realStore();
    const { context, page: shop } = await newPage(chromium.browser, phone);
    const opened = await captureWhatsApp(context);
    await shop.goto(`/u/${seller.username}`);
    await tap(shop.locator("li.card").filter({ hasText: "Buzo frisa" }).getByRole("button", { name: "Añadir al carrito" }));
    const sheet = shop.getByRole("dialog", { name: "Elige color y talle de Buzo frisa" });
    // Azul is sold out: Gris is pressed and its sizes are there, one tap from the cart.
    expect(await sheet.getByRole("button", { name: "Gris" }).getAttribute("aria-pressed")).toBe("true");
    await expectSeen(sheet.getByRole("button", { name: "L Sin stock", exact: true }));
    expect(await sheet.getByRole("button", { name: "L Sin stock", exact: true }).isDisabled()).toBe(true);
    await tap(sheet.getByRole("button", { name: "S", exact: true }));
    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    await expectSeen(cart.getByText("Color: Gris · Talle: S"));

    // Retiro asks for no address: the cursor goes to the name.
    await tap(cart.getByLabel("Retiro en el local"));
    expect(await cart.getByLabel("Calle y número").isVisible()).toBe(false);
    await expect.poll(() => cart.getByLabel("Tu nombre").evaluate((field) => field === document.activeElement)).toBe(true);
    await shop.keyboard.type("Lucía");
    await tap(cart.getByLabel("Envío a domicilio (GBA Norte)"));
    await tap(cart.getByLabel("Efectivo al retirar o al recibir"));
    const send = cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" });
    await tap(send);
    expect(await seenText(cart.locator("#cart-note"))).toBe("Escribe la calle y el número para el envío.");
    await expect.poll(() => cart.getByLabel("Calle y número").evaluate((field) => field === document.activeElement)).toBe(true);
    await shop.keyboard.type("Calle 50 N° 742");
    await tap(send);
    expect(await seenText(cart.locator("#cart-note"))).toBe("Escribe la localidad para el envío.");
    await shop.keyboard.type("La Plata");
    // Argentina's postal code is optional, but a wrong one is caught at the field before anything is sent.
    await tap(cart.getByLabel("Código postal (opcional)"));
    await shop.keyboard.type("19000");
    await tap(send);
    expect(await seenText(cart.locator("#cart-note"))).toBe("Revisa el código postal: escríbelo como C1425ABC.");
    await cart.getByLabel("Código postal (opcional)").fill("1900");
    await expectLinesReachable(cart, ["Buzo frisa"]);
    await tap(send);
    await expect.poll(() => opened.length).toBe(1);
    expect(new URL(opened[0]!).searchParams.get("text")).toContain(
      "Entrega: Envío a domicilio (GBA Norte)\nDirección: Calle 50 N° 742, La Plata\nCódigo postal: 1900\nPago: Efectivo",
    );
    await context.close();
    await seller.context.close();
  });
});

describe("the order page's 'Copiar' buttons at 390 px", () => {
  /** An order by transfer, through the API, and its page. */
  async function transferOrder() {
    const seller = await realStore();
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    const response = await page.request.post("/api/orders", {
      data: {
        username: seller.username,
        lines: [{ productId: seller.remeraId, color: "Blanco", size: "S", quantity: 2 }],
        buyer: {
          name: "Martín Ñancul",
          delivery: "envio",
          zone: "GBA Norte",
          payment: "transferencia",
          address: { street: "Av. Maipú 1200", locality: "Vicente López" },
        },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { orderUrl } = (await response.json()) as { orderUrl: string };
    return { seller, context, page, path: new URL(orderUrl).pathname };
  }

  it("copy the alias, the CBU and the amount with the Clipboard API, say 'Copiado' and tell screen readers what", async () => {
    const { seller, context, page, path } = await transferOrder();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await page.goto(path);
    const pay = page.locator("section.box", { hasText: "Cómo pagar" });
    for (const [name, value, done] of [
      ["Copiar alias", ALIAS, "Alias copiado"],
      ["Copiar CBU", CBU, "CBU copiado"],
      ["Copiar total", "30000", "Total copiado"],
    ] as const) {
      await tap(pay.getByRole("button", { name }));
      await expectSeen(page.getByRole("status").filter({ hasText: done }));
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
      await expect.poll(() => pay.locator("button.copy.done").textContent()).toMatch(/^Copiado/);
    }
    await expectSeen(page.getByText("Dirección: Av. Maipú 1200, Vicente López"));
    await expectClean(page, "the order page with its copy buttons at 390 px");
    await context.close();
    await seller.context.close();
  });

  it("copy with the older command where the Clipboard API is missing, and without JavaScript show no dead button", async () => {
    const { seller, context, page, path } = await transferOrder();
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
      document.addEventListener("copy", () => {
        const area = document.querySelector<HTMLTextAreaElement>("textarea[aria-hidden]");
        (window as unknown as { copied: string }).copied = area?.value ?? "";
      });
    });
    await page.goto(path);
    await tap(page.getByRole("button", { name: "Copiar CBU" }));
    await expectSeen(page.getByRole("status").filter({ hasText: "CBU copiado" }));
    expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(CBU);

    const { context: noScript, page: plain } = await newPage(chromium.browser, { mobile: true, javaScriptEnabled: false });
    await plain.goto(path);
    await expectSeen(plain.getByText(CBU));
    expect(await plain.getByRole("button", { name: /^Copiar/ }).count()).toBe(0);
    await noScript.close();
    await context.close();
    await seller.context.close();
  });
});
