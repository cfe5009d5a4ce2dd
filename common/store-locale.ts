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
import type { SellerLanguage } from "./seller-language";
import { currencyDigits, formatPrice, formatPriceNumber, numberSeparators, type StoreMoney, storeMoney } from "./store-money";

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

// ---------------------------------------------------------------------------
// The examples the seller's screens show (placeholders, tips): each country's
// own, so a seller outside Argentina never reads "CABA" or "en pesos".
// Places are the country's own names; words follow the seller's language.
// ---------------------------------------------------------------------------

interface CountryPlaces {
  /** A shop's address as it is written there. */
  address: string;
  /** The first delivery zones a shop there would name (the screen adds "Resto del país" in the seller's words). */
  zones: string;
  /** A bank sellers there are paid into. */
  bank: string;
  /** A best-selling garment as a Spanish-speaking seller there names a category. */
  category: string;
}

/** Argentina's entry keeps the literals its screens always showed. */
const PLACES: Record<string, CountryPlaces> = {
  AR: { address: "Av. Corrientes 1234, CABA", zones: "CABA, GBA Norte", bank: "Banco Nación", category: "Remeras" },
  BR: { address: "Av. Paulista 1000, São Paulo", zones: "São Paulo capital, Grande São Paulo", bank: "Nubank", category: "Camisetas" },
  CL: { address: "Av. Providencia 1234, Santiago", zones: "Santiago Centro, Providencia", bank: "BancoEstado", category: "Poleras" },
  CO: { address: "Carrera 7 # 45-10, Bogotá", zones: "Bogotá, Chapinero", bank: "Bancolombia", category: "Camisetas" },
  MX: { address: "Av. Reforma 222, CDMX", zones: "CDMX, Estado de México", bank: "BBVA", category: "Playeras" },
  PE: { address: "Av. Larco 345, Miraflores", zones: "Lima Centro, Miraflores", bank: "BCP", category: "Polos" },
  UY: { address: "Av. 18 de Julio 1234, Montevideo", zones: "Montevideo, Canelones", bank: "BROU", category: "Remeras" },
  PY: { address: "Av. Mariscal López 1234, Asunción", zones: "Asunción, Gran Asunción", bank: "Banco Continental", category: "Remeras" },
  BO: { address: "Av. 16 de Julio 1234, La Paz", zones: "La Paz, El Alto", bank: "Banco Unión", category: "Poleras" },
  DO: {
    address: "Av. Winston Churchill 95, Santo Domingo",
    zones: "Distrito Nacional, Santo Domingo Este",
    bank: "Banco Popular",
    category: "Camisetas",
  },
  GT: { address: "6a. Avenida 10-25, Zona 1, Guatemala", zones: "Zona 1, Mixco", bank: "Banco Industrial", category: "Playeras" },
  CR: { address: "Avenida Central, San José", zones: "San José, Heredia", bank: "Banco Nacional", category: "Camisetas" },
  MY: { address: "Jalan Bukit Bintang 55, Kuala Lumpur", zones: "Kuala Lumpur, Petaling Jaya", bank: "Maybank", category: "Camisetas" },
  ID: { address: "Jl. Malioboro 52, Yogyakarta", zones: "Jakarta Selatan, Bekasi", bank: "BCA", category: "Camisetas" },
  KE: { address: "Moi Avenue 12, Nairobi", zones: "Nairobi CBD, Westlands", bank: "Equity Bank", category: "Camisetas" },
  NG: { address: "12 Allen Avenue, Ikeja, Lagos", zones: "Lagos Island, Ikeja", bank: "GTBank", category: "Camisetas" },
};

/** A category example in the seller's language when it is not Spanish (Spanish names it as the country does). */
const CATEGORY_WORD: Record<Exclude<SellerLanguage, "es">, string> = { "pt-BR": "Camisetas", en: "T-shirts" };

