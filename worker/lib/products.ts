import { and, desc, eq, sql } from "drizzle-orm";
import type { Product } from "../../common/product";
import { cleanCategory } from "../../common/store-browse";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { ApiError } from "./errors";
import { imageUrl } from "./images";
import { readVariants, shownImageKeys, stockColumn } from "./stock";

export const PRODUCT_NOT_FOUND = "Producto no encontrado.";

// Written out with table names: drizzle leaves columns unqualified in single-table
// selects, and an unqualified "id" inside the subquery would mean generated_images.id.
const newestGeneratedKey = sql<string | null>`(
  SELECT gi.key FROM generated_images AS gi
  WHERE gi.product_id = "products"."id"
  ORDER BY gi.created_at DESC, gi.id DESC LIMIT 1
)`.as("generated_key");

type ProductRow = typeof products.$inferSelect & { generatedKey: string | null; stock: string | null };

function selectProducts(db: Db) {
  return db
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
      createdAt: products.createdAt,
      generatedKey: newestGeneratedKey,
    })
    .from(products);
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

export async function listProducts(db: Db, userId: string): Promise<Product[]> {
  const rows = await selectProducts(db).where(eq(products.userId, userId)).orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(toApiProduct);
}

/** The seller's own product, or 404: another seller's id is indistinguishable from a missing one. */
export async function ownProduct(db: Db, userId: string, productId: string): Promise<ProductRow> {
  const row = await selectProducts(db)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .get();
  if (!row) throw new ApiError(404, PRODUCT_NOT_FOUND);
  return row;
}
