/**
 * The one price parser: every price input (the store admin, the pricing
 * screen, and the Worker behind them) reads prices through it, so "12.500"
 * means twelve thousand five hundred pesos everywhere and junk never turns
 * into a number. Store prices are whole Argentine pesos: ARS has no cents in
 * a shop window, so a price with cents is refused instead of guessed, and the
 * screens offer the rounded price in one tap (priceSuggestion).
 */
import { formatArs } from "./store-format";

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
