/**
 * Two sellers for the isolation tests: A with a full account (store, products,
 * generated and modified images, a finished and a failed job, prices, an
 * order, payments) and B with a small one of its own. Images come from a
 * provider under the test's control, so every call is fast and each result
 * has its own bytes.
 */
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { isSourceKey, renditionKey } from "../../common/image-renditions";
import type { Product } from "../../common/product";
import { WRITE_TIME_WIDTHS } from "../../worker/lib/renditions";
import { overrideProviderForTests } from "../../worker/providers/select";
import { ProviderRefusal, type ImageProvider } from "../../worker/providers/types";
import { Browser, register } from "./browser";
import { photoOfSize } from "./fixtures";
import { addProducts, dataUrl, openStore, setPricing } from "./store-helpers";

type Fetcher = ConstructorParameters<typeof Browser>[0];

export interface Seller {
  browser: Browser;
  id: string;
  email: string;
  password: string;
  username: string;
  storeName: string;
  logoKey: string;
  products: Product[];
  /** Generated image id → its R2 key (an image's id is also its job's id). */
  images: Map<string, string>;
  failedJobId: string | null;
  /** A finished batch (one picture through the queue and the provider's gate). */
  batchId: string | null;
  /** `link` is the buyer's private page: nobody else's screen may show it. */
  orders: { id: string; code: string; link: string }[];
  paymentIds: string[];
  /** A 'Botón de arrepentimiento' request a buyer sent the store, and a size guide of the store. */
  withdrawalIds: string[];
  guideIds: string[];
  /** A discount code of the store. */
  couponIds: string[];
  /** The store's buyers as 'Clientes' keys them. */
  customerKeys: string[];
}

/** Every provider call answers different bytes; the kid variant is refused, so a job fails. */
export function controlledProvider() {
  let call = 0;
  const provider: ImageProvider = {
    name: "test",
    async generate(request) {
      call++;
      if (request.kind === "kid") throw new ProviderRefusal("El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.");
      return { bytes: photoOfSize("jpeg", 300 + call, 100 + (call % 100)), mimeType: "image/jpeg" };
    },
  };
  overrideProviderForTests(() => provider);
}

