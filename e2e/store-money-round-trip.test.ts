/**
 * A Brazilian store with an order of R$ 279,70 moves to Argentine pesos and back, on a 390 px phone. Before
 * confirming, the change's dialog says which prices lose their cents and what came with the old money; after
 * each switch, the seller's order list and card and the buyer's order page show the order in the money it was
 * placed in, and the round trip gives every price back as it was.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { drawImage, newPage, newSeller, openInApp, shopperAddress, useChromium } from "./chromium";
import { openAdminSection, orderCard } from "./journey-steps";
import { expectSeen, seenText, tap } from "./seen";

const chromium = useChromium();

// Intl puts a no-break space between "R$" and the number; a person reads a space.
const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

const PIX = { kind: "pix", keyType: "cpf", key: "529.982.247-25", name: "Loja da Ana", city: "São Paulo" };

/** A Brazilian seller's store, its products priced as the seller types them, Pix (and `extraPay`) and one zone. */
async function brazilianStore(prefix: string, extraPay: unknown[] = []) {
  const { cookies } = await newSeller(prefix);
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(cookies);
  const send = async (method: "get" | "post" | "put", path: string, data?: unknown) => {
    const response = await page.request[method](path, data === undefined ? {} : { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const opened = (await send("post", "/api/auth/mi-tienda", {
    storeName: `Loja da Ana ${String(Date.now()).slice(-6)}`,
    phoneNumber: "+55 11 98765-4321",
    countryCode: "BR",
  })) as { user: { id: string; username: string } };
  const ids: string[] = [];
  for (const color of ["#0ea5e9", "#f97316"]) {
    const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color });
    const uploaded = await page.request.post("/api/products/upload-images", {
      multipart: { images: { name: "foto.jpg", mimeType: "image/jpeg", buffer } },
    });
    expect(uploaded.status()).toBe(201);
    ids.push(((await uploaded.json()) as { products: { id: string }[] }).products[0]!.id);
  }
  const [dress, socks] = ids as [string, string];
  await send("post", "/api/products/update-pricing", {
    products: [
      { id: dress, name: "Vestido de linho", price: "129,90", published: true, sizes: [] },
      { id: socks, name: "Meia listrada 🧦", price: "1,50", published: true, sizes: [] },
    ],
  });
  await send("put", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: false, address: null },
      shipping: { enabled: true, zones: [{ name: "Zona Sul", cost: "18,40" }], freeFrom: "" },
    },
    payMethods: [PIX, ...extraPay],
  });
  return { context, page, send, userId: opened.user.id, username: opened.user.username, dress, socks };
}

/** The seller changes the store's currency on /mi-tienda-admin; `check` reads the dialog before confirming. */
async function changeCurrency(page: Page, currency: string, check: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>) {
  await openInApp(page, "/mi-tienda-admin");
  await openAdminSection(page, "Entrega y pagos");
  const money = page.getByRole("region", { name: "Moneda e idioma de tu tienda" });
  const select = money.getByLabel("Moneda", { exact: true });
  await expectSeen(select, { target: true });
  await select.selectOption(currency);
  await tap(money.getByRole("button", { name: "Guardar moneda e idioma" }));
  const dialog = page.getByRole("dialog");
  await expectSeen(dialog.getByTestId("currency-change"));
  await check(dialog);
  const changed = page.waitForResponse((r) => r.url().endsWith("/api/store-locale") && r.request().method() === "PUT");
  await tap(dialog.getByRole("button", { name: `Cambiar a ${currency}` }));
  expect((await changed).status()).toBe(200);
  // A success toast lasts 2 s, too short to scroll to on a busy machine: its coming is enough, the saved state is read after.
  await page.getByText("Moneda e idioma guardados. Tu tienda ya los muestra.").waitFor();
}

