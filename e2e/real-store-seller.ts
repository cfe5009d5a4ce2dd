/**
 * The real Argentine store as its seller sets it up through the API (delivery and payment of
 * test/fixtures/real-store.ts, a T-shirt in two colours) with one order already placed by a shopper: what the
 * e2e tests of the seller's Pedidos-side screens start from. The seller's page is a 390 px phone.
 */
import type { Browser } from "playwright-core";
import { expect } from "vitest";
import { realStoreCheckout } from "../test/fixtures/real-store";
import { drawImage, newPage, newSeller } from "./chromium";

export async function openRealArgentineStore(browser: Browser) {
  const { cookies } = await newSeller("tienda-real");
  const { context, page: admin } = await newPage(browser, { mobile: true });
  await context.addCookies(cookies);
  const send = async (method: "post" | "put", path: string, data: unknown) => {
    const response = await admin.request[method](path, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const storeName = `Ropa Sur ${String(Date.now()).slice(-6)}`;
  const opened = (await send("post", "/api/auth/mi-tienda", { storeName, phoneNumber: "011 15 4000-1234", countryCode: "AR" })) as {
    user: { username: string };
  };
  await send("put", "/api/checkout-settings", realStoreCheckout());
  const buffer = await drawImage(admin, { width: 480, height: 600, type: "image/jpeg", color: "#111827" });
  const uploaded = await admin.request.post("/api/products/upload-images", {
    multipart: { images: { name: "remera.jpg", mimeType: "image/jpeg", buffer } },
  });
  const productId = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!.id;
  await send("post", "/api/products/update-pricing", {
    products: [
      {
        id: productId,
        name: "Remera lisa",
        price: "12.500",
        published: true,
        colors: [
          { name: "Negro", sizes: [{ name: "M", stock: 4 }] },
          { name: "Blanco", sizes: [{ name: "M", stock: 2 }] },
        ],
      },
    ],
  });
  const placed = await admin.request.post("/api/orders", {
    data: {
      username: opened.user.username,
      lines: [{ productId, color: "Negro", size: "M", quantity: 1 }],
      buyer: { name: "Lucía Fernández", delivery: "retiro", payment: "efectivo", whatsapp: "011 15 2345-6789" },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, orderUrl } = (await placed.json()) as { order: { code: string }; orderUrl: string };
  return { admin, username: opened.user.username, storeName, productId, code: order.code, orderPath: new URL(orderUrl).pathname };
}
