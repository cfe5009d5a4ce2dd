/**
 * The one price parser: every price input (the store admin, the pricing
 * screen, and the Worker behind them) reads prices through it, so "12.500"
 * means twelve thousand five hundred pesos everywhere and junk never turns
 * into a number. Store prices are whole Argentine pesos: ARS has no cents in
 * a shop window, so a price with cents is refused instead of guessed, and the
 * screens offer the rounded price in one tap (priceSuggestion).
 */
import { spellDecimal, spellSpanish } from "./spanish-numbers";
import { formatArs } from "./store-format";
import { CURRENCY_INFO } from "./packs";
import { formatPrice, formatPriceNumber, numberSeparators, type StoreMoney } from "./store-money";

export const MAX_PRICE = 100_000_000;
export const PRICE_TOO_HIGH = `El precio máximo es ${formatArs(MAX_PRICE)}.`;
export const PRICE_NO_CENTS = "Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500.";
export const PRICE_NEGATIVE = "El precio no puede ser negativo.";
export const PRICE_INVALID = "El precio no es válido: escribe solo números, por ejemplo 12.500.";

export type PriceResult = { price: number } | { error: string };

/** Whole pesos with dots between thousands, as Argentines write them and as the price fields show them: "12.500". */
export function formatPriceInput(price: number | null | undefined): string {
  if (!price || !Number.isFinite(price) || price <= 0) return "";
  return String(Math.round(price)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

// Dots (or spaces) only between groups of three: "12.500", "1.250.000", "12 500".
const GROUPED = /^\d{1,3}(?:([. ])\d{3})(?:\1\d{3})*$/;
const PLAIN = /^\d+$/;
const DECIMAL = /^(?:\d+|\d{1,3}(?:\.\d{3})+)(?:,\d*|\.\d{1,2})$/;

/** Strips what a price is written with ("$ ", "ARS ", odd spaces), leaving the number as typed. */
function bareNumber(value: string): string {
  return value
    .replace(/[\u00a0\u202f\u2009]/g, " ")
    .trim()
    .replace(/^(?:ARS|\$)\s*/i, "")
    .replace(/^\$\s*/, "")
    .trim();
}

/**
 * Reads a price as a seller types it ("12.500", "12500", "$ 12.500") or as a
 * JSON number, and answers whole pesos or the Spanish reason it is refused.
 * An empty value is 0: no price yet (the product stays a draft).
 */
export function parseArsPrice(value: unknown): PriceResult {
  if (value === null || value === undefined) return { price: 0 };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { error: PRICE_INVALID };
    if (value < 0) return { error: PRICE_NEGATIVE };
    if (!Number.isInteger(value)) return { error: PRICE_NO_CENTS };
    return value > MAX_PRICE ? { error: PRICE_TOO_HIGH } : { price: value };
  }
  if (typeof value !== "string") return { error: PRICE_INVALID };
  // Non-breaking and thin spaces arrive from copied prices; "$" and "ARS" are how prices are written.
  if (value.trim() === "") return { price: 0 };
  if (value.trim().startsWith("-")) return { error: PRICE_NEGATIVE };
  const text = bareNumber(value);
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    // "12.500,50", "12,5", "1500.75": a number with cents, told apart from junk so the message helps.
    return DECIMAL.test(text) ? { error: PRICE_NO_CENTS } : { error: PRICE_INVALID };
  }
  const price = Number(text.replace(/[. ]/g, ""));
  if (!Number.isSafeInteger(price)) return { error: PRICE_TOO_HIGH };
  return price > MAX_PRICE ? { error: PRICE_TOO_HIGH } : { price };
}

/** The price as the store will show it, or null while the input is empty or wrong. */
export function pricePreview(value: unknown): string | null {
  const parsed = parseArsPrice(value);
  return "price" in parsed && parsed.price > 0 ? formatArs(parsed.price) : null;
}

/**
 * For a price typed with cents ("$ 8.900,50", "1500.75"), the whole pesos it rounds to (8901, 1501), for a
 * field to offer in one tap next to its refusal; null for anything else.
 */
