/**
 * The shopper's cart and the order message, shared by the public store's cart
 * script (which keeps the cart) and the Worker (which saves the order and
 * writes the WhatsApp message from prices it re-read itself).
 */
import { digitsOnly, formatArs } from "./store-format";

/** A cart line (spec section 3): identified by product id plus size name. */
export interface CartLine {
  productId: string;
  name: string;
  /** Unit price in ARS as the page showed it; the server re-reads it when the order is sent. */
  price: number;
  image: string | null;
  /** The chosen size's name, or null for a product without sizes. */
  size: string | null;
  quantity: number;
}

export const MAX_LINE_QUANTITY = 99;

export const lineKey = (productId: string, size: string | null) => `${productId}\u0000${size ?? ""}`;

/** Adding the same product and size again adds to its quantity (spec section 4, "Cart"). */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, "quantity">, quantity = 1): CartLine[] {
  const key = lineKey(item.productId, item.size);
  const existing = lines.find((l) => lineKey(l.productId, l.size) === key);
  if (!existing) return [...lines, { ...item, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  return lines.map((l) => (l === existing ? { ...l, quantity: Math.min(l.quantity + quantity, MAX_LINE_QUANTITY) } : l));
}

/** A quantity of 0 or less removes the line; fractions are cut to whole units. */
export function setQuantity(lines: readonly CartLine[], productId: string, size: string | null, quantity: number): CartLine[] {
  const key = lineKey(productId, size);
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 0;
  if (whole <= 0) return lines.filter((l) => lineKey(l.productId, l.size) !== key);
  return lines.map((l) => (lineKey(l.productId, l.size) === key ? { ...l, quantity: Math.min(whole, MAX_LINE_QUANTITY) } : l));
}

export function removeFromCart(lines: readonly CartLine[], productId: string, size: string | null): CartLine[] {
  const key = lineKey(productId, size);
  return lines.filter((l) => lineKey(l.productId, l.size) !== key);
}

export const cartCount = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
export const cartTotal = (lines: readonly { price: number; quantity: number }[]) => lines.reduce((sum, l) => sum + l.price * l.quantity, 0);

/**
 * Reads a cart saved in the browser, dropping anything that is not a
 * well-formed line (storage is the shopper's to tamper with).
 */
export function parseSavedCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let lines: CartLine[] = [];
  for (const l of data as Partial<CartLine>[]) {
    if (!l || typeof l.productId !== "string" || typeof l.name !== "string") continue;
    if (typeof l.price !== "number" || !Number.isFinite(l.price) || l.price < 0) continue;
    if (typeof l.quantity !== "number" || !(l.quantity >= 1)) continue;
    if (l.size !== null && typeof l.size !== "string") continue;
    const image = typeof l.image === "string" ? l.image : null;
    lines = addToCart(lines, { productId: l.productId, name: l.name, price: l.price, image, size: l.size }, Math.trunc(l.quantity));
  }
  return lines;
}

/** A line of a saved order: name and price of the moment the order was sent. */
export interface OrderLine {
  productId: string;
  name: string;
  size: string | null;
  quantity: number;
  unitPrice: number;
}

export const ORDER_STATUS_LABELS = {
  nuevo: "Nuevo",
  confirmado: "Confirmado",
  entregado: "Entregado",
  cancelado: "Cancelado",
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;

export const DELIVERY_OPTIONS = ["envio", "retiro"] as const;
export type Delivery = (typeof DELIVERY_OPTIONS)[number];
export const DELIVERY_LABELS: Record<Delivery, string> = { envio: "Envío a domicilio", retiro: "Retiro en el local" };
export const BUYER_NAME_MAX_LENGTH = 80;
export const ORDER_NOTE_MAX_LENGTH = 300;

/** Who is buying, as the shopper typed it in the cart (issue 14.10). */
export interface Buyer {
  name: string;
  delivery: Delivery;
  note: string | null;
}

export interface Order {
  id: string;
  code: string;
  lines: OrderLine[];
  total: number;
  /** Null on orders placed before the cart asked for it. */
  buyer: Buyer | null;
  /** The buyer's WhatsApp, when they gave it: digits for wa.me and the number as their country writes it. */
  buyerWhatsapp: { digits: string; label: string } | null;
  status: OrderStatus;
  createdAt: string;
  /** Whether confirming already took the quantities off stock. */
  stockTaken: boolean;
  /**
   * A new order's lines the stock cannot cover now (another order took it, or the seller lowered it):
   * confirming it would be refused. Empty when it can be confirmed, and on orders past 'Nuevo'.
   */
  shortages: StockShortage[];
}

/** One line of an order that the stock cannot cover: what it asks for and what is left. */
export interface StockShortage {
  productId: string;
  name: string;
  size: string;
  asked: number;
  left: number;
  /** The product or its size no longer exists in the store. */
  gone: boolean;
}

/** 'Remera (Talle: S): pide 2, queda 1', the way the seller reads a shortage. */
export function shortageText(s: StockShortage): string {
  const what = `${s.name} (Talle: ${s.size})`;
  if (s.gone) return `${what}: pide ${s.asked}, ese talle ya no existe`;
  const left = s.left <= 0 ? "sin stock" : s.left === 1 ? "queda 1" : `quedan ${s.left}`;
  return `${what}: pide ${s.asked}, ${left}`;
}

/** Which status an order may move to from each one: confirming is the only step that touches stock. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  nuevo: ["confirmado", "cancelado"],
  confirmado: ["entregado", "cancelado"],
  entregado: [],
  cancelado: [],
};

// Every character WhatsApp may show as a new line.
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * The shopper's note as a quote (WhatsApp shows lines starting with "> " as one): every line of it is
 * marked, so a note cannot add lines that pass for the store's own ("Total: $1", "Pagado") after the real
 * total. The name the shopper typed stays on its one line.
 */
const quoted = (text: string) =>
  text
    .split(LINE_BREAK)
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
const oneLine = (text: string) => text.split(LINE_BREAK).join(" ");

/**
 * The WhatsApp message (spec section 7, "Other"): a greeting, one line per
 * item with its 'Talle', quantity and unit price, the total in bold (WhatsApp
 * bolds *text*), who orders and how, the shopper's note fenced as a quote,
 * and the order code the seller finds in the admin.
 */
export function orderMessage(order: {
  storeName: string;
  code: string;
  lines: readonly OrderLine[];
  total: number;
  buyer?: Buyer | null;
}): string {
  const items = order.lines.map((l) => {
    const size = l.size ? ` (Talle: ${l.size})` : "";
    const price = l.unitPrice > 0 ? `${formatArs(l.unitPrice)} c/u` : "precio a consultar";
    return `• ${l.name}${size} x ${l.quantity} - ${price}`;
  });
  return [
    `¡Hola ${order.storeName}! Quiero hacer el siguiente pedido:`,
    "",
    ...items,
    "",
    `*Total: ${formatArs(order.total)}*`,
    "",
    ...(order.buyer
      ? [
          `Nombre: ${oneLine(order.buyer.name)}`,
          `Entrega: ${DELIVERY_LABELS[order.buyer.delivery]}`,
          ...(order.buyer.note ? ["Nota del cliente:", quoted(order.buyer.note)] : []),
          "",
        ]
      : []),
    `Pedido #${order.code}`,
  ].join("\n");
}

/** A wa.me link to the seller's number (digits only) with the message filled in. */
export function whatsappUrl(phone: string, message: string): string {
  return `https://wa.me/${digitsOnly(phone)}?text=${encodeURIComponent(message)}`;
}

/**
 * What 'Responder por WhatsApp' writes to the buyer, by the order's status (one line per status, so a
 * status added later says its own): a greeting by first name, the store and the order's code.
 */
export const REPLY_BY_STATUS: Record<OrderStatus, string> = {
  nuevo: "Recibimos tu pedido. Te confirmamos el stock y coordinamos el pago y la entrega por acá.",
  confirmado: "Tu pedido está confirmado. ¿Coordinamos el pago y la entrega?",
  entregado: "¡Gracias por tu compra! Cualquier cosa, escríbenos por acá.",
  cancelado: "Tuvimos que cancelar tu pedido. Perdón por las molestias; si quieres, te ayudamos a elegir otra cosa.",
};

export function orderReply(order: Pick<Order, "code" | "status" | "total" | "buyer">, storeName: string): string {
  const first = order.buyer?.name.split(/\s+/)[0];
  return [
    `¡Hola${first ? `, ${first}` : ""}! Te escribimos de ${storeName} por tu pedido #${order.code} (${formatArs(order.total)}).`,
    REPLY_BY_STATUS[order.status],
  ].join(" ");
}

/**
 * The reply as a wa.me link: to the buyer's chat when they gave their number; otherwise WhatsApp asks
 * which chat to send it to (the buyer's is the one their order came from).
 */
export function orderReplyUrl(order: Pick<Order, "code" | "status" | "total" | "buyer" | "buyerWhatsapp">, storeName: string): string {
  const text = encodeURIComponent(orderReply(order, storeName));
  return order.buyerWhatsapp ? `https://wa.me/${order.buyerWhatsapp.digits}?text=${text}` : `https://wa.me/?text=${text}`;
}

/** Orders still waiting for the seller: what the menu's badge counts. */
export const newOrdersCount = (orders: readonly Pick<Order, "status">[]) => orders.filter((o) => o.status === "nuevo").length;
