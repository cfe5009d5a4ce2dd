/**
 * The shopper's cart and the order message, shared by the public store's cart
 * script (which keeps the cart) and the Worker (which saves the order and
 * writes the WhatsApp message from prices it re-read itself).
 */
import type { CouponKind } from "./coupons";
import { deliveryCostText, type PaymentDetails, payMethodOf, type ShopperCheckout } from "./checkout";
import type { OrderStatus, StatusStep } from "./order-status";
import { payMessageLines } from "./pay-details";
import { localVariantLabel, type ShopText } from "./shop-text";
import { digitsOnly } from "./store-format";
import { formatPrice, orderMoney, type StoreMoney } from "./store-money";
import { type ColorStock, type SizeStock, variantLabel } from "./variants";

/** One product as the store page hands it to the cart script. */
export interface StoreItem {
  id: string;
  name: string;
  price: number;
  sizes: SizeStock[];
  colors: ColorStock[];
  /** Units of a product without colours nor sizes, when counted (common/variants.ts). */
  stock?: number | null;
  image: string | null;
  /** Set when the product has a size guide (its own or its category's): the size picker links to it. */
  sizeGuide?: true;
}

/** The JSON the store page hands to its cart script: worker/pages/render.ts writes it, web/store/cart.ts reads it. */
export interface StorePageData {
  username: string;
  /** True on the store page (every product is listed), false on a product's own page. */
  all: boolean;
  products: StoreItem[];
  checkout: ShopperCheckout;
  /** The store's locale and money, and the cart's messages in that locale only (common/i18n cartMessages). */
  locale: string;
  money: StoreMoney;
  messages: Record<string, unknown>;
}

/** A cart line (spec section 3): identified by product id, colour and size. */
export interface CartLine {
  productId: string;
  name: string;
  /** Unit price in the store's minor unit as the page showed it; the server re-reads it when the order is sent. */
  price: number;
  image: string | null;
  /** The chosen colour, or null for a product without colours. */
  color: string | null;
  /** The chosen size's name, or null for a product (or colour) without sizes. */
  size: string | null;
  quantity: number;
}

/** What tells two lines apart. */
export type LineId = Pick<CartLine, "productId" | "color" | "size">;

export const MAX_LINE_QUANTITY = 99;

export const lineKey = (line: LineId) => `${line.productId}\u0000${line.color ?? ""}\u0000${line.size ?? ""}`;

