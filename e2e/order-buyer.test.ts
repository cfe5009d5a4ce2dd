import { describe, expect, it } from "vitest";
import { drawImage, newPage, newSeller, useChromium } from "./chromium";
import { captureWhatsApp, openCart, orderCard, sendOrderByWhatsApp } from "./journey-steps";
import { expectSeen, seenText, tap } from "./seen";

const chromium = useChromium();

describe("the order tells the seller who is buying (issue 14.10)", () => {
  it("on a phone the cart asks name and envío/retiro before WhatsApp; both reach the message and the seller's orders", async () => {
    const { cookies } = await newSeller("comprador");
    const { context: sellerContext, page: admin } = await newPage(chromium.browser);
    await sellerContext.addCookies(cookies);
    const suffix = String(Date.now()).slice(-6);
    const opened = await admin.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Ropa Norte ${suffix}`, phoneNumber: "+54 9 11 4000-1234", countryCode: "AR" },
    });
    expect(opened.status()).toBeLessThan(300);
    const username = ((await opened.json()) as { user: { username: string } }).user.username;
    const buffer = await drawImage(admin, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await admin.request.post("/api/products/upload-images", {
      multipart: { images: { name: "buzo.jpg", mimeType: "image/jpeg", buffer } },
    });
    const product = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!;
    const priced = await admin.request.post("/api/products/update-pricing", {
      data: {
        products: [
          {
            id: product.id,
            price: 12500,
            sizes: [],
            name: "Buzo canguro",
            description: "Frisa <b>invierno</b>\nLavar en frío",
            published: true,
          },
        ],
      },
    });
    expect(priced.status()).toBe(200);

    const { context, page: shop } = await newPage(chromium.browser, { mobile: true });
    const whatsapp = await captureWhatsApp(context);
    await shop.goto(`/u/${username}/p/${product.id}`);
    // The description shows as text, never as markup.
    await expectSeen(shop.getByText("Frisa <b>invierno</b>"));
    expect(await shop.locator(".desc b").count()).toBe(0);
    await tap(shop.getByRole("button", { name: "Añadir al carrito" }));
    const cart = await openCart(shop);

    // Without the way or a name nothing is sent and the shopper is told why, right above the button.
    let posted = 0;
    shop.on("request", (r) => {
      if (r.url().endsWith("/api/orders")) posted++;
    });
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    expect(await seenText(cart.locator("#cart-note"))).toBe("Elige envío a domicilio o retiro en el local.");
    await tap(cart.getByLabel("Retiro en el local"));
    await tap(cart.getByRole("button", { name: "Finalizar Compra por WhatsApp" }));
    expect(await seenText(cart.locator("#cart-note"))).toBe("Escribe tu nombre para que la tienda sepa quién compra.");
    expect(posted).toBe(0);

    const url = await sendOrderByWhatsApp(shop, whatsapp, {
      name: "María José Núñez",
      delivery: "Envío a domicilio",
      note: "Timbre 2B",
      address: { street: "Güemes 4321", locality: "Palermo, CABA", reference: "Portón verde" },
      // Optional, typed the Argentine way: the seller's reply goes straight to this chat.
      whatsapp: "011 15 2345-6789",
    });
    const message = url.searchParams.get("text")!;
    expect(message).toContain(
      "Nombre: María José Núñez\nWhatsApp: +54 9 11 2345-6789\nEntrega: Envío a domicilio\nDirección: Güemes 4321, Palermo, CABA\nReferencias: Portón verde\nNota del cliente:\n> Timbre 2B",
    );
    const code = /Pedido #(\w{4})/.exec(message)![1]!;

    await admin.goto("/pedidos");
    const order = orderCard(admin, code);
    await expectSeen(order.getByTestId("order-buyer").getByText("María José Núñez"));
    expect(await order.getByTestId("order-buyer").textContent()).toContain("Envío a domicilio");
    // Where to send it, on the seller's card too.
    expect(await order.getByTestId("order-address").textContent()).toBe(
      "Dirección: Güemes 4321, Palermo, CABA · Referencias: Portón verde",
    );
    // The buyer's number as Argentines write it, and 'Responder por WhatsApp' opens their chat with the reply written.
    await order.getByTestId("order-buyer").getByText("WhatsApp +54 9 11 2345-6789").waitFor();
    const reply = new URL((await order.getByRole("link", { name: /Responder por WhatsApp/ }).getAttribute("href"))!);
    expect(reply.origin + reply.pathname).toBe("https://wa.me/5491123456789");
    expect(reply.searchParams.get("text")).toMatch(new RegExp(`^¡Hola, María! Te escribimos de .+ por tu pedido #${code} \\(\\$`));
    await context.close();
    await sellerContext.close();
  });
});
