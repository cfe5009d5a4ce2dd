import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartCount,
  cartTotal,
  parseSavedCart,
  removeFromCart,
  setQuantity,
  whatsappUrl,
  type CartLine,
  newOrdersCount,
  REPLY_BY_STATUS,
} from "./store-cart";
import * as storeCart from "./store-cart";
import { shopText } from "./i18n";
import { ARS_MONEY, formatAmount } from "./store-money";

/** An Argentine store: its messages read exactly as they always have. */
const AR = shopText("es-AR", ARS_MONEY);
// The Argentine store's orders, in pesos unless a test says otherwise.
type InPesos<T> = Omit<T, "currency"> & { currency?: string };
const orderMessage = (order: InPesos<Parameters<typeof storeCart.orderMessage>[0]>) =>
  storeCart.orderMessage({ currency: "ARS", ...order }, AR);
const orderReply = (order: InPesos<Parameters<typeof storeCart.orderReply>[0]>, store: string, origin: string) =>
  storeCart.orderReply({ currency: "ARS", ...order }, store, origin, AR);
const orderReplyUrl = (order: InPesos<Parameters<typeof storeCart.orderReplyUrl>[0]>, store: string, origin: string) =>
  storeCart.orderReplyUrl({ currency: "ARS", ...order }, store, origin, AR);

const remera = { productId: "p1", name: "Remera", price: 15000, image: "/img/o/a.jpg", color: null };

describe("the cart", () => {
  it("merges the same product and size into one line and keeps sizes apart", () => {
    let lines: CartLine[] = [];
    lines = addToCart(lines, { ...remera, size: "M" });
    lines = addToCart(lines, { ...remera, size: "M" });
    lines = addToCart(lines, { ...remera, size: "L" });
    lines = addToCart(lines, { productId: "p2", name: "Gorra", price: 8000, image: null, color: null, size: null });
    // The same size in another colour is another line.
    lines = addToCart(lines, { ...remera, color: "Negro", size: "M" });
    lines = addToCart(lines, { ...remera, color: "Negro", size: "M" });
    expect(lines.map((l) => [l.productId, l.color, l.size, l.quantity])).toEqual([
      ["p1", null, "M", 2],
      ["p1", null, "L", 1],
      ["p2", null, null, 1],
      ["p1", "Negro", "M", 2],
    ]);
    expect(cartCount(lines)).toBe(6);
    expect(cartTotal(lines)).toBe(83000);
  });

  it("removes a line when its quantity reaches 0 or less, and caps it at 99", () => {
    const lines = addToCart([], { ...remera, size: "M" }, 3);
    const m = { productId: "p1", color: null, size: "M" };
    expect(setQuantity(lines, m, 5)[0]!.quantity).toBe(5);
    expect(setQuantity(lines, m, 2.7)[0]!.quantity).toBe(2);
    expect(setQuantity(lines, m, 0)).toEqual([]);
    expect(setQuantity(lines, m, -1)).toEqual([]);
    expect(setQuantity(lines, m, Number.NaN)).toEqual([]);
    expect(setQuantity(lines, m, 500)[0]!.quantity).toBe(99);
    expect(addToCart(lines, { ...remera, size: "M" }, 200)[0]!.quantity).toBe(99);
    expect(removeFromCart(lines, m)).toEqual([]);
    expect(removeFromCart(lines, { ...m, size: "L" })).toHaveLength(1);
    expect(removeFromCart(lines, { ...m, color: "Negro" })).toHaveLength(1);
  });

  it("reads back a saved cart and drops anything malformed", () => {
    const saved = JSON.stringify([
      { ...remera, size: "M", quantity: 2 },
      { ...remera, size: "M", quantity: 1 },
      { productId: "p2", name: "Gorra", price: -5, image: null, size: null, quantity: 1 },
      { productId: "p3", name: "Buzo", price: 100, image: null, size: 7, quantity: 1 },
      { productId: "p4", name: "Campera", price: 100, image: null, size: null, quantity: 0 },
      "basura",
      null,
    ]);
    expect(parseSavedCart(saved)).toEqual([{ ...remera, size: "M", quantity: 3 }]);
    // A cart saved before colours (no color field) is the implicit colour; a colour that is not text is dropped.
    const { color: _none, ...beforeColours } = remera;
    expect(
      parseSavedCart(
        JSON.stringify([
          { ...beforeColours, size: "S", quantity: 1 },
          { ...remera, color: "Rojo", size: "S", quantity: 2 },
          { ...remera, color: 4, size: "S", quantity: 2 },
        ]),
      ),
    ).toEqual([
      { ...remera, size: "S", quantity: 1 },
      { ...remera, color: "Rojo", size: "S", quantity: 2 },
    ]);
    expect(parseSavedCart("{no es json")).toEqual([]);
    expect(parseSavedCart('{"a":1}')).toEqual([]);
    expect(parseSavedCart(null)).toEqual([]);
  });
});

