/**
 * What the pricing page and the store admin edit before saving: prices and
 * stock as the seller types them, sizes with a temporary key (spec section 3:
 * "dropped before sending"), and the chosen store images.
 */
import type { Product, Size } from "../../../common/product";
import { formatPriceInput, parseArsPrice } from "../../../common/price";
import { isPriceSet, readStock, stockOrZero, totalStock } from "../../../common/store";

import { cleanCategory } from "../../../common/store-browse";
import type { PricingItem } from "./store-queries";

export interface SizeDraft {
  key: string;
  name: string;
  stock: string;
}

export interface ProductDraft {
  /** The pricing screen renames and describes products; the admin's own forms leave these out. */
  name?: string;
  description?: string;
  price: string;
  sizes: SizeDraft[];
  storeImageURLs: string[];
  /** The store category as typed (common/store-browse.ts). */
  category?: string;
}

let keys = 0;
export const newSizeDraft = (name = "", stock = "0"): SizeDraft => ({ key: `talle-${++keys}`, name, stock });

/** The images a product shows in the store: the chosen ones, else its own photo. */
export function storeImagesOf(product: Pick<Product, "storeImageURLs" | "imageURL">): string[] {
  if (product.storeImageURLs.length) return product.storeImageURLs;
  return product.imageURL ? [product.imageURL] : [];
}

export function draftOf(product: Product): ProductDraft {
  return {
    name: product.name,
    description: product.description ?? "",
    // As the seller typed it: "12.500", never "12500".
    price: formatPriceInput(product.price),
    sizes: product.sizes.map((s) => newSizeDraft(s.name, String(s.stock))),
    storeImageURLs: storeImagesOf(product),
    category: product.category ?? "",
  };
}

/** Sizes as the API takes them: names trimmed, stock a whole number ≥ 0 (`sizesProblem` stops any other), no temporary keys. */
export function sizesOf(draft: ProductDraft): Size[] {
  return draft.sizes.map((s) => ({ name: s.name.trim(), stock: stockOrZero(s.stock) }));
}

/** The pesos a typed price stands for; 0 while empty or not a price (the screen shows why). */
export function typedPrice(value: string): number {
  const parsed = parseArsPrice(value);
  return "price" in parsed ? parsed.price : 0;
}

export function toPricingItem(product: Product, draft: ProductDraft): PricingItem {
  // The price goes as typed: the Worker reads it with the same parser and refuses what is not a price.
  const item: PricingItem = { id: product.id, price: draft.price.trim(), sizes: sizesOf(draft) };
  const name = draft.name?.trim();
  if (name && name !== product.name) item.name = draft.name;
  if (draft.description !== undefined && draft.description.trim() !== (product.description ?? "")) item.description = draft.description;
  // Sent only when the seller chose images, so the product's own photo is not pinned by default.
  if (!sameList(draft.storeImageURLs, storeImagesOf(product)) || product.storeImageURLs.length) item.storeImageURLs = draft.storeImageURLs;
  if (cleanCategory(draft.category) !== (product.category ?? null)) item.category = cleanCategory(draft.category);
  return item;
}

/** Spec section 5: in the admin an empty price is left out of the payload; any other goes as typed. */
export function adminPrice(value: string): string | undefined {
  return value.trim() === "" ? undefined : value.trim();
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether the draft would save anything different from the product as loaded. */
export function isDirty(product: Product, draft: ProductDraft): boolean {
  const saved = draftOf(product);
  if (draft.price.trim() !== saved.price && typedPrice(draft.price) !== typedPrice(saved.price)) return true;
  if (draft.name !== undefined && draft.name.trim() !== product.name) return true;
  if (draft.description !== undefined && draft.description.trim() !== (product.description ?? "")) return true;
  if (!sameList(draft.storeImageURLs, saved.storeImageURLs)) return true;
  if (cleanCategory(draft.category) !== cleanCategory(saved.category)) return true;
  const a = sizesOf(draft);
  const b = sizesOf(saved);
  return a.length !== b.length || a.some((s, i) => s.name !== b[i]!.name || s.stock !== b[i]!.stock);
}

export const SIZE_NAME_MISSING = "Completa el nombre de cada talle.";
export const SIZE_REPEATED = "Hay talles repetidos en un producto.";

/** The first reason the sizes cannot be saved, checked before sending (the server checks the same). */
export function sizesProblem(draft: ProductDraft): string | null {
  const names = draft.sizes.map((s) => s.name.trim().toLowerCase());
  if (names.some((n) => !n)) return SIZE_NAME_MISSING;
  if (new Set(names).size !== names.length) return SIZE_REPEATED;
  for (const size of draft.sizes) {
    const read = readStock(size.stock);
    if ("error" in read) return read.error;
  }
  return null;
}

export interface PricingSummary {
  total: number;
  withPrice: number;
  withSizes: number;
  stock: number;
}

export function pricingSummary(drafts: readonly ProductDraft[]): PricingSummary {
  return {
    total: drafts.length,
    withPrice: drafts.filter((d) => isPriceSet(typedPrice(d.price))).length,
    withSizes: drafts.filter((d) => d.sizes.length > 0).length,
    stock: drafts.reduce((sum, d) => sum + totalStock(sizesOf(d)), 0),
  };
}
