import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { ApiError } from "../lib/errors";
import { listedInStore } from "../lib/store-data";
import { countForStore, type StoreCount } from "../lib/store-throttle";

export const NOT_IN_STORE = "Este producto no está en esta tienda.";

/**
 * What a reported cart add must pass before it is counted, so nobody can inflate a store's figures:
 * the product is one the store sells (one read by primary key; anything else would add a counter of
 * its own to the store's statistics), and one address (an IPv4 address, an IPv6 /64) adds at most 30
 * per store per hour and one IPv6 /48 at most 120, counted atomically under keys that hold no address
 * (statistics keep none) and that stay few per store however many addresses come (worker/lib/store-throttle.ts).
 * Throws 404; answers whether it counts, and whether its refusal is the store's first of the hour.
 */
export async function admitCartAdd(
  db: Db,
  shopDb: Db,
  secret: Uint8Array,
  cartAdd: { storeId: string; productId: string; address: string; neighbourhood: string | null },
): Promise<StoreCount> {
  // The product from the store's own database (shopDatabase), the throttle from the global one.
  const sold = await shopDb
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, cartAdd.productId), listedInStore(cartAdd.storeId)))
    .get();
  if (!sold) throw new ApiError(404, NOT_IN_STORE);
  return countForStore(db, secret, cartAdd.storeId, [
    ...(cartAdd.neighbourhood ? [["cartAddNeighbourhoodStore", cartAdd.neighbourhood] as const] : []),
    ["cartAddAddressStore", cartAdd.address],
  ]);
}
