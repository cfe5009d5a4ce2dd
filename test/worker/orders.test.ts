import { env } from "cloudflare:workers";
import { PRODUCT_NOT_IN_STORE } from "../../worker/routes/orders";
import { describe, expect, it } from "vitest";
import { shopText } from "../../common/i18n";
import type { Product } from "../../common/product";
import { orderReply, shortageText, type Order } from "../../common/store-cart";
import { formatAmount, type StoreMoney, storeMoney } from "../../common/store-money";
import { placeShop } from "../../worker/lib/shops";
import { Browser, count, register } from "./browser";
import { addProducts, openStore, seller, setPricing, stockRows as sizesOf, storeData } from "./store-helpers";

interface Created {
  order: Order;
  message: string;
  whatsappUrl: string;
  orderUrl: string;
}

const shopper = () => new Browser();

/** GET /api/orders as the seller sees it. */
async function sellersOrders(browser: Browser): Promise<Order[]> {
  return ((await (await browser.request("/api/orders")).json()) as { orders: Order[] }).orders;
}

async function placeOrder(browser: Browser, username: string, lines: { productId: string; size?: string | null; quantity: number }[]) {
  return browser.json("POST", "/api/orders", { username, lines });
}

/** A store with a sized product (S: 5, M: 2, L: 0) and a product without sizes. */
async function shop(storeName?: string) {
  const s = await seller(storeName ? { storeName, phoneNumber: "+54 9 11 4000-1234" } : { phoneNumber: "+54 9 11 4000-1234" });
  const [remera, gorra] = await addProducts(s.browser, ["Remera", "Gorra"]);
  const response = await setPricing(s.browser, [
    {
      id: remera!.id,
      price: 15000,
      sizes: [
        { name: "S", stock: 5 },
        { name: "M", stock: 2 },
        { name: "L", stock: 0 },
      ],
    },
    { id: gorra!.id, price: "8.000" },
  ]);
  expect(response.status).toBe(200);
  return { ...s, remera: remera!, gorra: gorra! };
}

