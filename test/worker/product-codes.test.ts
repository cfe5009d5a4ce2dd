/**
 * Products' short codes: drawn on creation, unique in the seller's store, given to products made before
 * them by the backfill migration, and shown where a buyer reads them (the product page, the order's
 * lines on its page and in the WhatsApp message) and where the seller does (the product API the
 * pricing card and the order card read).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import type { Order } from "../../common/store-cart";
import { CODE_ALPHABET, isProductCodeTaken, PRODUCT_CODE_LENGTH } from "../../worker/lib/short-codes";
import { Browser } from "./browser";
import { addProducts, seller, setPricing } from "./store-helpers";

const CODE = new RegExp(`^[${CODE_ALPHABET}]{${PRODUCT_CODE_LENGTH}}$`);

async function listed(browser: Browser, userId: string): Promise<Product[]> {
  const response = await browser.request(`/api/products/list/${userId}`);
  return ((await response.json()) as { products: Product[] }).products;
}

describe("product short codes", () => {
  it("every new product gets a readable code, different from the seller's other products'", async () => {
    const { browser, user } = await seller();
    const made = await addProducts(browser, ["Remera", "Buzo", "Gorra", "Campera", "Short", "Pollera"]);
    const codes = made.map((p) => p.code);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(codes.length);
    // The list the pricing card reads carries the same codes.
    expect((await listed(browser, user.id)).map((p) => p.code).sort()).toEqual([...codes].sort());
  });

  it("a code repeated within one store is refused by the database and recognised as one to draw again; another store may have it", async () => {
    const { user } = await seller();
    const other = await seller();
    const [first] = await addProducts((await seller()).browser, ["Remera"]);
    const insert = (userId: string) =>
      env.DB.prepare("INSERT INTO products (id, user_id, name, code) VALUES (?, ?, 'Buzo', 'R4TQ9')")
        .bind(crypto.randomUUID(), userId)
        .run();
    await insert(user.id);
    const refused = await insert(user.id).catch((err: unknown) => err);
    expect(isProductCodeTaken(refused)).toBe(true);
    await insert(other.user.id);
    // Any other failure is not mistaken for a repeated code.
    const sameId = await env.DB.prepare("INSERT INTO products (id, user_id, name) VALUES (?, ?, 'X')")
      .bind(first!.id, user.id)
      .run()
      .catch((err: unknown) => err);
    expect(sameId).toBeInstanceOf(Error);
    expect(isProductCodeTaken(sameId)).toBe(false);
  });

  it("the product page shows it, and an order's lines carry it to the order page and the WhatsApp message", async () => {
    const { browser, username } = await seller({ phoneNumber: "+54 9 11 4000-1234" });
    const [remera] = await addProducts(browser, ["Remera ñandú"]);
    expect((await setPricing(browser, [{ id: remera!.id, price: "12.500", sizes: [{ name: "M", stock: 3 }] }])).status).toBe(200);
    const code = remera!.code!;

    const page = await (await new Browser().request(`/u/${username}/p/${remera!.id}`)).text();
    expect(page).toContain(`<p class="code">Cód. ${code}</p>`);
    // The product's own 'Pedir por WhatsApp' (the page without JavaScript) names it too.
    const link = /<a class="btn wa order" href="([^"]+)"/.exec(page)!;
    expect(new URL(link[1]!.replace(/&#38;/g, "&")).searchParams.get("text")).toContain(
      `Quiero pedir: Remera ñandú ($12.500).\nCód. ${code}\n`,
    );

    const placed = await new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId: remera!.id, size: "M", quantity: 2 }],
      buyer: { name: "Sofía Núñez", delivery: "retiro" },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, message, orderUrl } = (await placed.json()) as { order: Order; message: string; orderUrl: string };
    expect(order.lines[0]!.code).toBe(code);
    expect(message).toContain(`• Remera ñandú (Talle: M) x 2 - $12.500 c/u · Cód. ${code}`);
    const orderPage = await (await new Browser().request(new URL(orderUrl).pathname)).text();
    expect(orderPage).toContain(`Remera ñandú (Talle: M) × 2 <small class="code">Cód. ${code}</small>`);
    // The seller's order list (the order card) has it on the line too.
    const list = (await (await browser.request("/api/orders")).json()) as { orders: Order[] };
    expect(list.orders[0]!.lines[0]!.code).toBe(code);
  });

  it("the backfill migration gives every product made before codes one, unique per seller", async () => {
    const { browser, user } = await seller();
    const other = await seller();
    const mine = await addProducts(browser, ["Remera", "Buzo", "Gorra", "Campera"]);
    await addProducts(other.browser, ["Remera", "Buzo"]);
    // As products were before the migration: no code at all.
    await env.DB.prepare("UPDATE products SET code = NULL WHERE user_id IN (?, ?)").bind(user.id, other.user.id).run();
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_product_codes_backfill.sql"));
    expect(backfill).toBeDefined();
    for (const query of backfill!.queries) await env.DB.prepare(query).run();

    const after = await listed(browser, user.id);
    expect(after.map((p) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
    for (const p of after) expect(p.code).toMatch(CODE);
    expect(new Set(after.map((p) => p.code)).size).toBe(after.length);
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE code IS NULL").all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });
});
