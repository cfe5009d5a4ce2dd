/**
 * Saving changes to a seller's existing products: the editor's PUT /update, the pricing grid and a batch's
 * 'Publicar todos' all come here, so the same ownership, publish-needs-price, store-image and stock rules and
 * the same store-money guard apply whichever screen sent them.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { SizeStock } from "../../../common/variants";
import type { Db, ShopDb } from "../../db/client";
import { products } from "../../db/schema";
import { chunks } from "../chunks";
import { ApiError } from "../errors";
import { newestGeneratedKeys, ownProduct, PRODUCT_NOT_FOUND } from "../products";
import { writeAcross } from "../shop-writes";
import { replaceVariants, shownImageKeys } from "../stock";
import { moneyGuarded, moneyGuards, type MoneyGuardedSeller as Seller } from "../store-money-change";
import { storeChanged } from "../store-version";
import type { ColorsInput, ProductChangeInput } from "./fields";
import { keyOfUrl, pictureUnlessChosen, resolveStoreImages, storeImageKeys } from "./pictures";

export const colorImageNotShown = (color: string) => `La foto del color ${color} tiene que ser una de las imágenes que muestra tu tienda.`;
export const publishNeedsPrice = (name: string) => `Ponle un precio a «${name}» antes de publicarlo.`;

/** What `published` becomes: a product without a price is never on show, whatever was asked. */
export function publishedAfter(price: number, asked: boolean | undefined, name: string): boolean | undefined {
  if (asked && price <= 0) throw new ApiError(400, publishNeedsPrice(name));
  return price <= 0 ? false : asked;
}

/**
 * The statements that save a product's stock: its colours when sent, else its sizes for a product without
 * colours. A product with colours saved without them keeps its colours (its `sizes` are then only their sum,
 * not stock to write). Each colour's picture must be one of the images the store shows after this save.
 */
export function variantWrites(
  db: Db,
  product: { id: string; colors: string },
  input: { sizes?: SizeStock[]; colors?: ColorsInput; stock?: number | null },
  shownKeys: string[],
) {
  if (input.colors !== undefined) {
    const colors = input.colors.map((color) => {
      const key = color.image ? keyOfUrl(color.image) : null;
      if (color.image && (!key || !shownKeys.includes(key))) throw new ApiError(400, colorImageNotShown(color.name));
      return { name: color.name, imageKey: key ?? null, sizes: color.sizes };
    });
    return replaceVariants(db, product.id, input.sizes ?? [], colors, input.stock);
  }
  if (product.colors !== "[]") return [];
  if (input.sizes === undefined) return input.stock === undefined ? [] : replaceVariants(db, product.id, [], [], input.stock);
  return replaceVariants(db, product.id, input.sizes, [], input.stock);
}

export interface ProductChange extends ProductChangeInput {
  id: string;
  /** The product's own photo, replaced (the editor's new photo, already stored): a store showing the old one shows this one. */
  imageKey?: string | null;
}

type SavedRow = { id: string; name: string; price: number | null; colors: string; storeImageKeys: string; imageKey: string | null };

async function ownedRows(shopDb: Db, userId: string, ids: string[]): Promise<Map<string, SavedRow>> {
  const owned = new Map<string, SavedRow>();
  for (const part of chunks(ids, 90)) {
    const rows = await shopDb
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        colors: products.colors,
        storeImageKeys: products.storeImageKeys,
        imageKey: products.imageKey,
      })
      .from(products)
      .where(and(eq(products.userId, userId), inArray(products.id, part)));
    for (const row of rows) owned.set(row.id, row);
  }
  if (owned.size !== new Set(ids).size) throw new ApiError(404, PRODUCT_NOT_FOUND);
  return owned;
}

/**
 * Saves changes to the seller's own products: every one or none (one batch, with the store's new version). Prices
 * were read in the store's money, so a currency change that landed meanwhile refuses the save (409).
 */
