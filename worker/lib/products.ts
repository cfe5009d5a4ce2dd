import { and, desc, eq, sql } from "drizzle-orm";
import type { Product } from "../../common/product";
import { cleanCategory } from "../../common/store-browse";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { ApiError } from "./errors";
import { imageUrl } from "./images";
import { readVariants, shownImageKeys, stockColumn } from "./stock";

export const PRODUCT_NOT_FOUND = "Producto no encontrado.";

/**
 * The newest generated image of each product, from the shop's database (where its generated images live with
 * it): one indexed lookup per product, as the subquery it replaces was.
 */
export async function newestGeneratedKeys(db: Db, productIds: string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows = await db.all<{ id: string; key: string | null }>(sql`
    SELECT p.value AS id, (
      SELECT gi.key FROM generated_images AS gi WHERE gi.product_id = p.value ORDER BY gi.created_at DESC, gi.id DESC LIMIT 1
    ) AS key
    FROM json_each(${JSON.stringify(productIds)}) AS p`);
  return new Map(rows.filter((r) => r.key !== null).map((r) => [r.id, r.key!]));
}

type ProductRow = Omit<typeof products.$inferSelect, "priceCents"> & { generatedKey: string | null; stock: string | null };

function selectProducts(shopDb: Db) {
  return shopDb
    .select({
      id: products.id,
      userId: products.userId,
      name: products.name,
      imageKey: products.imageKey,
      price: products.price,
      sizes: products.sizes,
      colors: products.colors,
      stock: stockColumn,
      storeImageKeys: products.storeImageKeys,
      published: products.published,
      description: products.description,
      category: products.category,
      code: products.code,
      handle: products.handle,
      createdAt: products.createdAt,
    })
    .from(products);
}

/** Rows of the shop's database with their newest generated image, from the same database. */
async function withGeneratedKeys<R extends { id: string }>(shopDb: Db, rows: R[]): Promise<(R & { generatedKey: string | null })[]> {
  const keys = await newestGeneratedKeys(
    shopDb,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, generatedKey: keys.get(r.id) ?? null }));
}

export function toApiProduct(row: ProductRow): Product {
  const photo = imageUrl(row.imageKey);
  return {
    id: row.id,
    name: row.name,
    imageURL: photo,
    imageUrl: photo,
    originalImageUrl: photo,
    generatedImageUrl: imageUrl(row.generatedKey),
    description: row.description ?? null,
    price: row.price,
    ...readVariants(row, shownImageKeys(row)),
    storeImageURLs: (JSON.parse(row.storeImageKeys) as string[]).map((key) => imageUrl(key)!),
    published: row.published,
    category: cleanCategory(row.category),
    code: row.code,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.userId,
  };
}

/** The seller's products (from the shop's database `shopDb`), newest first. */
export async function listProducts(shopDb: Db, userId: string): Promise<Product[]> {
  const rows = await selectProducts(shopDb).where(eq(products.userId, userId)).orderBy(desc(products.createdAt), desc(products.id));
  return (await withGeneratedKeys(shopDb, rows)).map(toApiProduct);
}

/** The seller's own product, or 404: another seller's id is indistinguishable from a missing one. */
export async function ownProduct(shopDb: Db, userId: string, productId: string): Promise<ProductRow> {
  const row = await selectProducts(shopDb)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .get();
  if (!row) throw new ApiError(404, PRODUCT_NOT_FOUND);
  return (await withGeneratedKeys(shopDb, [row]))[0]!;
}