describe("money never changes meaning across a currency change, on a 390 px phone", () => {
  it("a Brazilian store's R$ 279,70 order reads the same to seller and buyer in pesos and back, and its prices come back exact", async () => {
    const { context, page, send, userId, username, dress, socks } = await brazilianStore("ida-vuelta");
    const placed = await page.request.post("/api/orders", {
      data: {
        username,
        lines: [
          { productId: dress, quantity: 2 },
          { productId: socks, quantity: 1 },
        ],
        buyer: {
          name: "Ana Júlia Ñúñez\u200b",
          delivery: "envio",
          zone: "Zona Sul",
          payment: "pix",
          whatsapp: "+55 11 91234-5678",
          address: { street: "Rua Augusta 1234", locality: "São Paulo", postalCode: "01310-100" },
        },
      },
      headers: { "cf-connecting-ip": shopperAddress() },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { order: { id: string; code: string; link: string } };
    const { context: buyerContext, page: buyer } = await newPage(chromium.browser, { mobile: true });

    /** What the seller's list and card and the buyer's page say of the order, as a person reads them. */
    async function bothSides() {
      // Reached in the same visit as the change of currency, as the seller goes on to it.
      await openInApp(page, "/pedidos");
      const card = orderCard(page, order.order.code);
      const total = card.getByText(/^Total:/);
      const seller = {
        total: read(await seenText(total)),
        dress: read(await seenText(card.getByText(/Vestido de linho/))),
        socks: read(await seenText(card.getByText(/Meia listrada/))),
      };
      await buyer.goto(order.order.link);
      const buyerTotal = read(await seenText(buyer.locator("dd.grand")));
      return { seller, buyerTotal };
    }
    const prices = async () => {
      const { products } = (await send("get", `/api/products/list/${userId}`)) as { products: { id: string; price: number }[] };
      return [dress, socks].map((id) => products.find((p) => p.id === id)!.price);
    };

    const before = await bothSides();
    expect(before.seller.total).toBe("Total: R$ 279,70");
    expect(before.seller.dress).toContain("2 × Vestido de linho — R$ 129,90 c/u");
    expect(before.seller.socks).toContain("1 × Meia listrada 🧦 — R$ 1,50 c/u");
    expect(before.buyerTotal).toBe("R$ 279,70");
    expect(await orderCard(page, order.order.code).getByTestId("order-currency").count()).toBe(0);

    // Into pesos: the dialog says which prices lose their cents, and that Pix and Portuguese came with reais.
    await changeCurrency(page, "ARS", async (dialog) => {
      const rounded = read(await seenText(dialog.getByTestId("currency-change-prices")));
      expect(rounded).toContain("2 precios pierden los centavos");
      expect(rounded).toContain("Vestido de linho: R$ 129,90 → ARS 130");
      expect(rounded).toContain("Meia listrada 🧦: R$ 1,50 → ARS 2");
      await expectSeen(dialog.getByText("También se redondean 1 costo de envío."));
      expect(await dialog.getByText("el mismo número", { exact: false }).count()).toBe(0);
      expect(read(await seenText(dialog.getByTestId("currency-change-pay")))).toBe(
        "Tus clientes pueden pagar con Pix, que no existe en Argentina: no sirve para cobrar en pesos argentinos. Es tu única forma de pago: agrega otra en 'Entrega y pagos' y quítala allí.",
      );
      expect(await seenText(dialog.getByTestId("currency-change-language"))).toBe("Tus clientes leen tu tienda en portugués de Brasil.");
      // Taking Argentina's language shows the prices as its shoppers will read them; this store keeps Portuguese.
      const defaults = dialog.locator("label", { hasText: "Usar el idioma de Argentina" });
      await tap(defaults);
      expect(read(await seenText(dialog.getByTestId("currency-change-prices")))).toContain("R$ 129,90 → $130");
      await tap(defaults);
      expect(await dialog.getByRole("checkbox").isChecked()).toBe(false);
      await expectClean(page, "the currency change's dialog, into pesos");
    });
    expect(((await send("get", "/api/store-locale")) as { currency: string; locale: string }).locale).toBe("pt-BR");

    const inPesos = await bothSides();
    expect(inPesos.seller).toEqual(before.seller);
    expect(inPesos.buyerTotal).toBe("R$ 279,70");
    // "$" alone is several countries' peso: an order in a money the store no longer sells in says which it is.
    expect(await seenText(orderCard(page, order.order.code).getByTestId("order-currency"))).toBe(
      "En reales brasileños (BRL), la moneda de tu tienda cuando llegó el pedido.",
    );
    // Confirmed now, in a store that sells in pesos: the statistics keep its reais apart, never added to pesos.
    await send("put", `/api/orders/${order.order.id}/status`, { status: "confirmado" });
    await page.goto("/estadisticas");
    expect(read(await seenText(page.getByTestId("other-currencies")))).toBe("y R$ 279,70 de pedidos en otra moneda");

    // And back to reais: nothing is rounded, and nothing else is flagged.
    await changeCurrency(page, "BRL", async (dialog) => {
      expect(read(await seenText(dialog.getByTestId("currency-change-prices")))).toBe("Por ejemplo, ARS 12.500 pasa a ser R$ 12.500,00.");
      expect(await dialog.getByTestId("currency-change-pay").count()).toBe(0);
      expect(await dialog.getByRole("checkbox").count()).toBe(0);
    });
    const back = await bothSides();
    expect(back.seller).toEqual(before.seller);
    expect(back.buyerTotal).toBe("R$ 279,70");
    // The round trip without an edit gives every price back: R$ 129,90 and R$ 1,50, not R$ 130,00 and R$ 2,00.
    expect(await prices()).toEqual([12_990, 150]);
    await buyerContext.close();
    await context.close();
  });

  it("taking Argentina's language and ways to pay switches the shoppers to Spanish and drops Pix, keeping cash", async () => {
    const { context, page, send } = await brazilianStore("por-defecto", [{ kind: "cash" }]);
    await changeCurrency(page, "ARS", async (dialog) => {
      const defaults = dialog.locator("label", { hasText: "Usar el idioma y las formas de pago de Argentina" });
      await tap(defaults);
      expect(await dialog.getByRole("checkbox").isChecked()).toBe(true);
      await expectSeen(defaults.getByText("Tu tienda pasa a español (Argentina) y quitamos Pix."));
    });
    const saved = (await send("get", "/api/store-locale")) as { currency: string; locale: string };
    expect([saved.currency, saved.locale]).toEqual(["ARS", "es-AR"]);
    await expect
      .poll(async () => ((await send("get", "/api/checkout-settings")) as { payMethods: { kind: string }[] }).payMethods.map((m) => m.kind))
      .toEqual(["cash"]);
    await context.close();
  });
});
