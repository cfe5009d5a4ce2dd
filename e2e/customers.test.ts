/**
 * 'Clientes' on the real store at 390 px: the seller goes from Pedidos to the buyer who ordered, finds them by
 * name or number, can write to them, and cannot erase their data while their order is on its way.
 */
import { describe, expect, it } from "vitest";
import { useChromium } from "./chromium";
import { openRealArgentineStore } from "./real-store-seller";
import { expectSeen, expectTappable, seenText, tap } from "./seen";

const chromium = useChromium();

describe("'Clientes'", () => {
  it("lists the buyer with their orders and spend, finds them, and protects an order on its way", async () => {
    const store = await openRealArgentineStore(chromium.browser);
    const admin = store.admin;
    // A second order from the same buyer, by the same WhatsApp typed another way, cancelled: an order but no spend.
    const second = await admin.request.post("/api/orders", {
      data: {
        username: store.username,
        lines: [{ productId: store.productId, color: "Blanco", size: "M", quantity: 2 }],
        buyer: { name: "Lucía Fernández", delivery: "retiro", payment: "efectivo", whatsapp: "+54 9 11 2345-6789" },
      },
    });
    expect(second.status()).toBe(201);
    const { order } = (await second.json()) as { order: { id: string; code: string } };
    expect((await admin.request.put(`/api/orders/${order.id}/status`, { data: { status: "cancelado" } })).status()).toBe(200);

    await admin.goto("/pedidos");
    await tap(admin.getByRole("link", { name: "Clientes", exact: true }));
    const card = admin.getByTestId("customer");
    expect(await seenText(card.getByText("Lucía Fernández", { exact: true }))).toBe("Lucía Fernández");
    expect(await seenText(card.getByText(/pedidos · Compró/))).toBe("2 pedidos · Compró: $12.500");
    expect(await seenText(card.getByText("WhatsApp +54 9 11 2345-6789"))).toBe("WhatsApp +54 9 11 2345-6789");
    const write = card.getByRole("link", { name: /Escribir por WhatsApp/ });
    await expectTappable(write);
    expect(await write.getAttribute("href")).toBe("https://wa.me/5491123456789");

    const search = admin.getByLabel("Buscar por nombre o WhatsApp");
    await tap(search);
    await search.fill("lucia");
    await expectSeen(card);
    await search.fill("2345 67");
    await expectSeen(card);
    await search.fill("Marcos");
    await expectSeen(admin.getByText("Ningún cliente coincide con «Marcos»."));
    await search.fill("");

    // The first order is still 'Nuevo': erasing her data now would lose where to deliver it.
    await tap(card.getByRole("button", { name: "Borrar sus datos" }));
    const dialog = admin.getByRole("dialog");
    await expectSeen(dialog.getByText("Tiene un pedido en curso: entrégalos o cancélalos antes, así no pierdes su dirección."));
    expect(await dialog.getByRole("button", { name: "Borrar sus datos" }).isDisabled()).toBe(true);
    await tap(dialog.getByRole("button", { name: "Volver" }));
  });
});
