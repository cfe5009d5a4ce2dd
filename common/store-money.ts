/**
 * A store's money as its shoppers read it: prices are integers of the smallest
 * unit its shops use (whole pesos in Argentina, centavos in Brazil), shown with
 * the CLDR format of the store's locale through Intl.NumberFormat, so no
 * separator is made by hand. Small and free of the country table
 * (common/store-locale.ts): the cart script gets a store's StoreMoney in the
 * page's data and carries only this file.
 */

export interface StoreMoney {
  /** ISO 4217: "ARS", "BRL". */
  currency: string;
  /** BCP 47 locale whose CLDR data writes the numbers: "es-AR", "pt-BR". */
  locale: string;
  /** Decimal digits of the unit prices are stored in: 0 (whole units) or 2 (cents). */
  digits: 0 | 2;
  /**
   * The symbol written against the number ("$12.500") instead of CLDR's "$ 12.500": Argentine stores have
   * always shown prices that way, and their pages stay byte for byte as they were.
   */
  tight?: boolean;
}

/** Every store before it chose another money, and every Argentine one. */
export const ARS_MONEY: StoreMoney = { currency: "ARS", locale: "es-AR", digits: 0, tight: true };

/**
 * The digits of the unit a country's shops price in. ISO 4217 gives the
 * currency's minor unit; where shops and shoppers never use it (the coins are
 * gone and price tags are whole), prices are whole units so nobody types or
 * reads cents that cannot be paid:
 * - ARS 0: Argentine shops price in whole pesos (and every existing store does).
 * - BRL 2, MXN 2, PEN 2, BOB 2, GTQ 2, MYR 2: centavos, céntimos and sen are
 *   on every price tag ("R$ 129,90", "$1,299.00", "S/ 59.90", "RM 29.90").
 * - DOP 2: centavo coins are rare, but Dominican shops and e-commerce price
 *   with them ("RD$1,250.00", "RD$89.95"), as ISO 4217 says.
 * - CLP 0, PYG 0: ISO 4217 has no minor unit.
 * - COP 0, IDR 0: ISO says 2, but centavos and sen are gone; CLDR and Intl
 *   format them with 0 digits ("$ 12.500", "Rp 150.000").
 * - UYU 0: centésimos left circulation in 2010; Uruguayan shops write "$ 1.290".
 * - CRC 0: CLDR's cash digits are 0; the smallest coin is ₡5 and prices read "₡12 500".
 * - KES 0, NGN 0: cents and kobo do not circulate; shops write "KSh 2,500", "₦12,500".
 */
const MINOR_DIGITS: Record<string, 0 | 2> = {
  ARS: 0,
  BRL: 2,
  CLP: 0,
  COP: 0,
  MXN: 2,
  PEN: 2,
  UYU: 0,
  PYG: 0,
  BOB: 2,
  DOP: 2,
  GTQ: 2,
  CRC: 0,
  MYR: 2,
  IDR: 0,
  KES: 0,
  NGN: 0,
};

/** The digits prices of a currency are kept in, from the table (whole units for one it does not know). */
export function currencyDigits(currency: string): 0 | 2 {
  return MINOR_DIGITS[currency] ?? 0;
}

/**
 * The money a store prices in: its currency, the digits from the table and the locale's CLDR format; an
 * Argentine-peso store in "es-AR" keeps today's "$12.500" (StoreMoney.tight).
 */
export function storeMoney(currency: string, locale: string): StoreMoney {
  const money: StoreMoney = { currency, locale, digits: currencyDigits(currency) };
  return currency === "ARS" && locale === "es-AR" ? { ...money, tight: true } : money;
}

/**
 * THE way an amount is written: an integer of `currency`'s minor unit, in `locale`'s CLDR format. An order's
 * amounts are written with the order's own currency (never the store's current one), in the reader's locale.
 */
export function formatAmount(minor: number, currency: string, locale: string): string {
  return formatPrice(minor, storeMoney(currency, locale));
}

/** The money an order's amounts are in: its own currency, written in `locale` (the store's, or the reader's). */
export const orderMoney = (order: { currency: string }, locale: string): StoreMoney => storeMoney(order.currency, locale);

const cache = new Map<string, Intl.NumberFormat>();

function formatter(money: StoreMoney, style: "currency" | "decimal"): Intl.NumberFormat {
  const key = `${style} ${money.locale} ${money.currency} ${money.digits}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(money.locale, {
      style,
      currency: money.currency,
      minimumFractionDigits: money.digits,
      maximumFractionDigits: money.digits,
    });
    cache.set(key, format);
  }
  return format;
}

/** The units a stored integer stands for: 12990 centavos are 129.9 reais; 12500 pesos are 12500. */
export function fromMinor(minor: number, money: StoreMoney): number {
  const whole = Number.isFinite(minor) ? Math.round(minor) : 0;
  return money.digits ? whole / 10 ** money.digits : whole;
}

/** The integer a number of units is stored as (129.9 reais: 12990). */
export function toMinor(units: number, money: StoreMoney): number {
  return Math.round(units * 10 ** money.digits);
}

/**
 * A price as the store shows it: "$12.500" (Argentina, as always), "R$ 129,90", "$1,299.00", "S/ 59.90",
 * "Rp 150.000", "Ksh 2,500" — CLDR's spaces are kept as CLDR writes them (often U+00A0).
 */
export function formatPrice(minor: number, money: StoreMoney): string {
  const parts = formatter(money, "currency").formatToParts(fromMinor(minor, money));
  if (!money.tight) return parts.map((p) => p.value).join("");
  // Drops the space CLDR puts between the symbol and the number, and only that one.
  return parts
    .filter(
      (p, i) => !(p.type === "literal" && !p.value.trim() && (parts[i - 1]?.type === "currency" || parts[i + 1]?.type === "currency")),
    )
    .map((p) => p.value)
    .join("");
}

/** The number alone as a price field shows it: "12.500", "129,90", "1,299.50" (no symbol: the field has its own). */
export function formatPriceNumber(minor: number, money: StoreMoney): string {
  return formatter(money, "decimal").format(fromMinor(minor, money));
}

/** How the store's locale writes numbers: the thousands separator (".", ",", a space) and the decimal one. */
export function numberSeparators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(1234567.5);
  return { group: parts.find((p) => p.type === "group")?.value ?? ",", decimal: parts.find((p) => p.type === "decimal")?.value ?? "." };
}

/**
 * A price as product feeds want it (Google Merchant Center and Meta catalogues: "<number> <ISO 4217>", a
 * point for decimals, no grouping): "12500.00 ARS", "129.90 BRL". Argentine stores' feeds read as before.
 */
export function feedPrice(minor: number, money: StoreMoney): string {
  return `${fromMinor(minor, money).toFixed(2)} ${money.currency}`;
}
