/**
 * What a store sells with in each of the sixteen countries (common/store.ts
 * COUNTRIES): its money, the language its shoppers read, the word for sizes
 * and the ways to pay that exist there. A store starts from its country's
 * row; the seller may change the money and the language later
 * (worker/lib/store-locale.ts reads what a store chose).
 *
 * The currency comes from the credits' table (common/packs.ts
 * COUNTRY_CURRENCY): one country, one currency everywhere.
 */
import { COUNTRY_CURRENCY } from "./packs";
import type { PayMethodKind } from "./pay-methods";
import { type PostalCodeRule, postalCodeRule } from "./postal-codes";
import { COUNTRIES } from "./store";
import { currencyDigits, storeMoney } from "./store-money";

// Kept with the formatting (common/store-money.ts) so the cart script knows every currency's digits; read here too.
export { currencyDigits, storeMoney };

/** The catalogues shoppers' texts come from (common/i18n/catalogues). */
export const SHOPPER_LANGUAGES = ["es", "pt-BR", "en", "id", "ms"] as const;
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];

export type SizesWord = "talle" | "talla";

export interface CountryLocale {
  /** ISO 4217, from COUNTRY_CURRENCY. */
  currency: string;
  /** Decimal digits of the unit prices are kept and typed in (see MINOR_DIGITS). */
  digits: 0 | 2;
  /** The shoppers' default locale: the language of the pages and the CLDR format of numbers. */
  locale: string;
  /** Spanish only: "talle" in Argentina and Uruguay, "talla" in the other Spanish-speaking countries. */
  sizesWord: SizesWord | null;
  /** The ways to pay a store of this country can offer, in the order the settings list them. */
  payMethods: readonly PayMethodKind[];
  /** The postal code an envío's address asks for (common/postal-codes.ts), or null where none is used. */
  postalCode: PostalCodeRule | null;
}

/**
 * Mercado Pago's own countries (its sites MLA, MLB, MLC, MCO, MLM, MPE, MLU; Venezuela's MLV is not one of
 * ours): a store elsewhere cannot take a Mercado Pago link.
 */
export const MERCADO_PAGO_COUNTRIES = ["AR", "BR", "CL", "CO", "MX", "PE", "UY"] as const;

/** Each country's own ways to pay, beside cash and (where it operates) Mercado Pago. */
const LOCAL_METHODS: Record<string, readonly PayMethodKind[]> = {
  AR: ["ar_transfer"],
  BR: ["pix"],
  CL: ["cl_transfer"],
  CO: ["nequi", "daviplata", "breb", "bank_transfer"],
  MX: ["spei"],
  PE: ["yape", "plin", "bank_transfer"],
  KE: ["mpesa_till", "mpesa_paybill"],
  NG: ["ng_transfer"],
};

/** Shoppers' locales: the country's Spanish, Brazilian Portuguese, English for Kenya and Nigeria, Indonesian, Malay. */
const LOCALES: Record<string, string> = {
  AR: "es-AR",
  BR: "pt-BR",
  CL: "es-CL",
  CO: "es-CO",
  MX: "es-MX",
  PE: "es-PE",
  UY: "es-UY",
  PY: "es-PY",
  BO: "es-BO",
  DO: "es-DO",
  GT: "es-GT",
  CR: "es-CR",
  MY: "ms-MY",
  ID: "id-ID",
  KE: "en-KE",
  NG: "en-NG",
};

/** Countries whose Spanish says "talle" for a garment's size (RAE: talle, Argentina and Uruguay). */
const TALLE_COUNTRIES = ["AR", "UY"];

function countryLocale(code: string): CountryLocale {
  const currency = COUNTRY_CURRENCY[code]!;
  const locale = LOCALES[code]!;
  const mercadoPago = (MERCADO_PAGO_COUNTRIES as readonly string[]).includes(code);
  return {
    currency,
    digits: currencyDigits(currency),
    locale,
    sizesWord: locale.startsWith("es-") ? (TALLE_COUNTRIES.includes(code) ? "talle" : "talla") : null,
    payMethods: [...(LOCAL_METHODS[code] ?? ["bank_transfer"]), ...(mercadoPago ? (["mercadopago"] as const) : []), "cash"],
    postalCode: postalCodeRule(code),
  };
}

/** The table, one row per country of COUNTRIES, in its order. */
export const COUNTRY_LOCALES: Readonly<Record<string, CountryLocale>> = Object.fromEntries(
  COUNTRIES.map((c) => [c.code, countryLocale(c.code)]),
);

/** A country's row; Argentina's for an unknown country, as stores have always been. */
export function countryLocaleOf(code: string | null | undefined): CountryLocale {
  return COUNTRY_LOCALES[code ?? ""] ?? COUNTRY_LOCALES.AR!;
}

/** Every currency a store may use. */
export const STORE_CURRENCIES: readonly string[] = [...new Set(Object.values(COUNTRY_LOCALES).map((c) => c.currency))];

/** Every shopper locale the table names, and the languages a seller can choose beyond them. */
export const STORE_LOCALES: readonly string[] = [...new Set([...Object.values(LOCALES), "es", "pt-BR", "en", "id", "ms"])];

/**
 * The catalogue a locale reads: its language ("es-MX" → "es"), Brazilian Portuguese for any "pt", and
 * Spanish for a language we have no catalogue for.
 */
export function shopperLanguage(locale: string): ShopperLanguage {
  if (locale.startsWith("pt")) return "pt-BR";
  const language = locale.split("-")[0] as ShopperLanguage;
  return (SHOPPER_LANGUAGES as readonly string[]).includes(language) ? language : "es";
}

/** Whether a locale's Spanish says "talle": a locale of a TALLE country ("es-AR", "es-UY"). */
export function saysTalle(locale: string): boolean {
  const region = locale.split("-")[1]?.toUpperCase();
  return locale.startsWith("es") && region !== undefined && TALLE_COUNTRIES.includes(region);
}
