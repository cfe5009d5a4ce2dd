/**
 * A shopper on a 390 px phone in a real store: a T-shirt in two colours with sizes S, M and L in stock,
 * envío to two zones or retiro, and three ways to pay (transfer with alias and CBU, a Mercado Pago link,
 * cash). Every tap from opening the store link to WhatsApp opening is counted, the first time and when
 * the shopper comes back (their name, delivery, address and way to pay remembered on the phone). A tap is a
 * pointer press on the page, a tap into a text field included; what the phone's keyboard does (the
 * letters, its Enter or 'Next' key that moves to the next field) is typing, not a tap. Then the order page's
 * 'Copiar' buttons, with the Clipboard API and with the older copy command.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REAL_STORE_TRANSFER, realStoreCheckout } from "../test/fixtures/real-store";
import { expectClean } from "./axe";
import { baseURL, drawImage, newPage, newSeller, useChromium } from "./chromium";
import { captureWhatsApp, countTaps } from "./journey-steps";

const chromium = useChromium();

const { alias: ALIAS, cbu: CBU } = REAL_STORE_TRANSFER;

async function realStore() {
  const { cookies } = await newSeller(chromium.browser, "toques");
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

/** 'Añadir al carrito' on a card, then the colour and the size in one sheet; the first product opens the cart. */
async function addRemera(shop: Page) {
  await shop.locator("li.card").filter({ hasText: "Remera lisa" }).getByRole("button", { name: "Añadir al carrito" }).click();
  const sheet = shop.getByRole("dialog", { name: "Elige color y talle de Remera lisa" });
  await sheet.getByRole("group", { name: "Color" }).getByRole("button", { name: "Negro" }).click();
  await sheet.getByRole("button", { name: "M", exact: true }).click();
  const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
  await cart.getByText("Color: Negro · Talle: M").waitFor();
  return cart;
}

