/**
 * How a store delivers and how it takes money, and what an order costs with
 * its delivery. The cart script shows the total with these functions and the
 * Worker prices the order with the same ones from what D1 holds, so the figure
 * a shopper sees is the figure saved; nothing the page sends is trusted.
 */
import type { PayMethod, PayMethodKind } from "./pay-methods";
import type { ShopText } from "./shop-text";
import { formatPrice } from "./store-money";

export interface DeliveryZone {
  /** As the seller names it: 'CABA', 'GBA Norte', 'Resto del país'. */
  name: string;
  /** In the store's money (its minor unit: whole pesos, centavos); 0 is free delivery to that zone. */
  cost: number;
}

export interface DeliverySettings {
  /** Retiro: the address or area is shown to the buyer only once the order is placed. */
  pickup: { enabled: boolean; address: string | null };
  /** Envío: with no zones the cost is agreed with the store, as before zones existed. */
  shipping: { enabled: boolean; zones: DeliveryZone[]; freeFrom: number | null };
}

/** What a store without settings offers: both ways, the delivery cost to be agreed. */
export const DEFAULT_DELIVERY: DeliverySettings = {
  pickup: { enabled: true, address: null },
  shipping: { enabled: true, zones: [], freeFrom: null },
};

export const MAX_ZONES = 20;
export const ZONE_NAME_MAX_LENGTH = 40;
export const PICKUP_ADDRESS_MAX_LENGTH = 200;

export const PAYMENT_METHODS = ["transferencia", "mercadopago", "efectivo"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  transferencia: "Transferencia bancaria",
  mercadopago: "Mercado Pago",
  efectivo: "Efectivo al retirar o al recibir",
};

export interface TransferDetails {
  alias: string | null;
  cbu: string | null;
  /** The account holder's name, which the buyer's bank shows before sending. */
  holder: string;
}

export interface PaymentSettings {
  transfer: TransferDetails | null;
  /** A payment link made in Mercado Pago (mpago.la/…, link.mercadopago.com.ar/…). */
  mercadoPago: { link: string } | null;
  cash: boolean;
}

export const DEFAULT_PAYMENTS: PaymentSettings = { transfer: null, mercadoPago: null, cash: false };

/** The ways to pay a store lists, in the cart's order. */
export function offeredPayments(payments: PaymentSettings): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) =>
    m === "transferencia" ? payments.transfer : m === "mercadopago" ? payments.mercadoPago : payments.cash,
  );
}

/**
 * What a store's pages tell shoppers of its delivery and ways to pay, for the cart to price the delivery
 * and offer the ways: never the pick-up address nor the details to pay with, which come with the order.
 */
export interface ShopperCheckout {
  delivery: DeliverySettings;
  /** The ways offered, as the cart sends them back (payChoice): Argentina's keep their names of old. */
  payments: PayChoice[];
  /** The store's country (ISO 3166): the address asks for its postal code (common/postal-codes.ts). */
  country: string;
}

/** Argentina's ways keep the names orders and carts used before every country had its own. */
const LEGACY_CHOICES: Partial<Record<PayMethodKind, PaymentMethod>> = {
  ar_transfer: "transferencia",
  mercadopago: "mercadopago",
  cash: "efectivo",
};

/** What the cart sends for a way to pay: 'transferencia', 'efectivo', 'mercadopago', or the way's kind ('pix'). */
export type PayChoice = PaymentMethod | Exclude<PayMethodKind, "ar_transfer" | "cash">;

export const payChoice = (kind: PayMethodKind): PayChoice => (LEGACY_CHOICES[kind] ?? kind) as PayChoice;

/** The store's way a choice names, or undefined when the store does not offer it. */
export const chosenPayMethod = (methods: readonly PayMethod[], choice: string): PayMethod | undefined =>
  methods.find((m) => payChoice(m.kind) === choice);

/** The store's delivery and ways to pay as its pages may show them (never the pick-up address, never the details). */
export function shopperCheckout(settings: { delivery: DeliverySettings }, methods: readonly PayMethod[], country: string): ShopperCheckout {
  const { pickup, shipping } = settings.delivery;
  return {
    delivery: { pickup: { enabled: pickup.enabled, address: null }, shipping },
    payments: methods.map((m) => payChoice(m.kind)),
    country,
  };
}

/**
 * The details a buyer pays with, saved with the order as the store gave them then: Argentina's ways as
 * orders always kept them, any other way as its own PayMethod fields under its kind.
 */
