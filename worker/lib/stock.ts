/**
 * Colours and stock in D1: the colours' names and pictures in products.colors,
 * the units of each colour and size in product_stock (one row per combination,
 * CHECK stock >= 0). Every stock move is a statement meant for a D1 batch, which
 * runs as one transaction: confirming an order takes all of its lines or, when
 * one would go below zero, none (the CHECK aborts the batch); cancelling gives
 * them back once.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ColorStock, SizeStock, Variants } from "../../common/variants";
import { combinedSizes } from "../../common/variants";
import type { OrderLine } from "../../common/store-cart";
import type { Db } from "../db/client";
import { products, productStock } from "../db/schema";
import { imageUrl } from "./images";

/** The implicit colour of a product without colours, as product_stock keeps it. */
export const NO_COLOR = "";
/** The implicit size of a product without sizes whose units are counted (its one row in product_stock). */
export const NO_SIZE = "";

interface SavedColor {
  name: string;
  imageKey: string | null;
}

/**
 * The product's stock rows as one JSON column of [color, size, stock], ordered
 * as the seller listed them: read in the same query as the product.
 */
export const stockColumn = sql<string>`(
  SELECT json_group_array(json_array(ps.color, ps.size, ps.stock)) FROM (
    SELECT color, size, stock FROM product_stock WHERE product_id = "products"."id" ORDER BY color, position
  ) AS ps
)`;

/**
 * A product's sizes and colours from its row: `colors` as saved, `stock` from
 * stockColumn. A colour's picture counts only while it is one of `shownKeys`
 * (the images the store shows): an image taken out of the store leaves no
 * broken picture behind.
 */
export function readVariants(row: { colors: string; stock: string | null }, shownKeys: readonly string[]): Variants {
  const rows = JSON.parse(row.stock ?? "[]") as [string, string, number][];
  const sizesOf = (color: string): SizeStock[] =>
    rows.filter(([c, size]) => c === color && size !== NO_SIZE).map(([, name, stock]) => ({ name, stock }));
  const saved = JSON.parse(row.colors) as SavedColor[];
  if (!saved.length) {
    const counted = rows.find(([c, size]) => c === NO_COLOR && size === NO_SIZE);
    // `stock` only where units are counted: every other product reads as before.
    return { sizes: sizesOf(NO_COLOR), colors: [], ...(counted ? { stock: counted[2] } : {}) };
  }
  const colors: ColorStock[] = saved.map((c) => ({
    name: c.name,
    image: c.imageKey && shownKeys.includes(c.imageKey) ? imageUrl(c.imageKey) : null,
    sizes: sizesOf(c.name),
  }));
  return { sizes: combinedSizes(colors), colors };
}

/** The keys of a product's store images: the chosen ones, else its own photo. */
export function shownImageKeys(row: { storeImageKeys: string; imageKey: string | null }): string[] {
  const chosen = JSON.parse(row.storeImageKeys) as string[];
  return chosen.length ? chosen : row.imageKey ? [row.imageKey] : [];
}

/**
 * Replaces a product's colours and stock with the seller's: `colors` empty
 * means no colours and `sizes` is the stock, else each colour's sizes are. A
 * product left without colours nor sizes counts `stock` units (null: not
 * counted; undefined: as it was). Three statements for the save's batch,
 * whatever the number of combinations (the rows travel as one JSON parameter).
 */
