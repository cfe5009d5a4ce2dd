import { describe, expect, it } from "vitest";
import { newPage, registerInBrowser, useChromium } from "./chromium";
import { uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

describe("Argentine numbers, prices, drafts and the store link on a 390 px phone", () => {
  it("shows the number as dialled, the price as shown, refuses a taken link with free ones, and publishes only a priced product", async () => {
    // Another seller already has the link this seller's name gives.
    const suffix = String(Date.now()).slice(-6);
    const name = `Doña Rosa ${suffix}`;
    const taken = `donarosa${suffix}`;
    const { context: otherContext, page: other } = await newPage(chromium.browser, { mobile: true });
    await registerInBrowser(other, "rosa1");
    const first = await other.request.post("/api/auth/mi-tienda", {
      data: { storeName: name, phoneNumber: "+54 11 2345-6789", countryCode: "AR" },
    });
    expect(first.status()).toBe(201);
    await otherContext.close();

    const { page } = await newPage(chromium.browser, { mobile: true });
    expect(page.viewportSize()?.width).toBe(390);
    await registerInBrowser(page, "rosa2");
    const product = await uploadProduct(page, "remera-flores.jpg", "#db2777");
    await page.goto("/mi-tienda");
    await page.getByLabel("Nombre de la tienda").fill(`\u200b${name} 🌸`);
    const link = page.getByTestId("store-link-input");
    await expect.poll(() => link.inputValue()).toBe(taken);
    await expectSeen(page.getByTestId("store-link-taken").getByText(`El enlace /u/${taken} ya es de otra tienda. Elige otro.`));
    expect(await page.getByRole("button", { name: "Continuar" }).isDisabled()).toBe(true);
    const suggestion = page.getByTestId("store-link-suggestion").first();
    const chosen = (await suggestion.textContent())!;
    await tap(suggestion);
    await expect.poll(() => page.getByTestId("store-link-preview").textContent()).toMatch(new RegExp(`/u/${chosen}$`));
    await page.getByText("✓ Disponible").waitFor();

    // An Argentine mobile typed the local way is dialled as 54 9 …; a landline stays one; Uruguay has its own.
    const phone = page.getByLabel("Número de WhatsApp");
    await page.getByText(/Ejemplo en Argentina: 011 15-2345-6789/).waitFor();
    await phone.pressSequentially("011 15 2345-6789");
    await expect.poll(() => page.getByTestId("whatsapp-dialled").textContent()).toBe("+54 9 11 2345-6789");
    expect(await page.getByTestId("whatsapp-test-link").getAttribute("href")).toBe("https://wa.me/5491123456789");
    await phone.fill("+54 011 4567-8901");
    await expect.poll(() => page.getByTestId("whatsapp-dialled").textContent()).toBe("+54 9 11 4567-8901");
    await page.getByLabel("Es un teléfono fijo (WhatsApp Business sin celular)").check();
    await expect.poll(() => page.getByTestId("whatsapp-dialled").textContent()).toBe("+54 11 4567-8901");
    await page.getByLabel("Es un teléfono fijo (WhatsApp Business sin celular)").uncheck();
    await page.getByLabel("País").selectOption("UY");
    await phone.fill("+598 099 123 456");
    await expect.poll(() => page.getByTestId("whatsapp-dialled").textContent()).toBe("+598 99 123 456");
    await page.getByLabel("País").selectOption("AR");
    await phone.fill("+54 11 2345-6789");
    await expect.poll(() => page.getByTestId("whatsapp-test-link").getAttribute("href")).toBe("https://wa.me/5491123456789");
    await tap(page.getByRole("button", { name: "Continuar" }));
    await page.waitForURL("**/product-pricing");

    // Prices as typed in Argentina, shown before saving; cents are refused.
    const card = page.getByRole("article", { name: product.name });
    const price = card.getByLabel("Precio (ARS)");
    await price.fill("12,50");
    await expectSeen(card.getByText("Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500."));
    await price.fill("$ 12.500");
    await expectSeen(card.getByText("Se verá así: $12.500"));
    // A draft: 'Publicar' needs a price, and a typed one is enough (publishing saves it too).
    await expectSeen(card.getByText("Borrador"));
    expect(await card.getByRole("button", { name: "Publicar" }).isEnabled()).toBe(true);
    await price.fill("");
    expect(await card.getByRole("button", { name: "Publicar" }).isDisabled()).toBe(true);
    await expectSeen(card.getByText("Escribe un precio para publicarlo."));
    await price.fill("$ 12.500");
    await tap(page.getByRole("button", { name: "Guardar Cambios" }));
    await page.getByText("¡Cambios guardados con éxito!").waitFor();

    // Not in the store until published.
    const store = await page.request.get(`/api/auth/store/${chosen}`);
    expect(((await store.json()) as { store: { phone: string }; products: unknown[] }).products).toEqual([]);
    expect(((await (await page.request.get(`/api/auth/store/${chosen}`)).json()) as { store: { phone: string } }).store.phone).toBe(
      "+54 91123456789",
    );
    await page.goto("/mi-tienda-admin");
    const adminCard = page.getByRole("article", { name: product.name });
    await tap(adminCard.getByRole("button", { name: "Publicar" }));
    await expectSeen(adminCard.getByTestId("publish-state").getByText("Publicado"));
    const shown = (await (await page.request.get(`/api/auth/store/${chosen}`)).json()) as { products: { id: string; price: number }[] };
    expect(shown.products).toEqual([expect.objectContaining({ id: product.id, price: 12500 })]);
    await tap(adminCard.getByRole("button", { name: "Ocultar" }));
    await expectSeen(adminCard.getByTestId("publish-state").getByText("Borrador"));
  }, 180_000);
});
