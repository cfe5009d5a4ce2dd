import { Hono, type Context } from "hono";
import { cartScript, cartScriptHash, storeCss, storeCssHash } from "virtual:store-assets";
import { shopText } from "../../common/i18n";
import type { ShopText } from "../../common/shop-text";
import { productPath, storeCountry, storePath, storeShareUrl } from "../../common/store";
import { formatPrice } from "../../common/store-money";
import { browse, browseQuery, browseSearch, categoriesOf } from "../../common/store-browse";
import { replicaDatabase, type Db, shopDatabase } from "../db/client";
import type { Env } from "../env";
import { ImageCodecError } from "../providers/codecs";
import { previewJpeg, previewPath, sourceOfPreview } from "./og-image";
import { renderErrorPage, renderProductPage, renderStorePage, type PageAssets, type PageMeta } from "./render";
import { shopperCheckout } from "../../common/checkout";
import { readCheckout } from "../lib/checkout";
import { readStoreLocale } from "../lib/store-locale";
import { renderFeed } from "./feed";
import { storeQrCard, storeQrSvg } from "./qr";
import { findStore, storeProduct, storeProducts, storeVersion, type StoreRecord } from "../lib/store-data";
import { errorName, log } from "../lib/log";
import { keepOnlyWithSource } from "../lib/renditions";
import { forgetStoreLink, rememberedStoreVersion, storeVersionTtl } from "../lib/store-version";
import { countStoreView } from "../stats/count";
import { guidedProducts, guideForProduct } from "../lib/size-guides";
import { storePageMemory } from "./page-memory";

export const SCRIPT_PATH = `/u/_/cart.${cartScriptHash}.js`;
const ASSETS: PageAssets = { css: storeCss, scriptUrl: SCRIPT_PATH };

/**
 * Part of every cache key and ETag: a deploy that changes the markup (bump
 * PAGE_FORMAT), the stylesheet or the cart script never serves pages rendered
 * by the previous one.
 */
const PAGE_FORMAT = 5;
const BUILD = `${PAGE_FORMAT}.${cartScriptHash}.${storeCssHash.slice(0, 8).replace(/[^A-Za-z0-9]/g, "")}`;

/** The page may run its own script, apply its one stylesheet, show its own images and post the order; nothing else. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'sha256-${storeCssHash}'`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  // The search form (GET to the store itself).
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** How long the edge keeps a rendered page; it is never stale, since its key carries the store's version. */
const EDGE_TTL_SECONDS = 7 * 24 * 60 * 60;

export const STORE_LOAD_ERROR = "Error al cargar la tienda";
export const PAGE_MISSING = "Esta página no existe";

function pageHeaders(etag: string | null, cache: "HIT" | "MISS" | null): Headers {
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": PAGE_CSP,
    // Browsers ask again every time (a cheap 304 while the store is unchanged), so a new price shows at once.
    "cache-control": etag ? "public, max-age=0, must-revalidate" : "no-store",
  });
  if (etag) headers.set("etag", etag);
  if (cache) headers.set("x-store-cache", cache);
  return headers;
}

const redirect = (path: string) => new Response(null, { status: 301, headers: { location: path } });

function errorPage(status: 404 | 500, message: string): Response {
  const headers = pageHeaders(null, null);
  headers.set("x-robots-tag", "noindex");
  return new Response(renderErrorPage(message, ASSETS), { status, headers });
}

function productDescription(store: StoreRecord, product: { price: number; sizes: { name: string }[] }, shop: ShopText): string {
  const parts = [
    product.price > 0 ? formatPrice(product.price, shop.money) : null,
    product.sizes.length ? shop.t("meta.productSizes", { sizes: product.sizes.map((s) => s.name).join(", ") }) : null,
    shop.t("meta.productCta", { store: store.name }),
  ];
  return parts.filter(Boolean).join(" · ");
}

/** The cached copy's note of how many products a search page found, for counting searches served from the cache. */
const RESULTS_HEADER = "x-store-results";