const keyOf = (url: string) => url.replace(/^\/img\//, "");

async function generate(seller: Seller, path: string, body: unknown, field: string) {
  const response = await seller.browser.json("POST", path, body);
  expect(response.status, await response.clone().text()).toBe(200);
  const result = (await response.json()) as Record<string, string>;
  seller.images.set(result.imageId!, keyOf(result[field]!));
  return result;
}

/** A shopper (signed out, from its own address) orders from a store. */
export async function shopperOrder(
  username: string,
  lines: { productId: string; color?: string; size: string | null; quantity: number }[],
  // What the cart asks for when the store has ways to pay; a store without settings needs none.
  buyer?: { name: string; delivery: "retiro" | "envio"; payment: string },
) {
  const response = await new Browser().json("POST", "/api/orders", { username, lines, ...(buyer ? { buyer } : {}) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { order: { id: string; code: string; link: string } }).order;
}

async function simulatedPayment(seller: Seller, decision: "approve" | null) {
  const response = await seller.browser.request("/api/payments/create-preference", {
    method: "POST",
    headers: { "content-type": "application/json", "x-vidriera-country": "AR" },
    body: JSON.stringify({ packId: "pack-10" }),
  });
  expect(response.status).toBe(201);
  const { paymentId, preference } = (await response.json()) as { paymentId: string; preference: { init_point: string } };
  seller.paymentIds.push(paymentId);
  if (decision) {
    const session = new URL(preference.init_point).searchParams.get("session")!;
    // The payer's decision goes through the simulated provider's signed webhook, like a real one.
    const decided = await seller.browser.request("/api/payments/simulated/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session, decision }).toString(),
    });
    expect(decided.status).toBe(303);
    const status = await env.DB.prepare("SELECT status FROM payments WHERE id = ?").bind(paymentId).first<string>("status");
    expect(status).toBe("approved");
  }
}

async function newSeller(label: string, productNames: string[], logoFill: number, fetcher?: Fetcher): Promise<Seller> {
  const browser = new Browser(fetcher);
  // Each seller its own password: one seller's password must open nothing of the other's.
  const account = await register(browser, undefined, `clave-de-${label.toLowerCase().replace(/\W/g, "-")}`);
  const storeName = `${label} ${crypto.randomUUID().slice(0, 6)}`;
  const user = await openStore(browser, {
    storeName,
    phoneNumber: label.startsWith("Alfa") ? "+54 9 11 4000-1111" : "+54 9 11 5000-2222",
    storeLogo: dataUrl(photoOfSize("png", 120, logoFill)),
  });
  expect(user.imageUrl).toMatch(/^\/img\/l\//);
  return {
    browser,
    id: account.user.id,
    email: account.email,
    password: account.password,
    username: user.username!,
    storeName,
    logoKey: keyOf(user.imageUrl!),
    products: await addProducts(browser, productNames),
    images: new Map(),
    failedJobId: null,
    batchId: null,
    orders: [],
    paymentIds: [],
    withdrawalIds: [],
    guideIds: [],
    couponIds: [],
    customerKeys: [],
  };
}

/** Seller A: everything a seller can have. */
export async function fullSeller(): Promise<Seller> {
  const a = await newSeller("Alfa Modas", ["Campera Zafiro", "Pollera Turquesa"], 11);
  const [campera, pollera] = a.products as [Product, Product];
  const ad = await generate(a, `/api/products/generate-ad/${campera.id}`, { includeModel: true }, "adImageUrl");
  const back = await generate(a, `/api/products/back-image/${campera.id}`, {}, "backImageUrl");
  await generate(a, `/api/products/baby-image/${pollera.id}`, {}, "babyImageUrl");
  await generate(a, `/api/products/personalize/${pollera.id}`, { gender: "female" }, "personalizedImageUrl");
  await generate(a, `/api/products/images/modify/${ad.imageId}`, { prompt: "fondo blanco" }, "modifiedImageUrl");
  // 'Modelo de mi tienda': B's tries and B's own model must leave it as it is.
  expect((await a.browser.json("PUT", "/api/store-models/adult", { imageId: back.imageId })).status).toBe(200);
  const failed = await a.browser.json("POST", `/api/products/kid-image/${pollera.id}`, {});
  expect(failed.status).toBe(422);
  a.failedJobId = ((await failed.json()) as { jobId: string }).jobId;

  const priced = await setPricing(a.browser, [
    {
      id: campera.id,
      price: 25000,
      sizes: [
        { name: "M", stock: 5 },
        { name: "L", stock: 2 },
      ],
      storeImageURLs: [ad.adImageUrl!],
    },
    {
      id: pollera.id,
      price: 18000,
      sizes: [],
      // Colours with their own stock, one with the store's picture: B's tries must leave them as they are.
      colors: [
        { name: "Turquesa Alfa", image: null, sizes: [{ name: "S", stock: 4 }] },
        { name: "Coral Alfa", image: null, sizes: [] },
      ],
    },
  ]);
  expect(priced.status).toBe(200);
  a.products = ((await priced.json()) as { products: Product[] }).products;
  // How A's store is paid: the account holder and alias are A's alone.
  const checkout = await a.browser.json("PUT", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: "Local Alfa, Avenida Zafiro 100" },
      shipping: { enabled: true, zones: [{ name: "Zona Alfa", cost: 3000 }], freeFrom: "" },
    },
    payments: {
      transfer: { alias: "alfa.modas.mp", cbu: "2850590940090418135201", holder: "Titular Alfa" },
      mercadoPago: null,
      cash: true,
    },
  });
  expect(checkout.status).toBe(200);

  const buyer = { name: "Compradora de Alfa", delivery: "retiro", payment: "efectivo" } as const;
  a.orders.push(await shopperOrder(a.username, [{ productId: campera.id, size: "M", quantity: 2 }], buyer));
  a.orders.push(await shopperOrder(a.username, [{ productId: pollera.id, color: "Turquesa Alfa", size: "S", quantity: 1 }], buyer));
  const confirmed = await a.browser.json("PUT", `/api/orders/${a.orders[1]!.id}/status`, { status: "confirmado" });
  expect(confirmed.status).toBe(200);

  await simulatedPayment(a, "approve");
  await simulatedPayment(a, null);

  // A buyer's 'Botón de arrepentimiento' request and a size guide: B may neither answer, change nor see them.
  const withdrawal = await new Browser().request(`/u/${a.username}/arrepentimiento`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ order: a.orders[0]!.code, name: "Compradora de Alfa", contact: "alfa.compradora@example.com" }).toString(),
  });
  expect(withdrawal.status).toBe(201);
  const requests = (await (await a.browser.request("/api/withdrawals")).json()) as { withdrawals: { id: string }[] };
  a.withdrawalIds = requests.withdrawals.map((w) => w.id);
  const guide = await a.browser.json("POST", "/api/size-guides", {
    title: "Guía Alfa",
    scope: { productId: campera.id },
    unit: "cm",
    measures: ["Pecho Alfa"],
    rows: [{ size: "M", values: ["96"] }],
    note: null,
  });
  expect(guide.status, await guide.clone().text()).toBe(201);
  a.guideIds = [((await guide.json()) as { guide: { id: string } }).guide.id];
  // A discount code: B may neither change, pause, delete nor see it.
  const coupon = await a.browser.json("POST", "/api/coupons", { code: "ALFA10", kind: "percent", percent: 10, maxUses: 5 });
  expect(coupon.status, await coupon.clone().text()).toBe(201);
  a.couponIds = [((await coupon.json()) as { coupon: { id: string } }).coupon.id];
  a.customerKeys = ((await (await a.browser.request("/api/customers")).json()) as { customers: { key: string }[] }).customers.map(
    (c) => c.key,
  );
  expect(a.customerKeys).toEqual(["n:compradora de alfa"]);

  // A batch of one, made through the queue: waited for, so nothing of A's changes while B tries things.
  const batch = await a.browser.json("POST", "/api/batches", { productIds: [pollera.id], kind: "ad" });
  expect(batch.status, await batch.clone().text()).toBe(201);
  a.batchId = ((await batch.json()) as { batch: { id: string } }).batch.id;
  for (let finished = false; !finished; await new Promise((r) => setTimeout(r, 50))) {
    const view = (await (await a.browser.request(`/api/batches/${a.batchId}`)).json()) as {
      batch: { finished: boolean; items: { imageUrl: string | null; id: string }[] };
    };
    finished = view.batch.finished;
    for (const item of view.batch.items) if (item.imageUrl) a.images.set(item.id, keyOf(item.imageUrl));
  }
  return a;
}

