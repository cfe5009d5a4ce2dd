/**
 * The language a seller reads the app in (screens, API errors, e-mails). It is the seller's own, apart from
 * the store's language (common/store-locale.ts), which is the shoppers'. Spanish is the source and the
 * default; Portuguese and English have complete catalogues (web/i18n, common/i18n/seller).
 */
export const SELLER_LANGUAGES = ["es", "pt-BR", "en"] as const;
export type SellerLanguage = (typeof SELLER_LANGUAGES)[number];

/** What each language is called in itself, for the choice in Configuración and the landing's links. */
export const SELLER_LANGUAGE_NAMES: Readonly<Record<SellerLanguage, string>> = {
  es: "Español",
  "pt-BR": "Português (Brasil)",
  en: "English",
};

/** The header the app sends with every API request: the language its screens are in. */
export const SELLER_LANGUAGE_HEADER = "x-vidriera-language";

/** The value of `<html lang>` and of hreflang for each language. */
export const SELLER_LANGUAGE_TAGS: Readonly<Record<SellerLanguage, string>> = { es: "es", "pt-BR": "pt-BR", en: "en" };

export function isSellerLanguage(value: unknown): value is SellerLanguage {
  return typeof value === "string" && (SELLER_LANGUAGES as readonly string[]).includes(value);
}

/** One BCP 47 tag's language, or null when the app has none for it ("pt-PT" reads Portuguese; "fr" nothing). */
function languageOfTag(tag: string): SellerLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "es") return "es";
  if (primary === "pt") return "pt-BR";
  if (primary === "en") return "en";
  return null;
}

/** The first of a browser's languages (navigator.languages, in order) the app speaks; Spanish when none. */
export function sellerLanguageOf(tags: readonly string[]): SellerLanguage {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return "es";
}

/** An Accept-Language header's tags in the browser's order of preference (q-values honoured, q=0 dropped). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The cookie that mirrors the seller's choice in this browser (web/i18n/language.ts writes it): the Worker
 * reads it to serve "/" (worker/routes/landing.ts) and to give a Google sign-up its language.
 */
export const SELLER_LANGUAGE_COOKIE = "vidriera-language";

/** The query parameter that asks for one language's landing: `/?lang=pt-BR` (each version's own address). */
export const SELLER_LANGUAGE_PARAM = "lang";

/**
 * Where the build keeps each language's prerendered landing among the SPA's assets (scripts/prerender-landing.ts);
 * Spanish is index.html itself. The Worker asks the assets for it without the ".html" (worker/routes/landing.ts).
 */
export function landingPageFile(language: Exclude<SellerLanguage, "es">): string {
  return `landing/${language}.html`;
}

/**
 * The countries whose seller does not read Spanish by default: Brazil reads Portuguese; Kenya and Nigeria
 * read English, and so do Malaysia and Indonesia, whose own languages the seller's app does not have (their
 * shoppers do). Every other country of ours speaks Spanish.
 */
const COUNTRY_SELLER_LANGUAGES: Readonly<Record<string, SellerLanguage>> = {
  BR: "pt-BR",
  KE: "en",
  NG: "en",
  MY: "en",
  ID: "en",
};

/**
 * The language a seller reads when nothing else says it (an e-mail sent by a cron or a queue for an account
 * that never chose one): the one of the seller's country (ISO 3166 alpha-2), Spanish when unknown.
 */
export function sellerLanguageOfCountry(country: string | null | undefined): SellerLanguage {
  return (country && COUNTRY_SELLER_LANGUAGES[country.toUpperCase()]) || "es";
}
