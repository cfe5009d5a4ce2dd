import { cleanCategory, MAX_CATEGORY_LENGTH } from "../../common/store-browse";
import { and, eq, gt, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { AT_LEAST_ONE_IMAGE, MAX_SIZES, MAX_STORE_IMAGES, readStock, SIZE_NAME_MAX_LENGTH } from "../../common/store";
import type { StoreMoney } from "../../common/store-money";
import { cleanText } from "../../common/text";
import { COLOR_NAME_MAX_LENGTH, MAX_COLORS, type SizeStock } from "../../common/variants";
import { database, type Db, shopDatabase } from "../db/client";
import { writeAcross } from "../lib/shop-writes";
import { generatedImages, products } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { chunks } from "../lib/chunks";
import { listProducts, ownProduct, PRODUCT_NOT_FOUND, toApiProduct } from "../lib/products";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { descriptionField, productNameField } from "../lib/product-fields";
import { validate, validateFor } from "../lib/validation";
import { priceField, sellerMoney } from "../lib/price-field";
import { moneyGuarded, moneyGuards } from "../lib/store-money-change";
import { limitBody, MiB, smallJson } from "../lib/body-limit";
import { replaceVariants, shownImageKeys } from "../lib/stock";

export const SIZE_NAME_REQUIRED = "Completa el nombre de cada talle.";
export const DUPLICATE_SIZE = "Hay talles repetidos en un producto.";
export const COLOR_NAME_REQUIRED = "Completa el nombre de cada color.";
export const DUPLICATE_COLOR = "Hay colores repetidos en un producto.";
export const colorImageNotShown = (color: string) => `La foto del color ${color} tiene que ser una de las imágenes que muestra tu tienda.`;
export const FOREIGN_STORE_IMAGE = "Una de las imágenes elegidas no es de este producto.";
export const publishNeedsPrice = (name: string) => `Ponle un precio a «${name}» antes de publicarlo.`;

/** What `published` becomes: a product without a price is never on show, whatever was asked. */
export function publishedAfter(price: number, asked: boolean | undefined, name: string): boolean | undefined {
  if (asked && price <= 0) throw new ApiError(400, publishNeedsPrice(name));
  return price <= 0 ? false : asked;
}

const sizeField = z.object(
  {
    name: z
      .string({ error: SIZE_NAME_REQUIRED })
      .trim()
      .min(1, SIZE_NAME_REQUIRED)
      .max(SIZE_NAME_MAX_LENGTH, `El nombre de un talle no puede tener más de ${SIZE_NAME_MAX_LENGTH} caracteres.`),
    // A whole number from 0 up; "5abc", "1e9" or 2.7 is a 400 with the reason, never read as 5, 1 or 2.
    stock: z.unknown().transform((value, ctx) => {
      const read = readStock(value);
      if ("error" in read) {
        ctx.addIssue({ code: "custom", message: read.error });
        return z.NEVER;
      }
      return read.stock;
    }),
  },
  { error: "Los talles no son válidos." },
);

/**
 * Units of a product without colours nor sizes ("5", "1.200" or a number, read as the sizes' stock is);
 * null or "" says it is not counted (it sells without limit).
 */
export const sizelessStockField = z.unknown().transform((value, ctx): number | null => {
  if (value === null || (typeof value === "string" && !value.trim())) return null;
  const read = readStock(value);
  if ("error" in read) {
    ctx.addIssue({ code: "custom", message: read.error });
    return z.NEVER;
  }
  return read.stock;
});

export const sizesField = z
  .array(sizeField, { error: "Los talles no son válidos." })
  .max(MAX_SIZES, `Un producto puede tener hasta ${MAX_SIZES} talles.`)
  .refine((sizes) => new Set(sizes.map((s) => s.name.toLowerCase())).size === sizes.length, DUPLICATE_SIZE);

const colorField = z.object(
  {
    name: z
      .string({ error: COLOR_NAME_REQUIRED })
      .transform((v) => cleanText(v))
      .pipe(
        z
          .string()
          .min(1, COLOR_NAME_REQUIRED)
          .max(COLOR_NAME_MAX_LENGTH, `El nombre de un color no puede tener más de ${COLOR_NAME_MAX_LENGTH} caracteres.`),
      ),
    /** One of the product's store images (its URL), or none. */
    image: z
      .string({ error: "La foto del color no es válida." })
      .max(300, "La foto del color no es válida.")
      .nullish()
      .transform((v) => v || null),
    sizes: sizesField.default([]),
  },
  { error: "Los colores no son válidos." },
);

/** Colours with their own sizes and stock; an empty list takes a product's colours away (its `sizes` are then the stock). */
export const colorsField = z
  .array(colorField, { error: "Los colores no son válidos." })
  .max(MAX_COLORS, `Un producto puede tener hasta ${MAX_COLORS} colores.`)
  .refine((colors) => new Set(colors.map((c) => c.name.toLowerCase())).size === colors.length, DUPLICATE_COLOR);

type ColorsInput = z.infer<typeof colorsField>;

/**
 * The statements that save a product's stock: its colours when sent, else its
 * sizes for a product without colours. A product with colours saved without
 * them keeps its colours (its `sizes` are then only their sum, not stock to
 * write). Each colour's picture must be one of the images the store shows
 * after this save.
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

export const storeImagesField = z
  .array(z.string({ error: "Las imágenes elegidas no son válidas." }).max(300), { error: "Las imágenes elegidas no son válidas." })
  .min(1, AT_LEAST_ONE_IMAGE)
  .max(MAX_STORE_IMAGES, `Puedes mostrar hasta ${MAX_STORE_IMAGES} imágenes por producto.`);

/** "/img/g/abc.jpg" or "https://host/img/g/abc.jpg" → "g/abc.jpg". */
function keyOfUrl(url: string): string | undefined {
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
 * The R2 keys behind a product's chosen store images. Each must be the
 * product's own photo or one of its generated images; anything else (another
 * product's image, a foreign URL) is refused.
 */
export async function storeImageKeys(db: Db, shopDb: Db, productIds: string[]): Promise<Map<string, Set<string>>> {
  const allowed = new Map<string, Set<string>>(productIds.map((id) => [id, new Set<string>()]));
  for (const ids of chunks(productIds, 90)) {
    // The product's photo from the shop's database, its generated images from the global one.
    const own = await shopDb.select({ id: products.id, key: products.imageKey }).from(products).where(inArray(products.id, ids));
    for (const row of own) if (row.key) allowed.get(row.id)?.add(row.key);
    const generated = await db
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

/** A category from the suggestions or the seller's own words; "" or null clears it. */
export const categoryField = z
  .string({ error: "La categoría no es válida." })
  .max(MAX_CATEGORY_LENGTH * 2, `La categoría puede tener hasta ${MAX_CATEGORY_LENGTH} caracteres.`)
  .nullable()
  .transform((value) => cleanCategory(value))
  .refine(
    (value) => value === null || value.length <= MAX_CATEGORY_LENGTH,
    `La categoría puede tener hasta ${MAX_CATEGORY_LENGTH} caracteres.`,
  );

/** A product of the pricing screen; its price is read in the store's money. */
const pricingItem = (money: StoreMoney) =>
  z.object(
    {
      id: z.string({ error: "Falta el producto." }).min(1, "Falta el producto.").max(64),
      // The pricing screen renames products and writes their description; both are left as they are when absent.
      name: productNameField.optional(),
      description: descriptionField.optional(),
      price: priceField(money),
      sizes: sizesField.default([]),
      colors: colorsField.optional(),
      /** Units when the product has no colours nor sizes; left out, the count stays as it was. */
      stock: sizelessStockField.optional(),
      storeImageURLs: storeImagesField.optional(),
      /** 'Publicar' / 'Ocultar'; left out, the product stays as it is (a product that loses its price is hidden). */
      published: z.boolean({ error: "Indica si el producto se publica." }).optional(),
      category: categoryField.optional(),
    },
    { error: "Los datos de un producto no son válidos." },
  );

const pricingPayload = (money: StoreMoney) =>
  z.object(
    {
      products: z
        .array(pricingItem(money), { error: "Faltan los productos." })
        .min(1, "No hay cambios para guardar.")
        .max(500, "Guarda de a 500 productos como máximo.")
        .refine((items) => new Set(items.map((p) => p.id)).size === items.length, "Un producto aparece dos veces."),
    },
    { error: "Faltan los productos." },
  );

/** Prices, sizes, stock and store images of a seller's products (POST /api/products/update-pricing). */
export const pricingRoutes = new Hono<Env>()
  .post(
    "/update-pricing",
    limitBody(1 * MiB),
    requireUser,
    validateFor("json", (c) => pricingPayload(sellerMoney(c.get("user")))),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const shopDb = shopDatabase(c.env, user);
      const items = c.req.valid("json").products;
      const ids = items.map((p) => p.id);
      const owned = new Map<string, { id: string; name: string; colors: string; storeImageKeys: string; imageKey: string | null }>();
      for (const part of chunks(ids, 90)) {
        const rows = await shopDb
          .select({
            id: products.id,
            name: products.name,
            colors: products.colors,
            storeImageKeys: products.storeImageKeys,
            imageKey: products.imageKey,
          })
          .from(products)
          .where(and(eq(products.userId, user.id), inArray(products.id, part)));
        for (const row of rows) owned.set(row.id, row);
      }
      if (owned.size !== ids.length) throw new ApiError(404, PRODUCT_NOT_FOUND);
      const allowed = items.some((p) => p.storeImageURLs) ? await storeImageKeys(db, shopDb, ids) : new Map<string, Set<string>>();

      // One batch: every product is saved, and the store page renewed, or nothing is.
      const updates = items.flatMap((item) => {
        const product = owned.get(item.id)!;
        const published = publishedAfter(item.price, item.published, product.name);
        const storeKeys = item.storeImageURLs ? resolveStoreImages(item.storeImageURLs, allowed.get(item.id)) : null;
        const shown = shownImageKeys({
          storeImageKeys: storeKeys ? JSON.stringify(storeKeys) : product.storeImageKeys,
          imageKey: product.imageKey,
        });
        return [
          shopDb
            .update(products)
            .set({
              price: item.price,
              ...(published !== undefined ? { published } : {}),
              ...(item.category !== undefined ? { category: item.category } : {}),
              ...(item.name !== undefined ? { name: item.name } : {}),
              ...(item.description !== undefined ? { description: item.description } : {}),
              ...(storeKeys ? { storeImageKeys: JSON.stringify(storeKeys) } : {}),
            })
            .where(and(eq(products.id, item.id), eq(products.userId, user.id))),
          ...variantWrites(shopDb, product, item, shown),
        ];
      });
      // Prices were read in the store's money: a currency change meanwhile refuses the save (409).
      await moneyGuarded(writeAcross(db, shopDb, { ...moneyGuards(db, shopDb, user), shop: updates, after: [storeChanged(db, user.id)] }));
      return c.json({ products: await listProducts(db, shopDb, user.id) }, 200);
    },
  )
  .post(
    "/publish",
    smallJson(),
    requireUser,
    validate(
      "json",
      z.object(
        {
          id: z.string({ error: "Falta el producto." }).min(1, "Falta el producto.").max(64),
          published: z.boolean({ error: "Indica si el producto se publica." }),
        },
        { error: "Faltan los datos del producto." },
      ),
    ),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const shopDb = shopDatabase(c.env, user);
      const { id, published } = c.req.valid("json");
      const mine = and(eq(products.id, id), eq(products.userId, user.id));
      // One statement: publishing only takes while the product has a price, even if a save lands meanwhile.
      const changed = await shopDb
        .update(products)
        .set({ published })
        .where(published ? and(mine, gt(products.price, 0)) : mine)
        .returning({ id: products.id });
      if (changed.length === 0) {
        const product = await ownProduct(db, shopDb, user.id, id);
        throw new ApiError(400, publishNeedsPrice(product.name));
      }
      await storeChanged(db, user.id);
      return c.json({ product: toApiProduct(await ownProduct(db, shopDb, user.id, id)) }, 200);
    },
  );
