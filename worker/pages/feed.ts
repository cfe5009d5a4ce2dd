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
 *   share item_group_id and differ by color and size; id and item_group_id ≤ 50,
 *   title ≤ 150, description ≤ 5000. "Color [color]" (answer/6324487, checked
 *   2026-11): 1–40 characters per colour, one per variant, required for every
 *   variant of a group that varies by colour; "Variant option [variant_option]"
 *   (answer/17085214, new in 2026): one name/value pair per property that tells
 *   the variants apart, the same names across the group.
 * - Meta, "Catalog fields" (developers.facebook.com/docs/commerce-platform/catalog/fields)
 *   and "Reference - Catalog" (RSS XML accepted): id ≤ 100, title ≤ 200,
 *   description plain text and different from the title, availability "in stock",
 *   brand required, item_group_id for variants; "Product Group" (marketing-api/
 *   reference/product-group): each colour its own image, and the link lands
 *   on the page with that variant chosen (?color=…, read by the cart script).
 * Products without a price or an image are left out: both services reject them.
 */
import { COLOR_NAME_MAX_LENGTH } from "../../common/variants";
import type { ShopText } from "../../common/shop-text";
import { productPath, storePath } from "../../common/store";
import { feedPrice, formatPrice } from "../../common/store-money";
import type { PageStore } from "./render";
import type { StoreProductRecord } from "../lib/store-data";

const xml = (value: string | number) =>
  String(value)
    // Characters XML 1.0 cannot carry at all (control characters a name may hold).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const clip = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

/** In the store's language and money: "Remera de Moda Sur, $12.500. Colores: … Talles: … Pídelo por WhatsApp." */
function description(store: PageStore, product: StoreProductRecord, shop: ShopText): string {
  const { t } = shop;
  const colors = product.colors.length ? ` ${t("feed.colors", { colors: product.colors.map((c) => c.name).join(", ") })}` : "";
  const sizes = product.sizes.length ? ` ${t("feed.sizes", { sizes: product.sizes.map((s) => s.name).join(", ") })}` : "";
  const about = t("feed.description", { product: product.name, store: store.name, price: formatPrice(product.price, shop.money) });
  return clip(`${about}${colors}${sizes} ${t("feed.cta")}`, 5000);
}

interface FeedItem {
  id: string;
  groupId: string | null;
  color: string | null;
  size: string | null;
  /** The colour's own picture, when it has one. */
  image: string | null;
  inStock: boolean;
}

const MAX_ID = 50;

/** FNV-1a, 32 bits, in base 36: a stable short tag for a variant whose plain id would pass 50 characters. */
function shortTag(text: string): string {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * A variant's id: "<product>-<size>" as before colours (Merchant Center keeps a
 * product's history by id), "<product>-<colour>-<size>" with colours, and the
 * product id with a tag of colour and size when that passes Google's 50.
 */
function variantId(productId: string, color: string | null, size: string | null): string {
  const plain = [productId, color, size].filter((part) => part !== null).join("-");
  return plain.length <= MAX_ID ? plain : `${productId}-${shortTag(`${color ?? ""}\u0000${size ?? ""}`)}`;
}

/** One item per colour and size (sharing item_group_id), or one item for a product without either. */
function variants(product: StoreProductRecord): FeedItem[] {
  const groups = product.colors.length
    ? product.colors.map((c) => ({ color: c.name, image: c.image, sizes: c.sizes }))
    : [{ color: null, image: null, sizes: product.sizes }];
  if (groups.length === 1 && !groups[0]!.sizes.length && groups[0]!.color === null) {
    return [{ id: product.id, groupId: null, color: null, size: null, image: null, inStock: true }];
  }
  return groups.flatMap((g): FeedItem[] =>
    g.sizes.length
      ? g.sizes.map((s) => ({
          id: variantId(product.id, g.color, s.name),
          groupId: product.id,
          color: g.color,
          size: s.name,
          image: g.image,
          inStock: s.stock > 0,
        }))
      : [{ id: variantId(product.id, g.color, null), groupId: product.id, color: g.color, size: null, image: g.image, inStock: true }],
  );
}

/** The product page with the variant chosen (Meta asks for it; the cart script reads ?color and ?talle). */
function variantLink(base: string, v: FeedItem): string {
  const query = new URLSearchParams();
  if (v.color) query.set("color", v.color);
  if (v.size && v.color) query.set("talle", v.size);
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

function title(product: StoreProductRecord, v: FeedItem, shop: ShopText): string {
  return [product.name, v.color, v.size ? shop.t("feed.sizeVariant", { size: v.size }) : null].filter(Boolean).join(" - ");
}

export function renderFeed(store: PageStore, products: StoreProductRecord[], origin: string, shop: ShopText): string {
  const sizeName = shop.t("product.size");
  const items = products
    .filter((p) => p.price > 0 && p.images.length > 0)
    .flatMap((product) =>
      variants(product).map((v) =>
        [
          "<item>",
          `<g:id>${xml(v.id)}</g:id>`,
          `<g:title>${xml(clip(title(product, v, shop), 150))}</g:title>`,
          `<g:description>${xml(description(store, product, shop))}</g:description>`,
          `<g:link>${xml(variantLink(`${origin}${productPath(store.username, product.id)}`, v))}</g:link>`,
          `<g:image_link>${xml(`${origin}${v.image ?? product.images[0]}`)}</g:image_link>`,
          ...product.images
            .filter((src) => src !== (v.image ?? product.images[0]))
            .slice(0, 10)
            .map((src) => `<g:additional_image_link>${xml(`${origin}${src}`)}</g:additional_image_link>`),
          `<g:availability>${v.inStock ? "in_stock" : "out_of_stock"}</g:availability>`,
          "<g:condition>new</g:condition>",
          `<g:price>${feedPrice(product.price, shop.money)}</g:price>`,
          `<g:brand>${xml(clip(store.name, 70))}</g:brand>`,
          v.groupId ? `<g:item_group_id>${xml(v.groupId)}</g:item_group_id>` : "",
          v.groupId ? `<g:item_group_title>${xml(clip(product.name, 150))}</g:item_group_title>` : "",
          v.color ? `<g:color>${xml(clip(v.color, COLOR_NAME_MAX_LENGTH))}</g:color>` : "",
          v.size ? `<g:size>${xml(v.size)}</g:size>` : "",
          v.color
            ? `<g:variant_option><g:name>${xml(shop.t("product.color"))}</g:name><g:value>${xml(v.color)}</g:value></g:variant_option>`
            : "",
          v.size && v.groupId
            ? `<g:variant_option><g:name>${xml(sizeName)}</g:name><g:value>${xml(v.size)}</g:value></g:variant_option>`
            : "",
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
    `<description>${xml(shop.t("feed.catalogue", { store: store.name }))}</description>`,
    // One item per line: Meta refuses a feed line longer than 5 MB.
    ...items.map((item) => `\n${item}`),
    "\n</channel></rss>\n",
  ].join("");
}
