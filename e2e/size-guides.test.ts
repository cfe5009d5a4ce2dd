/**
 * A size guide on the real store at 390 px: the seller makes one from Mi Tienda for the T-shirt, and the
 * shopper opens it beside the sizes on the product page and reads the measures, at 390 and 360 px, and reaches it from
 * the store's size picker.
 */
import { describe, expect, it } from "vitest";
import { newPage, useChromium } from "./chromium";
import { openRealArgentineStore } from "./real-store-seller";
import { expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

describe("size guides", () => {
  it("the seller makes a guide for a product and the shopper reads it beside the sizes", async () => {
    const store = await openRealArgentineStore(chromium.browser);
    const admin = store.admin;
    await admin.goto("/mi-tienda-admin");
    await tap(admin.getByRole("link", { name: "Guías de talles" }));
    await tap(admin.getByRole("button", { name: "Nueva guía" }));
    await tap(admin.getByLabel("Nombre de la guía"));
    await admin.getByLabel("Nombre de la guía").fill("Remeras lisas");
    // The T-shirt has no category yet: the guide goes to the product, whose one size (M) starts the table.
    expect(await admin.getByLabel("Producto", { exact: true }).inputValue()).toBe(store.productId);
    const row = admin.getByTestId("guide-row");
    expect(await row.getByLabel("Talle", { exact: true }).inputValue()).toBe("M");
    await tap(row.getByLabel("Pecho (cm)"));
    await row.getByLabel("Pecho (cm)").fill("96–100");
    await row.getByLabel("Largo (cm)").fill("70");
    await admin.getByLabel("Nota (opcional)").fill("La modelo mide 1,70 m y usa talle M.");
    await tap(admin.getByRole("button", { name: "Guardar guía" }));
    // The toast passes in a few seconds; the saved guide stays in the list.
    await admin.getByText("Guardamos «Remeras lisas». Ya se ve en tu tienda.").waitFor();
    expect(await seenText(admin.getByTestId("size-guide").getByText("Remeras lisas"))).toBe("Remeras lisas");

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
    ]) {
      const { page: shop } = await newPage(chromium.browser, { mobile: true });
      await shop.setViewportSize(viewport);
      await shop.goto(`/u/${store.username}/p/${store.productId}`);
      const summary = shop.getByText("Guía de talles", { exact: true });
      await tap(summary);
      const guide = shop.locator("#guia-de-talles");
      expect(await seenText(guide.getByRole("row", { name: /^M/ }))).toBe("M\t96–100\t70");
      expect(await seenText(guide.getByText("La modelo mide 1,70 m y usa talle M."))).toBe("La modelo mide 1,70 m y usa talle M.");
      await expectTappable(summary);
      await shop.context().close();
    }

    // From the store's size picker too: the link opens the product page with its guide open.
    const { page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.goto(`/u/${store.username}`);
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    const picker = shop.locator("#size-picker");
    await tap(picker.getByRole("link", { name: "Guía de talles" }));
    await shop.waitForURL(`**/u/${store.username}/p/${store.productId}#guia-de-talles`);
    expect(await seenText(shop.locator("#guia-de-talles").getByRole("row", { name: /^M/ }))).toBe("M\t96–100\t70");
    await shop.context().close();
  });
});
