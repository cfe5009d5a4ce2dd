import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, drawImage, GENERATION_MS, newPage, newSeller, openInApp, signInTo, useChromium } from "./chromium";

/**
 * Issue 7 in a real browser: seller A has products, a generated image, a
 * store with a logo, an order and a payment; seller B signs up in another
 * browser and goes through every screen, and through A's ids in URLs.
 * Nothing of A's may show, and no screen may crash into a blank page.
 */
const chromium = useChromium();

interface SellerA {
  email: string;
  storeName: string;
  username: string;
  productIds: string[];
  productNames: string[];
  imageId: string;
  /** Every /img/... URL of A's: photos, the generated image, the logo. */
  imageUrls: string[];
  orderCode: string;
  orderId: string;
  paymentId: string;
}

async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await page.request.post(path, { data, headers, timeout: GENERATION_MS });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** Seller A, built through the API with A's own session (the screens that build it are tested elsewhere). */
async function buildSellerA(): Promise<SellerA> {
  const { context, page } = await newPage(chromium.browser);
  const account = await newSeller("aislado-a");
  await context.addCookies(account.cookies);
  const suffix = String(Date.now()).slice(-6);
  // The upload names each product after its file.
  const productNames = [`Campera Zafiro ${suffix}`, `Pollera Turquesa ${suffix}`];

  const productIds: string[] = [];
  const imageUrls: string[] = [];
  for (const [i, name] of productNames.entries()) {
    const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: i ? "#0d9488" : "#1d4ed8" });
    const upload = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: `${name}.jpg`, mimeType: "image/jpeg", buffer } },
    });
    expect(upload.status()).toBe(201);
    const product = ((await upload.json()) as { products: { id: string; imageUrl: string }[] }).products[0]!;
    productIds.push(product.id);
    imageUrls.push(product.imageUrl);
  }
  const ad = (await post(page, `/api/products/generate-ad/${productIds[0]}`, { includeModel: false })) as {
    adImageUrl: string;
    imageId: string;
  };
  imageUrls.push(ad.adImageUrl);

  const storeName = `Alfa Isla ${suffix}`;
  const logo = await drawImage(page, { width: 200, height: 200, type: "image/png", color: "#7c3aed" });
  const store = (await post(page, "/api/auth/mi-tienda", {
    storeName,
    phoneNumber: "+54 9 11 4000-1111",
    countryCode: "AR",
    storeLogo: `data:image/png;base64,${logo.toString("base64")}`,
  })) as { user: { username: string; imageUrl: string } };
  imageUrls.push(store.user.imageUrl);
  await post(page, "/api/products/update-pricing", {
    products: [
      { id: productIds[0], price: 25000, sizes: [{ name: "M", stock: 4 }], storeImageURLs: [ad.adImageUrl], published: true },
      { id: productIds[1], price: 18000, sizes: [], published: true },
    ],
  });
  const payment = (await post(page, "/api/payments/create-preference", { packId: "pack-10" }, { "x-vidriera-country": "AR" })) as {
    paymentId: string;
  };
  await context.close();

  // A shopper with no account orders from A's store.
  const shopper = await chromium.browser.newContext({ baseURL: baseURL() });
  const order = await shopper.request.post("/api/orders", {
    data: { username: store.user.username, lines: [{ productId: productIds[0], size: "M", quantity: 1 }] },
    headers: { "cf-connecting-ip": `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
  });
  expect(order.status()).toBe(201);
  const { order: placed } = (await order.json()) as { order: { id: string; code: string } };
  await shopper.close();

  return {
    email: account.email,
    storeName,
    username: store.user.username,
    productIds,
    productNames,
    imageId: ad.imageId,
    imageUrls,
    orderCode: placed.code,
    orderId: placed.id,
    paymentId: payment.paymentId,
  };
}

/** What B's browser can see of a screen: its markup and text, and every /api answer it was sent. */
function watch(page: Page) {
  const answers: Promise<string>[] = [];
  const errors: string[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) answers.push(response.text().catch(() => ""));
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return {
    errors,
    async seen() {
      return { html: await page.content(), text: await page.locator("body").innerText(), api: (await Promise.all(answers)).join("\n") };
    },
  };
}

function expectNothingOf(a: SellerA, seen: { html: string; text: string; api: string }, where: string) {
  const everywhere = `${seen.html}\n${seen.api}`;
  const secrets = [a.email, a.storeName, a.username, ...a.productNames, ...a.productIds, a.imageId, ...a.imageUrls, a.orderId, a.paymentId];
  expect(
    secrets.filter((s) => everywhere.includes(s)),
    `${where} shows seller A's data`,
  ).toEqual([]);
  // Order codes are 4 characters: look for them as a word in the text, not inside hashed asset names.
  expect(new RegExp(`\\b${a.orderCode}\\b`).test(seen.text), `${where} shows A's order code`).toBe(false);
  expect(seen.api.includes(`"code":"${a.orderCode}"`), `${where} was sent A's order`).toBe(false);
}

describe("a second seller in a real browser", () => {
  it(
    "sees none of seller A's products, images, store or orders on any screen, and A's ids in URLs show a Spanish not-found or B's own empty state",
    async () => {
      const a = await buildSellerA();

      const { context, page } = await newPage(chromium.browser);
      const view = watch(page);
      await signInTo(page, await newSeller("aislado-b"));
      const bStore = `Beta Costa ${String(Date.now()).slice(-6)}`;
      await post(page, "/api/auth/mi-tienda", { storeName: bStore, phoneNumber: "+54 9 11 5000-2222", countryCode: "AR" });

      const screens: { path: string; shows: string[] }[] = [
        { path: "/home", shows: ["Tus Productos", "No hay productos"] },
        { path: "/images", shows: ["Galería de Imágenes Generadas", "No hay imágenes"] },
        { path: "/mi-tienda-admin?seccion=pedidos", shows: [bStore, "Todavía no recibiste pedidos"] },
        { path: "/mi-tienda", shows: ["Mi Tienda"] },
        { path: "/product-pricing", shows: ["Configurar Precios", "No hay productos"] },
        { path: "/credits", shows: ["Comprar imágenes"] },
        { path: "/settings", shows: ["Configuración de Tienda"] },
        // A's order is counted in A's statistics; B's are B's own, still empty.
        { path: "/estadisticas", shows: ["Estadísticas", "Todavía no hay visitas en tu tienda"] },
        // The one screen that takes an id: A's payment looks like no payment at all.
        { path: `/pago?payment=${a.paymentId}`, shows: ["No encontramos ese pago"] },
        // A's ids pasted into paths the app does not have.
        { path: `/home/${a.productIds[0]}`, shows: ["Página no encontrada"] },
        { path: `/images/${a.imageId}`, shows: ["Página no encontrada"] },
        { path: `/mi-tienda-admin/${a.orderId}`, shows: ["Página no encontrada"] },
        { path: `/product-pricing/${a.productIds[1]}`, shows: ["Página no encontrada"] },
      ];
      for (const screen of screens) {
        // B's store was opened through the API behind the loaded app's back: the first screen loads the app afresh,
        // the others are reached through its own router, as B moves between them.
        if (screen === screens[0]) await page.goto(screen.path);
        else await openInApp(page, screen.path);
        for (const text of screen.shows) await page.getByText(text, { exact: false }).first().waitFor();
        // Let any late queries land before reading what reached the page.
        await page.waitForLoadState("networkidle");
        const seen = await view.seen();
        expect(seen.text.trim().length, `${screen.path} is blank`).toBeGreaterThan(20);
        expectNothingOf(a, seen, screen.path);
      }
      // The header is B's, and stays B's after every one of A's ids.
      await page.goto("/home");
      const bEmail = ((await (await page.request.get("/api/auth/profile")).json()) as { user: { email: string } }).user.email;
      await expect.poll(() => page.getByTestId("user-email").first().textContent()).toBe(bEmail);
      expect(view.errors).toEqual([]);

      // B's own store page is B's; A's store (public by design) never shows B's.
      await page.goto(`/u/${a.username}`);
      await page.getByRole("heading", { name: a.storeName, exact: true }).waitFor();
      // A's names are real: the public page shows them, so their absence above means something.
      expect(await page.content()).toContain(a.productNames[0]);
      expect(await page.content()).not.toContain(bStore);
      const bUsername = ((await (await page.request.get("/api/auth/profile")).json()) as { user: { username: string } }).user.username;
      await page.goto(`/u/${bUsername}`);
      await page.getByRole("heading", { name: bStore, exact: true }).waitFor();
      expectNothingOf(a, { html: await page.content(), text: await page.locator("body").innerText(), api: "" }, `/u/${bUsername}`);
      await page.goto(`/u/${bUsername}/p/${a.productIds[0]}`);
      await page.getByText("Esta página no existe").waitFor();
      expect(await page.content()).not.toContain(a.productNames[0]);
      await context.close();
    },
    GENERATION_MS * 2,
  );
});
