/**
 * The one pack table and the pricing rules (spec section 9, DECISIONS.md
 * "Credits and prices"). The landing, /credits and the server all read these,
 * so a price shown is the price charged.
 */
import { CREDITS_PER_IMAGE } from "./credits";

export interface Pack {
  id: "pack-1" | "pack-10" | "pack-50" | "pack-100";
  images: number;
  credits: number;
  priceUSD: number;
  /** Argentina pays in pesos through Mercado Pago, from this list. */
  priceARS: number;
  /** Flagged 'Más elegido'. */
  featured?: boolean;
}

export const PACKS: readonly Pack[] = [
  { id: "pack-1", images: 1, credits: 1 * CREDITS_PER_IMAGE, priceUSD: 0.125, priceARS: 120 },
  { id: "pack-10", images: 10, credits: 10 * CREDITS_PER_IMAGE, priceUSD: 1.25, priceARS: 1200 },
  { id: "pack-50", images: 50, credits: 50 * CREDITS_PER_IMAGE, priceUSD: 4.4, priceARS: 6000, featured: true },
  { id: "pack-100", images: 100, credits: 100 * CREDITS_PER_IMAGE, priceUSD: 8.8, priceARS: 12000 },
];

/** The store plan: a one-time payment (DECISIONS.md). */
export const STORE_PLAN = { priceUSD: 2, priceARS: 2000, credits: 500 } as const;

/** Packs 3 and 4 are not sold in these countries (spec section 5). */
export const PACKS_RESTRICTED_IN = ["CO", "EC", "GT", "MX", "PA", "PE", "PY", "UY"] as const;

export const COUNTRY_CURRENCY: Record<string, string> = {
  AR: "ARS",
  BR: "BRL",
  CL: "CLP",
  CO: "COP",
  MX: "MXN",
  PE: "PEN",
  UY: "UYU",
  PY: "PYG",
  BO: "BOB",
  DO: "DOP",
  GT: "GTQ",
  CR: "CRC",
  MY: "MYR",
  ID: "IDR",
  KE: "KES",
  NG: "NGN",
};

