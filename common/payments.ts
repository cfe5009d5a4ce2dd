/** Payment texts and shapes shared by the Worker and the screens (spec sections 5 and 8). */
import { imagesCountLabel } from "./credits";
import { PROVIDER_NAMES, type PaymentRoute } from "./packs";

export const LOGIN_TO_BUY = "Debes iniciar sesión para comprar créditos.";
export const CHOOSE_A_PACK = "Por favor selecciona un pack de imágenes.";
export const LOGIN_FOR_PAGE = "Debes iniciar sesión para acceder a esta página.";
export const NOT_AVAILABLE_IN_COUNTRY = "No disponible en tu país";
export const UNEXPECTED_PAYMENT_ERROR = "Ocurrió un error inesperado al intentar procesar el pago.";
export const AUTO_CHARGE_FAILED = "Ocurrió un error al intentar descontar los créditos.";
export const AUTO_CHARGE_DONE = "Se descontaron 500 créditos.";

/** 'Error al crear la preferencia de pago ({status})': the provider refused to open a checkout. */
export function checkoutFailed(status: number): string {
  return `Error al crear la preferencia de pago (${status})`;
}

/** 'No se recibió la URL de pago de …', naming the provider. */
export function missingPaymentUrl(route: PaymentRoute): string {
  return `No se recibió la URL de pago de ${PROVIDER_NAMES[route]}.`;
}

export type PaymentPurpose = "credits" | "store_plan";
export type PaymentStatus = "pending" | "approved" | "rejected";

/** A checkout as the return page reads it. */
export interface PaymentView {
  id: string;
  purpose: PaymentPurpose;
  packId: string | null;
  credits: number;
  amount: number;
  currency: string;
  status: PaymentStatus;
  createdAt: string;
  /** Credits this payment added because it paid a store plan that was already active (0 otherwise). */
  convertedCredits: number;
}

/** What the return page says when a store-plan payment arrived for a plan that was already active. */
export function planPaidAsCredits(credits: number): string {
  return `Tu Tienda ya estaba activa: sumamos ${imagesCountLabel(credits)} a tu saldo por este pago.`;
}

/** One entry of GET /api/payments/exchange-rates (spec section 3): units of `target_currency` per 1 USD. */
export interface ExchangeRateEntry {
  source_currency: "USD";
  target_currency: string;
  value: number;
}