export async function saveProducts(db: Db, shopDb: ShopDb, seller: Seller, changes: ProductChange[]): Promise<void> {
  const ids = changes.map((c) => c.id);
  const owned = await ownedRows(shopDb, seller.id, ids);
  const allowed = changes.some((c) => c.storeImageURLs) ? await storeImageKeys(shopDb, ids) : new Map<string, Set<string>>();
  const generated = changes.some((c) => c.published) ? await newestGeneratedKeys(shopDb, ids) : new Map<string, string>();
  const writes = changes.flatMap((change) => {
    const before = owned.get(change.id)!;
    const published = publishedAfter(change.price ?? before.price ?? 0, change.published, change.name ?? before.name);
    let storeKeys: string[] = change.storeImageURLs
      ? resolveStoreImages(change.storeImageURLs, allowed.get(change.id))
      : JSON.parse(before.storeImageKeys);
    const photo = change.imageKey === undefined ? before.imageKey : change.imageKey;
    // A store showing the 'Original' photo goes on showing the original: the new one.
    if (photo !== before.imageKey && photo) storeKeys = [...new Set(storeKeys.map((k) => (k === before.imageKey ? photo : k)))];
    const chosen = change.storeImageURLs || photo !== before.imageKey;
    // Published without a choice of pictures (and no colour pointing at its photo): its generated picture, as a
    // generation finishing now would make it. Products generated before that rule get it here.
    const picture =
      published && !chosen && !storeKeys.length && !change.colors?.some((c) => c.image) ? generated.get(change.id) : undefined;
    if (picture) storeKeys = [picture];
    return [
      shopDb
        .update(products)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(photo !== before.imageKey ? { imageKey: photo } : {}),
          // Written only when it changes: a generation finishing meanwhile may have set the store's image.
          ...(chosen ? { storeImageKeys: JSON.stringify(storeKeys) } : picture ? { storeImageKeys: pictureUnlessChosen(picture) } : {}),
          ...(change.price !== undefined ? { price: change.price } : {}),
          ...(published !== undefined ? { published } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.category !== undefined ? { category: change.category } : {}),
        })
        .where(and(eq(products.id, change.id), eq(products.userId, seller.id))),
      ...variantWrites(shopDb, before, change, shownImageKeys({ storeImageKeys: JSON.stringify(storeKeys), imageKey: photo })),
    ];
  });
  await moneyGuarded(writeAcross(db, shopDb, { ...moneyGuards(db, shopDb, seller), shop: writes, after: [storeChanged(db, seller.id)] }));
}

/** 'Publicar' / 'Ocultar' one product. One statement: publishing only takes while it has a price, even if a save lands meanwhile. */
export async function publishProduct(db: Db, shopDb: ShopDb, userId: string, id: string, published: boolean): Promise<void> {
  const mine = and(eq(products.id, id), eq(products.userId, userId));
  const picture = published ? (await newestGeneratedKeys(shopDb, [id])).get(id) : undefined;
  const changed = await shopDb
    .update(products)
    .set({ published, ...(picture ? { storeImageKeys: pictureUnlessChosen(picture) } : {}) })
    .where(published ? and(mine, gt(products.price, 0)) : mine)
    .returning({ id: products.id });
  if (changed.length === 0) {
    const product = await ownProduct(shopDb, userId, id);
    throw new ApiError(400, publishNeedsPrice(product.name));
  }
  await storeChanged(db, userId);
}

/**
 * Deletes one of the seller's products with its stock (ON DELETE CASCADE in the shop's database). Generated images,
 * jobs and batch items stay in the global database, where their foreign keys to products act only while the shop
 * lives there too (docs/data.md, "The plan past one database").
 */
export async function deleteProduct(db: Db, shopDb: ShopDb, userId: string, id: string): Promise<void> {
  await writeAcross(db, shopDb, {
    shop: [shopDb.delete(products).where(and(eq(products.id, id), eq(products.userId, userId)))],
    after: [storeChanged(db, userId)],
  });
}
