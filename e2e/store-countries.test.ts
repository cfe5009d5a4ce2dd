/**
 * Shoppers on a 390 px phone in stores of other countries: a Brazilian
 * shopper orders two T-shirts with Pix from a pt-BR store and copies the
 * "Pix copia e cola" from the order page; a Mexican shopper orders with SPEI.
 * Each in at most 5 taps plus typing a name (taps counted as in
 * shopper-taps.test.ts), axe clean. A Brazilian envío asks a CEP, in
 * Portuguese, and writes it as 00000-000. The store's currency, locale and ways to
 * pay are set through the API as the seller's settings save them.
 */
import { describe, expect, it } from "vitest";
import { brCodeCrcValid } from "../common/pix";
import { expectClean } from "./axe";
import { baseURL, drawImage, newPage, newSeller, useChromium } from "./chromium";
import { captureWhatsApp, countTaps } from "./journey-steps";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

interface Setup {
  phone: string;
  country: string;
  currency: string;
  locale: string;
  /** As the store's seller types it ("129,90" in Brazil): the store has its country's money from its opening. */
  price: string;
  pay: unknown;
  /** Envío to a zone as well as pick-up; pick-up only by default. */
  shipping?: { zone: string; cost: string };
}

/** A store with one T-shirt without sizes, pick-up only, and its country's one way to pay. */
async function openStore(setup: Setup) {
  const { cookies } = await newSeller("paises");
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(cookies);
  const send = async (method: "get" | "post" | "put", path: string, data?: unknown) => {
    const response = await page.request[method](path, data === undefined ? {} : { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const opened = (await send("post", "/api/auth/mi-tienda", {
    storeName: `Loja ${String(Date.now()).slice(-6)}`,
    phoneNumber: setup.phone,
    countryCode: setup.country,
  })) as { user: { id: string; username: string } };
  const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: "#0ea5e9" });
  const uploaded = await page.request.post("/api/products/upload-images", {
    multipart: { images: { name: "camiseta.jpg", mimeType: "image/jpeg", buffer } },
  });
  expect(uploaded.status()).toBe(201);
  const id = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!.id;
  await send("post", "/api/products/update-pricing", {
    products: [{ id, name: "Camiseta", price: setup.price, published: true, sizes: [] }],
  });
  // The store has its country's money and language from its opening; its way to pay is saved as its seller does.
  const chosen = (await send("get", "/api/store-locale")) as { currency: string; locale: string };
  expect([chosen.currency, chosen.locale]).toEqual([setup.currency, setup.locale]);
  await send("put", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: "Rua Augusta 1234" },
      shipping: setup.shipping
        ? { enabled: true, zones: [{ name: setup.shipping.zone, cost: setup.shipping.cost }], freeFrom: null }
        : { enabled: false, zones: [], freeFrom: null },
    },
    payMethods: [setup.pay],
  });
  await context.close();
  return opened.user.username;
}

