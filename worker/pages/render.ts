/**
 * The public store's HTML. Every text a seller typed goes through `esc` (or
 * `jsonForScript` inside the data block), so a store or product called
 * "<script>…" is shown as text, never run. The first response is the whole
 * page: with JavaScript off a shopper still sees the store, its products,
 * prices and sizes, and can write to the seller.
 */
import { formatArs, productPath, STORE_CARD_SIZES, storePath, type PublicStore, type StoreSize } from "../../common/store";
import type { StoreProductRecord } from "./store-data";

export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
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
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6"/></svg>';

function head(meta: PageMeta, assets: PageAssets, withScript: boolean): string {
  const tags = [
    ["og:type", meta.type],
    ["og:site_name", "Vidriera"],
    ["og:locale", "es_AR"],
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
    '<!doctype html><html lang="es-AR"><head><meta charset="utf-8">',
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

function storeHeader(store: PublicStore, host: string): string {
  const link = storePath(store.username);
  return [
    '<header class="top"><div class="wrap head">',
    store.imageUrl
      ? `<img class="logo" src="${esc(store.imageUrl)}" alt="Logo de ${esc(store.name)}" width="72" height="72">`
      : `<span class="logo initial" aria-hidden="true">${esc(store.name.trim().charAt(0).toUpperCase() || "T")}</span>`,
    `<div class="id"><h1>${esc(store.name)}</h1>`,
    `<p class="meta"><a href="${esc(link)}">${esc(host)}${esc(link)}</a></p>`,
    store.phone
      ? `<p class="meta"><a class="phone" href="${esc(whatsappContactUrl(store.phone))}" rel="noopener" target="_blank">WhatsApp: ${esc(store.phone)}</a></p>`
      : "",
    "</div></div></header>",
  ].join("");
}

function gallery(product: StoreProductRecord, eager: boolean, large = false): string {
  if (!product.images.length) return '<div class="gal"><div class="noimg">Sin imagen</div></div>';
  const images = product.images
    .map((src, i) => {
      const alt = i === 0 ? product.name : `${product.name} (imagen ${i + 1})`;
      const loading = eager && i === 0 ? ' fetchpriority="high"' : ' loading="lazy"';
      return `<img src="${esc(src)}" alt="${esc(alt)}" decoding="async"${loading}>`;
    })
    .join("");
  const nav =
    product.images.length > 1
      ? '<button type="button" class="nav prev" data-step="-1" aria-label="Imagen anterior" hidden>‹</button>' +
        '<button type="button" class="nav next" data-step="1" aria-label="Imagen siguiente" hidden>›</button>' +
        `<span class="dots">${product.images.length} fotos</span>`
      : "";
  return `<div class="gal${large ? " big" : ""}"><div class="car" data-car tabindex="0" role="group" aria-roledescription="carrusel" aria-label="Imágenes de ${esc(product.name)}">${images}</div>${nav}</div>`;
}

function sizeChip(size: StoreSize): string {
  return size.stock > 0
    ? `<li class="sz">${esc(size.name)}</li>`
    : `<li class="sz out" title="Sin stock"><s>${esc(size.name)}</s><span class="sr"> (Sin stock)</span></li>`;
}

function addButton(product: StoreProductRecord): string {
  const soldOut = product.sizes.length > 0 && product.sizes.every((s) => s.stock <= 0);
  return soldOut
    ? `<button type="button" class="btn add" data-add="${esc(product.id)}" disabled>Sin stock</button>`
    : `<button type="button" class="btn add" data-add="${esc(product.id)}">Añadir al carrito</button>`;
}

function card(store: PublicStore, product: StoreProductRecord, index: number): string {
  const shown = product.sizes.slice(0, STORE_CARD_SIZES);
  const more = product.sizes.length - shown.length;
  return [
    '<li class="card">',
    gallery(product, index < 2),
    '<div class="info">',
    `<h3 class="name"><a href="${esc(productPath(store.username, product.id))}">${esc(product.name)}</a></h3>`,
    product.price > 0 ? `<p class="price">${formatArs(product.price)}</p>` : "",
    product.sizes.length
      ? `<ul class="sizes" aria-label="Talles">${shown.map(sizeChip).join("")}${more > 0 ? `<li class="sz more">+${more}</li>` : ""}</ul>`
      : "",
    addButton(product),
    "</div></li>",
  ].join("");
}

/** The floating button, the drawer and the size picker: inert until the cart script runs. */
const CART_SHELL = [
  `<button id="cart-open" class="fab" type="button" hidden aria-label="Abrir carrito">${CART_ICON}<span id="cart-count" class="badge">0</span></button>`,
  '<dialog id="cart" class="drawer" aria-labelledby="cart-title"><div class="panel">',
  '<div class="panel-head"><h2 id="cart-title">Tu Carrito</h2><button type="button" class="x" data-close aria-label="Cerrar">×</button></div>',
  '<p id="cart-empty" class="cart-empty">Tu carrito está vacío</p>',
  '<ul id="cart-lines" class="lines"></ul>',
  '<div class="panel-foot"><p class="total"><span>Total</span><strong id="cart-total">$0</strong></p>',
  '<button id="cart-send" type="button" class="btn wa">Finalizar Compra por WhatsApp</button></div>',
  "</div></dialog>",
  '<dialog id="size-picker" class="modal" aria-labelledby="size-title"><div class="panel">',
  '<div class="panel-head"><h2 id="size-title">Selecciona un talle</h2><button type="button" class="x" data-close aria-label="Cerrar">×</button></div>',
  '<div id="size-options" class="size-options"></div>',
  "</div></dialog>",
  '<div id="toasts" class="toasts" popover="manual" role="status" aria-live="polite"></div>',
].join("");

/** What the cart script needs to know; the rest it reads from the page itself. */
function storeData(store: PublicStore, items: StoreProductRecord[], all: boolean): string {
  const data = {
    username: store.username,
    all,
    products: items.map((p) => ({ id: p.id, name: p.name, price: p.price, sizes: p.sizes, image: p.images[0] ?? null })),
  };
  return `<script type="application/json" id="store-data">${jsonForScript(data)}</script>`;
}

function noscript(store: PublicStore): string {
  const whatsapp = store.phone
    ? ` También puedes escribirle a la tienda por <a href="${esc(whatsappContactUrl(store.phone))}">WhatsApp</a>.`
    : "";
  return `<noscript><p class="note">Para usar el carrito activa JavaScript en tu navegador.${whatsapp}</p></noscript>`;
}

const footer = '<footer class="foot">Tienda creada con <a href="/">Vidriera</a></footer>';

export const productCountLabel = (n: number) => (n === 1 ? "1 producto" : `${n} productos`);

export function renderStorePage(input: {
  store: PublicStore;
  products: StoreProductRecord[];
  host: string;
  meta: PageMeta;
  assets: PageAssets;
}): string {
  const { store, products, host } = input;
  const list = products.length
    ? `<ul class="grid">${products.map((p, i) => card(store, p, i)).join("")}</ul>`
    : '<div class="empty"><p class="empty-title">No hay productos disponibles</p><p>Esta tienda aún no tiene productos publicados.</p></div>';
  return [
    head(input.meta, input.assets, true),
    "<body>",
    storeHeader(store, host),
    '<main class="wrap">',
    `<section class="welcome"><h2>¡Bienvenido a ${esc(store.name)}!</h2><p>Elige tus productos, súmalos al carrito y envía tu pedido por WhatsApp.</p></section>`,
    noscript(store),
    `<h2 class="count">${productCountLabel(products.length)}</h2>`,
    list,
    "</main>",
    footer,
    CART_SHELL,
    storeData(store, products, true),
    "</body></html>",
  ].join("");
}

export function renderProductPage(input: {
  store: PublicStore;
  product: StoreProductRecord;
  host: string;
  meta: PageMeta;
  assets: PageAssets;
}): string {
  const { store, product, host } = input;
  const sizes = product.sizes.length
    ? `<h3 class="label">Talles</h3><ul class="sizes all" aria-label="Talles">${product.sizes
        .map((s) => (s.stock > 0 ? `<li class="sz">${esc(s.name)}</li>` : `<li class="sz out"><s>${esc(s.name)}</s> Sin stock</li>`))
        .join("")}</ul>`
    : "";
  return [
    head(input.meta, input.assets, true),
    "<body>",
    storeHeader(store, host),
    '<main class="wrap">',
    `<p class="back"><a href="${esc(storePath(store.username))}">← Ver todos los productos</a></p>`,
    noscript(store),
    '<article class="detail">',
    gallery(product, true, true),
    '<div class="info">',
    `<h2 class="name">${esc(product.name)}</h2>`,
    product.price > 0 ? `<p class="price">${formatArs(product.price)}</p>` : "",
    product.description ? `<p class="desc">${esc(product.description)}</p>` : "",
    sizes,
    addButton(product),
    "</div></article></main>",
    footer,
    CART_SHELL,
    storeData(store, [product], false),
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