describe("POST /api/orders (a shopper sends the cart)", () => {
  it("an order whose first drawn code is already one of the seller's draws another instead of failing", async () => {
    const { username, gorra, browser } = await shop();
    // The order code's draw (4 random bytes) gives the same bytes for the first two orders' first draws.
    const real = crypto.getRandomValues.bind(crypto);
    let forced = 0;
    crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array && array.length === 4 && forced < 2) {
        forced++;
        array.fill(7);
        return array;
      }
      return real(array as never) as T;
    }) as typeof crypto.getRandomValues;
    try {
      const first = await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }]);
      const second = await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }]);
      expect(forced).toBe(2);
      expect([first.status, second.status]).toEqual([201, 201]);
      const codes = [first, second].map(async (r) => ((await r.json()) as Created).order.code);
      const [a, b] = await Promise.all(codes);
      expect(a).toBe("HHHH");
      expect(b).not.toBe(a);
      expect((await sellersOrders(browser)).map((o) => o.code).sort()).toEqual([a, b].sort());
    } finally {
      crypto.getRandomValues = real;
    }
  });

  it("saves the order priced from D1 and answers the WhatsApp message and link with its code", async () => {
    const { username, remera, gorra } = await shop("Ropa Linda");
    const response = await placeOrder(shopper(), username, [
      { productId: remera.id, size: "S", quantity: 2 },
      { productId: gorra.id, quantity: 1 },
      // The same product and size again: one line.
      { productId: remera.id, size: "S", quantity: 1 },
    ]);
    expect(response.status).toBe(201);
    const { order, message, whatsappUrl, orderUrl } = (await response.json()) as Created;
    expect(order.code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    // The buyer's private page: 256 random bits in the link.
    expect(orderUrl).toMatch(/^https:\/\/vidriera\.test\/pedido\/[A-Za-z0-9_-]{43}$/);
    expect(order.link).toBe(new URL(orderUrl).pathname);
    expect(order.status).toBe("nuevo");
    expect(order.lines).toEqual([
      { productId: remera.id, name: "Remera", color: null, size: "S", quantity: 3, unitPrice: 15000, code: remera.code },
      { productId: gorra.id, name: "Gorra", color: null, size: null, quantity: 1, unitPrice: 8000, code: gorra.code },
    ]);
    expect(order.total).toBe(53000);
    expect(message).toBe(
      [
        "¡Hola Ropa Linda! Quiero hacer el siguiente pedido:",
        "",
        `• Remera (Talle: S) x 3 - $15.000 c/u · Cód. ${remera.code}`,
        `• Gorra x 1 - $8.000 c/u · Cód. ${gorra.code}`,
        "",
        "*Total: $53.000*",
        "",
        `Pedido #${order.code}`,
        `Ver pedido: ${orderUrl}`,
      ].join("\n"),
    );
    expect(whatsappUrl).toBe(`https://wa.me/5491140001234?text=${encodeURIComponent(message)}`);
    expect(await count("orders", "code = ?", order.code)).toBe(1);
    // Ordering reserves nothing: stock moves when the seller confirms.
    expect((await sizesOf(remera.id))[0]).toEqual({ name: "S", stock: 5 });
  });

  it("ignores any price the page claims: only D1's count", async () => {
    const { username, gorra } = await shop();
    const response = await shopper().json("POST", "/api/orders", {
      username,
      lines: [{ productId: gorra.id, quantity: 2, price: 1, unitPrice: 1 }],
      total: 2,
    });
    expect(((await response.json()) as Created).order.total).toBe(16000);
  });

  it("writes a store or product name with <script> as plain text in the message, encoded in the link", async () => {
    const { browser, username, gorra } = await shop("<script>alert(1)</script> Moda");
    await browser.json("PUT", "/api/products/update", { id: gorra.id, name: 'Gorra <b>&</b> "roja"' });
    const { message, whatsappUrl } = (await (
      await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }])
    ).json()) as Created;
    expect(message.split("\n")[0]).toBe("¡Hola <script>alert(1)</script> Moda! Quiero hacer el siguiente pedido:");
    expect(message).toContain('• Gorra <b>&</b> "roja" x 1 - $8.000 c/u');
    const url = new URL(whatsappUrl);
    expect(url.origin + url.pathname).toBe("https://wa.me/5491140001234");
    expect(url.searchParams.get("text")).toBe(message);
    expect(whatsappUrl).not.toMatch(/[<>"& ]/);
  });

  it("refuses a product without a price or not published: a draft is never sold at $0", async () => {
    const s = await seller();
    const [draft, hidden, unpriced] = await addProducts(s.browser, ["Sin publicar", "Oculto", "Sin precio"]);
    expect((await setPricing(s.browser, [{ id: draft!.id, price: "12.500" }], { publish: false })).status).toBe(200);
    expect((await setPricing(s.browser, [{ id: hidden!.id, price: "9.000" }])).status).toBe(200);
    expect((await s.browser.json("POST", "/api/products/publish", { id: hidden!.id, published: false })).status).toBe(200);
    for (const product of [draft!, hidden!, unpriced!]) {
      const response = await placeOrder(shopper(), s.username, [{ productId: product.id, quantity: 2 }]);
      expect(response.status, product.name).toBe(400);
      expect(await response.json()).toEqual({ error: PRODUCT_NOT_IN_STORE });
    }
    expect(await count("orders", "seller_id = ?", s.user.id)).toBe(0);
  });

  const bad: [string, (p: { remera: Product; gorra: Product; foreign: Product }) => unknown[], number, string][] = [
    [
      "a product of another store",
      (p) => [
        { productId: p.remera.id, size: "S", quantity: 1 },
        { productId: p.foreign.id, quantity: 1 },
      ],
      400,
      "Un producto del carrito ya no está disponible en esta tienda. Quítalo e intenta de nuevo.",
    ],
    [
      "a product that does not exist",
      () => [{ productId: "noexiste", quantity: 1 }],
      400,
      "Un producto del carrito ya no está disponible en esta tienda. Quítalo e intenta de nuevo.",
    ],
    [
      "a size that does not exist",
      (p) => [{ productId: p.remera.id, size: "XXL", quantity: 1 }],
      400,
      "El talle XXL no existe para Remera.",
    ],
    [
      "a size for a product without sizes",
      (p) => [{ productId: p.gorra.id, size: "M", quantity: 1 }],
      400,
      "El talle M no existe para Gorra.",
    ],
    ["no size for a product with sizes", (p) => [{ productId: p.remera.id, quantity: 1 }], 400, "Elige un talle de Remera."],
    ["a sold-out size", (p) => [{ productId: p.remera.id, size: "L", quantity: 1 }], 409, "Remera (Talle: L) no tiene stock."],
    [
      "more units than in stock",
      (p) => [{ productId: p.remera.id, size: "M", quantity: 3 }],
      409,
      "De Remera (Talle: M) solo quedan 2 unidades.",
    ],
    [
      "more units than in stock across repeated lines",
      (p) => [
        { productId: p.remera.id, size: "S", quantity: 3 },
        { productId: p.remera.id, size: "S", quantity: 3 },
      ],
      409,
      "De Remera (Talle: S) solo quedan 5 unidades.",
    ],
    ["a quantity of 0", (p) => [{ productId: p.gorra.id, quantity: 0 }], 400, "La cantidad mínima es 1."],
    ["a negative quantity", (p) => [{ productId: p.gorra.id, quantity: -2 }], 400, "La cantidad mínima es 1."],
    ["a fractional quantity", (p) => [{ productId: p.gorra.id, quantity: 1.5 }], 400, "La cantidad tiene que ser un número entero."],
    ["a quantity in words", (p) => [{ productId: p.gorra.id, quantity: "dos" }], 400, "La cantidad tiene que ser un número."],
    ["100 units", (p) => [{ productId: p.gorra.id, quantity: 100 }], 400, "Puedes pedir hasta 99 unidades de cada producto."],
    ["an empty cart", () => [], 400, "Tu carrito está vacío."],
  ];
  for (const [name, lines, status, error] of bad) {
    it(`refuses ${name} and saves no order`, async () => {
      const { username, remera, gorra } = await shop();
      const other = await seller();
      const [foreign] = await addProducts(other.browser, ["Ajeno"]);
      const before = await count("orders");
      const response = await shopper().json("POST", "/api/orders", { username, lines: lines({ remera, gorra, foreign: foreign! }) });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
      expect(await count("orders")).toBe(before);
    });
  }

  it("refuses an order to a store that does not exist", async () => {
    const response = await placeOrder(shopper(), "nadiesellamaasi", [{ productId: "x", quantity: 1 }]);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Esta tienda no existe." });
  });

  it("refuses a cross-site post (another site cannot send orders in a shopper's name)", async () => {
    const { username, gorra } = await shop();
    const response = await shopper().request("/api/orders", {
      method: "POST",
      origin: "https://otro-sitio.example",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, lines: [{ productId: gorra.id, quantity: 1 }] }),
    });
    expect(response.status).toBe(403);
  });

  it("throttles a visitor after 10 orders in 10 minutes, not other visitors", async () => {
    const { username, gorra } = await shop();
    const visitor = shopper();
    for (let i = 0; i < 10; i++) expect((await placeOrder(visitor, username, [{ productId: gorra.id, quantity: 1 }])).status).toBe(201);
    const refused = await placeOrder(visitor, username, [{ productId: gorra.id, quantity: 1 }]);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Enviaste muchos pedidos seguidos. Espera unos minutos e inténtalo de nuevo." });
    expect((await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }])).status).toBe(201);
  });
});

