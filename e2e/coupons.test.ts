/**
 * A discount code on the real store at 390 px: the seller creates it from the menu's 'Cupones', a shopper applies
 * it in the cart drawer and sees the discounted total (a code that does not exist says so and changes nothing),
 * sends the order, and the WhatsApp message, the order page and the seller's order card show the code and discount.
 */
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { newPage, openInApp, useChromium } from "./chromium";
import { captureWhatsApp, orderCard } from "./journey-steps";
import { openRealArgentineStore } from "./real-store-seller";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

describe("discount codes", () => {
  it("the seller creates a code, a shopper applies it in the cart and the order carries it to the seller", async () => {
    const store = await openRealArgentineStore(chromium.browser);
    const admin = store.admin;
    await admin.goto("/pedidos");
    await tap(admin.getByRole("button", { name: "Abrir menú" }));
    await tap(admin.getByRole("dialog", { name: "Menú" }).getByRole("link", { name: "Cupones" }));
    await admin.waitForURL("**/cupones");
    await expectSeen(admin.getByText("Todavía no tienes cupones. Crea uno y compártelo con tus clientes."));
    await tap(admin.getByRole("button", { name: "Nuevo cupón" }));
    await admin.getByLabel("Código").fill("invierno 10");
    await admin.getByLabel("Porcentaje", { exact: true }).fill("10");
    await admin.getByLabel("Límite de usos (opcional)").fill("5");
    // A refusal shows in place, on the form, and keeps what was typed.
    await admin.getByLabel("Compra mínima (ARS, opcional)").fill("12,5,0");
    await tap(admin.getByRole("button", { name: "Guardar cupón" }));
    await expectSeen(admin.getByRole("alert"));
    await admin.getByLabel("Compra mínima (ARS, opcional)").fill("10.000");
    await tap(admin.getByRole("button", { name: "Guardar cupón" }));
    const saved = admin.getByTestId("coupon").filter({ hasText: "INVIERNO10" });
    await expectSeen(saved.getByText("Quedan 5 usos de 5"));
    expect(await seenText(saved.getByText(/10 % de descuento/))).toBe("10 % de descuento · En compras desde $10.000");
    for (const name of ["Editar", "Pausar", "Borrar"]) await expectTappable(saved.getByRole("button", { name }));
    await expectClean(admin, "the coupons screen at 390 px");

    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const whatsapp = await captureWhatsApp(context);
    await shop.goto(`/u/${store.username}`);
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    const picker = shop.getByRole("dialog", { name: "Elige color y talle de Remera lisa" });
    await tap(picker.getByRole("group", { name: "Color" }).getByRole("button", { name: "Negro" }));
    await tap(picker.getByRole("button", { name: "M", exact: true }));
    const cart = shop.getByRole("dialog", { name: "Tu Carrito" });
    await expectSeen(cart.getByText("Color: Negro · Talle: M"));
    await tap(cart.getByLabel("Retiro en el local"));
    await tap(cart.getByLabel("Efectivo al retirar o al recibir"));
    await cart.getByLabel("Tu nombre").fill("Lucía Fernández");

    const field = cart.getByLabel("¿Tienes un cupón?");
    await tap(field);
    await field.fill("NOEXISTE");
    await tap(cart.getByRole("button", { name: "Aplicar" }));
    await expectSeen(cart.getByText("Ese cupón no existe o ya no está activo. Revisa cómo lo escribiste."));
    await expectSeen(cart.getByText("$12.500", { exact: true }).last());
    await field.fill("invierno10");
    await tap(cart.getByRole("button", { name: "Aplicar" }));
    const sums = cart.locator("#cart-sums");
    await expect.poll(() => sums.innerText()).toMatch(/Subtotal\s+\$12\.500\s+Cupón INVIERNO10\s+-\$1\.250/);
    await expectSeen(sums.getByText("-$1.250"));
    await expectSeen(cart.locator("#cart-total").getByText("$11.250", { exact: true }));
    await expectTappable(cart.getByRole("button", { name: "Quitar cupón" }));
    await expectTappable(field);
    await expectClean(shop, "the cart with a coupon applied at 390 px");

    const ordered = shop.waitForResponse((r) => r.url().endsWith("/api/orders"));
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    expect((await ordered).status()).toBe(201);
    await expect.poll(() => whatsapp.length).toBe(1);
    const message = new URL(whatsapp[0]!).searchParams.get("text")!;
    expect(message).toContain("Subtotal: $12.500\nCupón INVIERNO10: -$1.250\nRetiro en el local: Sin costo\n*Total: $11.250*");
    const code = /Pedido #(\w{4})/.exec(message)![1]!;
    const link = /Ver pedido: (\S+)/.exec(message)![1]!;

    await shop.goto(new URL(link).pathname);
    await shop.getByRole("heading", { name: `Pedido #${code}` }).waitFor();
    await expectSeen(shop.getByText("Cupón INVIERNO10"));
    await expectSeen(shop.getByText("-$1.250"));
    expect(await shop.locator("dd.grand").textContent()).toBe("$11.250");
    await context.close();

    // The seller, still in the app opened before the order came, goes to Pedidos and back to the codes.
    await openInApp(admin, "/pedidos");
    const card = orderCard(admin, code);
    expect(await seenText(card.getByTestId("order-coupon"))).toBe("Cupón INVIERNO10: -$1.250");
    await openInApp(admin, "/cupones");
    await expectSeen(admin.getByTestId("coupon").filter({ hasText: "INVIERNO10" }).getByText("Quedan 4 usos de 5"));
  });
});
