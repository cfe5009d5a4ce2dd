import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/**
 * The statement that marks a seller's public store as changed. The edge cache
 * keys store pages by this version (worker/pages/store-pages.ts), so a write
 * that runs it in the same batch is what shoppers see on their next request.
 * Every write to what the store shows (store data, products, prices, sizes,
 * stock, store images) must include it.
 */
export function storeChanged(db: Db, userId: string) {
  return db
    .update(users)
    .set({ storeVersion: sql`${users.storeVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function markStoreChanged(db: Db, userId: string) {
  await storeChanged(db, userId);
}