describe("the seller's orders", () => {
  it("lists the store's orders, newest first, and only to its seller", async () => {
    const { browser, username, remera, gorra } = await shop();
    const first = (await (await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }])).json()) as Created;
    const second = (await (await placeOrder(shopper(), username, [{ productId: remera.id, size: "M", quantity: 2 }])).json()) as Created;
    const other = await shop();
    await placeOrder(shopper(), other.username, [{ productId: other.gorra.id, quantity: 1 }]);

    const response = await browser.request("/api/orders");
    expect(response.status).toBe(200);
    const { orders } = (await response.json()) as { orders: Order[] };
    expect(orders.map((o) => o.code)).toEqual([second.order.code, first.order.code]);
    expect(orders[0]).toMatchObject({
      total: 30000,
      status: "nuevo",
      stockTaken: false,
      lines: [{ name: "Remera", size: "M", quantity: 2 }],
    });
    expect((await new Browser().request("/api/orders")).status).toBe(401);
  });

  it("confirming takes the quantities off stock once; later steps short of cancelling never touch it", async () => {
    const { browser, username, remera, gorra } = await shop();
    const { order } = (await (
      await placeOrder(shopper(), username, [
        { productId: remera.id, size: "S", quantity: 3 },
        { productId: remera.id, size: "M", quantity: 1 },
        { productId: gorra.id, quantity: 4 },
      ])
    ).json()) as Created;
    const confirm = await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" });
    expect(confirm.status).toBe(200);
    expect(((await confirm.json()) as { order: Order }).order).toMatchObject({ status: "confirmado", stockTaken: true });
    expect(await sizesOf(remera.id)).toEqual([
      { name: "S", stock: 2 },
      { name: "M", stock: 1 },
      { name: "L", stock: 0 },
    ]);

    // Again, then delivered: stock stays (only cancelling gives it back).
    expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })).status).toBe(200);
    expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "entregado" })).status).toBe(200);
    expect(await sizesOf(remera.id)).toEqual([
      { name: "S", stock: 2 },
      { name: "M", stock: 1 },
      { name: "L", stock: 0 },
    ]);
    const back = await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "nuevo" });
    expect(back.status).toBe(409);
    expect(await back.json()).toEqual({ error: "Un pedido entregado no puede pasar a nuevo." });
  });

  it("refuses to confirm (409, naming what is short) when the stock fell after the order, and takes nothing", async () => {
    const { browser, username, remera, gorra } = await shop();
    const { order } = (await (
      await placeOrder(shopper(), username, [
        { productId: remera.id, size: "S", quantity: 4 },
        { productId: remera.id, size: "M", quantity: 1 },
        { productId: gorra.id, quantity: 1 },
      ])
    ).json()) as Created;
    // The seller lowers the stock before confirming.
    await setPricing(browser, [
      {
        id: remera.id,
        price: 15000,
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 2 },
          { name: "L", stock: 0 },
        ],
      },
      { id: gorra.id, price: 8000 },
    ]);
    const refused = await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "No hay stock suficiente para confirmar este pedido: Remera (Talle: S): pide 4, queda 1. Ajusta el stock o cancela el pedido.",
      // What the admin's order card shows.
      shortages: [{ productId: remera.id, name: "Remera", color: null, size: "S", asked: 4, left: 1, gone: false }],
    });
    // Nothing moved: not even the M that had enough.
    expect(await sizesOf(remera.id)).toEqual([
      { name: "S", stock: 1 },
      { name: "M", stock: 2 },
      { name: "L", stock: 0 },
    ]);
    const listed = (await sellersOrders(browser)).find((o) => o.id === order.id);
    expect(listed).toMatchObject({ status: "nuevo", stockTaken: false });
    // The list says so too, until the stock covers the order again.
    expect(listed!.shortages).toEqual([{ productId: remera.id, name: "Remera", color: null, size: "S", asked: 4, left: 1, gone: false }]);
    await setPricing(browser, [
      {
        id: remera.id,
        price: 15000,
        sizes: [
          { name: "S", stock: 4 },
          { name: "M", stock: 2 },
        ],
      },
    ]);
    const again = (await sellersOrders(browser)).find((o) => o.id === order.id);
    expect(again!.shortages).toEqual([]);
    // Size L, which the order did not ask for, was removed; nothing the order needs is gone. Now M goes:
    await setPricing(browser, [{ id: remera.id, price: 15000, sizes: [{ name: "S", stock: 4 }] }]);
    const gone = (await sellersOrders(browser)).find((o) => o.id === order.id);
    expect(gone!.shortages).toEqual([{ productId: remera.id, name: "Remera", color: null, size: "M", asked: 1, left: 0, gone: true }]);
    expect(shortageText(gone!.shortages[0]!)).toBe("Remera (Talle: M): pide 1, ese talle ya no existe");
  });

  it("the last unit sells once: two orders for stock 1 confirmed at the same time, one 200 and one 409", async () => {
    const { browser, username, remera } = await shop();
    await setPricing(browser, [{ id: remera.id, price: 15000, sizes: [{ name: "S", stock: 1 }] }]);
    const placed = await Promise.all([1, 2].map(() => placeOrder(shopper(), username, [{ productId: remera.id, size: "S", quantity: 1 }])));
    expect(placed.map((r) => r.status)).toEqual([201, 201]);
    const ids = await Promise.all(placed.map(async (r) => ((await r.json()) as Created).order.id));
    const confirms = await Promise.all(ids.map((id) => browser.json("PUT", `/api/orders/${id}/status`, { status: "confirmado" })));
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = confirms.find((r) => r.status === 409)!;
    expect(((await conflict.json()) as { error: string }).error).toMatch(
      /^No hay stock suficiente para confirmar este pedido: Remera \(Talle: S\)/,
    );
    expect(await sizesOf(remera.id)).toEqual([{ name: "S", stock: 0 }]);
    // The seller's list marks the order that lost the race, and only it.
    const listed = await sellersOrders(browser);
    const byId = new Map(listed.map((o) => [o.id, o]));
    const lost = ids.find((id) => byId.get(id)!.status === "nuevo")!;
    const won = ids.find((id) => id !== lost)!;
    expect(byId.get(won)).toMatchObject({ status: "confirmado", shortages: [] });
    expect(byId.get(lost)!.shortages).toEqual([
      { productId: remera.id, name: "Remera", color: null, size: "S", asked: 1, left: 0, gone: false },
    ]);
    expect(shortageText(byId.get(lost)!.shortages[0]!)).toBe("Remera (Talle: S): pide 1, sin stock");
    // A third order for the size now at 0 is refused.
    const third = await placeOrder(shopper(), username, [{ productId: remera.id, size: "S", quantity: 1 }]);
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({ error: "Remera (Talle: S) no tiene stock." });
  });

  it("a product without sizes counts its units: stock 0 is refused, the last unit sells once, the store says 'Sin stock'", async () => {
    const { browser, username, gorra } = await shop();
    // Stock 0 typed for a product with no sizes: it is sold out, not unlimited.
    const zero = await browser.json("POST", "/api/products/update-pricing", {
      products: [{ id: gorra.id, price: "5.000", sizes: [], stock: "0", published: true }],
    });
    expect(zero.status).toBe(200);
    const refused = await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "Gorra no tiene stock." });
    const page = await (await shopper().request(`/u/${username}`)).text();
    expect(storeData(page).products.find((p) => p.id === gorra.id)).toMatchObject({ sizes: [], stock: 0 });
    expect(page).toContain(`data-add="${gorra.id}" disabled>Sin stock</button>`);

    // One unit, two shoppers at once: both orders are placed, one confirmation takes it, the other is refused.
    await browser.json("PUT", "/api/products/update", { id: gorra.id, name: "Gorra", stock: 1 });
    const placed = await Promise.all([1, 2].map(() => placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }])));
    expect(placed.map((r) => r.status)).toEqual([201, 201]);
    const ids = await Promise.all(placed.map(async (r) => ((await r.json()) as Created).order.id));
    const confirms = await Promise.all(ids.map((id) => browser.json("PUT", `/api/orders/${id}/status`, { status: "confirmado" })));
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await sizesOf(gorra.id)).toEqual([{ name: "", stock: 0 }]);
    const lost = (await sellersOrders(browser)).find((o) => ids.includes(o.id) && o.status === "nuevo")!;
    expect(lost.shortages).toEqual([{ productId: gorra.id, name: "Gorra", color: null, size: "", asked: 1, left: 0, gone: false }]);
    expect(shortageText(lost.shortages[0]!)).toBe("Gorra: pide 1, sin stock");
    // Cancelling the confirmed order gives the unit back.
    const won = ids.find((id) => id !== lost.id)!;
    expect((await browser.json("PUT", `/api/orders/${won}/status`, { status: "cancelado" })).status).toBe(200);
    expect(await sizesOf(gorra.id)).toEqual([{ name: "", stock: 1 }]);

    // A save that says nothing of the units keeps them; an empty one stops counting (sells without limit).
    await setPricing(browser, [{ id: gorra.id, price: 6000, sizes: [] }]);
    expect(await sizesOf(gorra.id)).toEqual([{ name: "", stock: 1 }]);
    await browser.json("POST", "/api/products/update-pricing", { products: [{ id: gorra.id, price: 6000, sizes: [], stock: "" }] });
    expect(await sizesOf(gorra.id)).toEqual([]);
    expect((await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 3 }])).status).toBe(201);
  });

  it("takes stock once when two confirmations race", async () => {
    const { browser, username, remera } = await shop();
    const { order } = (await (await placeOrder(shopper(), username, [{ productId: remera.id, size: "S", quantity: 2 }])).json()) as Created;
    const results = await Promise.all([1, 2, 3].map(() => browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await sizesOf(remera.id))[0]).toEqual({ name: "S", stock: 3 });
  });

  it("a cancelled order cannot be confirmed and takes no stock", async () => {
    const { browser, username, remera } = await shop();
    const { order } = (await (await placeOrder(shopper(), username, [{ productId: remera.id, size: "S", quantity: 2 }])).json()) as Created;
    expect((await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "cancelado" })).status).toBe(200);
    const confirm = await browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" });
    expect(confirm.status).toBe(409);
    expect(await confirm.json()).toEqual({ error: "Un pedido cancelado no puede pasar a confirmado." });
    expect((await sizesOf(remera.id))[0]).toEqual({ name: "S", stock: 5 });
  });

  it("answers 404 for another seller's order and refuses unknown statuses", async () => {
    const { username, gorra } = await shop();
    const { order } = (await (await placeOrder(shopper(), username, [{ productId: gorra.id, quantity: 1 }])).json()) as Created;
    const intruder = await seller();
    const response = await intruder.browser.json("PUT", `/api/orders/${order.id}/status`, { status: "confirmado" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Pedido no encontrado." });
    const owner = await seller();
    const weird = await owner.browser.json("PUT", `/api/orders/${order.id}/status`, { status: "despachado" });
    expect(weird.status).toBe(400);
    expect(await weird.json()).toEqual({ error: "Estado de pedido inválido." });
  });
});

