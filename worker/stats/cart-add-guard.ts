import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { ApiError } from "../lib/errors";
import { listedInStore } from "../lib/store-data";
import { anonymousSubject, attempt } from "../lib/throttle";

export const NOT_IN_STORE = "Este producto no está en esta tienda.";

/**
 * What a reported cart add must pass before it is counted, so nobody can inflate a store's figures:
 * the product is one the store sells (one read by primary key; anything else would add a counter of
 * its own to the store's statistics), and one address adds at most 30 per store per hour, counted
 * atomically under a key that holds no address (statistics keep none). Throws 404 or 429.
 */
export async function admitCartAdd(
  db: Db,
  shopDb: Db,
  secret: Uint8Array,
  cartAdd: { storeId: string; productId: string; address: string },
) {
  // The product from the store's own database (shopDatabase), the throttle from the global one.
  const sold = await shopDb
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, cartAdd.productId), listedInStore(cartAdd.storeId)))
    .get();
  if (!sold) throw new ApiError(404, NOT_IN_STORE);
  await attempt(db, [await anonymousSubject("cartAddAddressStore", secret, [cartAdd.address, cartAdd.storeId])]);
}
