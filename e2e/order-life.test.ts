/**
 * An order's life on a phone, as the seller lives it in 'Pedidos': the list follows the order to each new
 * status instead of leaving «No hay pedidos en este estado»; the cancel dialog says the stock comes back,
 * and it does; every line names the product's short code, which the pricing card and the product page show.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { newPage, newSeller, shopperAddress, useChromium } from "./chromium";
import { orderCard, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/** Each order from its own address in a documentation range (RFC 5737): orders are throttled per address. */

/** A store with one product in two colours with their sizes; answers what the steps need. */
async function storeWithProduct(admin: Page) {
  const suffix = String(Date.now()).slice(-6);
  const opened = await admin.request.post("/api/auth/mi-tienda", {
    data: { storeName: `Vida del Pedido ${suffix}`, phoneNumber: "+54 9 11 4000-1234", countryCode: "AR" },
  });
  expect(opened.status()).toBeLessThan(300);
  const { username, id: userId } = ((await opened.json()) as { user: { username: string; id: string } }).user;
  const product = await uploadProduct(admin, "buzo.jpg");
  expect(product.code).toMatch(/^[A-Z2-9]{5}$/);
  const name = "Buzo canguro ñandú";
  const priced = await admin.request.post("/api/products/update-pricing", {
    data: {
      products: [
        {
          id: product.id,
          price: "28.500",
          name,
          published: true,
          colors: [
            { name: "Negro", sizes: [{ name: "M", stock: 3 }] },
            { name: "Gris", sizes: [{ name: "M", stock: 2 }] },
          ],
        },
      ],
    },
  });
  expect(priced.status()).toBe(200);
  const stockOf = async (color: string) => {
    const listed = await admin.request.get(`/api/products/list/${userId}`);
    const { products } = (await listed.json()) as { products: { id: string; colors: { name: string; sizes: { stock: number }[] }[] }[] };
    return products.find((p) => p.id === product.id)!.colors.find((c) => c.name === color)!.sizes[0]!.stock;
  };
  return { username, product: { ...product, name }, stockOf };
}

