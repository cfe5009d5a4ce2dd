/**
 * Steps that more than one end-to-end test takes through the screens, kept in
 * one place so a change of wording or flow is fixed once.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { drawImage, GENERATION_MS } from "./chromium";
import { expectSeen, tap } from "./seen";

/** Uploads a photo as a new product through the API with the page's own session, for tests not about uploading. */
export async function uploadProduct(page: Page, fileName: string, color = "#2563eb") {
  const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color });
  const response = await page.request.post("/api/products/upload-images", {
    multipart: { images: { name: fileName, mimeType: "image/jpeg", buffer } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { products: { id: string; name: string; code: string }[] }).products[0]!;
}

/** The signed-in seller's products' short codes by name (what buyers quote and order lines carry). */
export async function productCodes(page: Page): Promise<Map<string, string>> {
  const { user } = (await (await page.request.get("/api/auth/profile")).json()) as { user: { id: string } };
  const listed = (await (await page.request.get(`/api/products/list/${user.id}`)).json()) as { products: { name: string; code: string }[] };
  return new Map(listed.products.map((p) => [p.name, p.code]));
}

/** wa.me is outside the closed network: answer it locally and keep the address the store opened. */
export async function captureWhatsApp(context: BrowserContext) {
  const opened: string[] = [];
  await context.route("https://wa.me/**", (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<p>WhatsApp</p>" });
  });
  return opened;
}

/** Counts the shopper's real taps (pointer presses) on the page, in the page itself, across its reloads. */
export async function countTaps(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { taps: number };
    w.taps = Number(sessionStorage.getItem("taps") ?? 0);
    addEventListener(
      "pointerdown",
      () => {
        w.taps++;
        sessionStorage.setItem("taps", String(w.taps));
      },
      { capture: true },
    );
  });
  return () => page.evaluate(() => (window as unknown as { taps: number }).taps);
}

/** The store's cart: every product added opens it by itself; otherwise its button in the header does. */
export async function openCart(shop: Page) {
  const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
  if (!(await cart.isVisible())) await tap(shop.getByRole("button", { name: /^Abrir carrito/ }));
  await expectSeen(cart.getByRole("heading", { name: "Tu Carrito" }));
  return cart;
}

/** After a product added opened the cart, back to the store for more ('Seguir comprando', right below the lines). */
export async function keepShopping(shop: Page) {
  const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
  await tap(cart.getByRole("button", { name: "Seguir comprando" }));
  await cart.waitFor({ state: "hidden" });
}

/**
 * 'Finalizar Compra por WhatsApp' in the cart (opened first when it is not): the order is saved first
 * (201), then WhatsApp opens in a new tab. Returns the address it opened. Envío asks where to.
 */
export async function sendOrderByWhatsApp(
  shop: Page,
  opened: string[],
  buyer: {
    name: string;
    delivery: "Envío a domicilio" | "Retiro en el local";
    note?: string;
    whatsapp?: string;
    address?: { street: string; locality: string; postalCode?: string; reference?: string };
  } = {
    name: "Ana Pérez",
    delivery: "Retiro en el local",
  },
): Promise<URL> {
  const before = opened.length;
  const cart = await openCart(shop);
  // The cart asks how and who is buying before WhatsApp opens, the way first.
  await tap(cart.getByLabel(buyer.delivery));
  if (buyer.delivery === "Envío a domicilio") {
    const address = buyer.address ?? { street: "Av. Corrientes 4567", locality: "Almagro, CABA" };
    await cart.getByLabel("Calle y número").fill(address.street);
    await cart.getByLabel("Localidad").fill(address.locality);
    if (address.postalCode) await cart.getByLabel("Código postal (opcional)").fill(address.postalCode);
    if (address.reference) await cart.getByLabel("Referencias (opcional)").fill(address.reference);
  }
  await cart.getByLabel("Tu nombre").fill(buyer.name);
  if (buyer.note) await cart.getByLabel("Nota (opcional)").fill(buyer.note);
  if (buyer.whatsapp) await cart.getByLabel(/Tu WhatsApp/).fill(buyer.whatsapp);
  const popup = shop.context().waitForEvent("page");
  const ordered = shop.waitForResponse((r) => r.url().endsWith("/api/orders"));
  await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
  expect((await ordered).status()).toBe(201);
  await popup;
  await expect.poll(() => opened.length).toBe(before + 1);
  return new URL(opened[before]!);
}

