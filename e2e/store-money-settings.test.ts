import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { newPage, newSeller, useChromium } from "./chromium";
import { openAdminSection, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

async function sellerIn(prefix: string, phoneNumber: string, countryCode: string) {
  const { cookies } = await newSeller(prefix);
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(cookies);
  const opened = await page.request.post("/api/auth/mi-tienda", {
    data: { storeName: `Tienda ${prefix} ${String(Date.now()).slice(-6)}`, phoneNumber, countryCode },
  });
  expect(opened.status()).toBeLessThan(300);
  return { context, page, userId: ((await opened.json()) as { user: { id: string } }).user.id };
}

const CLABE_WRONG = "Esa CLABE no es válida: algún número está mal. Cópiala de la app de tu banco.";
const CPF_WRONG = "Ese CPF no es válido: revisa los 11 números (por ejemplo 529.982.247-25).";

describe("a store outside Argentina, set up on a phone", () => {
  it("a Mexican seller gives a CLABE (a wrong one said once, at its field) and prices a dress at 1,299.50", async () => {
    const { context, page, userId } = await sellerIn("mx", "+52 55 1234 5678", "MX");
    await page.goto("/mi-tienda-admin");
    await openAdminSection(page, "Entrega y pagos");
    const card = page.getByRole("region", { name: "Entrega y pagos" });
    await card.getByLabel("Transferencia SPEI (CLABE)").check();
    // Mercado Pago operates in Mexico; M-Pesa or Pix are not offered.
    await expectSeen(card.getByLabel("Link de pago de Mercado Pago"));
    expect(await card.getByLabel("Pix", { exact: true }).count()).toBe(0);
    await card.getByLabel("CLABE", { exact: true }).fill("032180000118359718");
    await tap(card.getByLabel("Titular de la cuenta"));
    await expectSeen(card.getByText(CLABE_WRONG));
    expect(await page.getByText(CLABE_WRONG).count()).toBe(1);
    await card.getByLabel("CLABE", { exact: true }).fill("032 180 000118359719");
    await card.getByLabel("Titular de la cuenta").fill("María José Hernández");
    await card.getByLabel("Efectivo al retirar o al recibir").check();
    await expectClean(page, "store admin of a Mexican store");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/checkout-settings") && r.request().method() === "PUT");
    await tap(card.getByRole("button", { name: "Guardar entrega y pagos" }));
    expect((await saved).status()).toBe(200);
    await page.getByText("Entrega y pagos guardados. Tu tienda ya los muestra.").waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole("region", { name: "Entrega y pagos" }).getByLabel("CLABE", { exact: true }).inputValue())
      .toBe("032180000118359719");

    const product = await uploadProduct(page, "vestido-lino.jpg");
    await page.goto("/product-pricing");
    const dress = page.getByRole("article", { name: product.name });
    const price = dress.getByLabel("Precio (MXN)");
    await price.fill("1.299");
    await expectSeen(dress.getByText("¿1.299 es mil doscientos noventa y nueve o uno coma dos nueve nueve?", { exact: false }));
    await price.fill("1,299.50");
    await expectSeen(dress.getByText("Se verá así: $1,299.50"));
    await expectClean(page, "pricing of a Mexican store");
    const priced = page.waitForResponse((r) => r.url().endsWith("/api/products/update-pricing"));
    await tap(page.getByRole("button", { name: "Guardar Cambios" }));
    expect((await priced).status()).toBe(200);
    const list = await page.request.get(`/api/products/list/${userId}`);
    const saved2 = ((await list.json()) as { products: { id: string; price: number }[] }).products.find((p) => p.id === product.id)!;
    expect(saved2.price).toBe(129950);
    await page.goto("/mi-tienda-admin");
    await expectSeen(page.getByRole("article", { name: product.name }).getByText("$1,299.50"));
    await context.close();
  });

  it("a Brazilian seller gives a Pix key; changing the store's currency asks first and keeps each price's number", async () => {
    const { context, page } = await sellerIn("br", "+55 11 98765-4321", "BR");
    await page.goto("/mi-tienda-admin");
    await openAdminSection(page, "Entrega y pagos");
    const card = page.getByRole("region", { name: "Entrega y pagos" });
    await card.getByLabel("Pix", { exact: true }).check();
    await card.getByLabel("Tipo de llave Pix").selectOption("cpf");
    await card.getByLabel("Llave Pix", { exact: true }).fill("529.982.247-24");
    await card.getByLabel("Nombre de quien recibe").fill("Loja da Ana");
    await expectSeen(card.getByText(CPF_WRONG));
    expect(await page.getByText(CPF_WRONG).count()).toBe(1);
    await card.getByLabel("Llave Pix", { exact: true }).fill("529.982.247-25");
    await card.getByLabel("Ciudad").fill("São Paulo");
    await card.getByText(CPF_WRONG).waitFor({ state: "detached" });
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/checkout-settings") && r.request().method() === "PUT");
    await tap(card.getByRole("button", { name: "Guardar entrega y pagos" }));
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.getByRole("region", { name: "Entrega y pagos" }).getByLabel("Llave Pix", { exact: true }).inputValue())
      .toBe("52998224725");

    const money = page.getByRole("region", { name: "Moneda e idioma de tu tienda" });
    await money.getByLabel("Moneda", { exact: true }).selectOption("PYG");
    await expectSeen(money.getByText("Los precios no se convierten", { exact: false }));
    await expectClean(page, "store admin of a Brazilian store, changing currency");
    await tap(money.getByRole("button", { name: "Guardar moneda e idioma" }));
    const dialog = page.getByRole("dialog");
    await expectSeen(dialog.getByText("pasa a ser", { exact: false }));
    expect((await dialog.innerText()).replace(/\s/g, " ")).toContain("R$ 12.500,00");
    await expectClean(page, "the currency change's confirmation");
    const changed = page.waitForResponse((r) => r.url().endsWith("/api/store-locale") && r.request().method() === "PUT");
    await tap(dialog.getByRole("button", { name: "Cambiar a PYG" }));
    expect((await changed).status()).toBe(200);
    await page.getByText("Moneda e idioma guardados. Tu tienda ya los muestra.").waitFor();
    const profile = (await (await page.request.get("/api/auth/profile")).json()) as { user: { storeMoney: { currency: string } } };
    expect(profile.user.storeMoney.currency).toBe("PYG");
    await context.close();
  });
});