describe("the WhatsApp order", () => {
  const lines = [
    { productId: "p1", name: "Remera", color: null, size: "M", quantity: 2, unitPrice: 15000 },
    { productId: "p2", name: "Gorra", color: null, size: null, quantity: 1, unitPrice: 0 },
  ];

  it("greets, lists each item with 'Talle', quantity and unit price, bolds the total and names the code", () => {
    expect(orderMessage({ storeName: "Ropa Linda", code: "K7P2", lines, subtotal: 30000, total: 30000 })).toBe(
      "¡Hola Ropa Linda! Quiero hacer el siguiente pedido:\n\n• Remera (Talle: M) x 2 - $15.000 c/u\n• Gorra x 1 - precio a consultar\n\n*Total: $30.000*\n\nPedido #K7P2",
    );
  });

  it("says colour and size, the delivery with its zone and cost, the total with it, who buys, how to pay and the order's page", () => {
    const message = orderMessage({
      storeName: "Ropa Linda",
      code: "K7P2",
      lines: [{ productId: "p1", name: "Remera básica", color: "Negro", size: "M", quantity: 2, unitPrice: 15000 }],
      subtotal: 30000,
      total: 33500,
      buyer: { name: "María José", delivery: "envio", note: null },
      buyerWhatsapp: { label: "+54 9 11 2345-6789" },
      delivery: { kind: "envio", zone: "CABA", cost: 3500, pickupAddress: null },
      payment: { method: "transferencia", alias: "mi.tienda.mp", cbu: "0000003100010000000012", holder: "Ana Pérez" },
      link: "https://vidriera.test/pedido/abc",
    });
    expect(message).toBe(
      [
        "¡Hola Ropa Linda! Quiero hacer el siguiente pedido:",
        "",
        "• Remera básica (Color: Negro, Talle: M) x 2 - $15.000 c/u",
        "",
        "Subtotal: $30.000",
        "Envío (CABA): $3.500",
        "*Total: $33.500*",
        "",
        "Nombre: María José",
        "WhatsApp: +54 9 11 2345-6789",
        "Entrega: Envío a domicilio (CABA)",
        "Pago: Transferencia bancaria",
        "Alias: mi.tienda.mp",
        "CVU: 0000003100010000000012",
        "Titular: Ana Pérez",
        "",
        "Pedido #K7P2",
        "Ver pedido: https://vidriera.test/pedido/abc",
      ].join("\n"),
    );
  });

  it("says when the delivery is to agree, free by the threshold, or a pick-up", () => {
    const base = { storeName: "T", code: "AAAA", lines, subtotal: 30000 };
    const buyer = { name: "Ana", delivery: "envio" as const, note: null };
    const agree = orderMessage({ ...base, total: 30000, buyer, delivery: { kind: "envio", zone: null, cost: null, pickupAddress: null } });
    expect(agree).toContain("Envío: A coordinar con la tienda\n*Total: $30.000 + envío*");
    const free = orderMessage({
      ...base,
      total: 30000,
      buyer,
      delivery: { kind: "envio", zone: "GBA Norte", cost: 0, pickupAddress: null },
    });
    expect(free).toContain("Envío (GBA Norte): Gratis\n*Total: $30.000*");
    const pickup = orderMessage({
      ...base,
      total: 30000,
      buyer: { ...buyer, delivery: "retiro" },
      delivery: { kind: "retiro", zone: null, cost: 0, pickupAddress: "Av. Corrientes 1234" },
      payment: { method: "efectivo" },
    });
    expect(pickup).toContain("Retiro en el local: Sin costo\n*Total: $30.000*");
    expect(pickup).toContain("Entrega: Retiro en el local\nPago: Efectivo al retirar o al recibir\n");
    // Where to pick it up is for the buyer's page and the seller's 'listo para retirar' message, not this one.
    expect(pickup).not.toContain("Corrientes");
  });

  it("fences the shopper's note as a quote, so it cannot add lines that pass for the store's own", () => {
    const note = "Timbre 2B\nTotal: $1\r\nPagado ✅\u2028*Pedido confirmado*";
    const message = orderMessage({
      storeName: "Ropa Linda",
      code: "K7P2",
      lines,
      subtotal: 30000,
      total: 30000,
      buyer: { name: "Ana\u2028Total: $1", delivery: "envio", note },
    });
    expect(message).toBe(
      [
        "¡Hola Ropa Linda! Quiero hacer el siguiente pedido:",
        "",
        "• Remera (Talle: M) x 2 - $15.000 c/u",
        "• Gorra x 1 - precio a consultar",
        "",
        "*Total: $30.000*",
        "",
        "Nombre: Ana Total: $1",
        "Entrega: Envío a domicilio",
        "Nota del cliente:",
        "> Timbre 2B",
        "> Total: $1",
        "> Pagado ✅",
        "> *Pedido confirmado*",
        "",
        "Pedido #K7P2",
      ].join("\n"),
    );
    // Whatever the note holds, the only unquoted line naming a total is the store's own.
    const unquoted = message.split("\n").filter((line) => !line.startsWith("> "));
    expect(unquoted.filter((line) => /total/i.test(line) && !line.startsWith("Nombre:"))).toEqual(["*Total: $30.000*"]);
  });

  it("links to the seller's digits only, with the message encoded", () => {
    const message = "¡Hola <script>! 50% & más\n#K7P2";
    const url = whatsappUrl("+54 9 11 2233-4455", message);
    expect(url).toBe(`https://wa.me/5491122334455?text=${encodeURIComponent(message)}`);
    expect(new URL(url).searchParams.get("text")).toBe(message);
  });
});

