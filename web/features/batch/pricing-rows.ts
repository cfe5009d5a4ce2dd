/**
 * The pricing grid's rows after a batch: what the seller types in each cell,
 * checked with the rules the Worker saves with (the one price parser, the
 * store's limits on sizes and stock), so each row's errors show in place
 * before 'Publicar todos' sends anything.
 */
import { parsePrice } from "../../../common/price";
import { ARS_MONEY, type StoreMoney } from "../../../common/store-money";
import { MAX_SIZES, readStock, SIZE_NAME_MAX_LENGTH, stockOrZero } from "../../../common/store";
import { cleanText } from "../../../common/text";

export interface GridRow {
  id: string;
  photoUrl: string | null;
  name: string;
  price: string;
  /** Sizes as typed, separated by commas: "S, M, L". */
  sizes: string;
  /** Units of each size. */
  stock: string;
}

export type RowErrors = Partial<Record<"name" | "price" | "sizes" | "stock", string>>;

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
  const stock = readStock(row.stock);
  if (sizes.length > 0 && "error" in stock) errors.stock = stock.error;
  return errors;
}

/** The row as update-pricing takes it, published: the price goes as typed (the Worker reads it with the same parser). */
export function publishItem(row: GridRow) {
  const stock = stockOrZero(row.stock);
  return {
    id: row.id,
    name: cleanText(row.name),
    price: row.price.trim(),
    sizes: sizeNames(row.sizes).map((name) => ({ name, stock })),
    published: true,
  };
}

/** 'Igual que arriba': the sizes and stock of the row above, as a spreadsheet fills down. */
export function fillDown(rows: readonly GridRow[], index: number): GridRow[] {
  if (index <= 0 || index >= rows.length) return [...rows];
  const above = rows[index - 1]!;
  return rows.map((row, i) => (i === index ? { ...row, sizes: above.sizes, stock: above.stock } : row));
}
