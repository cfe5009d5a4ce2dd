/**
 * Argentina's 'Botón de arrepentimiento' on the real store, on phones: the shopper finds the button on the
 * store, a product and the order page, sends the form and reads the request's code, then tells the store on
 * WhatsApp; the seller finds the request at the top of Pedidos, answers it and marks it answered.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, useChromium } from "./chromium";
import { captureWhatsApp } from "./journey-steps";
import { openRealArgentineStore } from "./real-store-seller";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

const button = (page: Page) => page.getByRole("link", { name: "Botón de arrepentimiento" });

describe("the 'Botón de arrepentimiento' of an Argentine store", () => {
  it("a shopper at 390 px sends it and gets the code; the seller answers it in Pedidos", async () => {
    const store = await openRealArgentineStore(chromium.browser);
    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const whatsapp = await captureWhatsApp(context);

    // On the product and the order page as on the store: a button-sized link of its own.
    for (const path of [`/u/${store.username}/p/${store.productId}`, store.orderPath]) {
      await shop.goto(path);
      await expectTappable(button(shop));
    }
    await shop.goto(`/u/${store.username}`);
    await tap(button(shop));
    await expectSeen(shop.getByRole("heading", { name: "Botón de arrepentimiento" }));

    // Sent empty first: each field says what it needs, nothing is saved.
    await tap(shop.getByRole("button", { name: "Enviar pedido de arrepentimiento" }));
    expect(await seenText(shop.getByText("Escribe el código de tu pedido."))).toBe("Escribe el código de tu pedido.");

    await tap(shop.getByLabel("Código del pedido"));
    await shop.getByLabel("Código del pedido").fill(`#${store.code.toLowerCase()}`);
    await tap(shop.getByLabel("Tu nombre"));
    await shop.getByLabel("Tu nombre").fill("Lucía Fernández");
    await tap(shop.getByLabel("Tu WhatsApp o e-mail"));
    await shop.getByLabel("Tu WhatsApp o e-mail").fill("11 5555-1234");
    await tap(shop.getByRole("button", { name: "Enviar pedido de arrepentimiento" }));

    const said = await seenText(shop.locator(".done-code"));
    const code = /ARR-[A-Z0-9]{6}/.exec(said)![0];
    expect(said).toBe(`Tu código de arrepentimiento es ${code}. Guárdalo: identifica tu trámite.`);
    await tap(shop.getByRole("link", { name: "Avisar a la tienda por WhatsApp" }));
    await expect.poll(() => whatsapp.length).toBe(1);
    const sent = new URL(whatsapp[0]!);
    expect(sent.pathname).toBe("/5491140001234");
    expect(sent.searchParams.get("text")).toBe(
      `Hola, ${store.storeName}. Quiero arrepentirme de mi compra, pedido #${store.code}. Mi código de arrepentimiento es ${code}. Soy Lucía Fernández.`,
    );

    const admin = store.admin;
    await admin.goto("/pedidos");
    const section = admin.getByTestId("withdrawals");
    expect(await seenText(section.getByRole("heading"))).toBe("Pedidos de arrepentimiento (1 sin responder)");
    const request = section.getByTestId("withdrawal");
    expect(await seenText(request.getByText(`${code} · Pedido #${store.code}`))).toBe(`${code} · Pedido #${store.code}`);
    const reply = request.getByRole("link", { name: /Responder por WhatsApp/ });
    await expectTappable(reply);
    const replyUrl = new URL((await reply.getAttribute("href"))!);
    expect(replyUrl.pathname).toBe("/5491155551234");
    expect(replyUrl.searchParams.get("text")).toContain(`Recibimos tu pedido de arrepentimiento ${code} del pedido #${store.code}`);
    await tap(request.getByRole("button", { name: "Marcar como respondido" }));
    await expectSeen(request.getByText(/Respondido el/));
    expect(await seenText(section.getByRole("heading"))).toBe("Pedidos de arrepentimiento");
  });

  it("at 360 px the button and every field of its form are in view and big enough", async () => {
    const store = await openRealArgentineStore(chromium.browser);
    const { page: shop } = await newPage(chromium.browser, { mobile: true });
    await shop.setViewportSize({ width: 360, height: 740 });
    await shop.goto(`/u/${store.username}/p/${store.productId}`);
    await tap(button(shop));
    for (const label of ["Código del pedido", "Tu nombre", "Tu WhatsApp o e-mail"]) await expectTappable(shop.getByLabel(label));
    await expectTappable(shop.getByRole("button", { name: "Enviar pedido de arrepentimiento" }));
    await expectTappable(shop.getByRole("link", { name: "Volver a la tienda" }));
  });
});
