/**
 * Which pictures a product's store shows: the ones the seller chose (each the product's own photo or one of its
 * generated images), else a generated picture as soon as there is one, else the product's own photo.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { generatedImages, products } from "../../db/schema";
import { chunks } from "../chunks";
import { ApiError } from "../errors";

export const FOREIGN_STORE_IMAGE = "Una de las imágenes elegidas no es de este producto.";

/** "/img/g/abc.jpg" or "https://host/img/g/abc.jpg" → "g/abc.jpg". */
export function keyOfUrl(url: string): string | undefined {
  let path = url;
  if (/^https?:\/\//.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return undefined;
    }
  }
  return path.startsWith("/img/") ? path.slice("/img/".length) : undefined;
}

/**
 * The R2 keys a product's store may show: its own photo and its generated images (both in the shop's database). Anything else (another product's image, a foreign URL) is refused.
 */
export async function storeImageKeys(shopDb: Db, productIds: string[]): Promise<Map<string, Set<string>>> {
  const allowed = new Map<string, Set<string>>(productIds.map((id) => [id, new Set<string>()]));
  for (const ids of chunks(productIds, 90)) {
    const own = await shopDb.select({ id: products.id, key: products.imageKey }).from(products).where(inArray(products.id, ids));
    for (const row of own) if (row.key) allowed.get(row.id)?.add(row.key);
    const generated = await shopDb
      .select({ id: generatedImages.productId, key: generatedImages.key })
      .from(generatedImages)
      .where(inArray(generatedImages.productId, ids));
    for (const row of generated) allowed.get(row.id)?.add(row.key);
  }
  return allowed;
}

export function resolveStoreImages(urls: string[], allowed: Set<string> | undefined): string[] {
  const keys: string[] = [];
  for (const url of urls) {
    const key = keyOfUrl(url);
    if (!key || !allowed?.has(key)) throw new ApiError(400, FOREIGN_STORE_IMAGE);
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * A generated picture as the product's store pictures, unless the seller already chose them: the picture the
 * seller paid for is what shoppers see, and a choice is never overwritten.
 */
export const pictureUnlessChosen = (imageKey: string) =>
  sql<string>`CASE WHEN ${products.storeImageKeys} = '[]' THEN ${JSON.stringify([imageKey])} ELSE ${products.storeImageKeys} END`;

/** The statement that makes a finished generation the store picture of a product without a choice, for the batch that records it. */
export function showGeneratedPicture(shopDb: Db, product: { id: string; userId: string }, imageKey: string) {
  return shopDb
    .update(products)
    .set({ storeImageKeys: pictureUnlessChosen(imageKey) })
    .where(and(eq(products.id, product.id), eq(products.userId, product.userId)));
}

/** The statement that takes a deleted image out of the product's store pictures (with none left it shows its own photo). */
export function forgetStorePicture(shopDb: Db, product: { id: string; userId: string }, imageKey: string) {
  return shopDb
    .update(products)
    .set({ storeImageKeys: sql`(SELECT json_group_array(value) FROM json_each(${products.storeImageKeys}) WHERE value != ${imageKey})` })
    .where(and(eq(products.id, product.id), eq(products.userId, product.userId)));
}
