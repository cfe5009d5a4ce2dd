/**
 * The pricing grid's rows after a batch: what the seller types in each cell,
 * checked with the rules the Worker saves with (the one price parser, the
 * store's limits on sizes and stock), so each row's errors show in place
 * before 'Publicar todos' sends anything, and the rows that are ready go
 * while the others wait.
 */
import { parsePrice } from "../../../common/price";
import type { Product } from "../../../common/product";
import { ARS_MONEY, type StoreMoney } from "../../../common/store-money";
import { MAX_SIZES, readStock, SIZE_NAME_MAX_LENGTH } from "../../../common/store";
import { cleanText } from "../../../common/text";

export interface GridRow {
  id: string;
  photoUrl: string | null;
  name: string;
  price: string;
  /** Sizes as typed, separated by commas: "S, M, L". */
  sizes: string;
  /** Units of each size, in the sizes' order ("3, 2, 1" for "S, M, L"), or one number for all of them. */
  stock: string;
}

/**
 * The picture a row shows: the one the store will show once it is published. The seller's chosen store images
 * come first; without a choice, the batch's generated picture (the Worker makes it the store's as it finishes),
 * else the product's newest generated one; the phone photo only when there is none.
 */
export function rowPicture(
  product: Pick<Product, "storeImageURLs" | "generatedImageUrl" | "imageUrl">,
  batchPicture: string | null,
): string | null {
  return product.storeImageURLs[0] ?? batchPicture ?? product.generatedImageUrl ?? product.imageUrl;
}

export const GRID_FIELDS = ["name", "price", "sizes", "stock"] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/**
 * What is wrong with a field, as data: the grid says it in the seller's language (grid-texts.ts problemText),
 * and this file stays free of the screens' catalogues, so the Worker's tests run the same checks.
 */
export type Problem =
  | { key: "nameRequired" | "priceRequired" }
  | { key: "nameTooLong" | "tooManySizes" | "sizeNameTooLong"; max: number }
  | { key: "repeatedSizes"; sizes: readonly string[] }
  | { key: "stockCountMismatch"; count: number; sizes: readonly string[] }
  /** The parser's own reason (common/price.ts, common/store.ts), in Spanish. */
  | { key: "price" | "stock"; error: string };
export type RowErrors = Partial<Record<GridField, Problem>>;

export const sizeNames = (typed: string) =>
  typed
    .split(",")
    .map((name) => cleanText(name))
    .filter(Boolean);

/** What is wrong with a row, field by field; an empty object when it can be published. */
export function rowErrors(row: GridRow, money: StoreMoney = ARS_MONEY): RowErrors {
  const errors: RowErrors = {};
  if (!cleanText(row.name)) errors.name = { key: "nameRequired" };
  else if (cleanText(row.name).length > 120) errors.name = { key: "nameTooLong", max: 120 };
  const price = parsePrice(row.price, money);
  if ("error" in price) errors.price = { key: "price", error: price.error };
  else if (price.price <= 0) errors.price = { key: "priceRequired" };
  const sizes = sizeNames(row.sizes);
  const folded = sizes.map((s) => s.toLocaleLowerCase("es"));
  if (sizes.length > MAX_SIZES) errors.sizes = { key: "tooManySizes", max: MAX_SIZES };
  else if (sizes.some((s) => s.length > SIZE_NAME_MAX_LENGTH)) errors.sizes = { key: "sizeNameTooLong", max: SIZE_NAME_MAX_LENGTH };
  else if (new Set(folded).size !== folded.length)
    errors.sizes = { key: "repeatedSizes", sizes: sizes.filter((s, i) => folded.indexOf(s.toLocaleLowerCase("es")) !== i) };
  else if (sizes.length > 0) {
    const stock = stockPerSize(sizes, row.stock);
    if ("error" in stock) errors.stock = stock.error;
  }
  return errors;
}

/** What sellers put between the numbers of "3, 2, 1" (or "3 2 1", "3; 2; 1", "3/2/1"). */
const STOCK_SEPARATORS = /[\s,;/]+/;

/**
 * The stock of each size as typed: one number per size, in the sizes' order ("3, 2, 1" for "S, M, L"), or
 * one number for all of them ("3"); empty is none of any. Each number as readStock reads it ("1.200").
 */
export function stockPerSize(sizes: readonly string[], typed: string): { stocks: number[] } | { error: Problem } {
  const numbers = typed.split(STOCK_SEPARATORS).filter(Boolean);
  if (numbers.length === 0) return { stocks: sizes.map(() => 0) };
  if (numbers.length !== 1 && numbers.length !== sizes.length)
    return { error: { key: "stockCountMismatch", count: numbers.length, sizes } };
  const stocks: number[] = [];
  for (const number of numbers) {
    const read = readStock(number);
    if ("error" in read) return { error: { key: "stock", error: read.error } };
    stocks.push(read.stock);
  }
  return { stocks: numbers.length === 1 ? sizes.map(() => stocks[0]!) : stocks };
}

/** The stock of a product's sizes as the grid shows it: one number when they all have the same. */
export function typedStock(stocks: readonly number[]): string {
  if (stocks.length === 0) return "";
  return stocks.every((stock) => stock === stocks[0]) ? String(stocks[0]) : stocks.join(", ");
}

/** The row as update-pricing takes it, published: the price goes as typed (the Worker reads it with the same parser). */
export function publishItem(row: GridRow) {
  const sizes = sizeNames(row.sizes);
  const stock = stockPerSize(sizes, row.stock);
  const stocks = "stocks" in stock ? stock.stocks : sizes.map(() => 0);
  return {
    id: row.id,
    name: cleanText(row.name),
    price: row.price.trim(),
    sizes: sizes.map((name, i) => ({ name, stock: stocks[i]! })),
    published: true,
  };
}

/**
 * What is wrong with a row as the seller types, said at the field before anything is sent: a price the
 * parser cannot read ("$ 15.000,50" in pesos, "12,5"), sizes or stock that do not fit. An empty name or
 * price is no mistake yet (a draft may lack them); publishing asks for them.
 */
export function typingErrors(row: GridRow, money: StoreMoney = ARS_MONEY): RowErrors {
  const errors = rowErrors(row, money);
  if (errors.name?.key === "nameRequired") delete errors.name;
  if (errors.price?.key === "priceRequired") delete errors.price;
  return errors;
}

/** The row as update-pricing takes it for 'Guardar borrador': prices, sizes and stock saved, published left as it is. */
export function draftItem(row: GridRow) {
  const { published: _, name, ...item } = publishItem(row);
  // A name cleared to nothing stays as it was: a draft needs no name yet.
  return name ? { ...item, name } : item;
}

/** A row 'Publicar todos' leaves for later: its place in the grid, its name and what it still needs. */
export interface RowLeft {
  index: number;
  name: string;
  errors: RowErrors;
}

/** The rows that cannot be published yet, in the grid's order. */
export function rowsLeft(rows: readonly GridRow[], money: StoreMoney = ARS_MONEY): RowLeft[] {
  return rows.flatMap((row, index) => {
    const errors = rowErrors(row, money);
    return Object.keys(errors).length > 0 ? [{ index, name: cleanText(row.name), errors }] : [];
  });
}

/** 'Igual que arriba': the sizes and stock of the row above, as a spreadsheet fills down. */
export function fillDown(rows: readonly GridRow[], index: number): GridRow[] {
  if (index <= 0 || index >= rows.length) return [...rows];
  const above = rows[index - 1]!;
  return rows.map((row, i) => (i === index ? { ...row, sizes: above.sizes, stock: above.stock } : row));
}
