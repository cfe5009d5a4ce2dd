/**
 * The public store's HTML. Every text a seller typed goes through `esc` (or
 * `jsonForScript` inside the data block), so a store or product called
 * "<script>…" is shown as text, never run. The first response is the whole
 * page: with JavaScript off a shopper still sees the store, its products,
 * prices and sizes, and can write to the seller.
 */
import { formatWhatsappNumber } from "../../common/phone";
import { cartMessages } from "../../common/i18n";
import type { ShopText } from "../../common/shop-text";
import {
  productPath,
  STORE_CARD_SIZES,
  storePath,
  storeShareUrl,
  type PublicStore,
  type StoreSize,
  withdrawalPath,
} from "../../common/store";
import { browseSearch, type BrowseQuery, type SortKey } from "../../common/store-browse";
import { formatPrice } from "../../common/store-money";
import type { StorePageData } from "../../common/store-cart";
import type { ShopperCheckout } from "../../common/checkout";
import { isSoldOut, type ColorStock } from "../../common/variants";
import { esc } from "../lib/html";
import { renditionKey, srcset } from "../lib/renditions";
import type { StoreProductRecord } from "../lib/store-data";
import { productJsonLd } from "./product-jsonld";
import type { SizeGuide } from "../../common/size-guides";
import { offersWithdrawal } from "../lib/withdrawals";

/** What the pages need of a store beyond its public fields. */
export interface PageStore extends PublicStore {
  /** Store plan paid; unpaid stores show 'Tienda en modo prueba'. */
  paid: boolean;
  logoKey: string | null;
  /** The seller's country: Argentine stores show the 'Botón de arrepentimiento' on every page. */
  countryCode: string | null;
}

/** JSON that can sit inside <script type="application/json"> without any text closing the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A size guide under the sizes: a <details> the shopper opens with a tap, with or without JavaScript, its table
 * scrolling sideways on a narrow phone rather than squeezing the measures.
 */
function sizeGuideBlock(guide: SizeGuide, shop: ShopText): string {
  const head = `<tr><th scope="col">${esc(shop.t("product.size"))}</th>${guide.measures.map((m) => `<th scope="col">${esc(m)}</th>`).join("")}</tr>`;
  const rows = guide.rows
    .map((r) => `<tr><th scope="row">${esc(r.size)}</th>${r.values.map((v) => `<td>${esc(v)}</td>`).join("")}</tr>`)
    .join("");
  return [
    `<details class="guide" id="guia-de-talles"><summary>${esc(shop.t("product.sizeGuide"))}</summary>`,
    `<div class="guide-table"><table><caption>${esc(shop.t("product.sizeGuideUnit", { unit: guide.unit }))}</caption><thead>${head}</thead><tbody>${rows}</tbody></table></div>`,
    guide.note ? `<p class="guide-note">${esc(guide.note)}</p>` : "",
    "</details>",
  ].join("");
}

/** JSON-LD for search engines: data, never run (the page's CSP allows no inline script). */
function jsonLd(data: Record<string, unknown> | null): string {
  return data ? `<script type="application/ld+json">${jsonForScript(data)}</script>` : "";
}

export interface PageAssets {
  css: string;
  scriptUrl: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs: link previews need them. */
  url: string;
  image: string | null;
  imageAlt: string;
  type: "website" | "product";
}

const CART_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6"/></svg>';

/** og:locale is language_TERRITORY ("es_AR", "pt_BR"); a bare language stays as it is. */
const ogLocale = (locale: string) => locale.replace("-", "_");