export function replaceVariants(
  db: Db,
  productId: string,
  sizes: readonly SizeStock[],
  colors: readonly { name: string; imageKey: string | null; sizes: readonly SizeStock[] }[],
  stock?: number | null,
) {
  const groups = colors.length ? colors.map((c) => ({ color: c.name, sizes: c.sizes })) : [{ color: NO_COLOR, sizes }];
  const rows = groups.flatMap((g) => g.sizes.map((s, position) => ({ c: g.color, s: s.name, n: s.stock, p: position })));
  const sizeless = !colors.length && !sizes.length;
  if (sizeless && typeof stock === "number") rows.push({ c: NO_COLOR, s: NO_SIZE, n: stock, p: 0 });
  // A save that says nothing of the units (an older screen) keeps a sizeless product's count as it was.
  const keep = sizeless && stock === undefined;
  return [
    db
      .update(products)
      .set({ colors: JSON.stringify(colors.map((c) => ({ name: c.name, imageKey: c.imageKey }))) })
      .where(eq(products.id, productId)),
    db
      .delete(productStock)
      .where(
        and(
          eq(productStock.productId, productId),
          keep ? sql`NOT (${productStock.color} = ${NO_COLOR} AND ${productStock.size} = ${NO_SIZE})` : undefined,
        ),
      ),
    db.insert(productStock).select(
      sql`SELECT ${productId}, json_extract(value, '$.c'), json_extract(value, '$.s'), json_extract(value, '$.n'), json_extract(value, '$.p')
          FROM json_each(${JSON.stringify(rows)})`,
    ),
  ] as const;
}

/**
 * The lines of an order that may keep stock: those with a size, and those of a product without colours nor
 * sizes (it may count its units; when it does not, it has no row and nothing is taken or given back).
 */
export const stockedLines = (lines: readonly OrderLine[]) => lines.filter((line) => line.size !== null || line.color === null);

/**
 * Takes an order's quantities off stock, for the batch that confirms it. Each
 * applies only while the order is still in `status` with its stock not taken,
 * and the same batch marks it taken: a second confirmation, even a concurrent
 * one, takes nothing. A row that would go below zero fails the CHECK and aborts
 * the whole batch; so does a combination deleted since the order was placed,
 * through a guard row of -1 that cannot be inserted (SQLite checks CHECK before
 * a conflict, so an upsert cannot do both).
 */
export function takeStock(db: Db, order: { id: string; sellerId: string; status: string; lines: readonly OrderLine[] }) {
  const notYetTaken = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND status = ${order.status} AND stock_taken_at IS NULL)`;
  return stockedLines(order.lines).flatMap((line) => {
    const combination = and(
      eq(productStock.productId, line.productId),
      eq(productStock.color, line.color ?? NO_COLOR),
      eq(productStock.size, line.size ?? NO_SIZE),
      sql`EXISTS (SELECT 1 FROM products WHERE id = ${line.productId} AND user_id = ${order.sellerId})`,
    );
    // A sizeless line takes only from a count the product keeps: without its row it sells without limit.
    const guard =
      line.size === null
        ? []
        : [
            db.insert(productStock).select(
              sql`SELECT ${line.productId}, ${line.color ?? NO_COLOR}, ${line.size}, -1, 0
            WHERE ${notYetTaken} AND NOT EXISTS (SELECT 1 FROM product_stock WHERE ${combination})`,
            ),
          ];
    return [
      ...guard,
      db
        .update(productStock)
        .set({ stock: sql`${productStock.stock} - ${line.quantity}` })
        .where(and(combination, notYetTaken)),
    ];
  });
}

/**
 * Gives a confirmed order's quantities back, for the batch that cancels it:
 * only while the order is still in `status`, its stock taken and not yet
 * returned, and only to combinations that still exist (a size the seller
 * removed meanwhile does not come back).
 */
export function returnStock(db: Db, order: { id: string; sellerId: string; status: string; lines: readonly OrderLine[] }) {
  return stockedLines(order.lines).map((line) =>
    db
      .update(productStock)
      .set({ stock: sql`${productStock.stock} + ${line.quantity}` })
      .where(
        and(
          eq(productStock.productId, line.productId),
          eq(productStock.color, line.color ?? NO_COLOR),
          eq(productStock.size, line.size ?? NO_SIZE),
          sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND status = ${order.status} AND stock_taken_at IS NOT NULL AND stock_returned_at IS NULL)`,
          sql`EXISTS (SELECT 1 FROM products WHERE id = ${line.productId} AND user_id = ${order.sellerId})`,
        ),
      ),
  );
}

/** Whether a batch failed because a stock row would have gone below zero. */
export function isStockBelowZero(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if (/product_stock_not_negative|CHECK constraint failed/.test(e.message)) return true;
  return false;
}