/** Seller B: a small account of its own, so its lists are not trivially empty. */
export async function smallSeller(fetcher?: Fetcher): Promise<Seller> {
  const b = await newSeller("Beta Ropa", ["Gorro Esmeralda"], 22, fetcher);
  const gorro = b.products[0]!;
  await generate(b, `/api/products/generate-ad/${gorro.id}`, { includeModel: false }, "adImageUrl");
  expect((await setPricing(b.browser, [{ id: gorro.id, price: 9000, sizes: [{ name: "Único", stock: 3 }] }])).status).toBe(200);
  b.orders.push(await shopperOrder(b.username, [{ productId: gorro.id, size: "Único", quantity: 1 }]));
  await simulatedPayment(b, null);
  return b;
}

/** Every string that identifies something of the seller's: none may reach another seller. */
export function markers(s: Seller): string[] {
  return [
    s.id,
    s.email,
    s.username,
    s.storeName,
    s.logoKey,
    ...s.products.flatMap((p) => [p.id, p.name, keyOf(p.imageUrl!)]),
    ...s.images.keys(),
    ...s.images.values(),
    ...(s.failedJobId ? [s.failedJobId] : []),
    ...(s.batchId ? [s.batchId] : []),
    ...s.orders.flatMap((o) => [o.id, `"code":"${o.code}"`, o.link]),
    ...s.paymentIds,
  ];
}

