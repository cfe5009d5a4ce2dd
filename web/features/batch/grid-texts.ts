/**
 * What the pricing grid says about its rows, in the seller's language: each field's problem (pricing-rows.ts
 * finds them), the rows left after 'Publicar todos', and the price example, written with the store's money: a
 * Brazilian store's example is "129,90", a Mexican one's "1,299.50", an Argentine one's "12.500", never another
 * country's. The parsers (common/price.ts, common/store.ts) give their reasons in Spanish; a Spanish seller
 * reads them as they are, others read the same reason from the catalogue.
 */
import { MAX_PRICE, maxPrice, PRICE_NEGATIVE, PRICE_NO_CENTS, PRICE_TOO_HIGH, priceMessages } from "../../../common/price";
import { STOCK_INVALID, STOCK_TOO_HIGH } from "../../../common/store";
import { formatPrice, formatPriceNumber, type StoreMoney } from "../../../common/store-money";
import { formatArs } from "../../../common/store-format";
import { sellerLanguage } from "../../i18n/language";
import { GRID_FIELDS, type GridField, type Problem, type RowErrors, type RowLeft } from "./pricing-rows";
import { t } from "./texts";

/**
 * A usual garment price, in the stored unit, where the general one would mislead: 1.299,50 reais is a luxury
 * in Brazil, where shops price garments like "R$ 129,90".
 */
const USUAL_PRICE: Readonly<Record<string, number>> = { BRL: 12_990 };

/** The price a seller of this store would type, as they type it: "12.500", "129,90", "1,299.50". */
export function priceExample(money: StoreMoney): string {
  return formatPriceNumber(USUAL_PRICE[money.currency] ?? (money.digits ? 129_950 : 12_500), money);
}

/** The parser's reason in the seller's language, with this store's example. */
export function priceErrorText(error: string, money: StoreMoney): string {
  if (sellerLanguage() === "es") return error;
  const spanish = priceMessages(money);
  const example = { example: priceExample(money) };
  const whole = { example: formatPriceNumber(12_500, { ...money, digits: 0 }) };
  if (error === spanish.negative || error === PRICE_NEGATIVE) return t("priceNegative");
  if (error === spanish.noCents || error === PRICE_NO_CENTS) return t("priceNoCents", whole);
  if (error === spanish.tooHigh) return t("priceTooHigh", { max: formatPrice(maxPrice(money), money) });
  if (error === PRICE_TOO_HIGH) return t("priceTooHigh", { max: formatArs(MAX_PRICE) });
  if (error === spanish.wrongDecimal)
    return t(spanish.wrongDecimal.includes("una coma") ? "priceWrongDecimalComma" : "priceWrongDecimalPoint", example);
  // PRICE_INVALID, spanish.invalid, and "1.299: thousands or decimals?", which asks for the same thing.
  return t("priceInvalid", example);
}

/** readStock's reason in the seller's language. */
export function stockErrorText(error: string): string {
  if (sellerLanguage() === "es") return error;
  if (error === STOCK_INVALID) return t("stockInvalid");
  if (error === STOCK_TOO_HIGH) return t("stockTooHigh");
  return error;
}

/** A field's problem as the seller reads it. */
export function problemText(problem: Problem, money: StoreMoney): string {
  switch (problem.key) {
    case "price":
      return priceErrorText(problem.error, money);
    case "stock":
      return stockErrorText(problem.error);
    case "nameTooLong":
    case "tooManySizes":
    case "sizeNameTooLong":
      return t(problem.key, { max: String(problem.max) });
    case "repeatedSizes":
      return t("repeatedSizes", { sizes: problem.sizes.join(", ") });
    case "stockCountMismatch": {
      // What to type instead: "3, 2, 1" for three sizes.
      const example = problem.sizes.map((_, i) => problem.sizes.length - i).join(", ");
      const sizes = problem.sizes.join(", ");
      return t("stockCountMismatch", { count: String(problem.count), sizeCount: String(problem.sizes.length), sizes, example });
    }
    default:
      return t(problem.key);
  }
}

/** Every field's problem of a row, as the seller reads them. */
export function errorTexts(errors: RowErrors, money: StoreMoney): Partial<Record<GridField, string>> {
  return Object.fromEntries(Object.entries(errors).map(([field, problem]) => [field, problemText(problem, money)]));
}

const fieldWords = (): Record<GridField, string> => ({
  name: t("fieldWordName"),
  price: t("fieldWordPrice"),
  sizes: t("fieldWordSizes"),
  stock: t("fieldWordStock"),
});

/** 'Publicaste 9 productos. Falta completar 1 fila: fila 2, «Remera negra» (precio).' */
export function leftLabel(published: number, left: readonly RowLeft[]): string {
  const words = fieldWords();
  const done = published === 0 ? "" : `${t("leftDone", { count: published })} `;
  const needs = (errors: RowErrors) =>
    GRID_FIELDS.filter((field) => errors[field])
      .map((field) => words[field])
      .join(", ");
  const list = left
    .map((row) => {
      const values = { row: String(row.index + 1), needs: needs(row.errors) };
      return row.name ? t("leftRowNamed", { ...values, name: row.name }) : t("leftRow", values);
    })
    .join("; ");
  return `${done}${t("leftRows", { count: left.length, list })}`;
}
