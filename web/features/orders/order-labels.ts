/**
 * How the seller's screens name an order's parts, in the seller's language (./texts): its status, the
 * moves, how it is delivered and paid, its lines and what is short. The buyer's texts (the WhatsApp reply,
 * the order page) stay in the store's language (common/i18n shopText).
 */
import { type PaymentDetails, payMethodOf } from "../../../common/checkout";
import type { OrderStatus } from "../../../common/order-status";
import { PAY_METHOD_NAMES, type PayMethodKind } from "../../../common/pay-methods";
import type { Delivery, StockShortage } from "../../../common/store-cart";
import type { SizesWord } from "../../../common/store-locale";
import { t } from "./texts";

export function statusLabel(status: OrderStatus): string {
  const labels: Record<OrderStatus, string> = {
    nuevo: t("statusNew"),
    confirmado: t("statusConfirmed"),
    pagado: t("statusPaid"),
    enviado: t("statusSent"),
    listo: t("statusReady"),
    entregado: t("statusDelivered"),
    cancelado: t("statusCancelled"),
  };
  return labels[status];
}

/** What each move is called on its button; 'Cancelar pedido' asks first (see CancelOrderDialog). */
export function actionLabel(status: OrderStatus): string {
  const labels: Record<OrderStatus, string> = {
    nuevo: t("actionNew"),
    confirmado: t("actionConfirm"),
    pagado: t("actionPaid"),
    enviado: t("actionSent"),
    listo: t("actionReady"),
    entregado: t("actionDelivered"),
    cancelado: t("cancelOrder"),
  };
  return labels[status];
}

export const deliveryLabel = (delivery: Delivery) => (delivery === "envio" ? t("deliveryEnvio") : t("deliveryRetiro"));

/** Ways whose name is a description; the others (Pix, Yape, M-Pesa…) are brands, the same in every language. */
const DESCRIBED: Partial<Record<PayMethodKind, () => string>> = {
  cash: () => t("payCash"),
  ar_transfer: () => t("payArTransfer"),
  spei: () => t("paySpei"),
  cl_transfer: () => t("payBankTransfer"),
  ng_transfer: () => t("payNgTransfer"),
  bank_transfer: () => t("payBankTransfer"),
  breb: () => t("payBreb"),
};

/** Orders from before the ways to pay were per country name theirs as Argentina's ways of old did. */
export function paymentName(payment: PaymentDetails): string {
  if (payment.method === "transferencia") return t("payBankTransfer");
  if (payment.method === "efectivo") return t("payCash");
  const kind = payMethodOf(payment).kind;
  return DESCRIBED[kind]?.() ?? PAY_METHOD_NAMES[kind];
}

/** 'Remera (Color: Negro, Talle: M)', with the store's word for sizes in Spanish. */
export function lineLabel(name: string, color: string | null | undefined, size: string | null | undefined, sizesWord: SizesWord): string {
  const parts = [
    color ? t("lineColor", { color }) : null,
    size ? (sizesWord === "talle" ? t("lineTalle", { size }) : t("lineTalla", { size })) : null,
  ].filter(Boolean);
  return parts.length ? `${name} (${parts.join(", ")})` : name;
}

export function shortageLine(s: StockShortage, sizesWord: SizesWord): string {
  const what = lineLabel(s.name, s.color, s.size, sizesWord);
  const values = { what, asked: s.asked };
  if (s.gone) return s.color ? t("shortageGoneCombination", values) : t("shortageGoneSize", values);
  if (s.left <= 0) return t("shortageNone", values);
  return t("shortageLeft", { ...values, left: s.left });
}