/** An order as the seller sees it in 'Pedidos' (/pedidos). */
export const orderCard = (page: Page, code: string) => page.getByTestId("order").filter({ hasText: `Pedido #${code}` });

/** The seller confirms a new order in /pedidos; confirming takes its quantities off stock. */
export async function confirmOrder(page: Page, code: string) {
  const order = orderCard(page, code);
  await order.getByText("Nuevo", { exact: true }).waitFor();
  await order.getByRole("button", { name: "Confirmar" }).click();
  await page.getByText(`Pedido #${code} confirmado: descontamos su stock.`).waitFor();
  await order.getByText("Confirmado", { exact: true }).waitFor();
}

/** Adds sizes to a product with no sizes yet, in whichever editor `scope` holds (/product-pricing or the admin). */
export async function addSizes(scope: Locator, productName: string, sizes: { name: string; stock: number }[]) {
  for (const [i, size] of sizes.entries()) {
    await scope.getByRole("button", { name: "Agregar Talle" }).click();
    await scope.getByLabel(`Talle ${i + 1} de ${productName}`, { exact: true }).fill(size.name);
    await scope.getByLabel(`Stock del talle ${size.name} de ${productName}`, { exact: true }).fill(String(size.stock));
  }
}

/**
 * The offline provider's checkout page, where the app has just sent the browser: checks the amount (and the
 * provider it stands in for), approves, and waits for /pago to say so.
 */
export async function approveSimulatedCheckout(page: Page, amount: string, provider?: string) {
  await page.waitForURL("**/api/payments/simulated/checkout?session=*");
  if (provider) await page.getByRole("heading", { name: `Pago simulado (${provider})` }).waitFor();
  expect(await page.getByTestId("simulated-amount").textContent()).toBe(amount);
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  await page.waitForURL("**/pago?payment=*");
  await page.getByRole("heading", { name: "¡Pago aprobado!" }).waitFor();
}

/** Waits for the result dialog's image; a failed generation fails with the server's reason rather than a timeout. */
export async function waitForGeneratedImage(result: Locator, productName: string) {
  const generated = result.getByRole("img", { name: `Imagen generada de ${productName}`, exact: true });
  const failed = result.getByText("No se pudo generar la imagen.", { exact: true });
  await generated.or(failed).waitFor({ timeout: GENERATION_MS });
  if (await failed.isVisible()) throw new Error(`generation failed: ${await failed.locator("..").textContent()}`);
  return generated;
}

/** The signed-in seller's balance in credits, read from the API (the header shows whole images only). */
export async function creditsOf(page: Page): Promise<number> {
  const response = await page.request.get("/api/auth/profile");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { credits: number } }).user.credits;
}

/** Signs in with credentials the app must refuse: the screen's error shows and the seller stays on /login. */
export async function expectLoginRefused(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect.poll(() => page.getByRole("alert").textContent()).toBe("Credenciales incorrectas o error del servidor. Inténtalo de nuevo.");
  expect(new URL(page.url()).pathname).toBe("/login");
}

/** Uploads are drafts: in /mi-tienda-admin the seller publishes each priced product ('Publicar'). */
export async function publishInAdmin(page: Page, names: string[]) {
  for (const name of names) {
    const card = page.getByRole("article", { name, exact: true });
    await card.getByRole("button", { name: "Publicar" }).click();
    await card.getByTestId("publish-state").getByText("Publicado").waitFor();
  }
}

/** /mi-tienda-admin shows one section at a time: opens one through its section nav, as a seller taps it. */
export async function openAdminSection(
  page: Page,
  label: "Productos" | "Pedidos" | "Entrega y pagos" | "Compartir" | "Datos de la tienda",
) {
  const nav = page.getByRole("navigation", { name: "Secciones de Mi Tienda" });
  await nav.getByRole("link", { name: label, exact: true }).click();
  await nav.locator('[aria-current="page"]', { hasText: label }).waitFor();
}
