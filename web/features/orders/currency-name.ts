import { CURRENCY_INFO } from "../../../common/packs";
import { sellerLanguage, sellerLocale } from "../../i18n/language";

/**
 * A currency's name for the seller: the Spanish names the app always used ("pesos argentinos"), and in
 * another language the one the browser's Intl knows ("Brazilian reals").
 */
export function currencyName(currency: string): string {
  if (sellerLanguage() === "es") return CURRENCY_INFO[currency]?.name ?? currency;
  try {
    return new Intl.DisplayNames([sellerLocale()], { type: "currency" }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}
