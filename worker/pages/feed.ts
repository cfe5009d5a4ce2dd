/**
 * /u/<user>/feed.xml: the store's catalogue as one RSS 2.0 feed with the
 * Google Merchant Center namespace (g:), a format both Google Merchant Center
 * and Meta Commerce Manager (Facebook and Instagram shops, the WhatsApp
 * catalogue) read as a scheduled data feed.
 *
 * Field rules followed (checked 2026-11):
 * - Google, "RSS 2.0 specification" and "Product data specification"
 *   (support.google.com/merchants/answer/14987622, /answer/7052112): id, title,
 *   description, link, image_link, availability ("in_stock"/"out_of_stock"),
 *   condition ("new"), price as "<number> <ISO 4217>"; variants of one product
 *   share item_group_id and differ by size; id and item_group_id ≤ 50, title ≤ 150,
 *   description ≤ 5000.
 * - Meta, "Catalog fields" (developers.facebook.com/docs/commerce-platform/catalog/fields)
 *   and "Reference - Catalog" (RSS XML accepted): id ≤ 100, title ≤ 200,
 *   description plain text and different from the title, availability "in stock",
 *   brand required, item_group_id for variants.
 * Products without a price or an image are left out: both services reject them.
 */
import { formatArs, productPath, storePath } from "../../common/store";
import type { PageStore } from "./render";
import type { StoreProductRecord } from "./store-data";

const xml = (value: string | number) =>
  String(value)
    // Characters XML 1.0 cannot carry at all (control characters a name may hold).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const clip = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

/** The store's currency: every store prices in ARS today (common/store.ts formatArs). */
export const FEED_CURRENCY = "ARS";

function description(store: PageStore, product: StoreProductRecord): string {
  const sizes = product.sizes.length ? ` Talles: ${product.sizes.map((s) => s.name).join(", ")}.` : "";
  return clip(`${product.name} de ${store.name}, ${formatArs(product.price)}.${sizes} Pídelo por WhatsApp.`, 5000);
}

interface FeedItem {
  id: string;
  groupId: string | null;
  size: string | null;
  inStock: boolean;
}

/** One item per size (sharing item_group_id), or one item for a product without sizes. */
function variants(product: StoreProductRecord): FeedItem[] {
  if (!product.sizes.length) return [{ id: product.id, groupId: null, size: null, inStock: true }];
  // Google allows 50 characters (Meta 100): a product id (16) and a size name (≤ SIZE_NAME_MAX_LENGTH, 20) fit unclipped.
  return product.sizes.map((s) => ({ id: clip(`${product.id}-${s.name}`, 50), groupId: product.id, size: s.name, inStock: s.stock > 0 }));
}

export function renderFeed(store: PageStore, products: StoreProductRecord[], origin: string): string {
  const items = products
    .filter((p) => p.price > 0 && p.images.length > 0)
    .flatMap((product) =>
      variants(product).map((v) =>
        [
          "<item>",
          `<g:id>${xml(v.id)}</g:id>`,
          `<g:title>${xml(clip(v.size ? `${product.name} - Talle ${v.size}` : product.name, 150))}</g:title>`,
          `<g:description>${xml(description(store, product))}</g:description>`,
          `<g:link>${xml(`${origin}${productPath(store.username, product.id)}`)}</g:link>`,
          `<g:image_link>${xml(`${origin}${product.images[0]}`)}</g:image_link>`,
          ...product.images.slice(1, 11).map((src) => `<g:additional_image_link>${xml(`${origin}${src}`)}</g:additional_image_link>`),
          `<g:availability>${v.inStock ? "in_stock" : "out_of_stock"}</g:availability>`,
          "<g:condition>new</g:condition>",
          `<g:price>${product.price.toFixed(2)} ${FEED_CURRENCY}</g:price>`,
          `<g:brand>${xml(clip(store.name, 70))}</g:brand>`,
          v.groupId ? `<g:item_group_id>${xml(v.groupId)}</g:item_group_id>` : "",
          v.size ? `<g:size>${xml(v.size)}</g:size>` : "",
          product.category ? `<g:product_type>${xml(product.category)}</g:product_type>` : "",
          "</item>",
        ].join(""),
      ),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>',
    `<title>${xml(store.name)}</title>`,
    `<link>${xml(`${origin}${storePath(store.username)}`)}</link>`,
    `<description>${xml(`Catálogo de ${store.name}`)}</description>`,
    // One item per line: Meta refuses a feed line longer than 5 MB.
    ...items.map((item) => `\n${item}`),
    "\n</channel></rss>\n",
  ].join("");
}