/** Renders a page from D1 (with how many products a store page lists), or null when the product is not this store's. */
async function render(
  c: Context<Env>,
  db: Db,
  username: string,
  productId: string | null,
): Promise<{ html: string; results: number } | null> {
  const store = await findStore(db, username);
  if (!store) return null;
  // The store's own rows (products, settings) from its shop's database: in the same read session as its version
  // when that is the global one, so what is stored under the version is at least that new.
  const shopDb = shopDatabase(c.env, store, { readSession: db });
  const url = new URL(c.req.url);
  // The store's language and money, and its ways to pay (store_pay_methods, or store_checkout's of old).
  const locale = (await readStoreLocale(db, store.id, shopDb))!;
  const shop = shopText(locale.locale, locale.money);
  // The cart prices the delivery with the store's zones and offers its ways to pay (never their details).
  const checkout = shopperCheckout(await readCheckout(shopDb, store.id), locale.payMethods, storeCountry(store).code);
  const preview = (key: string | null | undefined) => {
    const path = key ? previewPath(key) : null;
    return path ? `${url.origin}${path}` : null;
  };
  if (productId) {
    const product = await storeProduct(shopDb, store.id, productId);
    if (!product) return null;
    const meta: PageMeta = {
      type: "product",
      title: shop.t("meta.productTitle", { product: product.name, store: store.name }),
      description: productDescription(store, product, shop),
      url: `${url.origin}${productPath(store.username, product.id)}`,
      image: preview(product.imageKeys[0] ?? store.logoKey),
      imageAlt: product.name,
    };
    return {
      html: renderProductPage({
        store,
        product,
        host: url.host,
        origin: url.origin,
        meta,
        assets: ASSETS,
        checkout,
        shop,
        sizeGuide: await guideForProduct(shopDb, store.id, product),
      }),
      results: 1,
    };
  }
  const all = await storeProducts(shopDb, store.id);
  const query = browseQuery(url.searchParams);
  const shown = browse(all, query);
  const meta: PageMeta = {
    type: "website",
    title: store.name,
    description: shop.t("meta.storeDescription", { count: all.length, store: store.name }),
    // A search or a later page is the same store to a search engine or a link preview.
    url: `${url.origin}${storePath(store.username)}`,
    image: preview(store.logoKey ?? all.find((p) => p.imageKeys.length)?.imageKeys[0]),
    imageAlt: store.name,
  };
  const html = renderStorePage({
    store,
    products: shown.items,
    total: shown.total,
    pages: shown.pages,
    categories: categoriesOf(all),
    query,
    host: url.host,
    origin: url.origin,
    meta,
    assets: ASSETS,
    checkout,
    shop,
    guided: await guidedProducts(shopDb, store.id, shown.items),
  });
  return { html, results: shown.total };
}

/**
 * A store page through the edge cache. The store's current version (one small
 * D1 read, kept in the isolate's memory for a second) picks the cached copy,
 * served as is: from this isolate's memory of the latest pages (./page-memory.ts)
 * when it holds it, else from the edge cache; a miss renders and stores it in both. Every write to what the store
 * shows bumps the version (worker/lib/store-version.ts), so a save shows at
 * once in the isolate that made it and within the second everywhere else.
 */