describe("a shopper's taps in a real store at 390 px", () => {
  it("at most 8 taps the first time (envío to a zone with its address, transfer) and 5 when coming back", async () => {
    const seller = await realStore();
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const opened = await captureWhatsApp(context);
    const taps = await countTaps(shop);
    await shop.goto(`/u/${seller.username}`);
    await shop.getByRole("heading", { name: "Remera lisa" }).waitFor();

    const cart = await addRemera(shop); // 1 add, 2 colour, 3 size: the cart opens
    await cart.getByLabel("Tu nombre").click(); // 4
    await shop.keyboard.type("Valentina Ñáñez 🌸");
    await cart.getByLabel("Envío a domicilio (CABA)").click(); // 5: the way and the zone at once
    await cart.getByRole("group", { name: "¿A dónde te lo enviamos?" }).waitFor();
    await cart.getByLabel("Calle y número").click(); // 6
    await shop.keyboard.type("Av. Santa Fe 3253");
    await shop.keyboard.press("Enter"); // the keyboard's 'Next': on to the locality
    await shop.keyboard.type("Palermo, CABA");
    await shop.keyboard.press("Enter");
    await shop.keyboard.type("Piso 4° B");
    await cart.getByLabel("Transferencia bancaria").click(); // 7
    await expectClean(shop, "the cart with zones, the address and three ways to pay at 390 px");
    for (const name of ["Calle y número", "Localidad", "Referencias (opcional)"]) {
      expect((await cart.getByLabel(name).boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    }
    for (const option of await cart.locator("label.opt").all()) {
      expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    const whatsapp = context.waitForEvent("page");
    await cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }).click(); // 8
    await whatsapp;
    await expect.poll(() => opened.length).toBe(1);
    expect(await taps()).toBeLessThanOrEqual(8);
    const message = new URL(opened[0]!).searchParams.get("text")!;
    expect(message).toContain("• Remera lisa (Color: Negro, Talle: M) x 1 - $12.500 c/u");
    expect(message).toContain("Envío (CABA): $3.500\n*Total: $16.000*");
    expect(message).toContain(
      "Nombre: Valentina Ñáñez 🌸\nEntrega: Envío a domicilio (CABA)\nDirección: Av. Santa Fe 3253, Palermo, CABA\nReferencias: Piso 4° B\nPago: Transferencia bancaria",
    );

    // Coming back another day, on the same phone: name, envío to CABA, the address and transfer are remembered.
    const again = await context.newPage();
    const tapsAgain = await countTaps(again);
    await again.goto(`/u/${seller.username}`);
    await again.getByRole("heading", { name: "Remera lisa" }).waitFor();
    const returning = await addRemera(again); // 1, 2, 3
    expect(await returning.getByLabel("Tu nombre").inputValue()).toBe("Valentina Ñáñez 🌸");
    expect(await returning.getByLabel("Envío a domicilio (CABA)").isChecked()).toBe(true);
    expect(await returning.getByLabel("Calle y número").inputValue()).toBe("Av. Santa Fe 3253");
    expect(await returning.getByLabel("Transferencia bancaria").isChecked()).toBe(true);
    const whatsappAgain = context.waitForEvent("page");
    await returning.getByRole("button", { name: "Finalizar Compra por WhatsApp" }).click(); // 4
    await whatsappAgain;
    await expect.poll(() => opened.length).toBe(2);
    expect(await tapsAgain()).toBeLessThanOrEqual(5);
    expect(new URL(opened[1]!).searchParams.get("text")).toContain("Dirección: Av. Santa Fe 3253, Palermo, CABA");
    await context.close();
    await seller.context.close();
  });

  it("the only colour left is chosen already; envío asks for the street and the locality before WhatsApp opens", async () => {
    const seller = await realStore();
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const opened = await captureWhatsApp(context);
    await shop.goto(`/u/${seller.username}`);
    await shop.locator("li.card").filter({ hasText: "Buzo frisa" }).getByRole("button", { name: "Añadir al carrito" }).click();
    const sheet = shop.getByRole("dialog", { name: "Elige color y talle de Buzo frisa" });
    // Azul is sold out: Gris is pressed and its sizes are there, one tap from the cart.
    expect(await sheet.getByRole("button", { name: "Gris" }).getAttribute("aria-pressed")).toBe("true");
    expect(await sheet.getByRole("button", { name: "L Sin stock", exact: true }).isDisabled()).toBe(true);
    await sheet.getByRole("button", { name: "S", exact: true }).click();
    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    await cart.getByText("Color: Gris · Talle: S").waitFor();

    await cart.getByLabel("Tu nombre").fill("Lucía");
    // Retiro asks for no address.
    await cart.getByLabel("Retiro en el local").check();
    expect(await cart.getByLabel("Calle y número").isVisible()).toBe(false);
    await cart.getByLabel("Envío a domicilio (GBA Norte)").check();
    await cart.getByLabel("Efectivo al retirar o al recibir").check();
    const send = cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" });
    await send.click();
    await cart.getByText("Escribe la calle y el número para el envío.").waitFor();
    await expect.poll(() => cart.getByLabel("Calle y número").evaluate((field) => field === document.activeElement)).toBe(true);
    await shop.keyboard.type("Calle 50 N° 742");
    await send.click();
    await cart.getByText("Escribe la localidad para el envío.").waitFor();
    await cart.getByLabel("Localidad").fill("La Plata");
    await send.click();
    await expect.poll(() => opened.length).toBe(1);
    expect(new URL(opened[0]!).searchParams.get("text")).toContain(
      "Entrega: Envío a domicilio (GBA Norte)\nDirección: Calle 50 N° 742, La Plata\nPago: Efectivo",
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
      const button = pay.getByRole("button", { name });
      const box = (await button.boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      await button.click();
      await page.getByRole("status").filter({ hasText: done }).waitFor();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
      await expect.poll(() => pay.locator("button.copy.done").textContent()).toMatch(/^Copiado/);
    }
    await page.getByText("Dirección: Av. Maipú 1200, Vicente López").waitFor();
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
    await page.getByRole("button", { name: "Copiar CBU" }).click();
    await page.getByRole("status").filter({ hasText: "CBU copiado" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(CBU);

    const { context: noScript, page: plain } = await newPage(chromium.browser, { mobile: true, javaScriptEnabled: false });
    await plain.goto(path);
    await plain.getByText(CBU).waitFor();
    expect(await plain.getByRole("button", { name: /^Copiar/ }).count()).toBe(0);
    await noScript.close();
    await context.close();
    await seller.context.close();
  });
});