export type PaymentDetails =
  | { method: "transferencia"; alias: string | null; cbu: string | null; holder: string }
  | { method: "mercadopago"; link: string }
  | { method: "efectivo" }
  | ({ method: Exclude<PayMethodKind, "ar_transfer" | "mercadopago" | "cash"> } & Record<string, string | null>);

/** What an order keeps of the way chosen. */
export function paymentDetailsOf(method: PayMethod): PaymentDetails {
  if (method.kind === "ar_transfer") return { method: "transferencia", alias: method.alias, cbu: method.cbu, holder: method.holder };
  if (method.kind === "mercadopago") return { method: "mercadopago", link: method.link };
  if (method.kind === "cash") return { method: "efectivo" };
  const { kind, ...fields } = method;
  return { method: kind, ...fields } as PaymentDetails;
}

/** The way an order's saved details stand for, to read them with common/pay-details.ts. */
export function payMethodOf(details: PaymentDetails): PayMethod {
  if (details.method === "transferencia") return { kind: "ar_transfer", alias: details.alias, cbu: details.cbu, holder: details.holder };
  if (details.method === "mercadopago") return { kind: "mercadopago", link: details.link as string };
  if (details.method === "efectivo") return { kind: "cash" };
  const { method, ...fields } = details;
  return { kind: method, ...fields } as unknown as PayMethod;
}

export function paymentDetails(payments: PaymentSettings, method: PaymentMethod): PaymentDetails | null {
  if (method === "transferencia") return payments.transfer ? { method, ...payments.transfer } : null;
  if (method === "mercadopago") return payments.mercadoPago ? { method, link: payments.mercadoPago.link } : null;
  return payments.cash ? { method } : null;
}

/** What the shopper chose in the cart. */
export type DeliveryChoice = { kind: "envio"; zone: string | null } | { kind: "retiro" };

export interface DeliveryQuote {
  kind: "envio" | "retiro";
  zone: string | null;
  /** In the store's money (minor unit); null while it is to be agreed with the store (envío without zones). */
  cost: number | null;
  /** The free-delivery threshold made it 0. */
  free: boolean;
}

export const CHOOSE_DELIVERY = "Elige envío a domicilio o retiro en el local.";
export const CHOOSE_ZONE = "Elige la zona de envío.";
export const CHOOSE_PAYMENT = "Elige cómo quieres pagar.";
export const NO_PICKUP = "Esta tienda no ofrece retiro en el local.";
export const NO_SHIPPING = "Esta tienda no hace envíos: elige retiro en el local.";

/**
 * The delivery of an order with these lines' subtotal: the zone's cost, free
 * from the threshold on, 0 for retiro, null for envío to agree (no zones).
 */
export function quoteDelivery(settings: DeliverySettings, choice: DeliveryChoice, subtotal: number): DeliveryQuote | { error: string } {
  if (choice.kind === "retiro") {
    return settings.pickup.enabled ? { kind: "retiro", zone: null, cost: 0, free: false } : { error: NO_PICKUP };
  }
  const { shipping } = settings;
  if (!shipping.enabled) return { error: NO_SHIPPING };
  const free = shipping.freeFrom !== null && subtotal >= shipping.freeFrom;
  if (!shipping.zones.length) return { kind: "envio", zone: null, cost: free ? 0 : null, free };
  const zone = shipping.zones.find((z) => z.name === choice.zone);
  if (!zone) return { error: CHOOSE_ZONE };
  return { kind: "envio", zone: zone.name, cost: free ? 0 : zone.cost, free: free && zone.cost > 0 };
}

/** What the buyer pays: the lines plus a known delivery cost (one to agree is added later, by the store). */
export const orderTotal = (subtotal: number, deliveryCost: number | null) => subtotal + (deliveryCost ?? 0);

/** The lines' sum in the store's minor unit. */
export const linesSubtotal = (lines: readonly { unitPrice: number; quantity: number }[]) =>
  Math.round(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));

/** How the delivery reads in the cart, the message and the order page, in the store's words and money. */
export function deliveryCostText(quote: { kind: "envio" | "retiro"; cost: number | null }, shop: ShopText): string {
  if (quote.kind === "retiro") return shop.t("delivery.noCost");
  if (quote.cost === null) return shop.t("delivery.toAgree");
  return quote.cost === 0 ? shop.t("delivery.free") : formatPrice(quote.cost, shop.money);
}

/** 'Envío gratis desde $50.000', or null without a threshold. */
export const freeDeliveryText = (freeFrom: number | null, shop: ShopText) =>
  freeFrom === null ? null : shop.t("delivery.freeFrom", { amount: formatPrice(freeFrom, shop.money) });
