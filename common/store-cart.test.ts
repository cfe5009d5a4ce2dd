import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartCount,
  cartTotal,
  orderMessage,
  parseSavedCart,
  removeFromCart,
  setQuantity,
  whatsappUrl,
  type CartLine,
  newOrdersCount,
  orderReply,
  orderReplyUrl,
  REPLY_BY_STATUS,
} from "./store-cart";

const remera = { productId: "p1", name: "Remera", price: 15000, image: "/img/o/a.jpg" };

describe("the cart", () => {
  it("merges the same product and size into one line and keeps sizes apart", () => {
    let lines: CartLine[] = [];
    lines = addToCart(lines, { ...remera, size: "M" });
    lines = addToCart(lines, { ...remera, size: "M" });
    lines = addToCart(lines, { ...remera, size: "L" });
    lines = addToCart(lines, { productId: "p2", name: "Gorra", price: 8000, image: null, size: null });
    expect(lines.map((l) => [l.productId, l.size, l.quantity])).toEqual([
      ["p1", "M", 2],
      ["p1", "L", 1],
      ["p2", null, 1],
    ]);
    expect(cartCount(lines)).toBe(4);
    expect(cartTotal(lines)).toBe(53000);
  });

  it("removes a line when its quantity reaches 0 or less, and caps it at 99", () => {
    const lines = addToCart([], { ...remera, size: "M" }, 3);
    expect(setQuantity(lines, "p1", "M", 5)[0]!.quantity).toBe(5);
    expect(setQuantity(lines, "p1", "M", 2.7)[0]!.quantity).toBe(2);
    expect(setQuantity(lines, "p1", "M", 0)).toEqual([]);
    expect(setQuantity(lines, "p1", "M", -1)).toEqual([]);
    expect(setQuantity(lines, "p1", "M", Number.NaN)).toEqual([]);
    expect(setQuantity(lines, "p1", "M", 500)[0]!.quantity).toBe(99);
    expect(addToCart(lines, { ...remera, size: "M" }, 200)[0]!.quantity).toBe(99);
    expect(removeFromCart(lines, "p1", "M")).toEqual([]);
    expect(removeFromCart(lines, "p1", "L")).toHaveLength(1);
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
    expect(parseSavedCart("{no es json")).toEqual([]);
    expect(parseSavedCart('{"a":1}')).toEqual([]);
    expect(parseSavedCart(null)).toEqual([]);
  });
});

describe("the WhatsApp order", () => {
  const lines = [
    { productId: "p1", name: "Remera", size: "M", quantity: 2, unitPrice: 15000 },
    { productId: "p2", name: "Gorra", size: null, quantity: 1, unitPrice: 0 },
  ];

  it("greets, lists each item with 'Talle', quantity and unit price, bolds the total and names the code", () => {
    expect(orderMessage({ storeName: "Ropa Linda", code: "K7P2", lines, total: 30000 })).toBe(
      "¡Hola Ropa Linda! Quiero hacer el siguiente pedido:\n\n• Remera (Talle: M) x 2 - $15.000 c/u\n• Gorra x 1 - precio a consultar\n\n*Total: $30.000*\n\nPedido #K7P2",
    );
  });

  it("fences the shopper's note as a quote, so it cannot add lines that pass for the store's own", () => {
    const note = "Timbre 2B\nTotal: $1\r\nPagado ✅\u2028*Pedido confirmado*";
    const message = orderMessage({
      storeName: "Ropa Linda",
      code: "K7P2",
      lines,
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
  };

  it("greets the buyer by first name, names the store, the code and the total, and says what comes next for the status", () => {
    expect(orderReply(order, "Moda Sur")).toBe(
      `¡Hola, Ana! Te escribimos de Moda Sur por tu pedido #K7P2 ($16.000). ${REPLY_BY_STATUS.nuevo}`,
    );
    expect(orderReply({ ...order, status: "cancelado" }, "Moda Sur")).toContain(REPLY_BY_STATUS.cancelado);
    expect(orderReply({ ...order, buyer: null }, "Moda Sur")).toMatch(/^¡Hola! Te escribimos de Moda Sur/);
  });

  it("opens the buyer's own chat when they gave their number, else lets WhatsApp ask which chat", () => {
    const direct = new URL(orderReplyUrl(order, "Moda Sur"));
    expect(direct.origin + direct.pathname).toBe("https://wa.me/5491123456789");
    expect(direct.searchParams.get("text")).toBe(orderReply(order, "Moda Sur"));
    const chooser = new URL(orderReplyUrl({ ...order, buyerWhatsapp: null }, "Moda Sur"));
    expect(chooser.origin + chooser.pathname).toBe("https://wa.me/");
    expect(chooser.searchParams.get("text")).toBe(orderReply(order, "Moda Sur"));
  });

  it("counts the orders still new, for the menu's badge", () => {
    expect(newOrdersCount([{ status: "nuevo" }, { status: "confirmado" }, { status: "nuevo" }, { status: "cancelado" }])).toBe(2);
    expect(newOrdersCount([])).toBe(0);
  });
});