function head(meta: PageMeta, assets: PageAssets, withScript: boolean, locale: string): string {
  const tags = [
    ["og:type", meta.type],
    ["og:site_name", "Vidriera"],
    ["og:locale", ogLocale(locale)],
    ["og:title", meta.title],
    ["og:description", meta.description],
    ["og:url", meta.url],
    ...(meta.image
      ? [
          ["og:image", meta.image],
          ["og:image:type", "image/jpeg"],
          ["og:image:alt", meta.imageAlt],
        ]
      : []),
  ];
  const twitter = [
    ["twitter:card", meta.image ? "summary_large_image" : "summary"],
    ["twitter:title", meta.title],
    ["twitter:description", meta.description],
    ...(meta.image ? [["twitter:image", meta.image]] : []),
  ];
  return [
    `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}">`,
    `<link rel="canonical" href="${esc(meta.url)}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<meta name="theme-color" content="#6d28d9">',
    ...tags.map(([property, content]) => `<meta property="${property}" content="${esc(content!)}">`),
    ...twitter.map(([name, content]) => `<meta name="${name}" content="${esc(content!)}">`),
    `<style>${assets.css}</style>`,
    withScript ? `<script src="${esc(assets.scriptUrl)}" defer></script>` : "",
    "</head>",
  ].join("");
}

export const whatsappContactUrl = (phone: string) => `https://wa.me/${phone.replace(/\D/g, "")}`;

/** Shown to shoppers until the seller pays the store plan. */
function trialNotice(store: PageStore, shop: ShopText): string {
  return store.paid ? "" : `<p class="trial" role="note">${esc(shop.t("store.trial"))}</p>`;
}

/** Responsive attributes of an image we store: a small WebP as src, every width in srcset. */
function responsive(key: string | undefined, fallback: string, sizes: string): string {
  const set = key ? srcset(key) : null;
  if (!key || !set) return `src="${esc(fallback)}"`;
  return `src="/img/${esc(renditionKey(key, 540)!)}" srcset="${esc(set)}" sizes="${esc(sizes)}"`;
}

/**
 * 'Compartir': the phone's share sheet, or copy the link (web/store/cart.ts).
 * Invisible until the script runs, but its place is kept, so showing it moves nothing.
 */
function shareButton(url: string, title: string, shop: ShopText): string {
  return `<button type="button" class="share" data-share="${esc(url)}" data-title="${esc(title)}">${SHARE_ICON}<span class="share-text">${esc(shop.t("store.share"))}</span></button>`;
}

const SHARE_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4"/></svg>';

/**
 * A slim bar that stays at the top while the shopper scrolls: logo, name, 'Compartir' and the cart (its
 * button and count, shown by the cart script), so nothing floats over the products or 'Añadir al carrito'.
 */
function storeHeader(store: PageStore, origin: string, shop: ShopText): string {
  const link = storePath(store.username);
  return [
    trialNotice(store, shop),
    '<header class="top"><div class="wrap head">',
    store.imageUrl
      ? `<img class="logo" ${responsive(store.logoKey ?? undefined, store.imageUrl, "44px")} alt="${esc(shop.t("store.logoAlt", { store: store.name }))}" width="44" height="44">`
      : `<span class="logo initial" aria-hidden="true">${esc(store.name.trim().charAt(0).toUpperCase() || "T")}</span>`,
    `<h1><a href="${esc(link)}">${esc(store.name)}</a></h1>`,
    shareButton(storeShareUrl(origin, store.username), store.name, shop),
    cartButton(shop),
    "</div></header>",
  ].join("");
}

/** 'Consultas por WhatsApp', with the number written as the seller's country writes it. */
function contactLine(store: PublicStore, shop: ShopText): string {
  if (!store.phone) return "";
  return `<p class="contact">${esc(shop.t("store.contact"))} <a class="phone" href="${esc(whatsappContactUrl(store.phone))}" rel="noopener" target="_blank">WhatsApp ${esc(formatWhatsappNumber(store.phone))}</a></p>`;
}

/** The card's width in the grid (store.css): two columns on phones, three from 640 px, four from 1024 px (72rem wrap). */
const CARD_SIZES = "(min-width:1024px) 17rem, (min-width:640px) 31vw, calc(50vw - 1.5rem)";
const DETAIL_SIZES = "(min-width:640px) 36rem, 100vw";

function gallery(product: StoreProductRecord, eager: boolean, shop: ShopText, large = false): string {
  const { t } = shop;
  if (!product.images.length) return `<div class="gal"><div class="noimg">${esc(t("gallery.noImage"))}</div></div>`;
  const images = product.images
    .map((src, i) => {
      const alt = i === 0 ? product.name : t("gallery.imageAlt", { product: product.name, number: i + 1 });
      const loading = eager && i === 0 ? ' fetchpriority="high"' : ' loading="lazy"';
      // width/height give the 4:5 box its place before the image arrives (object-fit crops to it).
      return `<img ${responsive(product.imageKeys[i], src, large ? DETAIL_SIZES : CARD_SIZES)} width="1080" height="1350" alt="${esc(alt)}" decoding="async"${loading}>`;
    })
    .join("");
  const nav =
    product.images.length > 1
      ? `<button type="button" class="nav prev" data-step="-1" aria-label="${esc(t("gallery.prev"))}" hidden>‹</button>` +
        `<button type="button" class="nav next" data-step="1" aria-label="${esc(t("gallery.next"))}" hidden>›</button>` +
        `<span class="dots">${esc(t("gallery.photos", { count: product.images.length }))}</span>`
      : "";
  return `<div class="gal${large ? " big" : ""}"><div class="car" data-car tabindex="0" role="group" aria-roledescription="${esc(t("gallery.role"))}" aria-label="${esc(t("gallery.label", { product: product.name }))}">${images}</div>${nav}</div>`;
}

function sizeChip(size: StoreSize, shop: ShopText): string {
  return size.stock > 0
    ? `<li class="sz">${esc(size.name)}</li>`
    : `<li class="sz out" title="${esc(shop.t("product.soldOut"))}"><s>${esc(size.name)}</s><span class="sr"> ${esc(shop.t("product.soldOutNote"))}</span></li>`;
}

/** The message a shopper without JavaScript sends for one product: editable in WhatsApp before sending. */
export function orderMessage(store: PublicStore, product: StoreProductRecord, url: string, shop: ShopText): string {
  const { t } = shop;
  const inStock = product.sizes.filter((s) => s.stock > 0).map((s) => s.name);
  const colors = product.colors.filter((c) => !c.sizes.length || c.sizes.some((s) => s.stock > 0)).map((c) => c.name);
  return [
    product.price > 0
      ? t("product.messageWithPrice", { store: store.name, product: product.name, price: formatPrice(product.price, shop.money) })
      : t("product.message", { store: store.name, product: product.name }),
    product.code ? t("product.code", { code: product.code }) : null,
    colors.length ? t("product.messageColor", { colors: colors.join(", ") }) : null,
    inStock.length ? t("product.messageSize", { sizes: inStock.join(", ") }) : null,
    url,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * 'Añadir al carrito' needs the cart script. Until it runs (JavaScript off, or
 * blocked) store.css hides it and shows the 'Pedir por WhatsApp' link in its
 * place; both are the same size, so the swap moves nothing on the page.
 */
function addButton(store: PublicStore, product: StoreProductRecord, origin: string, shop: ShopText): string {
  const { t } = shop;
  if (isSoldOut(product)) {
    return `<button type="button" class="btn add" data-add="${esc(product.id)}" disabled>${esc(t("product.soldOut"))}</button>`;
  }
  const order = store.phone
    ? `<a class="btn wa order" href="${esc(`${whatsappContactUrl(store.phone)}?text=${encodeURIComponent(orderMessage(store, product, `${origin}${productPath(store.username, product.id)}`, shop))}`)}" rel="noopener" target="_blank">${esc(t("product.orderByWhatsapp"))}</a>`
    : "";
  return `<button type="button" class="btn add" data-add="${esc(product.id)}">${esc(t("product.addToCart"))}</button>${order}`;
}

/** A card's colours, by name: 'Negro, Blanco, Rojo y 2 más'. */
function colorNames(colors: ColorStock[], shop: ShopText): string {
  if (!colors.length) return "";
  const shown = colors.slice(0, 3).map((c) => c.name);
  const more = colors.length - shown.length;
  const names = more > 0 ? shop.t("product.colorsMore", { names: shown.join(", "), more }) : shown.join(", ");
  return `<p class="colors">${esc(shop.t("product.colors", { count: colors.length, names }))}</p>`;
}

function card(store: PublicStore, product: StoreProductRecord, index: number, origin: string, shop: ShopText): string {
  const shown = product.sizes.slice(0, STORE_CARD_SIZES);
  const more = product.sizes.length - shown.length;
  return [
    '<li class="card">',
    gallery(product, index === 0, shop),
    '<div class="info">',
    `<h3 class="name"><a href="${esc(productPath(store.username, product.id))}">${esc(product.name)}</a></h3>`,
    product.price > 0 ? `<p class="price">${esc(formatPrice(product.price, shop.money))}</p>` : "",
    colorNames(product.colors, shop),
    product.sizes.length
      ? `<ul class="sizes" aria-label="${esc(shop.t("product.sizes"))}">${shown.map((size) => sizeChip(size, shop)).join("")}${more > 0 ? `<li class="sz more">+${more}</li>` : ""}</ul>`
      : "",
    addButton(store, product, origin, shop),
    "</div></li>",
  ].join("");
}

/** The header's cart button and its count: hidden until the cart script runs. */
const cartButton = (shop: ShopText) =>
  `<button id="cart-open" class="cartbtn" type="button" hidden aria-label="${esc(shop.t("cart.open"))}">${CART_ICON}<span id="cart-count" class="badge">0</span></button>`;

/**
 * The drawer and the size picker: inert until the cart script runs. The drawer is one scrolling column (the
 * lines with their − / + / 'Eliminar' first, then who buys and how, the sums and the total) and only the send
 * button is fixed at its bottom: a form that grows (envío, an address, three ways to pay, a returning
 * shopper's remembered answers) pushes the lines up the column, never squeezes them to nothing.
 */
function cartShell(shop: ShopText): string {
  const t = (key: Parameters<ShopText["t"]>[0]) => esc(shop.t(key));
  return [
    '<dialog id="cart" class="drawer" aria-labelledby="cart-title"><div class="panel">',
    `<div class="panel-head"><h2 id="cart-title">${t("cart.title")}</h2><button type="button" class="x" data-close aria-label="${t("cart.close")}">×</button></div>`,
    '<div id="cart-body" class="panel-body">',
    `<p id="cart-empty" class="cart-empty">${t("cart.empty")}</p>`,
    '<ul id="cart-lines" class="lines"></ul>',
    // Right below the lines, before the form: back to the store for another product without scrolling past it.
    `<button id="cart-keep" type="button" class="btn ghost keep" data-close>${t("cart.keepShopping")}</button>`,
    // The buyer's form goes first in here (web/store/buyer-form.ts); subtotal and delivery (web/store/cart.ts
    // fills them from the store's zones) above the total with them.
    `<div id="cart-form" class="cart-form"><dl id="cart-sums" class="sums"></dl><p class="total"><span>${t("cart.total")}</span><strong id="cart-total">${esc(formatPrice(0, shop.money))}</strong></p></div>`,
    // After an order: its code and what happens next, in place of the lines (web/store/cart.ts fills it).
    '<section id="cart-done" class="done" hidden aria-labelledby="done-title"><h3 id="done-title"></h3>',
    `<ol><li>${t("cart.doneStep1")}</li>`,
    `<li>${t("cart.doneStep2")}</li>`,
    `<li>${t("cart.doneStep3")}</li></ol>`,
    `<a id="done-whatsapp" class="btn wa" href="https://wa.me/" rel="noopener" target="_blank">${t("cart.reopenWhatsapp")}</a>`,
    `<a id="done-order" class="btn" href="/" rel="noopener" target="_blank">${t("cart.viewOrder")}</a>`,
    `<button type="button" class="btn ghost" data-close>${t("cart.keepShopping")}</button></section></div>`,
    // Fixed below the column: what the last tap did (a missing field, an added product) and the send button.
    '<div id="cart-foot" class="panel-foot"><p id="cart-note" class="cart-note" role="status"></p>',
    `<button id="cart-send" type="button" class="btn wa">${t("cart.send")}</button></div>`,
    "</div></dialog>",
    '<dialog id="size-picker" class="modal" aria-labelledby="size-title"><div class="panel">',
    `<div class="panel-head"><h2 id="size-title">${t("picker.title")}</h2><button type="button" class="x" data-close aria-label="${t("cart.close")}">×</button></div>`,
    '<div id="size-options" class="picker-body"></div>',
    "</div></dialog>",
    '<div id="toasts" class="toasts" popover="manual" role="status" aria-live="polite"></div>',
  ].join("");
}

/**
 * What the cart script needs to know; the rest it reads from the page itself. The cart's messages come
 * in the store's locale only (common/i18n cartMessages), so no other language reaches the phone.
 */
function storeData(
  store: PublicStore,
  items: StoreProductRecord[],
  all: boolean,
  checkout: ShopperCheckout,
  shop: ShopText,
  guided: ReadonlySet<string> = new Set(),
): string {
  const data: StorePageData = {
    username: store.username,
    all,
    products: items.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      sizes: p.sizes,
      colors: p.colors,
      ...(p.stock != null ? { stock: p.stock } : {}),
      image: p.images[0] ?? null,
      ...(guided.has(p.id) ? { sizeGuide: true as const } : {}),
    })),
    checkout,
    locale: shop.locale,
    money: shop.money,
    messages: cartMessages(shop.locale),
  };
  return `<script type="application/json" id="store-data">${jsonForScript(data)}</script>`;
}

function noscript(store: PublicStore, shop: ShopText): string {
  const text = store.phone ? shop.t("store.noscriptOrder") : shop.t("store.noscriptEnable");
  return `<noscript><p class="note">${esc(text)}</p></noscript>`;
}

/** Search, sort and category chips: a plain GET form and links, so they work without JavaScript. */
/** The catalogue's name of each order a shopper can sort by. */
const SORT_KEYS = { nuevos: "sort.newest", "precio-asc": "sort.priceAsc", "precio-desc": "sort.priceDesc" } as const satisfies Record<
  SortKey,
  Parameters<ShopText["t"]>[0]
>;

function browseBar(store: PublicStore, categories: string[], query: BrowseQuery, shop: ShopText): string {
  const { t } = shop;
  const base = storePath(store.username);
  const link = (q: Partial<BrowseQuery>) => `${base}${browseSearch({ ...query, page: 1, ...q })}`;
  const chips = categories.length
    ? `<nav class="chips" aria-label="${esc(t("browse.categories"))}"><a href="${esc(link({ cat: null }))}"${query.cat ? "" : ' aria-current="page"'}>${esc(t("browse.all"))}</a>${categories
        .map(
          (c) =>
            `<a href="${esc(link({ cat: c }))}"${query.cat && query.cat.toLowerCase() === c.toLowerCase() ? ' aria-current="page"' : ""}>${esc(c)}</a>`,
        )
        .join("")}</nav>`
    : "";
  const options = (Object.keys(SORT_KEYS) as SortKey[])
    .map((key) => `<option value="${key}"${key === query.sort ? " selected" : ""}>${esc(t(SORT_KEYS[key]))}</option>`)
    .join("");
  return [
    `<form class="browse" method="get" action="${esc(base)}" role="search">`,
    query.cat ? `<input type="hidden" name="cat" value="${esc(query.cat)}">` : "",
    `<label class="sr" for="q">${esc(t("browse.searchLabel"))}</label><input id="q" type="search" name="q" value="${esc(query.q)}" placeholder="${esc(t("browse.searchPlaceholder"))}" enterkeyhint="search">`,
    `<label class="sr" for="orden">${esc(t("browse.sort"))}</label><select id="orden" name="orden">${options}</select>`,
    `<button type="submit" class="btn">${esc(t("browse.search"))}</button></form>`,
    chips,
  ].join("");
}

function pager(store: PublicStore, query: BrowseQuery, pages: number, shop: ShopText): string {
  const { t } = shop;
  if (pages <= 1) return "";
  const page = Math.min(query.page, pages);
  const href = (n: number) => esc(`${storePath(store.username)}${browseSearch({ ...query, page: n })}`);
  return [
    `<nav class="pager" aria-label="${esc(t("pager.label"))}">`,
    page > 1 ? `<a class="btn" rel="prev" href="${href(page - 1)}">${esc(t("pager.prev"))}</a>` : "",
    `<span>${esc(t("pager.page", { page, pages }))}</span>`,
    page < pages ? `<a class="btn" rel="next" href="${href(page + 1)}">${esc(t("pager.next"))}</a>` : "",
    "</nav>",
  ].join("");
}

function footer(store: PageStore, host: string, shop: ShopText): string {
  const link = storePath(store.username);
  return `<footer class="foot">${withdrawalLink(store, shop)}<p><a href="${esc(link)}">${esc(host)}${esc(link)}</a></p><p>${esc(shop.t("store.madeWith"))} <a href="/">Vidriera</a></p></footer>`;
}

/**
 * Argentina's 'Botón de arrepentimiento' (Resolución 424/2020): a plain, direct link of its own, as big as a
 * button, on every page of an Argentine store; it opens the form without any sign-in.
 */
export function withdrawalLink(store: { username: string; countryCode: string | null }, shop: ShopText): string {
  if (!offersWithdrawal(store.countryCode)) return "";
  return `<p><a class="arr" href="${esc(withdrawalPath(store.username))}">${esc(shop.t("withdrawal.link"))}</a></p>`;
}

export function renderStorePage(input: {
  store: PageStore;
  /** This page of the browse result. */
  products: StoreProductRecord[];
  /** Matching products across every page. */
  total: number;
  pages: number;
  categories: string[];
  query: BrowseQuery;
  host: string;
  origin: string;
  meta: PageMeta;
  assets: PageAssets;
  checkout: ShopperCheckout;
  shop: ShopText;
  /** The listed products with a size guide: their size picker links to it. */
  guided?: ReadonlySet<string>;
}): string {
  const { store, products, host, origin, query, shop } = input;
  const { t } = shop;
  const filtered = Boolean(query.q || query.cat);
  const list = products.length
    ? `<ul class="grid">${products.map((p, i) => card(store, p, i, origin, shop)).join("")}</ul>`
    : filtered
      ? `<div class="empty"><p class="empty-title">${esc(t("store.noResults"))}</p><p>${esc(t("store.noResultsTry"))} <a href="${esc(storePath(store.username))}">${esc(t("store.noResultsAll"))}</a>.</p></div>`
      : `<div class="empty"><p class="empty-title">${esc(t("store.empty"))}</p><p>${esc(t("store.emptyText"))}</p></div>`;
  return [
    head(input.meta, input.assets, true, shop.locale),
    "<body>",
    storeHeader(store, origin, shop),
    '<main class="wrap">',
    `<section class="welcome"><h2>${esc(t("store.welcome", { store: store.name }))}</h2><p>${esc(t("store.welcomeText"))}</p>${contactLine(store, shop)}</section>`,
    noscript(store, shop),
    browseBar(store, input.categories, query, shop),
    `<h2 class="count">${esc(query.q ? t("store.countFor", { count: input.total, query: query.q }) : t("store.count", { count: input.total }))}</h2>`,
    list,
    pager(store, query, input.pages, shop),
    "</main>",
    footer(store, host, shop),
    cartShell(shop),
    // The cart drops lines of products missing from the page only when the page lists them all.
    storeData(store, products, !filtered && input.pages <= 1, input.checkout, shop, input.guided),
    "</body></html>",
  ].join("");
}

export function renderProductPage(input: {
  store: PageStore;
  product: StoreProductRecord;
  host: string;
  origin: string;
  meta: PageMeta;
  assets: PageAssets;
  checkout: ShopperCheckout;
  shop: ShopText;
  /** The product's size guide (its own or its category's), shown beside its sizes. */
  sizeGuide?: SizeGuide | null;
}): string {
  const { store, product, host, origin, shop } = input;
  const { t } = shop;
  const soldOut = esc(t("product.soldOut"));
  // Chosen right here (radio chips, no second pop-up); a sold-out colour or size cannot be chosen. The cart
  // script shows each colour's own sizes when one is chosen and turns the gallery to its picture.
  const colors = product.colors.length
    ? `<fieldset class="pick colors"><legend class="label">${esc(t("product.color"))}</legend>${product.colors
        .map((c) => {
          const out = c.sizes.length > 0 && c.sizes.every((s) => s.stock <= 0);
          const picture = c.image ? product.images.indexOf(c.image) : -1;
          const swatch = c.image ? `<img src="${esc(c.image)}" alt="" width="28" height="35" loading="lazy">` : "";
          return `<label class="chip${out ? " out" : ""}"><input type="radio" name="color" value="${esc(c.name)}"${picture >= 0 ? ` data-picture="${picture}"` : ""}${out ? " disabled" : ""}><span>${swatch}${out ? `<s>${esc(c.name)}</s> ${soldOut}` : esc(c.name)}</span></label>`;
        })
        .join("")}</fieldset>`
    : "";
  const sizes = product.sizes.length
    ? `<fieldset class="pick"><legend class="label">${esc(t("product.size"))}</legend>${product.sizes
        .map((s) =>
          s.stock > 0
            ? `<label class="chip"><input type="radio" name="talle" value="${esc(s.name)}"><span>${esc(s.name)}</span></label>`
            : `<label class="chip out"><input type="radio" name="talle" value="${esc(s.name)}" disabled><span><s>${esc(s.name)}</s> ${soldOut}</span></label>`,
        )
        .join("")}</fieldset>`
    : "";
  const url = `${origin}${productPath(store.username, product.id)}`;
  return [
    head(input.meta, input.assets, true, shop.locale),
    '<body class="product">',
    jsonLd(productJsonLd({ product, storeName: store.name, url, origin, money: shop.money })),
    storeHeader(store, origin, shop),
    '<main class="wrap">',
    `<p class="back"><a href="${esc(storePath(store.username))}">${esc(t("product.back"))}</a></p>`,
    noscript(store, shop),
    '<article class="detail">',
    // Name and price first, so a phone shows them above the picture, not below the fold.
    '<div class="title">',
    `<h2 class="name">${esc(product.name)}</h2>`,
    product.price > 0 ? `<p class="price">${esc(formatPrice(product.price, shop.money))}</p>` : "",
    // What a shopper quotes on WhatsApp to ask for this product.
    product.code ? `<p class="code">${esc(t("product.code", { code: product.code }))}</p>` : "",
    "</div>",
    gallery(product, true, shop, true),
    '<div class="info">',
    product.description ? `<p class="desc">${esc(product.description)}</p>` : "",
    colors,
    sizes,
    input.sizeGuide ? sizeGuideBlock(input.sizeGuide, shop) : "",
    shareButton(url, product.name, shop),
    contactLine(store, shop),
    "</div>",
    // A direct child of the article, so it stays at the bottom of a phone's screen while the product is in view.
    `<div class="buy">${addButton(store, product, origin, shop)}</div>`,
    "</article></main>",
    footer(store, host, shop),
    cartShell(shop),
    storeData(store, [product], false, input.checkout, shop),
    "</body></html>",
  ].join("");
}

/** The spec's error screen: 'Página no encontrada' with the reason, and the way back home. */
export function renderErrorPage(message: string, assets: PageAssets): string {
  return [
    '<!doctype html><html lang="es-AR"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    "<title>Página no encontrada</title>",
    `<style>${assets.css}</style></head>`,
    '<body><main class="wrap missing"><h1>Página no encontrada</h1>',
    `<p>${esc(message)}</p>`,
    '<p><a class="btn" href="/">Volver al inicio</a></p></main></body></html>',
  ].join("");
}