/** What a currency's units are called in each seller language: "Los precios van en pesos", "Prices are in shillings". */
const CURRENCY_UNITS: Record<string, Record<SellerLanguage, string>> = {
  ARS: { es: "pesos", "pt-BR": "pesos", en: "pesos" },
  BRL: { es: "reales", "pt-BR": "reais", en: "reais" },
  CLP: { es: "pesos", "pt-BR": "pesos", en: "pesos" },
  COP: { es: "pesos", "pt-BR": "pesos", en: "pesos" },
  MXN: { es: "pesos", "pt-BR": "pesos", en: "pesos" },
  PEN: { es: "soles", "pt-BR": "soles", en: "soles" },
  UYU: { es: "pesos", "pt-BR": "pesos", en: "pesos" },
  PYG: { es: "guaraníes", "pt-BR": "guaranis", en: "guaranis" },
  BOB: { es: "bolivianos", "pt-BR": "bolivianos", en: "bolivianos" },
  DOP: { es: "pesos", "pt-BR": "pesos", en: "pesos" },
  GTQ: { es: "quetzales", "pt-BR": "quetzais", en: "quetzales" },
  CRC: { es: "colones", "pt-BR": "colones", en: "colones" },
  MYR: { es: "ringgits", "pt-BR": "ringgits", en: "ringgit" },
  IDR: { es: "rupias", "pt-BR": "rupias", en: "rupiah" },
  KES: { es: "chelines", "pt-BR": "xelins", en: "shillings" },
  NGN: { es: "nairas", "pt-BR": "nairas", en: "naira" },
};

export interface SellerExamples {
  /** A pick-up address: "Av. Corrientes 1234, CABA", "Av. Paulista 1000, São Paulo". */
  address: string;
  /** The first zones of a delivery zone's example: "CABA, GBA Norte". */
  zones: string;
  /** A bank's name for a bank field. */
  bank: string;
  /** A category for a product: "Remeras" (Argentina), "Playeras" (México), "Camisetas", "T-shirts". */
  category: string;
  /** A Spanish-speaking seller's word for sizes: "talle" in Argentina and Uruguay, "talla" elsewhere. */
  sizes: SizesWord;
}

/** The examples a seller of a country (Argentina's when unknown) reads, with words in the seller's language. */
export function sellerExamples(country: string | null | undefined, language: SellerLanguage): SellerExamples {
  const code = country && PLACES[country] ? country : "AR";
  const places = PLACES[code]!;
  return {
    address: places.address,
    zones: places.zones,
    bank: places.bank,
    category: language === "es" ? places.category : CATEGORY_WORD[language],
    sizes: COUNTRY_LOCALES[code]!.sizesWord ?? "talla",
  };
}

/** The amount every price example is made from: whole units where prices have none, else units and cents. */
const sampleMinor = (money: StoreMoney) => (money.digits ? 129_950 : 12_500);

/** A price as a seller of the store's money types it in a field: "12.500" (pesos), "1.299,50" (reais), "1,299.50" (Mexican pesos). */
export function priceExample(money: StoreMoney): string {
  return formatPriceNumber(sampleMinor(money), money);
}

/** A price as the store shows it: "$12.500", "R$ 1.299,50", "Ksh 12,500". */
export function samplePrice(money: StoreMoney): string {
  return formatPrice(sampleMinor(money), money);
}

export interface PriceTip {
  /** The currency's units in the seller's language: "pesos", "reais", "shillings". */
  units: string;
  /** A price typed the store's way. */
  example: string;
  /** Whether prices carry cents, and after which sign. */
  cents: "none" | "comma" | "point";
}

/** What the pricing tip says of a money: its units, whether prices have cents and after which sign, an example. */
export function priceTip(money: StoreMoney, language: SellerLanguage): PriceTip {
  const units = CURRENCY_UNITS[money.currency]?.[language] ?? money.currency;
  const cents = money.digits ? (numberSeparators(money.locale).decimal === "," ? "comma" : "point") : "none";
  return { units, example: priceExample(money), cents };
}
