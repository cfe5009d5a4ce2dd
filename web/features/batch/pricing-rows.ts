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
export type RowErrors = Partial<Record<GridField, string>>;

export const NAME_REQUIRED = "Ponle un nombre.";
export const PRICE_REQUIRED = "Ponle un precio para publicarlo.";

export const sizeNames = (typed: string) =>
  typed
    .split(",")
    .map((name) => cleanText(name))
    .filter(Boolean);

/** What is wrong with a row, field by field; an empty object when it can be published. */
export function rowErrors(row: GridRow, money: StoreMoney = ARS_MONEY): RowErrors {
  const errors: RowErrors = {};
  if (!cleanText(row.name)) errors.name = NAME_REQUIRED;
  else if (cleanText(row.name).length > 120) errors.name = "El nombre no puede tener más de 120 caracteres.";
  const price = parsePrice(row.price, money);
  if ("error" in price) errors.price = price.error;
  else if (price.price <= 0) errors.price = PRICE_REQUIRED;
  const sizes = sizeNames(row.sizes);
  const folded = sizes.map((s) => s.toLocaleLowerCase("es"));
  if (sizes.length > MAX_SIZES) errors.sizes = `Un producto puede tener hasta ${MAX_SIZES} talles.`;
  else if (sizes.some((s) => s.length > SIZE_NAME_MAX_LENGTH))
    errors.sizes = `El nombre de un talle no puede tener más de ${SIZE_NAME_MAX_LENGTH} caracteres.`;
  else if (new Set(folded).size !== folded.length)
    errors.sizes = `Hay talles repetidos: ${sizes.filter((s, i) => folded.indexOf(s.toLocaleLowerCase("es")) !== i).join(", ")}.`;
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
export function stockPerSize(sizes: readonly string[], typed: string): { stocks: number[] } | { error: string } {
  const numbers = typed.split(STOCK_SEPARATORS).filter(Boolean);
  if (numbers.length === 0) return { stocks: sizes.map(() => 0) };
  if (numbers.length !== 1 && numbers.length !== sizes.length) return { error: stockCountMismatch(sizes, numbers.length) };
  const stocks: number[] = [];
  for (const number of numbers) {
    const read = readStock(number);
    if ("error" in read) return { error: read.error };
    stocks.push(read.stock);
  }
  return { stocks: numbers.length === 1 ? sizes.map(() => stocks[0]!) : stocks };
}

/** 'Escribiste 2 números de stock para 3 talles (S, M, L)…': said in place, with what to type instead. */
export function stockCountMismatch(sizes: readonly string[], count: number): string {
  const example = sizes.map((_, i) => sizes.length - i).join(", ");
  return `Escribiste ${count} números de stock para ${sizes.length} talles (${sizes.join(", ")}): escribe uno por talle, en el mismo orden (por ejemplo ${example}), o uno solo para todos.`;
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
  if (errors.name === NAME_REQUIRED) delete errors.name;
  if (errors.price === PRICE_REQUIRED) delete errors.price;
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

const FIELD_WORDS: Record<GridField, string> = { name: "nombre", price: "precio", sizes: "talles", stock: "stock" };

/** 'Publicaste 9 productos. Falta completar 1 fila: fila 2, «Remera negra» (precio).' */
export function leftLabel(published: number, left: readonly RowLeft[]): string {
  const done = published === 0 ? "" : published === 1 ? "Publicaste 1 producto. " : `Publicaste ${published} productos. `;
  const needs = (errors: RowErrors) =>
    GRID_FIELDS.filter((field) => errors[field])
      .map((field) => FIELD_WORDS[field])
      .join(", ");
  const list = left.map((row) => `fila ${row.index + 1}${row.name ? `, «${row.name}»` : ""} (${needs(row.errors)})`).join("; ");
  const count = left.length === 1 ? "Falta completar 1 fila" : `Falta completar ${left.length} filas`;
  return `${done}${count}: ${list}.`;
}

/** 'Igual que arriba': the sizes and stock of the row above, as a spreadsheet fills down. */
export function fillDown(rows: readonly GridRow[], index: number): GridRow[] {
  if (index <= 0 || index >= rows.length) return [...rows];
  const above = rows[index - 1]!;
  return rows.map((row, i) => (i === index ? { ...row, sizes: above.sizes, stock: above.stock } : row));
}
