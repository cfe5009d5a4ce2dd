/**
 * A product's fields as every door reads them (the editor, the pricing grid, a batch's publish, the catalogue
 * import): the same zod rules, limits and text cleaning, so a name, a size or a stock that one door refuses no
 * other door stores.
 */
import { z } from "zod";
import { cleanCategory, MAX_CATEGORY_LENGTH } from "../../../common/store-browse";
import { MAX_SIZES, MAX_STORE_IMAGES, AT_LEAST_ONE_IMAGE, readStock, SIZE_NAME_MAX_LENGTH } from "../../../common/store";
import type { StoreMoney } from "../../../common/store-money";
import { cleanText } from "../../../common/text";
import { COLOR_NAME_MAX_LENGTH, MAX_COLORS } from "../../../common/variants";
import { priceField } from "../price-field";
import { descriptionField, productNameField } from "../product-fields";

export const SIZE_NAME_REQUIRED = "Completa el nombre de cada talle.";
export const DUPLICATE_SIZE = "Hay talles repetidos en un producto.";
export const COLOR_NAME_REQUIRED = "Completa el nombre de cada color.";
export const DUPLICATE_COLOR = "Hay colores repetidos en un producto.";
export const TOO_MANY_SIZES = `Un producto puede tener hasta ${MAX_SIZES} talles.`;
export const SIZE_NAME_TOO_LONG = `El nombre de un talle no puede tener más de ${SIZE_NAME_MAX_LENGTH} caracteres.`;
export const CATEGORY_TOO_LONG = `La categoría puede tener hasta ${MAX_CATEGORY_LENGTH} caracteres.`;

/** A whole number from 0 up, read by readStock: "5abc", "1e3", "0x10", "-1" or 2.7 is refused with its reason, never guessed. */
function readStockField(value: unknown, ctx: z.core.$RefinementCtx): number {
  const read = readStock(value);
  if ("error" in read) {
    ctx.addIssue({ code: "custom", message: read.error });
    return z.NEVER;
  }
  return read.stock;
}

const stockField = z.unknown().transform(readStockField);

// Long junk is refused before it is cleaned: cleaning half a megabyte to then refuse it is work for nothing.
const sizeName = z
  .string({ error: SIZE_NAME_REQUIRED })
  .max(SIZE_NAME_MAX_LENGTH * 4, SIZE_NAME_TOO_LONG)
  .transform((v) => cleanText(v))
  .pipe(z.string().min(1, SIZE_NAME_REQUIRED).max(SIZE_NAME_MAX_LENGTH, SIZE_NAME_TOO_LONG));

const sizeField = z.object({ name: sizeName, stock: stockField }, { error: "Los talles no son válidos." });

/**
 * Units of a product without colours nor sizes ("5", "1.200" or a number, read as the sizes' stock is);
 * null or "" says it is not counted (it sells without limit).
 */
export const sizelessStockField = z
  .unknown()
  .transform((value, ctx): number | null =>
    value === null || (typeof value === "string" && !value.trim()) ? null : readStockField(value, ctx),
  );

export const sizesField = z
  .array(sizeField, { error: "Los talles no son válidos." })
  .max(MAX_SIZES, TOO_MANY_SIZES)
  .refine((sizes) => new Set(sizes.map((s) => s.name.toLowerCase())).size === sizes.length, DUPLICATE_SIZE);

const colorField = z.object(
  {
    name: z
      .string({ error: COLOR_NAME_REQUIRED })
      .max(COLOR_NAME_MAX_LENGTH * 4, `El nombre de un color no puede tener más de ${COLOR_NAME_MAX_LENGTH} caracteres.`)
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

export type ColorsInput = z.infer<typeof colorsField>;

export const storeImagesField = z
  .array(z.string({ error: "Las imágenes elegidas no son válidas." }).max(300), { error: "Las imágenes elegidas no son válidas." })
  .min(1, AT_LEAST_ONE_IMAGE)
  .max(MAX_STORE_IMAGES, `Puedes mostrar hasta ${MAX_STORE_IMAGES} imágenes por producto.`);

/** A category from the suggestions or the seller's own words; "" or null clears it. */
export const categoryField = z
  .string({ error: "La categoría no es válida." })
  .max(MAX_CATEGORY_LENGTH * 2, CATEGORY_TOO_LONG)
  .nullable()
  .transform((value) => cleanCategory(value))
  .refine((value) => value === null || value.length <= MAX_CATEGORY_LENGTH, CATEGORY_TOO_LONG);

/**
 * What a door may change of a product, every field optional (left out, it stays as it is). Prices are read in
 * the store's money `money` (common/price.ts).
 */
export const productChangeFields = (money: StoreMoney) => ({
  name: productNameField.optional(),
  description: descriptionField.optional(),
  price: priceField(money).optional(),
  sizes: sizesField.optional(),
  colors: colorsField.optional(),
  /** Units when the product has no colours nor sizes; left out, the count stays as it was. */
  stock: sizelessStockField.optional(),
  storeImageURLs: storeImagesField.optional(),
  /** 'Publicar' / 'Ocultar'; left out, the product stays as it is (a product that loses its price is hidden). */
  published: z.boolean({ error: "Indica si el producto se publica." }).optional(),
  category: categoryField.optional(),
});

/** The fields of one product read by the same rules as a change, all at once (the catalogue import's products). */
export const productFields = (money: StoreMoney) => z.object(productChangeFields(money));
export type ProductChangeInput = z.infer<ReturnType<typeof productFields>>;
