/**
 * The choices of the store's money and language settings, derived from the countries table
 * (common/store-locale.ts), with the Spanish names the seller reads.
 */
import { CURRENCY_INFO } from "./packs";
import { STORE_CURRENCIES, STORE_LOCALES } from "./store-locale";

/** "Pesos mexicanos (MXN)". */
export function currencyLabel(currency: string): string {
  const name = CURRENCY_INFO[currency]?.name ?? currency;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${currency})`;
}

const languageNames = new Intl.DisplayNames(["es"], { type: "language" });

/** "Español (México)", "Portugués (Brasil)", "Inglés (Kenia)", "Indonesio". */
export function localeLabel(locale: string): string {
  const name = languageNames.of(locale) ?? locale;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

export const CURRENCY_OPTIONS = STORE_CURRENCIES.map((code) => ({ code, label: currencyLabel(code) }));
export const LOCALE_OPTIONS = STORE_LOCALES.map((code) => ({ code, label: localeLabel(code) }));

export const PRICES_NOT_CONVERTED =
  "Los precios no se convierten con el tipo de cambio: conservan su número en la nueva moneda, redondeados si ella no usa centavos. Antes de guardar te mostramos cuáles cambian.";
