/** Texts the payment screens compute, kept apart from the components so they can be tested alone. */
import { CURRENCY_INFO, PROVIDER_NAMES, type PaymentRoute } from "../../../common/packs";
import { AUTO_CHARGE_FAILED } from "../../../common/payments";
import { ApiFailure } from "../../lib/api";

/** The price label under the title: which money the prices are in and who collects. */
export function countryPriceLabel(country: string | null, route: PaymentRoute, currency: string): string {
  const info = CURRENCY_INFO[currency];
  const money = info ? `${info.name} (${currency})` : currency;
  if (route === "mercadopago") return `${info?.flag ?? ""} Precios en ${money}. Pagás con ${PROVIDER_NAMES.mercadopago}.`.trim();
  if (currency === "USD") {
    const where = country ? "para tu país" : "porque no pudimos detectar tu país";
    return `Precios en dólares estadounidenses (USD) ${where}. Pagás con ${PROVIDER_NAMES.dlocalgo}, que convierte a tu moneda al pagar.`;
  }
  return `${info?.flag ?? ""} Precios aproximados en ${money}. Pagás con ${PROVIDER_NAMES.dlocalgo} en dólares, convertidos a tu moneda al momento del pago.`.trim();
}

/** The spec's reading of an automatic-charge failure: the body's message, else 'Error {status}', else the fallback. */
export function autoChargeError(err: unknown): string {
  if (err instanceof ApiFailure) return err.message || (err.status ? `Error ${err.status}` : AUTO_CHARGE_FAILED);
  return AUTO_CHARGE_FAILED;
}
