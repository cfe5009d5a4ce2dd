/**
 * What the pricing page and the store admin edit before saving: prices and
 * stock as the seller types them, sizes with a temporary key (spec section 3:
 * "dropped before sending"), colours, and the chosen store images.
 *
 * Sizes are listed once for the whole product; with colours, each colour keeps
 * its own stock of each size (a size a colour lacks is 0, 'Sin stock'), and the
 * sizes' own stock is unused.
 */
import type { Product, Size } from "../../../common/product";
import { formatPriceField, parsePrice } from "../../../common/price";
import { ARS_MONEY, type StoreMoney } from "../../../common/store-money";
import { isPriceSet, readStock, stockOrZero, totalStock } from "../../../common/store";

import { cleanCategory } from "../../../common/store-browse";
import type { ColorStock } from "../../../common/variants";
import type { PricingItem } from "./store-queries";
import type { SizesWord } from "../../../common/store-locale";
import { t } from "./texts";

export interface SizeDraft {
  key: string;
  name: string;
  stock: string;
}

export interface ColorDraft {
  key: string;
  name: string;
  /** One of the product's store images, or null. */
  image: string | null;
  /** Stock as typed, by the size's key; a size missing here is 0. */
  stock: Record<string, string>;
}

export interface ProductDraft {
  /** The pricing screen renames and describes products; the admin's own forms leave these out. */
  name?: string;
  description?: string;
  price: string;
  sizes: SizeDraft[];
  /** Empty for a product without colours. */
  colors?: ColorDraft[];
  /** Units of a product without colours nor sizes, as typed; "" when it does not count them. */
  unitStock?: string;
  storeImageURLs: string[];
  /** The store category as typed (common/store-browse.ts). */
  category?: string;
}

let keys = 0;
export const newSizeDraft = (name = "", stock = "0"): SizeDraft => ({ key: `talle-${++keys}`, name, stock });
export const newColorDraft = (name = "", image: string | null = null, stock: Record<string, string> = {}): ColorDraft => ({
  key: `color-${++keys}`,
  name,
  image,
  stock,
});

/** The product's sizes, listed once, and each colour's stock of them. */
function variantDrafts(product: Pick<Product, "sizes" | "colors">): Pick<ProductDraft, "sizes" | "colors"> {
  if (!product.colors?.length) return { sizes: product.sizes.map((s) => newSizeDraft(s.name, String(s.stock))), colors: [] };
  const sizes = product.sizes.map((s) => newSizeDraft(s.name, "0"));
  const colors = product.colors.map((c) =>
    newColorDraft(
      c.name,
      c.image,
      Object.fromEntries(sizes.map((s) => [s.key, String(c.sizes.find((cs) => cs.name === s.name)?.stock ?? 0)])),
    ),
  );
  return { sizes, colors };
}

/** The images a product shows in the store: the chosen ones, else its own photo. */
export function storeImagesOf(product: Pick<Product, "storeImageURLs" | "imageURL">): string[] {
  if (product.storeImageURLs.length) return product.storeImageURLs;
  return product.imageURL ? [product.imageURL] : [];
}

/** A product as its forms edit it; its price written the store's way ("12.500", "1,299.50"). */
export function draftOf(product: Product, money: StoreMoney = ARS_MONEY): ProductDraft {
  return {
    name: product.name,
    description: product.description ?? "",
    // As the seller typed it: "12.500", never "12500".
    price: formatPriceField(product.price, money),
    ...variantDrafts(product),
    unitStock: product.stock == null ? "" : String(product.stock),
    storeImageURLs: storeImagesOf(product),
    category: product.category ?? "",
  };
}

/** Sizes as the API takes them: names trimmed, stock a whole number ≥ 0 (`sizesProblem` stops any other), no temporary keys. */
export function sizesOf(draft: ProductDraft): Size[] {
  return draft.sizes.map((s) => ({ name: s.name.trim(), stock: stockOrZero(s.stock) }));
}

/** Colours as the API takes them: each with every size and its own stock. */
export function colorsOf(draft: Pick<ProductDraft, "sizes" | "colors" | "storeImageURLs">): ColorStock[] {
  return (draft.colors ?? []).map((c) => ({
    name: c.name.trim(),
    // A picture taken out of the store's images goes with it.
    image: c.image && draft.storeImageURLs.includes(c.image) ? c.image : null,
    sizes: draft.sizes.map((s) => ({ name: s.name.trim(), stock: stockOrZero(c.stock[s.key] ?? "0") })),
  }));
}

