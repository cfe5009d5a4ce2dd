import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { parseArsPrice } from "../../common/price";
import type { Product } from "../../common/product";
import type { User } from "../../common/user";
import type { StorePageData } from "../../common/store-cart";
import { Browser, type Fetcher, register } from "./browser";
import { photoOfSize, photoForm } from "./fixtures";

let stores = 0;

/** A unique store name per call (test files share nothing, but names read better unique). */
export function storeName(prefix = "Tienda") {
  return `${prefix} ${Date.now().toString(36)}${++stores}`;
}

export async function openStore(
  browser: Browser,
  input: { storeName?: string; storeLink?: string; phoneNumber?: string; countryCode?: string; storeLogo?: string } = {},
) {
  const response = await browser.json("POST", "/api/auth/mi-tienda", {
    storeName: input.storeName ?? storeName(),
    phoneNumber: input.phoneNumber ?? "+54 9 11 2233-4455",
    countryCode: input.countryCode ?? "AR",
    ...(input.storeLogo ? { storeLogo: input.storeLogo } : {}),
    ...(input.storeLink !== undefined ? { storeLink: input.storeLink } : {}),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { user: User }).user;
}

/** A signed-in seller with an open store. */
export async function seller(input: Parameters<typeof openStore>[1] = {}, fetcher?: Fetcher) {
  const browser = new Browser(fetcher);
  await register(browser);
  const user = await openStore(browser, input);
  return { browser, user, username: user.username! };
}

export async function addProducts(browser: Browser, names: string[]): Promise<Product[]> {
  const response = await browser.request("/api/products/upload-images", {
    method: "POST",
    body: photoForm(names.map((name, i) => ({ bytes: photoOfSize("jpeg", 200, (stores * 7 + i) % 250), name: `${name}.jpg` }))),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { products: Product[] }).products;
}

/**
 * Saves prices as the pricing screen does. Like a seller pricing products for
 * the store, it also publishes each one that gets a price, unless `publish` is false
 * (drafts tests) or the item says otherwise.
 */
export async function setPricing(
  browser: Browser,
  products: {
    id: string;
    price: unknown;
    sizes?: { name: unknown; stock: unknown }[];
    colors?: { name: unknown; image?: string | null; sizes?: { name: unknown; stock: unknown }[] }[];
    storeImageURLs?: string[];
    published?: boolean;
  }[],
  { publish = true } = {},
) {
  const priced = (price: unknown) => {
    const parsed = parseArsPrice(price);
    return "price" in parsed && parsed.price > 0;
  };
  return browser.json("POST", "/api/products/update-pricing", {
    products: products.map((p) => ({ sizes: [], ...(publish && priced(p.price) ? { published: true } : {}), ...p })),
  });
}

export function dataUrl(bytes: Uint8Array, mime = "image/png") {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${mime};base64,${btoa(binary)}`;
}

/** The JSON the page hands to the cart script. */
export function storeData(html: string) {
  const m = /<script type="application\/json" id="store-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no store data in the page");
  return JSON.parse(m[1]!) as StorePageData;
}

/** The stock rows of a product's colour ("" for a product without colours) in D1, in the seller's order. */
export async function stockRows(productId: string, color = "") {
  const { results } = await env.DB.prepare(
    "SELECT size AS name, stock FROM product_stock WHERE product_id = ? AND color = ? ORDER BY position",
  )
    .bind(productId, color)
    .all<{ name: string; stock: number }>();
  return results;
}