/** Units per 1 USD: the spec's fixed table, used offline and whenever live rates are missing. */
export const FIXED_RATES: Record<string, number> = {
  BRL: 6.65227,
  CLP: 1083.9528,
  COP: 4689.8892,
  MXN: 21.85355,
  PEN: 3.96795,
  UYU: 47.26736,
  ARS: 1320.473,
  PYG: 8281.6755,
  BOB: 11.536,
  DOP: 61.527,
  EUR: 1.0294,
  GTQ: 8.18511,
  CRC: 536.19994,
  MYR: 4.64839,
  IDR: 17419.6107,
  KES: 137.45974,
  NGN: 2867.1485,
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What a USD price is really charged: cards charge whole cents, so the
 * one-image pack's list price 0.125 is charged (and shown) as US$ 0.13.
 */
export function chargedUSD(prices: { priceUSD: number }): number {
  return round2(prices.priceUSD);
}

// ---------------------------------------------------------------------------
// Local prices: the one pricing function the server charges by and the
// screens show, so the two can never disagree.
// ---------------------------------------------------------------------------

export type Rates = Readonly<Record<string, number>>;

export interface Money {
  amount: number;
  currency: string;
}

/** Which provider collects the money: Mercado Pago in Argentina, dLocal Go everywhere else. */
export type PaymentRoute = "mercadopago" | "dlocalgo";

export const PROVIDER_NAMES: Record<PaymentRoute, string> = { mercadopago: "Mercado Pago", dlocalgo: "dLocal Go" };

export function findPack(id: string): Pack | undefined {
  return PACKS.find((pack) => pack.id === id);
}

/**
 * Countries are ISO 3166-1 alpha-2 codes as the edge reports them; "XX"
 * (unknown) and "T1" (Tor) say nothing about where the seller is.
 */
export function normalizeCountry(code: string | null | undefined): string | null {
  const upper = code?.trim().toUpperCase();
  if (!upper || !/^[A-Z]{2}$/.test(upper) || upper === "XX" || upper === "T1") return null;
  return upper;
}

export function paymentRouteFor(country: string | null): PaymentRoute {
  return country === "AR" ? "mercadopago" : "dlocalgo";
}

/** Packs 3 and 4 are not sold in some countries (spec section 5). */
export function packAvailableIn(pack: Pack, country: string | null): boolean {
  const restricted = pack.id === "pack-50" || pack.id === "pack-100";
  return !(restricted && country !== null && (PACKS_RESTRICTED_IN as readonly string[]).includes(country));
}

/**
 * A price in the seller's money: the ARS list in Argentina, USD × rate
 * (2 decimals) where the country has a currency and a rate, USD otherwise.
 */
export function localPrice(prices: { priceUSD: number; priceARS: number }, country: string | null, rates: Rates = FIXED_RATES): Money {
  if (country === "AR") return { amount: prices.priceARS, currency: "ARS" };
  const currency = country ? COUNTRY_CURRENCY[country] : undefined;
  const rate = currency ? rates[currency] : undefined;
  // The dollars charged (whole cents), converted: what dLocal Go will collect in the payer's money.
  if (!currency || !rate || !Number.isFinite(rate) || rate <= 0) return { amount: chargedUSD(prices), currency: "USD" };
  return { amount: round2(chargedUSD(prices) * rate), currency };
}

/**
 * What the provider is asked to collect: pesos from the list through Mercado
 * Pago, US dollars through dLocal Go (which converts to the payer's money at
 * payment time). Money moves in cents, so the single image's USD 0.125 is
 * charged as 0.13. The spec's `credits` body field carries this number.
 */
export function chargeFor(prices: { priceUSD: number; priceARS: number }, route: PaymentRoute): Money {
  return route === "mercadopago" ? { amount: prices.priceARS, currency: "ARS" } : { amount: chargedUSD(prices), currency: "USD" };
}

/** Whether a price the screen showed is the one the server charges (to the cent). */
export function samePrice(shown: number, charged: number): boolean {
  return Math.round(shown * 100) === Math.round(charged * 100);
}

/** The store payment treats an unknown country as Argentina (spec section 7); credits keep it unknown. */
export function storePlanCountry(country: string | null): string {
  return country ?? "AR";
}

/** The store plan's price shown to the seller: the fixed table, never live rates (spec section 9). */
export function storePlanPrice(country: string | null): Money {
  return localPrice(STORE_PLAN, storePlanCountry(country), FIXED_RATES);
}

// ---------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------

export interface CurrencyInfo {
  symbol: string;
  locale: string;
  flag: string;
  /** Spanish name, for the price label. */
  name: string;
}

export const CURRENCY_INFO: Record<string, CurrencyInfo> = {
  ARS: { symbol: "$", locale: "es-AR", flag: "🇦🇷", name: "pesos argentinos" },
  BRL: { symbol: "R$", locale: "pt-BR", flag: "🇧🇷", name: "reales brasileños" },
  CLP: { symbol: "$", locale: "es-CL", flag: "🇨🇱", name: "pesos chilenos" },
  COP: { symbol: "$", locale: "es-CO", flag: "🇨🇴", name: "pesos colombianos" },
  MXN: { symbol: "$", locale: "es-MX", flag: "🇲🇽", name: "pesos mexicanos" },
  PEN: { symbol: "S/", locale: "es-PE", flag: "🇵🇪", name: "soles peruanos" },
  UYU: { symbol: "$U", locale: "es-UY", flag: "🇺🇾", name: "pesos uruguayos" },
  PYG: { symbol: "₲", locale: "es-PY", flag: "🇵🇾", name: "guaraníes" },
  BOB: { symbol: "Bs", locale: "es-BO", flag: "🇧🇴", name: "bolivianos" },
  DOP: { symbol: "RD$", locale: "es-DO", flag: "🇩🇴", name: "pesos dominicanos" },
  GTQ: { symbol: "Q", locale: "es-GT", flag: "🇬🇹", name: "quetzales" },
  CRC: { symbol: "₡", locale: "es-CR", flag: "🇨🇷", name: "colones costarricenses" },
  MYR: { symbol: "RM", locale: "ms-MY", flag: "🇲🇾", name: "ringgits malayos" },
  IDR: { symbol: "Rp", locale: "id-ID", flag: "🇮🇩", name: "rupias indonesias" },
  KES: { symbol: "KSh", locale: "en-KE", flag: "🇰🇪", name: "chelines keniatas" },
  NGN: { symbol: "₦", locale: "en-NG", flag: "🇳🇬", name: "nairas" },
  USD: { symbol: "US$", locale: "en-US", flag: "🇺🇸", name: "dólares estadounidenses" },
  EUR: { symbol: "€", locale: "es-ES", flag: "🇪🇺", name: "euros" },
};

/**
 * ARS shows no forced decimals ("$ 1.200"), every other currency exactly two ("US$ 4.40"), written the way
 * the currency's own country writes numbers, or the way `country` does (dollars for an Argentine: "US$ 4,40").
 */
export function formatMoney({ amount, currency }: Money, country: string | null = null): string {
  const info = CURRENCY_INFO[currency] ?? { symbol: currency, locale: "es-AR" };
  const digits =
    currency === "ARS" ? { minimumFractionDigits: 0, maximumFractionDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return `${info.symbol} ${new Intl.NumberFormat(localeOf(country) ?? info.locale, digits).format(amount)}`;
}

/** How a country writes numbers ("es-AR": 0,088; "es-MX": 0.088), from its currency's entry; null when unknown. */
export function localeOf(country: string | null): string | null {
  const currency = country ? COUNTRY_CURRENCY[country] : undefined;
  return currency ? (CURRENCY_INFO[currency]?.locale ?? null) : null;
}