export function priceSuggestion(value: string): number | null {
  const text = bareNumber(value);
  if (!DECIMAL.test(text)) return null;
  const comma = text.includes(",");
  const cut = comma ? text.indexOf(",") : text.lastIndexOf(".");
  const whole = Number(text.slice(0, cut).replace(/\./g, ""));
  const fraction = text.slice(cut + 1);
  const rounded = Math.round(whole + (fraction ? Number(`0.${fraction}`) : 0));
  return rounded > 0 && rounded <= MAX_PRICE ? rounded : null;
}

/**
 * A price field's text once the seller leaves it: a valid price as "12.500" (the "$" is the field's own
 * prefix, so "$ 12500" does not become "$ $ 12500"); anything else exactly as typed, for its message to explain.
 */
export function tidyPrice(value: string): string {
  const parsed = parseArsPrice(value);
  if (!("price" in parsed)) return value;
  return parsed.price > 0 ? formatPriceInput(parsed.price) : "";
}

// ---------------------------------------------------------------------------
// Every store's money: the same parser for each currency and locale. An
// Argentine-peso store reads prices exactly as parseArsPrice always has.
// ---------------------------------------------------------------------------

/** Whole units beyond which a price is refused: as for pesos, except rupiah, where 100 million is a motorbike. */
const MAX_UNITS: Record<string, number> = { IDR: 10_000_000_000 };

/** The Spanish word the seller's messages call a currency's units: "pesos", "reales", "chelines". */
export function currencyWord(currency: string): string {
  return CURRENCY_INFO[currency]?.name.split(" ")[0] ?? currency;
}

/** The largest price a store of this money takes, in its stored unit. */
export function maxPrice(money: StoreMoney): number {
  return (MAX_UNITS[money.currency] ?? MAX_PRICE) * 10 ** money.digits;
}

/** The Spanish reasons a price is refused, with examples written the way this store's country writes them. */
export function priceMessages(money: StoreMoney) {
  const example = formatPriceNumber(money.digits ? 129_950 : 12_500, money);
  const whole = formatPriceNumber(12_500, { ...money, digits: 0 });
  const { decimal } = numberSeparators(money.locale);
  return {
    invalid: `El precio no es válido: escribe solo números, por ejemplo ${example}.`,
    noCents: `Los precios en ${currencyWord(money.currency)} van sin centavos: escribe, por ejemplo, ${whole}.`,
    tooHigh: `El precio máximo es ${formatPrice(maxPrice(money), money)}.`,
    negative: PRICE_NEGATIVE,
    /** Cents written after the other sign ("129.90" in Brazil, "12,50" in Mexico). */
    wrongDecimal: `Los centavos van después de ${decimal === "," ? "una coma" : "un punto"}: escribe, por ejemplo, ${example}.`,
  };
}

