/**
 * Making new products: each with a fresh short code and a handle, never past MAX_PRODUCTS_PER_SELLER. The cap
 * is a statement of the same batch as the inserts, after them: it fails the whole batch when the seller would
 * end up with more, so ten imports fired together cannot pass it between a count and a write.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { eq, sql } from "drizzle-orm";
import type { Db, ShopDb } from "../../db/client";
import { products } from "../../db/schema";
import { ApiError } from "../errors";
import { writeAcross } from "../shop-writes";
import { isProductCodeTaken, PRODUCT_CODE_LENGTH, shortCode } from "../short-codes";
import { isHandleTaken, newHandle } from "./handles";

export const MAX_PRODUCTS_PER_SELLER = 2000;
export const PRODUCT_CAP_REACHED = `Tu tienda puede tener hasta ${MAX_PRODUCTS_PER_SELLER.toLocaleString("es-AR")} productos. Borra los que ya no vendes para agregar otros.`;

export type NewProduct = Omit<typeof products.$inferInsert, "code" | "handle"> & { id: string; handle?: string };

/** The insert of one new product, with a code drawn now and its handle (its own, or one from its name). */
export function insertProduct(shopDb: Db, row: NewProduct) {
  return shopDb
    .insert(products)
    .values({ ...row, handle: row.handle ?? newHandle(row.name, row.id), code: shortCode(PRODUCT_CODE_LENGTH) });
}

/**
 * Last in the batch that inserts products: raises SQLite's "integer overflow" (rolling the batch back) when the
 * seller now has more than the cap. The overflow's argument reads the count, so SQLite evaluates it only on
 * the row where the CASE needs it.
 */
export function withinProductCap(shopDb: Db, userId: string) {
  return shopDb
    .select({
      within: sql<number>`case when count(*) <= ${MAX_PRODUCTS_PER_SELLER} then 1 else abs(-9223372036854775807 - 1 + (count(*) - count(*))) end`,
    })
    .from(products)
    .where(eq(products.userId, userId));
}

function isCapReached(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/integer overflow/i.test(e.message)) return true;
  return false;
}

const DRAWS = 5;

/**
 * Runs a write that inserts products, built by `build` (again on each try: a code that clashes with one of the
 * seller's, or a handle another write just took, draws again; the batch is atomic, so a failed try left
 * nothing). Past the cap, a 409 with the reason.
 */
export async function writingNewProducts<T>(build: () => Promise<T>): Promise<T> {
  for (let draw = 1; ; draw++) {
    try {
      return await build();
    } catch (err) {
      if (isCapReached(err)) throw new ApiError(409, PRODUCT_CAP_REACHED);
      if (draw >= DRAWS || !(isProductCodeTaken(err) || isHandleTaken(err))) throw err;
    }
  }
}

/**
 * Inserts new products into the shop's database with `after` (global statements of the same write, such as the
 * store's version) in one batch where the shop lives in the global database (worker/lib/shop-writes.ts).
 */
export async function createProducts(db: Db, shopDb: ShopDb, userId: string, rows: NewProduct[], after: BatchItem<"sqlite">[] = []) {
  await writingNewProducts(() =>
    writeAcross(db, shopDb, { shop: [...rows.map((row) => insertProduct(shopDb, row)), withinProductCap(shopDb, userId)], after }),
  );
}