describe("the seller's reply to an order", () => {
  const order = {
    code: "K7P2",
    status: "nuevo" as const,
    total: 16000,
    buyer: { name: "Ana María Pérez", delivery: "retiro" as const, note: null },
    buyerWhatsapp: { digits: "5491123456789", label: "+54 9 11 2345-6789" },
    delivery: { kind: "retiro" as const, zone: null, cost: 0, pickupAddress: "Av. Corrientes 1234, CABA" },
    payment: null,
    link: "/pedido/abc",
  };
  const origin = "https://vidriera.test";

  it("writes an order in its own currency, never the store's current one: a reais order of a store now in pesos", () => {
    const reais = { ...order, currency: "BRL", total: 27_970, status: "confirmado" as const, payment: null };
    expect(orderReply(reais, "Moda Sur", origin)).toContain(`(${formatAmount(27_970, "BRL", "es-AR")})`);
    expect(orderReply(reais, "Moda Sur", origin)).not.toContain("$27.970");
    const lines = [{ productId: "p1", name: "Vestido", color: null, size: null, quantity: 2, unitPrice: 13_985 }];
    const message = orderMessage({ storeName: "Moda Sur", code: "K7P2", lines, subtotal: 27_970, total: 27_970, currency: "BRL" });
    expect(message).toContain(`*Total: ${formatAmount(27_970, "BRL", "es-AR")}*`);
    expect(message).toContain(`${formatAmount(13_985, "BRL", "es-AR")} c/u`);
  });

  it("greets the buyer by first name, names the store, the code and the total, says what comes next and links the order's page", () => {
    expect(orderReply(order, "Moda Sur", origin)).toBe(
      `¡Hola, Ana! Te escribimos de Moda Sur por tu pedido #K7P2 ($16.000).\n${REPLY_BY_STATUS.nuevo}\nMira tu pedido aquí: https://vidriera.test/pedido/abc`,
    );
    expect(orderReply({ ...order, status: "cancelado" }, "Moda Sur", origin)).toContain(REPLY_BY_STATUS.cancelado);
    expect(orderReply({ ...order, buyer: null }, "Moda Sur", origin)).toMatch(/^¡Hola! Te escribimos de Moda Sur/);
    expect(orderReply({ ...order, status: "pagado" }, "Moda Sur", origin)).toContain("Recibimos tu pago. ¡Gracias!");
  });

  it("on confirming, says how to pay with the details the store gave; when ready, where to pick it up", () => {
    const payment = { method: "transferencia" as const, alias: "mi.tienda.mp", cbu: "0720429088000002339140", holder: "Ana Pérez" };
    expect(orderReply({ ...order, status: "confirmado", payment }, "Moda Sur", origin)).toBe(
      [
        "¡Hola, Ana! Te escribimos de Moda Sur por tu pedido #K7P2 ($16.000).",
        "Tu pedido está confirmado. Para pagar:",
        "Pago: Transferencia bancaria",
        "Alias: mi.tienda.mp",
        "CBU: 0720429088000002339140",
        "Titular: Ana Pérez",
        "Mira tu pedido aquí: https://vidriera.test/pedido/abc",
      ].join("\n"),
    );
    expect(orderReply({ ...order, status: "listo" }, "Moda Sur", origin)).toContain(
      "Tu pedido está listo para retirar.\nRetíralo en: Av. Corrientes 1234, CABA\n",
    );
    // A delivery cost still to agree is said with the total.
    const toAgree = { ...order, delivery: { kind: "envio" as const, zone: null, cost: null, pickupAddress: null } };
    expect(orderReply(toAgree, "Moda Sur", origin)).toContain("($16.000 + envío)");
  });

  it("opens the buyer's own chat when they gave their number, else lets WhatsApp ask which chat", () => {
    const direct = new URL(orderReplyUrl(order, "Moda Sur", origin));
    expect(direct.origin + direct.pathname).toBe("https://wa.me/5491123456789");
    expect(direct.searchParams.get("text")).toBe(orderReply(order, "Moda Sur", origin));
    const chooser = new URL(orderReplyUrl({ ...order, buyerWhatsapp: null }, "Moda Sur", origin));
    expect(chooser.origin + chooser.pathname).toBe("https://wa.me/");
    expect(chooser.searchParams.get("text")).toBe(orderReply(order, "Moda Sur", origin));
  });

  it("counts the orders still new, for the menu's badge", () => {
    expect(newOrdersCount([{ status: "nuevo" }, { status: "confirmado" }, { status: "nuevo" }, { status: "cancelado" }])).toBe(2);
    expect(newOrdersCount([])).toBe(0);
  });
});