async function storePage(c: Context<Env>, rawUsername: string, productId: string | null): Promise<Response> {
  const username = rawUsername.toLowerCase();
  const path = productId ? productPath(username, productId) : storePath(username);
  if (username !== rawUsername) return redirect(path);
  if (productId !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(productId)) return errorPage(404, PAGE_MISSING);
  try {
    // One session for the version and the render: the render sees at least the version it is stored under.
    const db = replicaDatabase(c.env.DB);
    // From this isolate's memory for up to a second (worker/lib/store-version.ts says what a shopper may see).
    const current = await rememberedStoreVersion(username, storeVersionTtl(c.env.STORE_VERSION_TTL_MS), () => storeVersion(db, username));
    if (!current) return errorPage(404, PAGE_MISSING);
    const url = new URL(c.req.url);
    // Search, category, order and page are part of what is rendered, so of the ETag and the cache key (normalised).
    const query = productId ? null : browseQuery(url.searchParams);
    const browsing = query ? browseSearch(query) : "";
    // Counted after the answer, whichever way it is served (worker/stats/count.ts).
    const counted = (results: number | null) =>
      countStoreView(c, {
        storeId: current.id,
        storePath: storePath(username),
        productId,
        search: query && { q: query.q, page: query.page },
        results,
      });
    // The store's id too: a link freed by a deleted account and taken by a new store starts its versions again.
    const key = `${url.origin}${path}?s=${current.id}&v=${current.version}&b=${BUILD}${browsing ? `&${browsing.slice(1)}` : ""}`;
    const kept = storePageMemory.get(key);
    // The store's id (hashed) as well: a browser that kept a page of a deleted store never revalidates it for a new one.
    const etag =
      kept?.etag ?? `"${current.version}.${BUILD}.${await shortHash(current.id)}${browsing ? `.${await shortHash(browsing)}` : ""}"`;
    if (c.req.header("if-none-match") === etag) {
      counted(null);
      return new Response(null, { status: 304, headers: pageHeaders(etag, null) });
    }
    if (kept) {
      counted(kept.results);
      return new Response(kept.body, { headers: pageHeaders(etag, "HIT") });
    }

    const cache = caches.default;
    const hit = await cache.match(key);
    if (hit) {
      const noted = hit.headers.get(RESULTS_HEADER);
      const results = noted === null ? null : Number(noted);
      const body = new Uint8Array(await hit.arrayBuffer());
      storePageMemory.set(key, { body, etag, results });
      counted(results);
      return new Response(body, { headers: pageHeaders(etag, "HIT") });
    }

    // A remembered version came from an earlier request, not this render's D1 session, and a read replica
    // may lag behind it: read it again in the session, and store the render only under the version it saw.
    let keep = true;
    if (current.remembered) {
      const seen = await storeVersion(db, username);
      if (!seen) return errorPage(404, PAGE_MISSING);
      keep = seen.id === current.id && seen.version === current.version;
      if (!keep) forgetStoreLink(username);
    }
    // Read after the version, so what is stored under it is at least that new.
    const page = await render(c, db, username, productId);
    if (page === null) return errorPage(404, PAGE_MISSING);
    counted(page.results);
    if (!keep) return new Response(page.html, { headers: pageHeaders(null, "MISS") });
    const body = new TextEncoder().encode(page.html);
    await cache.put(
      key,
      new Response(body, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": `public, max-age=${EDGE_TTL_SECONDS}`,
          [RESULTS_HEADER]: String(page.results),
        },
      }),
    );
    storePageMemory.set(key, { body, etag, results: page.results });
    return new Response(body, { headers: pageHeaders(etag, "MISS") });
  } catch (err) {
    log("error", "store page failed", { requestId: c.get("requestId"), error: errorName(err) });
    return errorPage(500, STORE_LOAD_ERROR);
  }
}

async function shortHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A store's own file (feed, QR): 404 for an unknown store, else `make` with the store and D1 session. */
async function storeFile(
  c: Context<Env>,
  rawUsername: string,
  contentType: string,
  make: (store: StoreRecord, db: Db, shopDb: Db, origin: string) => Promise<string | Uint8Array>,
  extra: Record<string, string> = {},
): Promise<Response> {
  const username = rawUsername.toLowerCase();
  const db = replicaDatabase(c.env.DB);
  const store = await findStore(db, username);
  if (!store) return c.json({ error: PAGE_MISSING }, 404);
  const body = await make(store, db, shopDatabase(c.env, store, { readSession: db }), new URL(c.req.url).origin);
  // Read by feed fetchers a few times a day and printed once: a short cache is plenty.
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "public, max-age=300", ...extra } });
}

