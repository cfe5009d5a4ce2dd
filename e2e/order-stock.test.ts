import { describe, expect, it } from "vitest";
import { drawImage, newPage, newSeller, shopperAddress, useChromium } from "./chromium";
import { confirmOrder, orderCard } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/** Each order from its own address in a documentation range (RFC 5737): orders are throttled per address. */

describe("the last unit, as the seller sees it (issue 12.8)", () => {
  it("on a phone: two orders for the last unit; the first confirms, the second shows on its card what is short until cancelled", async () => {
    const { cookies } = await newSeller("ultima");
    const { context, page: admin } = await newPage(chromium.browser, { mobile: true });
    await context.addCookies(cookies);
    const suffix = String(Date.now()).slice(-6);
    const opened = await admin.request.post("/api/auth/mi-tienda", {
      data: { storeName: `Última Unidad ${suffix}`, phoneNumber: "+54 9 11 4000-1234", countryCode: "AR" },
    });
    expect(opened.status()).toBeLessThan(300);
    const { username, id: userId } = ((await opened.json()) as { user: { username: string; id: string } }).user;
    const buffer = await drawImage(admin, { width: 240, height: 300, type: "image/jpeg" });
    const uploaded = await admin.request.post("/api/products/upload-images", {
      multipart: { images: { name: "campera.jpg", mimeType: "image/jpeg", buffer } },
    });
    const product = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!;
    const name = "Campera de jean ñandú";
    const priced = await admin.request.post("/api/products/update-pricing", {
      data: { products: [{ id: product.id, price: "34.900", name, published: true, sizes: [{ name: "M", stock: 1 }] }] },
    });
    expect(priced.status()).toBe(200);

    // Two shoppers order the last M before the seller looks: both orders are taken (ordering reserves nothing).
    const codes: string[] = [];
    for (const buyer of ["Lucía Gómez", "Martín Sosa"]) {
      const placed = await admin.request.post("/api/orders", {
        data: { username, lines: [{ productId: product.id, size: "M", quantity: 1 }], buyer: { name: buyer, delivery: "retiro" } },
        headers: { "cf-connecting-ip": shopperAddress() },
      });
      expect(placed.status()).toBe(201);
      codes.push(((await placed.json()) as { order: { code: string } }).order.code);
    }
    const [first, second] = codes as [string, string];

    await admin.goto("/pedidos");
    await expectSeen(orderCard(admin, second).getByText("Nuevo", { exact: true }));
    // Both can be confirmed as far as the stock goes: no card shows a conflict yet.
    expect(await admin.getByTestId("order-conflict").count()).toBe(0);
    await confirmOrder(admin, first);

    const lost = orderCard(admin, second);
    await tap(lost.getByRole("button", { name: "Confirmar" }));
    const conflict = lost.getByTestId("order-conflict");
    await expectSeen(conflict.getByText(`${name} (Talle: M): pide 1, sin stock`));
    expect(await conflict.textContent()).toContain("cancela el pedido");
    await expectSeen(lost.getByText("Nuevo", { exact: true }));
    expect(await orderCard(admin, first).getByTestId("order-conflict").count()).toBe(0);

    // The stock in the API: the one unit went to the first order, never below zero.
    const stockOf = async () => {
      const listed = await admin.request.get(`/api/products/list/${userId}`);
      const { products } = (await listed.json()) as { products: { id: string; sizes: { name: string; stock: number }[] }[] };
      return products.find((p) => p.id === product.id)!.sizes;
    };
    expect(await stockOf()).toEqual([{ name: "M", stock: 0 }]);

    // Not a passing notice: it is still on the card after a reload, until the seller acts.
    await admin.reload();
    await expectSeen(orderCard(admin, second).getByTestId("order-conflict").getByText(`${name} (Talle: M)`, { exact: false }));
    // 'Cancelar pedido' asks first: 'Volver' changes nothing, the dialog's own button cancels.
    await tap(orderCard(admin, second).getByRole("button", { name: "Cancelar pedido" }));
    const ask = admin.getByRole("dialog", { name: `¿Cancelar el pedido #${second}?` });
    await ask
      .getByText("Lucía Gómez no recibe un aviso automático", { exact: false })
      .or(ask.getByText("Martín Sosa no recibe un aviso automático", { exact: false }))
      .waitFor();
    await tap(ask.getByRole("button", { name: "Volver" }));
    await ask.waitFor({ state: "hidden" });
    expect((await (await admin.request.get("/api/orders")).json()).orders.find((o: { code: string }) => o.code === second).status).toBe(
      "nuevo",
    );
    await tap(orderCard(admin, second).getByRole("button", { name: "Cancelar pedido" }));
    await tap(ask.getByRole("button", { name: "Cancelar pedido" }));
    await expectSeen(orderCard(admin, second).getByText("Cancelado", { exact: true }));
    expect(await orderCard(admin, second).getByTestId("order-conflict").count()).toBe(0);
    expect(await stockOf()).toEqual([{ name: "M", stock: 0 }]);
    await context.close();
  });
});