/** All of a seller's ids, whatever they name: a foreign id of any kind must look missing. */
export function allIds(s: Seller): string[] {
  return [
    s.id,
    ...s.products.map((p) => p.id),
    ...s.images.keys(),
    s.failedJobId!,
    ...(s.batchId ? [s.batchId] : []),
    ...s.orders.map((o) => o.id),
    ...s.paymentIds,
    ...s.withdrawalIds,
    ...s.guideIds,
    ...s.couponIds,
  ];
}

async function allObjects(): Promise<Record<string, string>> {
  const objects: Record<string, string> = {};
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor });
    for (const o of page.objects) objects[o.key] = `${o.etag}:${o.size}`;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

/**
 * R2 once the renditions queue has made every stored image's write-time widths: they arrive a moment after
 * the upload or generation that stored the image, so a snapshot taken earlier would see them appear later
 * and blame the calls made in between.
 */
async function settledObjects(): Promise<Record<string, string>> {
  return vi.waitFor(
    async () => {
      const objects = await allObjects();
      const missing = Object.keys(objects)
        .filter(isSourceKey)
        .flatMap((key) => WRITE_TIME_WIDTHS.map((width) => renditionKey(key, width)!))
        .filter((key) => !(key in objects));
      if (missing.length > 0) throw new Error(`renditions not made yet: ${missing.slice(0, 3).join(", ")}`);
      return objects;
    },
    { timeout: 60_000, interval: 100 },
  );
}

/** Every row that is the seller's and every R2 object, as they are now (renditions included, once made). */
export async function snapshot(userId: string) {
  const rows = async (sql: string) => (await env.DB.prepare(sql).bind(userId).all()).results;
  const objects = await settledObjects();
  return {
    user: await rows("SELECT * FROM users WHERE id = ?"),
    sessions: await rows("SELECT id, expires_at FROM sessions WHERE user_id = ? ORDER BY id"),
    products: await rows("SELECT * FROM products WHERE user_id = ? ORDER BY id"),
    images: await rows("SELECT * FROM generated_images WHERE user_id = ? ORDER BY id"),
    storeModels: await rows("SELECT * FROM store_models WHERE user_id = ? ORDER BY audience"),
    jobs: await rows("SELECT * FROM generation_jobs WHERE user_id = ? ORDER BY id"),
    batches: await rows("SELECT * FROM batches WHERE user_id = ? ORDER BY id"),
    batchItems: await rows("SELECT * FROM batch_items WHERE user_id = ? ORDER BY id"),
    ledger: await rows("SELECT * FROM credit_ledger WHERE user_id = ? ORDER BY id"),
    orders: await rows("SELECT * FROM orders WHERE seller_id = ? ORDER BY id"),
    stock: await rows(
      "SELECT ps.* FROM product_stock AS ps JOIN products AS p ON p.id = ps.product_id WHERE p.user_id = ? ORDER BY ps.product_id, ps.color, ps.size",
    ),
    checkout: await rows("SELECT * FROM store_checkout WHERE user_id = ?"),
    payments: await rows("SELECT * FROM payments WHERE user_id = ? ORDER BY id"),
    withdrawals: await rows("SELECT * FROM withdrawal_requests WHERE seller_id = ? ORDER BY id"),
    guides: await rows("SELECT * FROM size_guides WHERE seller_id = ? ORDER BY id"),
    coupons: await rows("SELECT * FROM coupons WHERE seller_id = ? ORDER BY id"),
    objects,
  };
}

/** The R2 objects behind a seller's rows (for checks where the other seller legitimately adds objects). */
export function ownObjects(snap: Awaited<ReturnType<typeof snapshot>>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, snap.objects[k] ?? "missing"]));
}