/** ?descargar makes the admin's link save a file instead of showing it. */
const downloadAs = (c: Context<Env>, name: string): Record<string, string> =>
  c.req.query("descargar") !== undefined ? { "content-disposition": `attachment; filename="${name}"` } : {};

/** The public store at /u/:username, rendered on the server. */
export const storePages = new Hono<Env>()
  .get("/_/:file", (c) => {
    if (c.req.param("file") !== `cart.${cartScriptHash}.js`) return c.json({ error: "No encontrado." }, 404);
    return new Response(cartScript, {
      headers: {
        "content-type": "text/javascript; charset=utf-8",
        // The name carries the content's hash: a new script is a new URL.
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  })
  .get("/_/og/:prefix/:file", async (c) => {
    const file = c.req.param("file");
    const source = sourceOfPreview(c.req.param("prefix"), file);
    if (!source) return c.json({ error: "Imagen no encontrada." }, 404);
    const previewKey = `og/${c.req.param("prefix")}/${file}`;
    let bytes: Uint8Array;
    const saved = await c.env.IMAGES.get(previewKey);
    if (saved) {
      bytes = new Uint8Array(await saved.arrayBuffer());
    } else {
      const original = await c.env.IMAGES.get(source);
      if (!original) return c.json({ error: "Imagen no encontrada." }, 404);
      try {
        bytes = await previewJpeg(new Uint8Array(await original.arrayBuffer()));
      } catch (err) {
        if (err instanceof ImageCodecError) return c.json({ error: "Imagen no encontrada." }, 404);
        throw err;
      }
      await c.env.IMAGES.put(previewKey, bytes, { httpMetadata: { contentType: "image/jpeg" } });
      if (!(await keepOnlyWithSource(c.env.IMAGES, source, [previewKey]))) return c.json({ error: "Imagen no encontrada." }, 404);
    }
    return new Response(bytes, {
      headers: {
        "content-type": "image/jpeg",
        "cache-control": "public, max-age=31536000, immutable",
        // Fetched by WhatsApp's and other sites' link-preview crawlers.
        "cross-origin-resource-policy": "cross-origin",
      },
    });
  })
  .get("/:username/feed.xml", (c) =>
    storeFile(c, c.req.param("username"), "application/xml; charset=utf-8", async (store, db, shopDb, origin) => {
      const locale = (await readStoreLocale(db, store.id, shopDb))!;
      return renderFeed(store, await storeProducts(shopDb, store.id), origin, shopText(locale.locale, locale.money));
    }),
  )
  .get("/:username/qr.svg", (c) =>
    storeFile(
      c,
      c.req.param("username"),
      "image/svg+xml",
      async (store, _db, _shopDb, origin) => storeQrSvg(storeShareUrl(origin, store.username, "qr")),
      downloadAs(c, `qr-${c.req.param("username").toLowerCase()}.svg`),
    ),
  )
  // The same code on a printable card with the shop's name and address, as a PNG: what phone galleries,
  // WhatsApp and print shops take.
  .get("/:username/qr.png", (c) =>
    storeFile(
      c,
      c.req.param("username"),
      "image/png",
      async (store, db, shopDb, origin) => {
        const locale = (await readStoreLocale(db, store.id, shopDb))!;
        const scan = shopText(locale.locale, locale.money).t("qr.scan");
        return storeQrCard(
          storeShareUrl(origin, store.username, "qr"),
          store.name,
          `${new URL(origin).host}${storePath(store.username)}`,
          scan,
        );
      },
      downloadAs(c, `qr-${c.req.param("username").toLowerCase()}.png`),
    ),
  )
  .get("/:username", (c) => storePage(c, c.req.param("username"), null))
  .get("/:username/", (c) => redirect(storePath(c.req.param("username").toLowerCase())))
  .get("/:username/p/:productId", (c) => storePage(c, c.req.param("username"), c.req.param("productId")));
