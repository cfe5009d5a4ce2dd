/**
 * Colours and sizes of a product, and the stock of each combination: shared by
 * the store page and its cart script (which sizes a colour offers, 'Sin stock'),
 * the Worker (which checks an order against them) and the seller's screens.
 *
 * A product without colours is one implicit colour (null here, "" in D1): its
 * `sizes` are its stock, as before colours existed. A product with colours keeps
 * the stock in each colour's own sizes; its `sizes` then list each size once
 * with the stock of all colours together, for readers that know no colours. A
 * product without colours nor sizes may count its units in `stock` (null or
 * absent: not counted, it sells without limit); a colour without sizes keeps no
 * stock. Either sells as 'talle único'.
 */

export interface SizeStock {
  name: string;
  stock: number;
}

export interface ColorStock {
  name: string;
  /** One of the product's store images (URL) that shows this colour, or null. */
  image: string | null;
  sizes: SizeStock[];
}

export interface Variants {
  sizes: SizeStock[];
  colors: ColorStock[];
  /** Units of a product without colours nor sizes; null or absent: not counted. */
  stock?: number | null;
}

export const COLOR_NAME_MAX_LENGTH = 30;
export const MAX_COLORS = 20;

/** The sizes offered in a colour (null: the product without colours), or null for a colour it does not have. */
export function sizesIn(product: Variants, color: string | null): SizeStock[] | null {
  if (color === null) return product.colors.length ? null : product.sizes;
  return product.colors.find((c) => c.name === color)?.sizes ?? null;
}

/** Units left of a colour and size: Infinity where no stock is kept, null when the combination does not exist. */
export function stockLeft(product: Variants, color: string | null, size: string | null): number | null {
  const sizes = sizesIn(product, color);
  if (!sizes) return null;
  if (!sizes.length) return size === null ? (color === null ? (product.stock ?? Infinity) : Infinity) : null;
  if (size === null) return null;
  return sizes.find((s) => s.name === size)?.stock ?? null;
}

/** Each size once, in the order the colours list them, with the stock of every colour added up. */
export function combinedSizes(colors: readonly ColorStock[]): SizeStock[] {
  const sizes: SizeStock[] = [];
  for (const color of colors) {
    for (const size of color.sizes) {
      const same = sizes.find((s) => s.name === size.name);
      if (same) same.stock += size.stock;
      else sizes.push({ ...size });
    }
  }
  return sizes;
}

/** Every combination out of stock (a product that keeps no stock is never sold out). */
export function isSoldOut(product: Variants): boolean {
  if (!product.colors.length && !product.sizes.length) return product.stock != null && product.stock <= 0;
  const groups = product.colors.length ? product.colors.map((c) => c.sizes) : [product.sizes];
  return groups.every((sizes) => sizes.length > 0 && sizes.every((s) => s.stock <= 0));
}

/** 'Remera (Color: Negro, Talle: M)', 'Gorra (Color: Rojo)', 'Remera (Talle: S)', 'Bolso': how every screen names a line. */
export function variantLabel(name: string, color: string | null | undefined, size: string | null | undefined): string {
  const parts = [color ? `Color: ${color}` : null, size ? `Talle: ${size}` : null].filter(Boolean);
  return parts.length ? `${name} (${parts.join(", ")})` : name;
}

/**
 * What is already decided for the shopper, so the store chooses it instead of asking: the one colour still
 * in stock (null for a product without colours) and, in it, the one size in stock (null where it keeps no
 * sizes). `undefined` is a choice still to make.
 */
export function onlyChoice(product: Variants): { color: string | null | undefined; size: string | null | undefined } {
  let color: string | null | undefined = null;
  if (product.colors.length) {
    const open = product.colors.filter((c) => !c.sizes.length || c.sizes.some((s) => s.stock > 0));
    color = open.length === 1 ? open[0]!.name : undefined;
  }
  if (color === undefined) return { color, size: undefined };
  const sizes = sizesIn(product, color) ?? [];
  const inStock = sizes.filter((s) => s.stock > 0);
  return { color, size: !sizes.length ? null : inStock.length === 1 ? inStock[0]!.name : undefined };
}