/** A Brazilian store whose shop lives in `shard`, selling one product at `price` (typed as a Brazilian seller does). */
async function brazilianShop(shard: number, price: string) {
  const browser = new Browser();
  const { user } = await register(browser);
  await placeShop(env, user.id, shard);
  const opened = await openStore(browser, { phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
  const [vestido] = await addProducts(browser, ["Vestido Ipê 🌸"]);
  expect((await setPricing(browser, [{ id: vestido!.id, price, published: true }])).status).toBe(200);
  return { browser, username: opened.username!, storeName: opened.name!, vestido: vestido! };
}

const changeMoney = (browser: Browser, currency: string, locale: string) => browser.json("PUT", "/api/store-locale", { currency, locale });

describe("every order in its own currency", () => {
  it.each([0, 1])(
    "after the store moves from reais to pesos, the seller's list, its reply and the buyer's page still say 279,70 reais (shard %i)",
    async (shard) => {
      const { browser, username, storeName, vestido } = await brazilianShop(shard, "139,85");
      const sent = await placeOrder(shopper(), username, [{ productId: vestido.id, quantity: 2 }]);
      expect(sent.status, await sent.clone().text()).toBe(201);
      const placed = (await sent.json()) as Created;
      expect(placed.order).toMatchObject({ currency: "BRL", total: 27_970 });
      const reais = formatAmount(27_970, "BRL", "pt-BR");
      expect(placed.message).toContain(reais);
      expect((await changeMoney(browser, "ARS", "es-AR")).status).toBe(200);

      const listed = (await (await browser.request("/api/orders")).json()) as {
        orders: Order[];
        store: { locale: string; money: StoreMoney };
      };
      expect(listed.store.money.currency).toBe("ARS");
      const old = listed.orders.find((o) => o.id === placed.order.id)!;
      expect(old).toMatchObject({ currency: "BRL", total: 27_970, lines: [{ unitPrice: 13_985 }] });
      // The seller's reply is in the store's language now, its amount in the order's own money.
      const reply = orderReply(old, storeName, "https://vidriera.test", shopText(listed.store.locale, listed.store.money));
      expect(reply).toContain(`(${formatAmount(27_970, "BRL", "es-AR")})`);
      expect(reply).not.toContain("27.970");
      // The buyer's page reads in the store's language now too, and agrees with the seller on the amount and its money.
      const page = await (await shopper().request(old.link)).text();
      expect(page).toContain(formatAmount(27_970, "BRL", "es-AR"));
      expect(page).not.toContain("27.970");

      // An order placed now is in pesos, at the price's same number (R$ 139,85 became $140).
      const now = (await (await placeOrder(shopper(), username, [{ productId: vestido.id, quantity: 2 }])).json()) as Created;
      expect(now.order).toMatchObject({ currency: "ARS", total: 280 });
      expect(now.message).toContain("$280");
    },
  );

  it.each([0, 1])(
    "orders fired together with the store flipping reais ↔ Chilean pesos are each priced in one money (shard %i)",
    async (shard) => {
      const { browser, username, vestido } = await brazilianShop(shard, "125,00");
      // The seller flips the money back and forth while 24 shoppers send their carts at once.
      const flipped: number[] = [];
      const flipping = (async () => {
        for (const currency of ["CLP", "BRL", "CLP", "BRL", "CLP", "BRL"])
          flipped.push((await changeMoney(browser, currency, "pt-BR")).status);
      })();
      const orders = await Promise.all(
        Array.from({ length: 24 }, () => placeOrder(shopper(), username, [{ productId: vestido.id, quantity: 1 }])),
      );
      await flipping;
      expect(flipped).toEqual([200, 200, 200, 200, 200, 200]);
      // Each order is taken (repriced when a change won) or, after losing every time, refused in the store's words.
      const placed: Order[] = [];
      for (const answer of orders) {
        if (answer.status === 201) placed.push(((await answer.json()) as Created).order);
        else
          expect([answer.status, await answer.json()]).toEqual([
            409,
            { error: shopText("pt-BR", storeMoney("BRL", "pt-BR")).t("order.pricesChanged") },
          ]);
      }
      expect(placed.length).toBeGreaterThan(0);
      for (const order of placed) {
        const expected = order.currency === "BRL" ? 12_500 : 125;
        expect([order.currency, order.total], order.code).toEqual([order.currency === "BRL" ? "BRL" : "CLP", expected]);
      }
      const listed = await sellersOrders(browser);
      for (const order of placed) {
        expect(listed.find((o) => o.id === order.id)).toMatchObject({ currency: order.currency, total: order.total });
      }
    },
  );
});