/** Adding the same product, colour and size again adds to its quantity (spec section 4, "Cart"). */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, "quantity">, quantity = 1): CartLine[] {
  const key = lineKey(item);
  const existing = lines.find((l) => lineKey(l) === key);
  if (!existing) return [...lines, { ...item, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  return lines.map((l) => (l === existing ? { ...l, quantity: Math.min(l.quantity + quantity, MAX_LINE_QUANTITY) } : l));
}

/** A quantity of 0 or less removes the line; fractions are cut to whole units. */
export function setQuantity(lines: readonly CartLine[], line: LineId, quantity: number): CartLine[] {
  const key = lineKey(line);
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 0;
  if (whole <= 0) return lines.filter((l) => lineKey(l) !== key);
  return lines.map((l) => (lineKey(l) === key ? { ...l, quantity: Math.min(whole, MAX_LINE_QUANTITY) } : l));
}

export function removeFromCart(lines: readonly CartLine[], line: LineId): CartLine[] {
  const key = lineKey(line);
  return lines.filter((l) => lineKey(l) !== key);
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
    // Carts saved before colours have none: the product's one implicit colour.
    if (l.color !== undefined && l.color !== null && typeof l.color !== "string") continue;
    const image = typeof l.image === "string" ? l.image : null;
    const item = { productId: l.productId, name: l.name, price: l.price, image, color: l.color ?? null, size: l.size };
    lines = addToCart(lines, item, Math.trunc(l.quantity));
  }
  return lines;
}

/** A line of a saved order: name and price of the moment the order was sent. */
export interface OrderLine {
  productId: string;
  name: string;
  /** Null for a product without colours (and on every order from before colours). */
  color: string | null;
  size: string | null;
  quantity: number;
  unitPrice: number;
  /** The product's short code when the order was placed (what the buyer quotes); absent on older orders. */
  code?: string | null;
}

/** How a product's short code reads next to its name: on order lines, the product page and the pricing card. */
export const productCodeLabel = (code: string) => `Cód. ${code}`;

/** What follows an order line to name its product's code (" · Cód. R4TQ9"), or "" on older orders. */
export const lineCodeSuffix = (line: Pick<OrderLine, "code">) => (line.code ? ` · ${productCodeLabel(line.code)}` : "");

export const DELIVERY_OPTIONS = ["envio", "retiro"] as const;
export type Delivery = (typeof DELIVERY_OPTIONS)[number];
export const DELIVERY_LABELS: Record<Delivery, string> = { envio: "Envío a domicilio", retiro: "Retiro en el local" };
export const BUYER_NAME_MAX_LENGTH = 80;
export const ORDER_NOTE_MAX_LENGTH = 300;

/** Who is buying, as the shopper typed it in the cart. */
export interface Buyer {
  name: string;
  delivery: Delivery;
  note: string | null;
}

/** How the order reaches the buyer, as priced when it was placed. */
export interface OrderDelivery {
  kind: Delivery;
  /** The store's zone for envío ('CABA'), or null. */
  zone: string | null;
  /** In the store's money, minor unit (0: free); null while it is to be agreed with the store. */
  cost: number | null;
  /** Retiro: where, as the store said when the order was placed. */
  pickupAddress: string | null;
  /** Envío: where the buyer wants it, as they typed it (null for retiro and on older orders). */
  address?: DeliveryAddress | null;
}

/** Where an envío goes, as the buyer typed it in the cart. */
export interface DeliveryAddress {
  /** Street and number: 'Av. Corrientes 1234'. */
  street: string;
  /** 'Palermo, CABA'. */
  locality: string;
  /** Floor, flat, doorbell, between which streets; optional. */
  reference: string | null;
  /** As the store's country writes it (common/postal-codes.ts); null where none is asked or given, and on older orders. */
  postalCode?: string | null;
}

/** 'Av. Corrientes 1234, Palermo, CABA': one line, as the message and the order page show it. */
export const addressText = (address: DeliveryAddress) => `${address.street}, ${address.locality}`;

export interface Order {
  id: string;
  code: string;
  lines: OrderLine[];
  /** The lines alone. */
  subtotal: number;
  /** What the buyer pays: the lines plus a known delivery cost. */
  total: number;
  /** Null on orders placed before the cart asked for it. */
  buyer: Buyer | null;
  /** The buyer's WhatsApp, when they gave it: digits for wa.me and the number as their country writes it. */
  buyerWhatsapp: { digits: string; label: string } | null;
  /** Null on orders placed before the cart priced the delivery. */
  delivery: OrderDelivery | null;
  /** How the buyer said they pay, with the details the store gave; null when the store lists none. */
  payment: PaymentDetails | null;
  /** The discount code the buyer used, or null. */
  coupon?: OrderCoupon | null;
  /**
   * The currency its amounts are in (ISO 4217): the shop's when the order was placed, whatever the store sells
   * in now. Every amount of the order is written with it (common/store-money.ts orderMoney).
   */
  currency: string;
  status: OrderStatus;
  history: StatusStep[];
  /** The buyer's private page (/pedido/<token>), which the seller's messages carry. */
  link: string;
  createdAt: string;
  /** Whether confirming already took the quantities off stock. */
  stockTaken: boolean;
  /**
   * A new order's lines the stock cannot cover now (another order took it, or the seller lowered it):
   * confirming it would be refused. Empty when it can be confirmed, and on orders past 'Nuevo'.
   */
  shortages: StockShortage[];
}

/**
 * A discount code as the order keeps it: its code and kind when placed, and what it took off in the order's
 * currency (free shipping: the delivery cost waived, already out of the delivery line).
 */
export interface OrderCoupon {
  code: string;
  kind: CouponKind;
  discount: number;
}

/** 'Cupón INVIERNO10: -$1.250', 'Cupón ENVIOGRATIS: envío gratis': the coupon's line on the message and the order page. */
export function couponLine(coupon: OrderCoupon, shop: ShopText): string {
  return coupon.kind === "free_shipping"
    ? shop.t("message.couponFreeShipping", { code: coupon.code })
    : shop.t("message.coupon", { code: coupon.code, amount: formatPrice(coupon.discount, shop.money) });
}

/** One line of an order that the stock cannot cover: what it asks for and what is left. */
export interface StockShortage {
  productId: string;
  name: string;
  color: string | null;
  size: string;
  asked: number;
  left: number;
  /** The product, its colour or its size no longer exists in the store. */
  gone: boolean;
}

/** 'Remera (Color: Negro, Talle: S): pide 2, queda 1', the way the seller reads a shortage. */
export function shortageText(s: StockShortage): string {
  const what = variantLabel(s.name, s.color, s.size);
  if (s.gone) return `${what}: pide ${s.asked}, ${s.color ? "esa combinación" : "ese talle"} ya no existe`;
  const left = s.left <= 0 ? "sin stock" : s.left === 1 ? "queda 1" : `quedan ${s.left}`;
  return `${what}: pide ${s.asked}, ${left}`;
}

/**
 * How the buyer pays, line by line, as the message and the buyer's status messages say it, in the
 * store's language; a Pix way carries the order's "Pix copia e cola" (its total and code).
 */
export function paymentLines(payment: PaymentDetails, shop: ShopText, order?: { total: number; code: string; currency: string }): string[] {
  return payMessageLines(payMethodOf(payment), shop.t, order && { total: order.total, code: order.code, currency: order.currency });
}

/** The store's words with the money of one order: its amounts in its own currency, in the store's number format. */
export const inOrderMoney = (shop: ShopText, order: { currency: string }): ShopText => ({ ...shop, money: orderMoney(order, shop.locale) });

/** 'Envío (CABA)', 'Retiro en el local': the delivery's name on the message, the cart and the order page. */
export function deliveryName(delivery: { kind: Delivery; zone: string | null }, shop: ShopText): string {
  if (delivery.kind === "retiro") return shop.t("delivery.pickup");
  return delivery.zone ? shop.t("delivery.shippingTo", { zone: delivery.zone }) : shop.t("delivery.shippingShort");
}

/** 'Envío (CABA): $3.000', 'Retiro en el local: Sin costo'. */
export function deliveryLine(delivery: OrderDelivery, shop: ShopText): string {
  return `${deliveryName(delivery, shop)}: ${deliveryCostText(delivery, shop)}`;
}

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

/** The buyer's address in the message, each part on its own line (typed text, so never more than one line each). */
const addressLines = (address: DeliveryAddress, shop: ShopText) => [
  shop.t("message.address", { address: oneLine(addressText(address)) }),
  ...(address.postalCode ? [shop.t("message.postalCode", { code: address.postalCode })] : []),
  ...(address.reference ? [shop.t("message.reference", { reference: oneLine(address.reference) })] : []),
];

/**
 * The WhatsApp message (spec section 7, "Other"): a greeting, one line per
 * item with its colour, 'Talle', quantity and unit price, the delivery and
 * the total in bold (WhatsApp bolds *text*), who buys, how they pay, the
 * shopper's note fenced as a quote, the order code the seller finds in the
 * admin and the order's page.
 */
export function orderMessage(
  order: {
    storeName: string;
    code: string;
    lines: readonly OrderLine[];
    subtotal: number;
    total: number;
    currency: string;
    buyer?: Buyer | null;
    /** The buyer's WhatsApp as their country writes it, when they gave it. */
    buyerWhatsapp?: { label: string } | null;
    delivery?: OrderDelivery | null;
    payment?: PaymentDetails | null;
    coupon?: OrderCoupon | null;
    /** The order page's absolute address. */
    link?: string | null;
  },
  storeShop: ShopText,
): string {
  const shop = inOrderMoney(storeShop, order);
  const { t } = shop;
  const price = (minor: number) => formatPrice(minor, shop.money);
  const items = order.lines.map((l) => {
    const item = localVariantLabel(shop, l.name, l.color, l.size);
    const text =
      l.unitPrice > 0
        ? t("message.item", { item, quantity: l.quantity, price: price(l.unitPrice) })
        : t("message.itemNoPrice", { item, quantity: l.quantity });
    return l.code ? `${text} · ${t("product.code", { code: l.code })}` : text;
  });
  const delivery = order.delivery;
  const toAgree = delivery?.kind === "envio" && delivery.cost === null;
  const how = order.buyer ? (order.buyer.delivery === "envio" ? t("delivery.shipping") : t("delivery.pickup")) : "";
  return [
    t("message.greeting", { store: order.storeName }),
    "",
    ...items,
    "",
    ...(delivery || order.coupon ? [t("message.subtotal", { amount: price(order.subtotal) })] : []),
    ...(order.coupon ? [couponLine(order.coupon, shop)] : []),
    ...(delivery ? [deliveryLine(delivery, shop)] : []),
    t(toAgree ? "message.totalPlusShipping" : "message.total", { amount: price(order.total) }),
    "",
    ...(order.buyer
      ? [
          t("message.name", { name: oneLine(order.buyer.name) }),
          ...(order.buyerWhatsapp ? [t("message.whatsapp", { phone: order.buyerWhatsapp.label })] : []),
          t("message.delivery", { delivery: `${how}${delivery?.zone ? ` (${delivery.zone})` : ""}` }),
          ...(delivery?.address ? addressLines(delivery.address, shop) : []),
          ...(order.payment ? paymentLines(order.payment, shop, order) : []),
          ...(order.buyer.note ? [t("message.note"), quoted(order.buyer.note)] : []),
          "",
        ]
      : []),
    t("message.code", { code: order.code }),
    ...(order.link ? [t("message.viewOrder", { link: order.link })] : []),
  ].join("\n");
}

/** A wa.me link to a number (digits only) with the message filled in. */
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
  pagado: "Recibimos tu pago. ¡Gracias! Te avisamos por acá cómo sigue.",
  enviado: "Tu pedido ya está en camino.",
  listo: "Tu pedido está listo para retirar.",
  entregado: "¡Gracias por tu compra! Cualquier cosa, escríbenos por acá.",
  cancelado: "Tuvimos que cancelar tu pedido. Perdón por las molestias; si quieres, te ayudamos a elegir otra cosa.",
};

