/** Texts the payment screens compute, kept apart from the components so they can be tested alone. */
import { CURRENCY_INFO, PROVIDER_NAMES, type PaymentRoute } from "../../../common/packs";
import { ApiFailure } from "../../lib/api";
import { currencyName } from "./credit-labels";
import { t } from "./texts";

/** The price label under the title: which money the prices are in and who collects. */
export function countryPriceLabel(country: string | null, route: PaymentRoute, currency: string): string {
  const info = CURRENCY_INFO[currency];
  const money = info ? `${currencyName(currency)} (${currency})` : currency;
  const flag = info?.flag ?? "";
  if (route === "mercadopago") return t("priceMercadoPago", { flag, money, provider: PROVIDER_NAMES.mercadopago }).trim();
  if (currency === "USD") return t(country ? "priceUsdCountry" : "priceUsdUnknown", { provider: PROVIDER_NAMES.dlocalgo });
  return t("priceEstimate", { flag, money, provider: PROVIDER_NAMES.dlocalgo }).trim();
}

/** The spec's reading of an automatic-charge failure: the body's message, else 'Error {status}', else the fallback. */
export function autoChargeError(err: unknown): string {
  if (err instanceof ApiFailure) return err.message || (err.status ? t("errorStatus", { status: err.status }) : t("autoChargeFailed"));
  return t("autoChargeFailed");
}
