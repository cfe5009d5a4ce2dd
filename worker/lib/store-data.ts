import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import type { PublicProduct, PublicStore } from "../../common/store";
import { cleanCategory } from "../../common/store-browse";
import type { Db } from "../db/client";
import { products, users } from "../db/schema";
import { imageUrl } from "./images";
import { readVariants, shownImageKeys, stockColumn } from "./stock";

/** A store as the public pages and GET /api/auth/store/:username read it. */
export interface StoreRecord extends PublicStore {
  id: string;
  /** R2 key of an uploaded logo; a logo elsewhere (a Google avatar) is not shown by the store. */
  logoKey: string | null;
  version: number;
  /** Store plan paid; an unpaid store shows shoppers 'Tienda en modo prueba'. */
  paid: boolean;
  /** The country the seller chose ("AR"); with the phone's dial code it says how the store's buyers write numbers. */
  countryCode: string | null;
  /** Which database holds the store's products, settings and orders (worker/db/client.ts shopDatabase). */
  shard: number;
}

export interface StoreProductRecord extends PublicProduct {
  /** The seller's optional text, plain; the product page escapes it. */
  description: string | null;
  /** R2 keys behind `images`, in the same order (for link previews and srcset). */
  imageKeys: string[];
  category: string | null;
  /** The product's short code (worker/lib/short-codes.ts): shown on its page, carried by order lines. */
  code: string | null;
}

const USERNAME = /^[a-z0-9]{1,20}$/;

/** Only the columns the cached page needs to know whether its copy is current. */
export async function storeVersion(db: Db, username: string): Promise<{ id: string; version: number } | undefined> {
  if (!USERNAME.test(username)) return undefined;
  return db.select({ id: users.id, version: users.storeVersion }).from(users).where(eq(users.username, username)).get();
}

export async function findStore(db: Db, username: string): Promise<StoreRecord | undefined> {
  if (!USERNAME.test(username)) return undefined;
  const row = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      phone: users.phone,
      imageUrl: users.imageUrl,
      version: users.storeVersion,
      paid: users.paidMiTienda,
      countryCode: users.countryCode,
      shard: users.shard,
    })
    .from(users)
    .where(and(eq(users.username, username), isNotNull(users.username)))
    .get();
  if (!row?.username) return undefined;
  const logoKey = row.imageUrl?.startsWith("/img/l/") ? row.imageUrl.slice("/img/".length) : null;
  return {
    id: row.id,
    name: row.name || row.username,
    username: row.username,
    phone: row.phone ?? "",
    imageUrl: imageUrl(logoKey),
    logoKey,
    version: row.version,
    paid: row.paid,
    countryCode: row.countryCode,
    shard: row.shard,
  };
}

export function toStoreProduct(row: {
  id: string;
  name: string;
  price: number | null;
  colors: string;
  stock: string | null;
  imageKey: string | null;
  storeImageKeys: string;
  description?: string | null;
  category: string | null;
  code: string | null;
}): StoreProductRecord {
  const imageKeys = shownImageKeys(row);
  return {
    id: row.id,
    name: row.name,
    price: row.price && row.price > 0 ? row.price : 0,
    ...readVariants(row, imageKeys),
    images: imageKeys.map((key) => imageUrl(key)!),
    imageKeys,
    description: row.description ?? null,
    category: cleanCategory(row.category),
    code: row.code,
  };
}

/** The product columns every store view reads (store pages and order checks). */
export const storeColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  colors: products.colors,
  stock: stockColumn,
  imageKey: products.imageKey,
  storeImageKeys: products.storeImageKeys,
  description: products.description,
  category: products.category,
  code: products.code,
};

/**
 * What the public store may show and sell: products the seller published that
 * have a price. Every store read (pages, JSON, the order API) filters by it.
 */
export const listedInStore = (sellerId: string) => and(eq(products.userId, sellerId), eq(products.published, true), gt(products.price, 0));

export async function storeProducts(db: Db, sellerId: string): Promise<StoreProductRecord[]> {
  const rows = await db
    .select(storeColumns)
    .from(products)
    .where(listedInStore(sellerId))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(toStoreProduct);
}

export async function storeProduct(db: Db, sellerId: string, productId: string): Promise<StoreProductRecord | undefined> {
  const row = await db
    .select(storeColumns)
    .from(products)
    .where(and(listedInStore(sellerId), eq(products.id, productId)))
    .get();
  return row ? toStoreProduct(row) : undefined;
}

/** Strips the internal fields before a product leaves the Worker as JSON. */
export function toPublicProduct({
  imageKeys: _keys,
  description: _description,
  category: _category,
  code: _code,
  ...product
}: StoreProductRecord): PublicProduct {
  return product;
}

export function toPublicStore(store: StoreRecord): PublicStore {
  return { name: store.name, username: store.username, phone: store.phone, imageUrl: store.imageUrl };
}
