/**
 * The country a new seller most likely sells from, read from the browser's languages (navigator.languages,
 * or an Accept-Language header's tags): the first tag whose region is one of the app's countries ("pt-BR" is
 * Brazil, "es-MX" Mexico, "en-KE" Kenya). Only a default: the seller picks the country in the store's set-up.
 */
import { COUNTRIES, type Country, countryByCode, DEFAULT_COUNTRY } from "./store";

/** A tag's region subtag ("es-419" has none that is a country; "zh-Hant-TW" is TW), upper-cased. */
function regionOf(tag: string): string | null {
  const region = tag
    .trim()
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[a-z]{2}$/i.test(part));
  return region ? region.toUpperCase() : null;
}

export function countryOfBrowser(tags: readonly string[]): Country {
  for (const tag of tags) {
    const country = countryByCode(regionOf(tag));
    if (country) return country;
  }
  // No region the app knows: Portuguese can only be Brazil; any other language keeps the Spanish default.
  const portuguese = tags.some((tag) => tag.trim().toLowerCase().split(/[-_]/)[0] === "pt");
  return portuguese ? (COUNTRIES.find((c) => c.code === "BR") ?? DEFAULT_COUNTRY) : DEFAULT_COUNTRY;
}

/**
 * A seller as the store's set-up reads them: one who never said a country (no phone, no country saved) starts
 * from the browser's, where Argentina was everyone's default.
 */
export function withBrowserCountry<T extends { phone: string | null; countryCode: string | null }>(seller: T, tags: readonly string[]): T {
  return seller.phone || seller.countryCode ? seller : { ...seller, countryCode: countryOfBrowser(tags).code };
}
