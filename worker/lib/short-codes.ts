/**
 * Short codes a person reads aloud or types: orders' #K7P2 and products' R4TQ9. Drawn from an
 * alphabet without 0/O nor 1/I/L, unique per seller (a unique index each); a draw that repeats one
 * of the seller's is simply drawn again.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Db, ShopDb } from "../db/client";
import { writeAcross } from "./shop-writes";
import { products } from "../db/schema";

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const ORDER_CODE_LENGTH = 4;
/** One more than orders': a product code and an order code are never confused. */
export const PRODUCT_CODE_LENGTH = 5;

export function shortCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * Whether a write failed because a code (`products.code`, `orders.code`) is already one of the seller's, and is
 * worth drawing again. Drizzle wraps D1's error ("Failed query: …"), whose own message is in the cause chain.
 */
export function isCodeTaken(err: unknown, column: "products.code" | "orders.code"): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("UNIQUE") && e.message.includes(column)) return true;
  }
  return false;
}

export const isProductCodeTaken = (err: unknown) => isCodeTaken(err, "products.code");

const DRAWS = 5;

/**
 * Inserts new products into the shop's database, each with a fresh code, with `after` (global statements of
 * the same write, such as the store's version) in one batch where the shop lives in the global database
 * (worker/lib/shop-writes.ts). A code that clashes with one of the seller's redraws all and retries: the
 * products' batch is atomic, so a failed try left nothing behind.
 */
export async function insertProducts(
  db: Db,
  shopDb: ShopDb,
  rows: Omit<typeof products.$inferInsert, "code">[],
  after: BatchItem<"sqlite">[] = [],
): Promise<void> {
  for (let draw = 1; ; draw++) {
    try {
      await writeAcross(db, shopDb, {
        shop: rows.map((row) => shopDb.insert(products).values({ ...row, code: shortCode(PRODUCT_CODE_LENGTH) })),
        after,
      });
      return;
    } catch (err) {
      if (draw >= DRAWS || !isProductCodeTaken(err)) throw err;
    }
  }
}