describe("an order's life in 'Pedidos' on a phone", () => {
  it("the list follows the order to each new status; cancelling says the stock comes back, and it comes back", async () => {
    const { cookies } = await newSeller("vida");
    const { context, page: admin } = await newPage(chromium.browser, { mobile: true });
    await context.addCookies(cookies);
    const { username, product, stockOf } = await storeWithProduct(admin);
    const placed = await admin.request.post("/api/orders", {
      data: {
        username,
        lines: [
          { productId: product.id, color: "Negro", size: "M", quantity: 2 },
          { productId: product.id, color: "Gris", size: "M", quantity: 1 },
        ],
        buyer: { name: "Lucía Gómez", delivery: "envio", address: { street: "Av. Corrientes 1234", locality: "Almagro, CABA" } },
      },
      headers: { "cf-connecting-ip": shopperAddress() },
    });
    expect(placed.status()).toBe(201);
    const code = ((await placed.json()) as { order: { code: string } }).order.code;

    await admin.goto("/pedidos");
    const card = orderCard(admin, code);
    // Each line names the product's code, as the buyer's message does.
    await expectSeen(card.getByText(`2 × ${product.name} (Color: Negro, Talle: M) — $28.500 c/u · Cód. ${product.code}`));
    const chips = admin.getByRole("group", { name: "Ver pedidos" });
    await tap(chips.getByRole("button", { name: "Nuevo (1)" }));

    // Confirming from the 'Nuevo' list: the list follows the order to 'Confirmado'.
    await tap(card.getByRole("button", { name: "Confirmar" }));
    await admin.getByText(`Pedido #${code} confirmado: descontamos su stock. Ahora lo ves en «Confirmado».`).waitFor();
    await expect.poll(() => chips.getByRole("button", { name: "Confirmado (1)" }).getAttribute("aria-pressed")).toBe("true");
    await expectSeen(card.getByText("Confirmado", { exact: true }));
    expect(await card.getAttribute("data-followed")).toBe("true");
    expect(await stockOf("Negro")).toBe(1);
    expect(await stockOf("Gris")).toBe(1);

    // 'Marcar enviado': the order does not vanish; it is under 'Enviado', in view and marked.
    await tap(card.getByRole("button", { name: "Marcar enviado" }));
    await admin.getByText(`Pedido #${code}: enviado. Ahora lo ves en «Enviado».`).waitFor();
    await expect.poll(() => chips.getByRole("button", { name: "Enviado (1)" }).getAttribute("aria-pressed")).toBe("true");
    await expectSeen(card.getByText("Enviado", { exact: true }));
    expect(await admin.getByText("No hay pedidos en este estado.").count()).toBe(0);
    expect(await card.isVisible()).toBe(true);
    await expectClean(admin, "/pedidos after following an order");

    // Cancelling asks first and tells the truth: what confirming took comes back by itself.
    await tap(card.getByRole("button", { name: "Cancelar pedido" }));
    const ask = admin.getByRole("dialog", { name: `¿Cancelar el pedido #${code}?` });
    const stockNote = ask.getByTestId("cancel-stock");
    await expectSeen(stockNote);
    expect(await stockNote.textContent()).toContain("vuelve solo a tu stock: no hace falta que lo cambies en Configurar Precios");
    expect(await ask.textContent()).not.toContain("no vuelve solo");
    await expectClean(admin, "the cancel dialog");
    await tap(ask.getByRole("button", { name: "Cancelar pedido" }));
    await expect.poll(() => chips.getByRole("button", { name: "Cancelado (1)" }).getAttribute("aria-pressed")).toBe("true");
    await expectSeen(card.getByText("Cancelado", { exact: true }));
    expect(await stockOf("Negro")).toBe(3);
    expect(await stockOf("Gris")).toBe(2);

    // From 'Todos' the list stays on 'Todos' and marks the order it moved.
    const second = await admin.request.post("/api/orders", {
      data: {
        username,
        lines: [{ productId: product.id, color: "Gris", size: "M", quantity: 1 }],
        buyer: { name: "Martín Sosa", delivery: "retiro" },
      },
      headers: { "cf-connecting-ip": shopperAddress() },
    });
    const secondCode = ((await second.json()) as { order: { code: string } }).order.code;
    await admin.reload();
    await expectSeen(chips.getByRole("button", { name: "Todos (2)" }));
    const other = orderCard(admin, secondCode);
    await tap(other.getByRole("button", { name: "Cancelar pedido" }));
    // Never confirmed: nothing was taken, and the dialog says so.
    expect(await admin.getByTestId("cancel-stock").textContent()).toBe(
      "Este pedido todavía no descontó stock, así que cancelarlo no cambia tu stock.",
    );
    await tap(admin.getByRole("button", { name: "Volver" }));
    await tap(other.getByRole("button", { name: "Confirmar" }));
    await admin.getByText(`Pedido #${secondCode} confirmado: descontamos su stock.`, { exact: true }).waitFor();
    expect(await chips.getByRole("button", { name: "Todos (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(await other.getAttribute("data-followed")).toBe("true");
    await context.close();
  });

  it("the product's short code is on its pricing card and its public page", async () => {
    const { cookies } = await newSeller("codigo");
    const { context, page: admin } = await newPage(chromium.browser, { mobile: true });
    await context.addCookies(cookies);
    const { username, product } = await storeWithProduct(admin);

    await admin.goto("/product-pricing");
    const pricingCard = admin.getByRole("article", { name: product.name });
    expect(await pricingCard.getByTestId("product-code").textContent()).toBe(`Cód. ${product.code}`);
    // Not the internal id.
    expect(await pricingCard.textContent()).not.toContain(product.id);

    const shop = await context.newPage();
    await shop.goto(`/u/${username}/p/${product.id}`);
    await expectSeen(shop.getByText(`Cód. ${product.code}`, { exact: true }));
    expect(await shop.getByText(`Cód. ${product.code}`, { exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