/**
 * The units a product without colours nor sizes saves as: a number, or null when the field is empty (not
 * counted, sold without limit); undefined for a product with sizes or colours, whose stock is theirs.
 */
export function unitStockOf(draft: ProductDraft): number | null | undefined {
  if (draft.sizes.length || draft.colors?.length) return undefined;
  const typed = draft.unitStock?.trim() ?? "";
  return typed ? stockOrZero(typed) : null;
}

/** What the colours and stock of a draft save as, to tell whether they changed. */
const variantsKey = (draft: ProductDraft) =>
  JSON.stringify({
    sizes: draft.colors?.length ? sizesOf(draft).map((s) => s.name) : sizesOf(draft),
    colors: colorsOf(draft),
    units: unitStockOf(draft) ?? null,
  });

/** The integer a typed price stands for in the store's money; 0 while empty or not a price (the screen shows why). */
export function typedPrice(value: string, money: StoreMoney = ARS_MONEY): number {
  const parsed = parsePrice(value, money);
  return "price" in parsed ? parsed.price : 0;
}

export function toPricingItem(product: Product, draft: ProductDraft): PricingItem {
  // The price goes as typed: the Worker reads it with the same parser and refuses what is not a price.
  const item: PricingItem = { id: product.id, price: draft.price.trim(), sizes: sizesOf(draft) };
  const units = unitStockOf(draft);
  if (units !== undefined) item.stock = units;
  // Colours go whenever there are or were some: an empty list takes them away.
  if (draft.colors?.length || product.colors.length) item.colors = colorsOf(draft);
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
export function isDirty(product: Product, draft: ProductDraft, money: StoreMoney = ARS_MONEY): boolean {
  const saved = draftOf(product, money);
  if (draft.price.trim() !== saved.price && typedPrice(draft.price, money) !== typedPrice(saved.price, money)) return true;
  if (draft.name !== undefined && draft.name.trim() !== product.name) return true;
  if (draft.description !== undefined && draft.description.trim() !== (product.description ?? "")) return true;
  if (!sameList(draft.storeImageURLs, saved.storeImageURLs)) return true;
  if (cleanCategory(draft.category) !== cleanCategory(saved.category)) return true;
  return variantsKey(draft) !== variantsKey(saved);
}

/**
 * The first reason the sizes or colours cannot be saved, checked before sending (the server checks the same);
 * `sizes` is the seller's word for them ("talle" in Argentina and Uruguay).
 */
export function sizesProblem(draft: ProductDraft, sizes: SizesWord = "talle"): string | null {
  const names = draft.sizes.map((s) => s.name.trim().toLowerCase());
  if (names.some((n) => !n)) return t("sizeNameMissing", { sizes });
  if (new Set(names).size !== names.length) return t("sizeRepeated", { sizes });
  // With colours the stock typed is each colour's; without, the sizes' own.
  const typed = draft.colors?.length
    ? draft.colors.flatMap((c) => draft.sizes.map((s) => c.stock[s.key] ?? "0"))
    : draft.sizes.map((s) => s.stock);
  if (!draft.sizes.length && !draft.colors?.length && draft.unitStock?.trim()) typed.push(draft.unitStock);
  for (const stock of typed) {
    const read = readStock(stock);
    if ("error" in read) return read.error;
  }
  const colors = (draft.colors ?? []).map((c) => c.name.trim().toLowerCase());
  if (colors.some((n) => !n)) return t("colourNameMissing");
  if (new Set(colors).size !== colors.length) return t("colourRepeated");
  return null;
}

/** Units a draft holds: each colour's, or the sizes' for a product without colours. */
export function draftStock(draft: ProductDraft): number {
  if (!draft.colors?.length) return totalStock(sizesOf(draft));
  return colorsOf(draft).reduce((sum, c) => sum + totalStock(c.sizes), 0);
}

export interface PricingSummary {
  total: number;
  withPrice: number;
  withSizes: number;
  stock: number;
}

export function pricingSummary(drafts: readonly ProductDraft[], money: StoreMoney = ARS_MONEY): PricingSummary {
  return {
    total: drafts.length,
    withPrice: drafts.filter((d) => isPriceSet(typedPrice(d.price, money))).length,
    withSizes: drafts.filter((d) => d.sizes.length > 0).length,
    stock: drafts.reduce((sum, d) => sum + draftStock(d), 0),
  };
}
