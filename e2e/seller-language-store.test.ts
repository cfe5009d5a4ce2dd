/**
 * The store screens in the seller's language, with the seller's country's examples: a Brazilian seller
 * (browser in pt-BR) and a Kenyan one (en-KE) on a 390 px phone never read Spanish or an Argentine example.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, newSeller, useChromium } from "./chromium";
import { uploadProduct } from "./journey-steps";
import { expectSeen, seenText, tap } from "./seen";

const chromium = useChromium();

const ARGENTINE = /CABA|Corrientes|GBA|en pesos|Talles/;
const plain = (text: string) => text.replace(/\s+/g, " ").trim();

async function sellerIn(prefix: string, locale: string, phoneNumber: string, countryCode: string) {
  const { cookies } = await newSeller(prefix);
  const { context, page } = await newPage(chromium.browser, { mobile: true, locale });
  await context.addCookies(cookies);
  const opened = await page.request.post("/api/auth/mi-tienda", {
    data: { storeName: `Loja ${prefix} ${String(Date.now()).slice(-6)}`, phoneNumber, countryCode },
  });
  expect(opened.status(), await opened.text()).toBeLessThan(300);
  const product = await uploadProduct(page, "camiseta.jpg");
  return { context, page, product };
}

const placeholderOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).getAttribute("placeholder");

describe("the store screens in the seller's language", () => {
  it("a Brazilian seller reads Portuguese, types prices as in Brazil and sees Brazilian examples", async () => {
    const { context, page, product } = await sellerIn("pt", "pt-BR", "+55 11 98765-4321", "BR");

    await page.goto("/mi-tienda");
    await expectSeen(page.getByRole("heading", { name: "Minha Loja" }));
    await expectSeen(page.getByText("Tudo o que sua loja inclui"));
    await expectSeen(page.getByText("Gestão de tamanhos"));
    await expectSeen(page.getByLabel("Nome da loja"));

    await page.goto("/mi-tienda-admin");
    await expectSeen(page.getByRole("heading", { name: "Produtos da loja" }));
    await tap(page.getByRole("article", { name: product.name }).getByRole("button", { name: "Editar", exact: true }));
    const editor = page.getByRole("dialog");
    const price = editor.getByLabel("Preço (BRL)");
    expect(await price.getAttribute("placeholder")).toBe("Ex.: 1.299,50");
    // Cents after a point, as a Mexican types them: told why in Portuguese, with a Brazilian price.
    await price.fill("129.90");
    expect(plain(await seenText(editor.getByTestId("price-preview")))).toBe(
      "Os centavos vão depois de uma vírgula: escreva, por exemplo, 1.299,50.",
    );
    await price.fill("129,90");
    expect(plain(await seenText(editor.getByTestId("price-preview")))).toBe("Vai aparecer assim: R$ 129,90");
    await expectSeen(editor.getByText("Tamanhos e estoque", { exact: true }));
    await expectSeen(editor.getByRole("button", { name: "Adicionar tamanho" }));
    expect(await page.locator("body").innerText()).not.toMatch(ARGENTINE);
    await tap(editor.getByRole("button", { name: "Cancelar" }));

    const nav = page.getByRole("navigation", { name: "Seções da Minha Loja" });
    await tap(nav.getByRole("link", { name: "Entrega e pagamentos", exact: true }));
    const card = page.getByRole("region", { name: "Entrega e pagamentos" });
    await card.getByLabel("Retirada na loja").check();
    expect(await placeholderOf(page, "Endereço ou bairro para retirada")).toBe("Ex.: Av. Paulista 1000, São Paulo");
    await card.getByLabel("Entrega em casa").check();
    await tap(card.getByRole("button", { name: "Adicionar região" }));
    expect(await placeholderOf(page, "Região 1")).toBe("Ex.: São Paulo capital, Grande São Paulo, resto do país");
    await expectSeen(card.getByText("Valor do frete"));
    await expectSeen(card.getByText("Como você recebe"));
    await card.getByLabel("Pix", { exact: true }).check();
    await expectSeen(card.getByLabel("Chave Pix", { exact: true }));
    expect(await page.locator("body").innerText()).not.toMatch(ARGENTINE);

    await page.goto("/product-pricing");
    await expectSeen(page.getByRole("heading", { name: "Definir preços" }));
    const tips = page.getByRole("complementary", { name: "Dicas" });
    expect(plain(await seenText(tips))).toContain("Os preços são em reais, com os centavos depois de uma vírgula: escreva 1.299,50.");
    await context.close();
  });

  it("a Kenyan seller reads English with shillings and Nairobi's examples", async () => {
    const { context, page, product } = await sellerIn("en", "en-KE", "+254 712 345678", "KE");

    await page.goto("/mi-tienda");
    await expectSeen(page.getByRole("heading", { name: "My Store" }));
    await expectSeen(page.getByText("Size management"));

    await page.goto("/mi-tienda-admin");
    await tap(page.getByRole("article", { name: product.name }).getByRole("button", { name: "Edit", exact: true }));
    const editor = page.getByRole("dialog");
    const price = editor.getByLabel("Price (KES)");
    expect(await price.getAttribute("placeholder")).toBe("e.g. 12,500");
    await price.fill("2,500.50");
    expect(plain(await seenText(editor.getByTestId("price-preview")))).toBe(
      "Prices in shillings have no cents: type, for example, 12,500.",
    );
    await price.fill("2,500");
    expect(plain(await seenText(editor.getByTestId("price-preview")))).toBe("It will show as: Ksh 2,500");
    await expectSeen(editor.getByText("Sizes and stock", { exact: true }));
    await tap(editor.getByRole("button", { name: "Cancel" }));

    await tap(page.getByRole("navigation", { name: "My Store sections" }).getByRole("link", { name: "Delivery and payment", exact: true }));
    const card = page.getByRole("region", { name: "Delivery and payment" });
    await card.getByLabel("Pick-up at the shop").check();
    expect(await placeholderOf(page, "Address or area for pick-up")).toBe("e.g. Moi Avenue 12, Nairobi");
    await card.getByLabel("Home delivery").check();
    await tap(card.getByRole("button", { name: "Add area" }));
    expect(await placeholderOf(page, "Area 1")).toBe("e.g. Nairobi CBD, Westlands, rest of the country");
    await expectSeen(card.getByText("How you get paid"));
    await card.getByLabel("M-Pesa (Buy Goods, Till)").check();
    await expectSeen(card.getByLabel("Till number"));
    expect(await page.locator("body").innerText()).not.toMatch(ARGENTINE);

    await page.goto("/product-pricing");
    const tips = page.getByRole("complementary", { name: "Tips" });
    expect(plain(await seenText(tips))).toContain("Prices are in shillings, without cents: type 12,500.");
    await context.close();
  });
});