describe("shoppers in other countries at 390 px", () => {
  it("a Brazilian shopper orders two with Pix in 4 taps and copies the code from the order page", async () => {
    const username = await openStore({
      phone: "+55 11 98765-4321",
      country: "BR",
      currency: "BRL",
      locale: "pt-BR",
      price: "129,90",
      pay: { kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" },
    });
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    const opened = await captureWhatsApp(context);
    const taps = await countTaps(shop);
    await shop.goto(`/u/${username}`);
    expect(await shop.locator("html").getAttribute("lang")).toBe("pt-BR");
    await expectSeen(shop.getByText("R$\u00a0129,90").first());
    await tap(shop.getByRole("button", { name: "Adicionar ao carrinho" })); // 1: the cart opens
    const cart = shop.getByRole("dialog", { name: "Seu carrinho" });
    await tap(cart.getByRole("button", { name: "Adicionar mais um de Camiseta" })); // 2
    await expect.poll(() => seenText(cart.locator("#cart-total"))).toBe("R$\u00a0259,80");
    await tap(cart.getByLabel("Seu nome")); // 3
    await shop.keyboard.type("João Conceição");
    // Pick-up only and Pix only: both are chosen already.
    expect(await cart.getByLabel("Pix").isChecked()).toBe(true);
    await expectClean(shop, "a pt-BR store's cart at 390 px");
    const whatsapp = context.waitForEvent("page");
    await tap(cart.getByRole("button", { name: "Finalizar compra pelo WhatsApp" })); // 4
    await whatsapp;
    await expect.poll(() => opened.length).toBe(1);
    expect(await taps()).toBeLessThanOrEqual(5);
    const message = new URL(opened[0]!).searchParams.get("text")!;
    expect(message).toContain("*Total: R$\u00a0259,80*");
    expect(message).toContain("Pagamento: Pix");

    const orderLink = await cart.getByRole("link", { name: "Ver meu pedido" }).getAttribute("href");
    const order = await context.newPage();
    await order.goto(orderLink!);
    expect(await order.locator("html").getAttribute("lang")).toBe("pt-BR");
    // The QR of the same code, named with the amount it asks for.
    expect(await order.locator(".pix-qr svg").getAttribute("aria-label")).toBe("QR Code do Pix de R$\u00a0259,80");
    await tap(order.getByRole("button", { name: "Copiar Pix copia e cola" }));
    const code = await order.evaluate(() => navigator.clipboard.readText());
    expect(code.startsWith("000201")).toBe(true);
    expect(code).toContain("5406259.80");
    expect(brCodeCrcValid(code)).toBe(true);
    await expectSeen(order.getByRole("status").getByText("Pix copia e cola copiado"));
    await expectClean(order, "a pt-BR order page with its Pix code at 390 px");
    await context.close();
  });

  it("a Mexican shopper orders with SPEI in 3 taps and reads the CLABE on the order page", async () => {
    const username = await openStore({
      phone: "+52 55 1234 5678",
      country: "MX",
      currency: "MXN",
      locale: "es-MX",
      price: "1,299.50",
      pay: { kind: "spei", clabe: "032180000118359719", bank: "BBVA", holder: "Rocío Hernández" },
    });
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const opened = await captureWhatsApp(context);
    const taps = await countTaps(shop);
    await shop.goto(`/u/${username}`);
    expect(await shop.locator("html").getAttribute("lang")).toBe("es-MX");
    await expectSeen(shop.getByText("$1,299.50").first());
    await tap(shop.getByRole("button", { name: "Añadir al carrito" })); // 1
    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    await tap(cart.getByLabel("Tu nombre")); // 2
    await shop.keyboard.type("Rocío Ñúñez");
    expect(await cart.getByLabel("Transferencia SPEI").isChecked()).toBe(true);
    await expectClean(shop, "an es-MX store's cart at 390 px");
    const whatsapp = context.waitForEvent("page");
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" })); // 3
    await whatsapp;
    await expect.poll(() => opened.length).toBe(1);
    expect(await taps()).toBeLessThanOrEqual(5);
    const message = new URL(opened[0]!).searchParams.get("text")!;
    expect(message).toContain("*Total: $1,299.50*");
    expect(message).toContain("Pago: Transferencia SPEI\nCLABE: 032180000118359719");

    const orderLink = await cart.getByRole("link", { name: "Ver mi pedido" }).getAttribute("href");
    const order = await context.newPage();
    await order.goto(orderLink!);
    await expectSeen(order.getByText("032180000118359719"));
    await expectSeen(order.getByText("$1,299.50").first());
    await expectClean(order, "an es-MX order page with SPEI at 390 px");
    await context.close();
  });

  it("a Brazilian shopper's envío asks a CEP in Portuguese, refuses a wrong one at its field and sends it as 00000-000", async () => {
    const username = await openStore({
      phone: "+55 11 98765-4321",
      country: "BR",
      currency: "BRL",
      locale: "pt-BR",
      price: "129,90",
      pay: { kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" },
      shipping: { zone: "Centro", cost: "15,00" },
    });
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const opened = await captureWhatsApp(context);
    await shop.goto(`/u/${username}`);
    await tap(shop.getByRole("button", { name: "Adicionar ao carrinho" }));
    const cart = shop.getByRole("dialog", { name: "Seu carrinho" });
    await tap(cart.getByLabel(/^Entrega em casa \(Centro\)/));
    // The address in Brazil's words, the CEP between the city and the complement; the street has the cursor.
    await expectSeen(cart.getByRole("group", { name: "Para onde enviamos?" }));
    const cep = cart.getByLabel("CEP", { exact: true });
    await expectTappable(cep);
    expect(await cep.getAttribute("placeholder")).toBe("01310-100");
    expect(await cep.getAttribute("autocomplete")).toBe("postal-code");
    await expect.poll(() => cart.getByLabel("Rua e número").evaluate((field) => field === document.activeElement)).toBe(true);
    for (const typed of ["Rua Augusta, 1234", "Consolação, São Paulo", "1310-100", "Apto 52, bloco B", "João Conceição 🌸"]) {
      await shop.keyboard.type(typed);
      await shop.keyboard.press("Enter");
    }
    const send = cart.getByRole("button", { name: "Finalizar compra pelo WhatsApp" });
    await tap(send);
    expect(await seenText(cart.locator("#cart-note"))).toBe("Confira o CEP: escreva como 01310-100.");
    await expect.poll(() => cep.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(opened).toEqual([]);
    await cep.fill("01310100");
    // The line is still there for a finger above the whole address.
    await expectTappable(cart.getByRole("button", { name: "Tirar um de Camiseta" }));
    await expectTappable(cart.getByRole("button", { name: "Remover Camiseta do carrinho" }));
    await expectClean(shop, "a pt-BR store's cart with envío and its CEP at 390 px");
    await tap(send);
    await expect.poll(() => opened.length).toBe(1);
    expect(new URL(opened[0]!).searchParams.get("text")).toContain(
      "Endereço: Rua Augusta, 1234, Consolação, São Paulo\nCEP: 01310-100\nComplemento: Apto 52, bloco B",
    );
    // The order page shows it too.
    const orderLink = await cart.getByRole("link", { name: "Ver meu pedido" }).getAttribute("href");
    const order = await context.newPage();
    await order.goto(orderLink!);
    expect(await seenText(order.getByText(/^CEP:/))).toBe("CEP: 01310-100");
    await context.close();
  });
});
