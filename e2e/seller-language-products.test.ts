/**
 * A Brazilian seller's phone (390 px, a browser in Portuguese): /home and 'Adicionar produto' read in
 * Portuguese, and the batch's pricing grid of a store that sells in reais gives a Brazilian price example,
 * says a wrong price in Portuguese with that example and takes "129,90" as R$ 129,90 (12990 centavos).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, drawImage, newSeller, PHONES, STATE_MS, useChromium } from "./chromium";
import { expectSeen, seenText, tap } from "./seen";

const chromium = useChromium();

// Intl puts a no-break space between "R$" and the number; a person reads a space.
const read = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

async function send(page: Page, method: "get" | "post", path: string, data?: unknown) {
  const response = await page.request[method](path, data === undefined ? {} : { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A phone whose browser is in Brazilian Portuguese, signed in as a new seller with a store in reais. */
async function brazilianSeller() {
  const { cookies } = await newSeller("vendedora-br");
  // As e2e/chromium.ts newPage, but the browser's language is Portuguese: what the app reads the seller's from.
  const context = await chromium.browser.newContext({
    baseURL: baseURL(),
    locale: "pt-BR",
    viewport: PHONES.mobile,
    reducedMotion: "reduce",
  });
  await context.addInitScript(() => localStorage.setItem("vidriera-tutorial-visto", "1"));
  context.setDefaultTimeout(STATE_MS);
  context.setDefaultNavigationTimeout(STATE_MS);
  await context.addCookies(cookies);
  const page = await context.newPage();
  await send(page, "post", "/api/auth/mi-tienda", {
    storeName: `Loja da Ana ${String(Date.now()).slice(-6)}`,
    phoneNumber: "+55 11 98765-4321",
    countryCode: "BR",
  });
  return { context, page };
}

describe("the products screens for a Brazilian seller", () => {
  it("/home and 'Adicionar produto' read in Portuguese", async () => {
    const { context, page } = await brazilianSeller();
    await page.goto("/home");
    expect(read(await seenText(page.getByRole("heading", { level: 1 })))).toMatch(/^Olá/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
    expect(read(await seenText(page.getByTestId("home-credits").locator("..")))).toMatch(
      /^Você tem \d+ imagens? disponíveis para criar fotos profissionais dos seus produtos\.$/,
    );
    await expectSeen(page.getByRole("heading", { name: "Seus Produtos" }));
    await tap(page.getByRole("button", { name: "Adicionar Produto", exact: true }));
    const dialog = page.getByRole("dialog", { name: "Adicionar Produto com IA" });
    await expectSeen(dialog.getByRole("button", { name: "Usar Câmera" }), { target: true });
    await expectSeen(dialog.getByRole("button", { name: "Galeria" }), { target: true });
    expect(read(await seenText(dialog.getByText("Fotos PNG, JPEG ou WebP", { exact: false })))).toBe(
      "Fotos PNG, JPEG ou WebP, até 10 por vez. As com mais de 1 MB são otimizadas automaticamente.",
    );
    expect(read(await seenText(dialog.getByText("Você ainda não escolheu nenhuma imagem.")))).toBe(
      "Você ainda não escolheu nenhuma imagem.",
    );
    await context.close();
  });

  it("the pricing grid of a store in reais shows a Brazilian example and takes '129,90'", async () => {
    const { context, page } = await brazilianSeller();
    const buffer = await drawImage(page, { width: 240, height: 300, type: "image/jpeg", color: "#0ea5e9" });
    const uploaded = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: "Vestido de linho.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const [product] = ((await uploaded.json()) as { products: { id: string }[] }).products;
    const { batch } = (await send(page, "post", "/api/batches", { productIds: [product!.id], kind: "ad", notify: false })) as {
      batch: { id: string };
    };

    await page.goto(`/lote/${batch.id}/precios`);
    const price = page.locator("#fila-0-price");
    await expectSeen(price, { target: true });
    expect(await price.getAttribute("placeholder")).toBe("Por exemplo 129,90");
    expect(read(await seenText(page.locator("label[for='fila-0-price']")))).toBe("Preço");

    // Cents after a point, as a Brazilian never writes them: said at the field, in Portuguese, with the example.
    await tap(price);
    await price.fill("129.90");
    expect(read(await seenText(page.locator("#fila-0-price-error")))).toBe(
      "Os centavos vão depois de uma vírgula: escreva, por exemplo, 129,90.",
    );
    await price.fill("129,90");
    await page.locator("#fila-0-price-error").waitFor({ state: "hidden" });
    // The price as the store will show it, under the field.
    await expectSeen(page.getByText(/^R\$\s129,90$/));
    await page.locator("#fila-0-sizes").fill("P, M, G");
    await page.locator("#fila-0-stock").fill("3, 2, 1");

    await tap(page.getByRole("button", { name: "Publicar tudo" }));
    expect(read(await seenText(page.getByRole("heading", { name: "Pronto!" })))).toBe("Pronto!");
    await expectSeen(page.getByText("Você publicou 1 produto na sua loja."));
    const me = (await send(page, "get", "/api/auth/profile")) as { user: { id: string } };
    const { products } = (await send(page, "get", `/api/products/list/${me.user.id}`)) as {
      products: { id: string; price: number; published: boolean; sizes: { name: string; stock: number }[] }[];
    };
    expect(products.find((p) => p.id === product!.id)).toMatchObject({
      price: 12990,
      published: true,
      sizes: [
        { name: "P", stock: 3 },
        { name: "M", stock: 2 },
        { name: "G", stock: 1 },
      ],
    });
    await context.close();
  });
});