/** "1.299" in a Mexican store: thousands or decimals? The question, in words, and how to write the first. */
export function priceAmbiguous(typed: string, whole: string, fraction: string, money: StoreMoney): string {
  const thousands = Number(whole + fraction);
  return (
    `¿${typed} es ${spellSpanish(thousands)} o ${spellDecimal(whole, fraction)}? ` +
    `Si es ${spellSpanish(thousands)}, escribe ${formatPriceNumber(thousands, { ...money, digits: 0 })}.`
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The number as typed, without the money's symbol or ISO code in front ("R$ 129,90", "MXN 1,299.50", "Ksh 2,500"). */
function bareAmount(value: string, money: StoreMoney): string {
  const symbols = new Set([money.currency, "$"]);
  for (const currencyDisplay of ["symbol", "narrowSymbol"] as const) {
    const parts = new Intl.NumberFormat(money.locale, { style: "currency", currency: money.currency, currencyDisplay }).formatToParts(1);
    const symbol = parts.find((p) => p.type === "currency")?.value;
    if (symbol) symbols.add(symbol);
  }
  const prefix = new RegExp(
    `^(?:${[...symbols]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|")})\\s*`,
    "i",
  );
  return value
    .replace(/[\u00a0\u202f\u2009]/g, " ")
    .trim()
    .replace(prefix, "")
    .trim();
}

/**
 * Reads a price as a seller of the store's country types it ("129,90" in Brazil, "1,299.50" in Mexico,
 * "12.500" in Chile) or as a JSON number of units, and answers the integer the store keeps (centavos for
 * BRL: 12990) or the Spanish reason it is refused, asking back when the text reads two ways ("1.299" where
 * the point marks decimals). Empty is 0: no price yet.
 */
export function parsePrice(value: unknown, money: StoreMoney): PriceResult {
  if (money.currency === "ARS" && money.digits === 0) return parseArsPrice(value);
  const messages = priceMessages(money);
  const max = maxPrice(money);
  const scale = 10 ** money.digits;
  if (value === null || value === undefined) return { price: 0 };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { error: messages.invalid };
    if (value < 0) return { error: PRICE_NEGATIVE };
    const minor = value * scale;
    if (Math.abs(minor - Math.round(minor)) > 1e-6) return { error: money.digits ? messages.invalid : messages.noCents };
    return Math.round(minor) > max ? { error: messages.tooHigh } : { price: Math.round(minor) };
  }
  if (typeof value !== "string") return { error: messages.invalid };
  if (value.trim() === "") return { price: 0 };
  if (value.trim().startsWith("-")) return { error: PRICE_NEGATIVE };
  const text = bareAmount(value, money);
  const separators = numberSeparators(money.locale);
  // CLDR's space groups (es-CR) are non-breaking; the text has plain spaces by now.
  const group = separators.group.trim() === "" ? " " : separators.group;
  const { decimal } = separators;

  let units: number;
  let cents = 0;
  // Thousands in threes after one kind of separator: the locale's or a space, or (whole-unit money, which has
  // no decimals to mistake them for) any: "12,500" in Chile is twelve thousand five hundred.
  const grouped = /^\d{1,3}([., ])\d{3}(?:\1\d{3})*$/.exec(text);
  if (/^\d+$/.test(text)) units = Number(text);
  else if (grouped && (grouped[1] === group || grouped[1] === " " || !money.digits)) units = Number(text.replace(/[., ]/g, ""));
  else {
    // A whole part, plain or grouped, and decimals after one sign.
    const match = /^(\d+|\d{1,3}([., ])\d{3}(?:\2\d{3})*)([.,])(\d+)$/.exec(text);
    if (!match) return { error: messages.invalid };
    const [, whole, wholeSeparator, sign, fraction] = match as unknown as [string, string, string | undefined, string, string];
    if (wholeSeparator === sign) return { error: messages.invalid };
    if (!money.digits) return { error: messages.noCents };
    // "1.299,50" in Mexico or "129.90" in Brazil: cents after the other sign.
    if (sign !== decimal) return { error: messages.wrongDecimal };
    if (fraction.length > money.digits) {
      // "1.299" where the point marks decimals: a thousand and more, or one and a bit? Ask.
      const twoWays = fraction.length === 3 && !wholeSeparator && /^[1-9]\d{0,2}$/.test(whole);
      return { error: twoWays ? priceAmbiguous(text, whole, fraction, money) : messages.invalid };
    }
    units = Number(whole.replace(/\D/g, ""));
    cents = Number(fraction.padEnd(money.digits, "0"));
  }
  const price = units * scale + cents;
  if (!Number.isSafeInteger(price)) return { error: messages.tooHigh };
  return price > max ? { error: messages.tooHigh } : { price };
}

/** A saved price as its field shows it once the seller leaves it ("129,90", "1,299.50", "12.500"); "" for none. */
export function formatPriceField(price: number | null | undefined, money: StoreMoney): string {
  if (!price || !Number.isFinite(price) || price <= 0) return "";
  return money.currency === "ARS" && money.digits === 0 ? formatPriceInput(price) : formatPriceNumber(price, money);
}
