/**
 * The examples the store screens show, from the seller's country (common/store-locale.ts) with words in the
 * language the seller reads: "Av. Corrientes 1234, CABA" only for an Argentine store.
 */
import { type PriceTip, priceTip, type SellerExamples, sellerExamples } from "../../../common/store-locale";
import type { StoreMoney } from "../../../common/store-money";
import { CURRENCY_INFO } from "../../../common/packs";
import { currencyLabel, localeLabel } from "../../../common/store-locale-options";
import { sellerLanguage, sellerLocale } from "../../i18n/language";
import { useSession } from "../../lib/session";

export function useSellerExamples(): SellerExamples {
  return sellerExamples(useSession().user?.countryCode, sellerLanguage());
}

/** The pricing tip's facts for the store's money, in the seller's language. */
export function sellerPriceTip(money: StoreMoney): PriceTip {
  return priceTip(money, sellerLanguage());
}

/** A country's name in the seller's language: the app's own Spanish names for Spanish, the browser's (CLDR) for the rest. */
export function countryName(country: { code: string; name: string }): string {
  if (sellerLanguage() === "es") return country.name;
  try {
    return new Intl.DisplayNames([sellerLocale()], { type: "region" }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}

function displayName(type: "currency" | "language", code: string): string | null {
  try {
    const name = new Intl.DisplayNames([sellerLocale()], { type }).of(code);
    return name ? `${name.charAt(0).toUpperCase()}${name.slice(1)}` : null;
  } catch {
    return null;
  }
}

/** A money's name in the currency choice: the app's Spanish label for Spanish, CLDR's "Brazilian real (BRL)" otherwise. */
export function currencyOptionLabel(code: string): string {
  if (sellerLanguage() === "es") return currencyLabel(code);
  const name = displayName("currency", code);
  return name ? `${name} (${code})` : currencyLabel(code);
}

/** A shoppers' language in the language choice, named in the seller's language ("Português (Brasil)" → "Portuguese (Brazil)"). */
export function localeOptionLabel(code: string): string {
  return (sellerLanguage() === "es" ? null : displayName("language", code)) ?? localeLabel(code);
}

/** A money's units inside a sentence: "pesos mexicanos" in Spanish (as always), CLDR's plural name otherwise ("Kenyan shillings"). */
export function currencyName(code: string): string {
  if (sellerLanguage() === "es") return CURRENCY_INFO[code]?.name ?? code;
  try {
    const parts = new Intl.NumberFormat(sellerLocale(), { style: "currency", currency: code, currencyDisplay: "name" }).formatToParts(2);
    const name = parts.find((p) => p.type === "currency")?.value;
    return name ? (sellerLanguage() === "en" ? name : name.toLowerCase()) : code;
  } catch {
    return code;
  }
}

/** A shoppers' language inside a sentence: the Spanish label given (lower-cased) for Spanish, CLDR's name otherwise. */
export function languageInSentence(locale: string, spanishLabel: string): string {
  if (sellerLanguage() === "es") return spanishLabel;
  const name = displayName("language", locale) ?? locale;
  return sellerLanguage() === "en" ? name : `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}

/** "Pix, Yape y Plin": names joined as the seller's language does ("Pix, Yape and Plin"). */
export function listOf(names: readonly string[]): string {
  if (sellerLanguage() === "es") return names.length > 1 ? `${names.slice(0, -1).join(", ")} y ${names.at(-1)}` : (names[0] ?? "");
  return new Intl.ListFormat(sellerLocale(), { type: "conjunction" }).format(names);
}