type ReplyOrder = Pick<Order, "code" | "status" | "total" | "currency" | "buyer" | "delivery" | "payment" | "link">;

/**
 * The message a status change sends the buyer (one tap in 'Pedidos'): the news, what the buyer needs for
 * that step (how to pay once confirmed, where to pick it up once ready) and the order's own page.
 */
export function orderReply(order: ReplyOrder, storeName: string, origin: string, storeShop: ShopText): string {
  const shop = inOrderMoney(storeShop, order);
  const { t } = shop;
  const first = order.buyer?.name.split(/\s+/)[0];
  const toAgree = order.delivery?.kind === "envio" && order.delivery.cost === null;
  const amount = formatPrice(order.total, shop.money);
  const total = toAgree ? t("cart.plusShipping", { total: amount }) : amount;
  const pay = order.status === "confirmado" && order.payment;
  return [
    first
      ? t("reply.greetingNamed", { name: first, store: storeName, code: order.code, total })
      : t("reply.greeting", { store: storeName, code: order.code, total }),
    pay ? t("reply.confirmedPay") : t(`reply.${order.status}`),
    ...(pay ? paymentLines(order.payment!, shop, order) : []),
    ...(order.status === "listo" && order.delivery?.pickupAddress ? [t("reply.pickupAt", { address: order.delivery.pickupAddress })] : []),
    t("reply.see", { link: `${origin}${order.link}` }),
  ].join("\n");
}

/**
 * The reply as a wa.me link: to the buyer's chat when they gave their number; otherwise WhatsApp asks
 * which chat to send it to (the buyer's is the one their order came from).
 */
export function orderReplyUrl(order: ReplyOrder & Pick<Order, "buyerWhatsapp">, storeName: string, origin: string, shop: ShopText): string {
  const text = encodeURIComponent(orderReply(order, storeName, origin, shop));
  return order.buyerWhatsapp ? `https://wa.me/${order.buyerWhatsapp.digits}?text=${text}` : `https://wa.me/?text=${text}`;
}

/** Orders still waiting for the seller: what the menu's badge counts. */
export const newOrdersCount = (orders: readonly Pick<Order, "status">[]) => orders.filter((o) => o.status === "nuevo").length;
