import { describe, expect, it } from "vitest";
import { REAL_STORE_TRANSFER, realStoreCheckout } from "../test/fixtures/real-store";
import { expectClean } from "./axe";
import { drawImage, newPage, newSeller, useChromium } from "./chromium";
import { captureWhatsApp, confirmOrder, keepShopping, orderCard } from "./journey-steps";
import { expectSeen, expectTappable, tap } from "./seen";

const chromium = useChromium();

interface Uploaded {
  id: string;
  imageUrl: string;
}

/**
 * A store in Buenos Aires, set up through the API (its screens have their own test, e2e/checkout-settings):
 * 'Remera básica' in Negro (the generated picture) and Blanco (the photo), each with its own sizes in stock,
 * and 'Gorra' without colours nor sizes, as products were before colours; delivery to two zones with a
 * free-delivery threshold, pick-up, and transfer (an alias with dots and a CBU) or cash.
 */
async function storeWithColors() {
  const { cookies } = await newSeller("colores-pedido");
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(cookies);
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const suffix = String(Date.now()).slice(-6);
  const opened = (await post("/api/auth/mi-tienda", {
    storeName: `Ropa Sur ${suffix}`,
    phoneNumber: "011 15 4000-1234",
    countryCode: "AR",
  })) as { user: { username: string } };
  const products: Uploaded[] = [];
  for (const color of ["#111827", "#f8fafc"]) {
    const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color });
    const uploaded = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: "foto.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status()).toBe(201);
    products.push(((await uploaded.json()) as { products: Uploaded[] }).products[0]!);
  }
  const [remera, gorra] = products as [Uploaded, Uploaded];
  // A second picture of the remera, so choosing a colour has a picture to turn the gallery to.
  const ad = (await post(`/api/products/generate-ad/${remera.id}`, { includeModel: false })) as { adImageUrl: string };
  await post("/api/products/update-pricing", {
    products: [
      {
        id: remera.id,
        name: "Remera básica",
        price: "12.500",
        published: true,
        storeImageURLs: [remera.imageUrl, ad.adImageUrl],
        colors: [
          {
            name: "Negro",
            image: ad.adImageUrl,
            sizes: [
              { name: "S", stock: 0 },
              { name: "M", stock: 2 },
            ],
          },
          {
            name: "Blanco",
            image: remera.imageUrl,
            sizes: [
              { name: "S", stock: 3 },
              { name: "M", stock: 0 },
            ],
          },
        ],
      },
      { id: gorra.id, name: "Gorra", price: "5.000", published: true, sizes: [] },
    ],
  });
  const saved = await page.request.put("/api/checkout-settings", {
    data: realStoreCheckout({ freeFrom: "50.000", withoutMercadoPago: true }),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { context, page, username: opened.user.username, remera, gorra };
}

describe("colours, delivery, how to pay and the buyer's order page, on a phone (390 px)", () => {
  it("a shopper picks colour and size, a zone and transfer, orders and follows the order as the seller marks it paid and sent", async () => {
    const seller = await storeWithColors();
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const whatsapp = await captureWhatsApp(context);
    // A script error would leave the page working without its script (links, no cart): fail on it instead.
    const errors: Error[] = [];
    shop.on("pageerror", (error) => errors.push(error));

    // The store page: the colour swatches first, then the chosen colour's sizes, 'Sin stock' per combination.
    await shop.goto(`/u/${seller.username}`);
    await expectSeen(shop.getByText("Colores: Negro, Blanco"));
    const remeraCard = shop.locator("li.card").filter({ hasText: "Remera básica" });
    await tap(remeraCard.getByRole("button", { name: "Añadir al carrito" }));
    const picker = shop.getByRole("dialog", { name: "Elige color y talle de Remera básica" });
    const colors = picker.getByRole("group", { name: "Color" });
    await tap(colors.getByRole("button", { name: "Blanco" }));
    await expect.poll(() => colors.getByRole("button", { name: "Blanco" }).getAttribute("aria-pressed")).toBe("true");
    expect(await picker.getByRole("button", { name: "M Sin stock" }).isDisabled()).toBe(true);
    expect(await picker.getByRole("button", { name: "S", exact: true }).isEnabled()).toBe(true);
    await tap(colors.getByRole("button", { name: "Negro" }));
    await expectSeen(picker.getByRole("button", { name: "S Sin stock" }));
    expect(await picker.getByRole("button", { name: "S Sin stock" }).isDisabled()).toBe(true);
    // Each colour shows its own picture on its swatch.
    expect(await colors.getByRole("button", { name: "Negro" }).locator("img").getAttribute("src")).toContain("/img/");
    await expectTappable(colors.getByRole("button", { name: "Negro" }));
    await expectClean(shop, "the colour and size picker at 390 px");
    await tap(picker.getByRole("button", { name: "M", exact: true }));
    await picker.waitFor({ state: "hidden" });
    // The product added opens the cart; 'Seguir comprando' goes back to the store.
    await expectSeen(shop.getByRole("dialog", { name: "Tu Carrito" }).getByText("Color: Negro · Talle: M"));
    await keepShopping(shop);

    // A product without colours nor sizes goes straight to the cart, as before colours existed.
    await tap(shop.locator("li.card").filter({ hasText: "Gorra" }).getByRole("button", { name: "Añadir al carrito" }));
    await expectSeen(shop.getByRole("dialog", { name: "Tu Carrito" }).getByText("Gorra", { exact: true }));
    await shop.getByRole("button", { name: "Abrir carrito (2 productos)" }).waitFor({ state: "attached" });

    // The product page: choosing a colour turns the gallery to its picture and leaves only its sizes in stock.
    await shop.goto(`/u/${seller.username}/p/${seller.remera.id}?color=Blanco`);
    const colorChips = shop.getByRole("group", { name: "Color" });
    await expect.poll(() => colorChips.getByRole("radio", { name: "Blanco" }).isChecked()).toBe(true);
    const sizeChips = shop.getByRole("group", { name: "Talle" });
    await expect.poll(() => sizeChips.getByRole("radio", { name: /^M/ }).isDisabled()).toBe(true);
    const gallery = shop.locator(".gal [data-car]");
    await colorChips.getByRole("radio", { name: "Negro" }).check();
    await expect.poll(() => gallery.evaluate((el) => el.scrollLeft >= el.clientWidth - 1)).toBe(true);
    await expect.poll(() => sizeChips.getByRole("radio", { name: /^S/ }).isDisabled()).toBe(true);
    await colorChips.getByRole("radio", { name: "Blanco" }).check();
    await expect.poll(() => gallery.evaluate((el) => el.scrollLeft)).toBe(0);
    await sizeChips.getByRole("radio", { name: "S", exact: true }).check();
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    await shop.getByRole("button", { name: "Abrir carrito (3 productos)" }).waitFor({ state: "attached" });

    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    await expectSeen(cart.getByText("Color: Negro · Talle: M"));
    await expectSeen(cart.getByText("Color: Blanco · Talle: S"));
    await cart.getByLabel("Tu nombre").fill("Lucía Gómez");
    // The free-delivery threshold says how far it is; each zone is its own choice, priced.
    await expectSeen(cart.getByText("Envío gratis desde $50.000: te faltan $20.000"));
    await tap(cart.getByLabel("Envío a domicilio (CABA)"));
    await cart.getByLabel("Calle y número").fill("Av. Corrientes 4567");
    await cart.getByLabel("Localidad").fill("Almagro");
    const sums = cart.locator("#cart-sums");
    await expect.poll(() => sums.innerText()).toMatch(/Subtotal\s+\$30\.000\s+Envío \(CABA\)\s+\$3\.500/);
    await expectSeen(cart.getByText("$33.500", { exact: true }));
    await tap(cart.getByLabel("Transferencia bancaria"));
    // Every control the cart added is a 44 px target on a phone.
    const controls = [
      "Envío a domicilio (CABA)",
      "Envío a domicilio (GBA Norte)",
      "Retiro en el local",
      "Transferencia bancaria",
      "Efectivo al retirar o al recibir",
    ].map((name) => cart.getByLabel(name));
    for (const control of controls) await expectTappable(control);
    await expectClean(shop, "the cart with zones and ways to pay at 390 px");
    // Typed the local way: the seller's status messages go to this chat.
    await cart.getByLabel(/Tu WhatsApp/).fill("011 15 2345-6789");

    const popup = context.waitForEvent("page");
    const ordered = shop.waitForResponse((r) => r.url().endsWith("/api/orders"));
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    expect((await ordered).status()).toBe(201);
    await popup;
    await expect.poll(() => whatsapp.length).toBe(1);
    const message = new URL(whatsapp[0]!).searchParams.get("text")!;
    expect(message).toContain("• Remera básica (Color: Negro, Talle: M) x 1 - $12.500 c/u");
    expect(message).toContain("• Remera básica (Color: Blanco, Talle: S) x 1 - $12.500 c/u");
    expect(message).toContain("• Gorra x 1 - $5.000 c/u");
    expect(message).toContain("Subtotal: $30.000\nEnvío (CABA): $3.500\n*Total: $33.500*");
    expect(message).toContain("WhatsApp: +54 9 11 2345-6789");
    const { alias, cbu, holder } = REAL_STORE_TRANSFER;
    expect(message).toContain(`Pago: Transferencia bancaria\nAlias: ${alias}\nCBU: ${cbu}\nTitular: ${holder}`);
    const code = /Pedido #(\w{4})/.exec(message)![1]!;
    const link = /Ver pedido: (\S+)/.exec(message)![1]!;

    // The confirmation on screen: the code, and the order's own page.
    await cart.getByRole("heading", { name: `¡Pedido #${code} guardado!` }).waitFor();
    const orderLink = cart.getByRole("link", { name: "Ver mi pedido" });
    expect(await orderLink.getAttribute("href")).toBe(link);
    const box = await orderLink.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await shop.goto(new URL(link).pathname);
    await shop.getByRole("heading", { name: `Pedido #${code}` }).waitFor();
    await shop.getByText("Recibimos tu pedido. La tienda lo revisa y te confirma por WhatsApp.").waitFor();
    await shop.getByText("Remera básica (Color: Negro, Talle: M) × 1").waitFor();
    await shop.getByText("Envío a domicilio (CABA)").waitFor();
    await shop.getByText(alias).waitFor();
    expect(await shop.locator("dd.grand").textContent()).toBe("$33.500");
    await expectClean(shop, "the buyer's order page at 390 px");

    // The seller, on a phone too, confirms, marks it paid and then sent.
    const admin = seller.page;
    await admin.goto("/pedidos");
    await confirmOrder(admin, code);
    const card = orderCard(admin, code);
    await card.getByRole("button", { name: "Marcar pagado" }).click();
    await card.getByTestId("order-status").getByText("Pagado").waitFor();
    await card.getByRole("button", { name: "Marcar enviado" }).click();
    await card.getByTestId("order-status").getByText("Enviado").waitFor();
    // Confirming took the colour's own stock.
    const stored = (await (await admin.request.get(`/api/products/get/${seller.remera.id}`)).json()) as {
      product: { colors: { name: string; sizes: { name: string; stock: number }[] }[] };
    };
    expect(stored.product.colors.map((c) => [c.name, c.sizes.map((s) => s.stock)])).toEqual([
      ["Negro", [0, 1]],
      ["Blanco", [2, 0]],
    ]);

    // The buyer's page follows.
    await shop.reload();
    await shop.getByText("Tu pedido está en camino.").waitFor();
    const now = shop.locator('.steps [aria-current="step"]');
    expect(await now.textContent()).toMatch(/^Enviado/);
    expect(await shop.locator(".steps .step.done").allTextContents()).toEqual([
      expect.stringMatching(/^Nuevo/),
      expect.stringMatching(/^Confirmado/),
      expect.stringMatching(/^Pagado/),
    ]);
    expect(errors).toEqual([]);
    await context.close();
    await seller.context.close();
  });

  it("a store without colours, zones or ways to pay orders as before: the size, envío to agree, no payment asked", async () => {
    const { cookies } = await newSeller("sin-colores");
    const { context: sellerContext, page: admin } = await newPage(chromium.browser, { mobile: true });
    await sellerContext.addCookies(cookies);
    const opened = await admin.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Ropa Este ${String(Date.now()).slice(-6)}`, phoneNumber: "011 15 4000-1234", countryCode: "AR" },
    });
    const username = ((await opened.json()) as { user: { username: string } }).user.username;
    const buffer = await drawImage(admin, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await admin.request.post("/api/products/upload-images", {
      multipart: { images: { name: "buzo.jpg", mimeType: "image/jpeg", buffer } },
    });
    const product = ((await uploaded.json()) as { products: Uploaded[] }).products[0]!;
    const priced = await admin.request.post("/api/products/update-pricing", {
      data: { products: [{ id: product.id, name: "Buzo", price: "20.000", published: true, sizes: [{ name: "L", stock: 1 }] }] },
    });
    expect(priced.status()).toBe(200);

    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const whatsapp = await captureWhatsApp(context);
    await shop.goto(`/u/${username}`);
    expect(await shop.locator("p.colors").count()).toBe(0);
    // L is its only size: nothing to choose, so it goes straight to the cart, which opens.
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    await expectSeen(cart.getByText("Talle: L", { exact: true }));
    expect(await shop.getByRole("dialog", { name: "Selecciona un talle para Buzo" }).isVisible()).toBe(false);
    await cart.getByLabel("Tu nombre").fill("Ana");
    await tap(cart.getByLabel("Envío a domicilio"));
    await cart.getByLabel("Calle y número").fill("Belgrano 820");
    await cart.getByLabel("Localidad").fill("Córdoba");
    // No zones: the cost is agreed with the store, as before; and nothing asks how to pay.
    await expectSeen(cart.getByText("A coordinar con la tienda"));
    await expectSeen(cart.getByText("$20.000 + envío", { exact: true }));
    expect(await cart.locator("label.opt", { hasText: "Envío a domicilio (" }).count()).toBe(0);
    expect(await cart.getByRole("group", { name: "¿Cómo quieres pagar?" }).count()).toBe(0);
    const ordered = shop.waitForResponse((r) => r.url().endsWith("/api/orders"));
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    expect((await ordered).status()).toBe(201);
    await expect.poll(() => whatsapp.length).toBe(1);
    const message = new URL(whatsapp[0]!).searchParams.get("text")!;
    expect(message).toContain("• Buzo (Talle: L) x 1 - $20.000 c/u");
    expect(message).toContain("Envío: A coordinar con la tienda\n*Total: $20.000 + envío*");
    expect(message).not.toContain("Pago:");
    await expectTappable(cart.getByRole("link", { name: "Ver mi pedido" }));
    await context.close();
    await sellerContext.close();
  });
});
