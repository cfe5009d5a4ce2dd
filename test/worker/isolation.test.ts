/**
 * Issue 7: "A second seller can see none of the first seller's data through
 * any screen or call." Seller A builds a full account; seller B then tries
 * every route with A's ids. The route table below is checked against the
 * app's own route list, so a route added later without a case here fails.
 */
import { ORDER_STATUSES } from "../../common/order-status";
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/index";
import { WRONG_PASSWORD_TO_DELETE } from "../../worker/lib/account-deletion";
import { PRODUCT_NOT_FOUND } from "../../worker/lib/products";
import { SESSION_COOKIE, SESSION_INVALID } from "../../worker/lib/sessions";
import { overrideProviderForTests } from "../../worker/providers/select";
import { WRONG_CREDENTIALS } from "../../worker/routes/auth";
import { notEnoughForStore } from "../../worker/routes/credits";
import { IMAGE_NOT_FOUND } from "../../worker/routes/generation";
import { JOB_NOT_FOUND } from "../../worker/routes/jobs";
import { BATCH_NOT_FOUND } from "../../worker/batches/view";
import { ORDER_NOT_FOUND, PRODUCT_NOT_IN_STORE } from "../../worker/routes/orders";
import { PAYMENT_NOT_FOUND } from "../../worker/routes/payments";
import { EXPORT_NOT_FOUND } from "../../worker/routes/data";
import { WITHDRAWAL_NOT_FOUND } from "../../worker/routes/withdrawals";
import { GUIDE_NOT_FOUND, GUIDE_PRODUCT_NOT_FOUND } from "../../worker/lib/size-guides";
import { COUPON_NOT_FOUND } from "../../worker/lib/coupons";
import { CUSTOMER_NOT_FOUND } from "../../worker/lib/customers";
import { FOREIGN_STORE_IMAGE } from "../../worker/lib/product-core/pictures";
import { Browser, viaWorker } from "./browser";
import { photoOfSize, photoForm } from "./fixtures";
import { allIds, controlledProvider, fullSeller, markers, ownObjects, type Seller, smallSeller, snapshot } from "./isolation-world";
import { reportOf, Shopper } from "./stats-helpers";
import { dataUrl, storeData } from "./store-helpers";
import type { StatsReport } from "../../common/store-stats";

const NOT_FOUND = "No encontrado.";
const IMG_NOT_FOUND = "Imagen no encontrada.";

/** Every route the app serves (middleware entries are "ALL"), in the order Hono tries them. */
const ROUTES = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];

function matches(pattern: string, pathname: string) {
  const want = pattern.split("/");
  const got = pathname.split("/");
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "*") return true;
    if (want[i]!.startsWith(":") ? !got[i] : want[i] !== got[i]) return false;
  }
  return want.length === got.length;
}

/** The route a request reaches: the first registered one that matches, as Hono dispatches. */
function routeOf(method: string, pathname: string) {
  return ROUTES.find((route) => {
    const [m, pattern] = route.split(" ") as [string, string];
    return m === method && matches(pattern, pathname);
  });
}

interface Attempt {
  method: string;
  path: string;
  body?: unknown;
  status: number;
  error: string;
}

const attempt = (method: string, path: string, status: number, error: string, body?: unknown): Attempt => ({
  method,
  path,
  status,
  error,
  body,
});

/** A size guide B could save for a category of B's own. */
const betaGuide = {
  title: "Guía Beta",
  scope: { category: "Beta" },
  unit: "cm",
  measures: ["Largo"],
  rows: [{ size: "Único", values: ["60"] }],
};

/**
 * Routes that take an id (in the path or the body): B calls each with every
 * id A has, whatever it names, so no id kind can slip through. Each must
 * answer as if the thing did not exist.
 */
const FOREIGN: Record<string, (a: Seller, b: Seller) => Attempt[]> = {
  "GET /api/products/list/:userId": (a) => [attempt("GET", `/api/products/list/${a.id}`, 404, NOT_FOUND)],
  "GET /api/products/get/:id": (a) => allIds(a).map((id) => attempt("GET", `/api/products/get/${id}`, 404, PRODUCT_NOT_FOUND)),
  "PUT /api/products/update": (a, b) => [
    ...allIds(a).map((id) => attempt("PUT", "/api/products/update", 404, PRODUCT_NOT_FOUND, { id, name: "Robado" })),
    attempt("PUT", "/api/products/update", 404, PRODUCT_NOT_FOUND, {
      id: a.products[0]!.id,
      name: "Robado",
      price: 1,
      sizes: [{ name: "M", stock: 0 }],
      imageBase64: dataUrl(photoOfSize("png", 90, 77)),
    }),
    // B's own product may not show A's images in B's store.
    ...[...a.images.values(), a.products[0]!.imageUrl!.slice(5), a.logoKey].map((key) =>
      attempt("PUT", "/api/products/update", 400, FOREIGN_STORE_IMAGE, {
        id: b.products[0]!.id,
        name: "Gorro",
        storeImageURLs: [`/img/${key}`],
      }),
    ),
  ],
  "DELETE /api/products/delete/:id": (a) => allIds(a).map((id) => attempt("DELETE", `/api/products/delete/${id}`, 404, PRODUCT_NOT_FOUND)),
  "POST /api/products/publish": (a) =>
    allIds(a).flatMap((id) =>
      [true, false].map((published) => attempt("POST", "/api/products/publish", 404, PRODUCT_NOT_FOUND, { id, published })),
    ),
  "POST /api/products/update-pricing": (a, b) => [
    ...allIds(a).map((id) =>
      attempt("POST", "/api/products/update-pricing", 404, PRODUCT_NOT_FOUND, { products: [{ id, price: 1, sizes: [] }] }),
    ),
    // Mixed with B's own: nothing at all is saved, B's product included.
    attempt("POST", "/api/products/update-pricing", 404, PRODUCT_NOT_FOUND, {
      products: [
        { id: b.products[0]!.id, price: 1, sizes: [] },
        { id: a.products[1]!.id, price: 1, sizes: [] },
      ],
    }),
    ...[...a.images.values()].map((key) =>
      attempt("POST", "/api/products/update-pricing", 400, FOREIGN_STORE_IMAGE, {
        products: [{ id: b.products[0]!.id, price: 1, sizes: [], storeImageURLs: [`https://vidriera.test/img/${key}`] }],
      }),
    ),
  ],
  ...Object.fromEntries(
    ["generate-ad", "back-image", "baby-image", "kid-image", "girl-kid-image", "outfit-image"].map((variant) => [
      `POST /api/products/${variant}/:id`,
      (a: Seller) => allIds(a).map((id) => attempt("POST", `/api/products/${variant}/${id}`, 404, PRODUCT_NOT_FOUND, {})),
    ]),
  ),
  "POST /api/products/personalize/:id": (a) =>
    allIds(a).map((id) => attempt("POST", `/api/products/personalize/${id}`, 404, PRODUCT_NOT_FOUND, { gender: "female" })),
  "POST /api/products/images/modify/:id": (a) =>
    allIds(a).map((id) => attempt("POST", `/api/products/images/modify/${id}`, 404, IMAGE_NOT_FOUND, { prompt: "fondo negro" })),
  "GET /api/products/images/by-user/:userId": (a) => [attempt("GET", `/api/products/images/by-user/${a.id}`, 404, NOT_FOUND)],
  "DELETE /api/products/images/:id": (a) => allIds(a).map((id) => attempt("DELETE", `/api/products/images/${id}`, 404, IMAGE_NOT_FOUND)),
  "POST /api/products/images/:id/restore-original": (a) =>
    allIds(a).map((id) => attempt("POST", `/api/products/images/${id}/restore-original`, 404, IMAGE_NOT_FOUND)),
  "GET /api/products/generated-images/:id": (a) =>
    allIds(a).map((id) => attempt("GET", `/api/products/generated-images/${id}`, 404, PRODUCT_NOT_FOUND)),
  "GET /api/jobs/:id": (a) => allIds(a).map((id) => attempt("GET", `/api/jobs/${id}`, 404, JOB_NOT_FOUND)),
  "GET /api/batches/:id": (a) => allIds(a).map((id) => attempt("GET", `/api/batches/${id}`, 404, BATCH_NOT_FOUND)),
  "POST /api/batches/:id/cancel": (a) => allIds(a).map((id) => attempt("POST", `/api/batches/${id}/cancel`, 404, BATCH_NOT_FOUND)),
  // B making a batch of A's products, alone or among B's own: nothing is charged or made.
  "POST /api/batches": (a, b) => [
    ...allIds(a).map((id) => attempt("POST", "/api/batches", 404, PRODUCT_NOT_FOUND, { productIds: [id], kind: "ad" })),
    attempt("POST", "/api/batches", 404, PRODUCT_NOT_FOUND, { productIds: [b.products[0]!.id, a.products[0]!.id], kind: "ad" }),
  ],
  "PUT /api/orders/:id/status": (a) =>
    allIds(a).flatMap((id) => ORDER_STATUSES.map((status) => attempt("PUT", `/api/orders/${id}/status`, 404, ORDER_NOT_FOUND, { status }))),
  "GET /api/data/exports/:id/download": (a) =>
    allIds(a).map((id) => attempt("GET", `/api/data/exports/${id}/download`, 404, EXPORT_NOT_FOUND)),
  "GET /api/payments/:id": (a) => allIds(a).map((id) => attempt("GET", `/api/payments/${id}`, 404, PAYMENT_NOT_FOUND)),
  "POST /api/withdrawals/:id/answered": (a) =>
    allIds(a).map((id) => attempt("POST", `/api/withdrawals/${id}/answered`, 404, WITHDRAWAL_NOT_FOUND)),
  "PUT /api/size-guides/:id": (a) => allIds(a).map((id) => attempt("PUT", `/api/size-guides/${id}`, 404, GUIDE_NOT_FOUND, betaGuide)),
  "DELETE /api/size-guides/:id": (a) => allIds(a).map((id) => attempt("DELETE", `/api/size-guides/${id}`, 404, GUIDE_NOT_FOUND)),
  "PUT /api/coupons/:id": (a) =>
    allIds(a).map((id) => attempt("PUT", `/api/coupons/${id}`, 404, COUPON_NOT_FOUND, { code: "ROBADO", kind: "percent", percent: 90 })),
  "PUT /api/coupons/:id/active": (a) =>
    allIds(a).map((id) => attempt("PUT", `/api/coupons/${id}/active`, 404, COUPON_NOT_FOUND, { active: false })),
  "DELETE /api/coupons/:id": (a) => allIds(a).map((id) => attempt("DELETE", `/api/coupons/${id}`, 404, COUPON_NOT_FOUND)),
  // A guide on A's product, from B: as if the product did not exist.
  "POST /api/size-guides": (a) =>
    a.products.map((p) => attempt("POST", "/api/size-guides", 404, GUIDE_PRODUCT_NOT_FOUND, { ...betaGuide, scope: { productId: p.id } })),
  "POST /api/customers/forget": (a) =>
    a.customerKeys.map((key) => attempt("POST", "/api/customers/forget", 404, CUSTOMER_NOT_FOUND, { key })),
  // B keeping any of A's ids (A's images above all) as B's store model: every audience, the same 404 as a missing image.
  "PUT /api/store-models/:audience": (a) =>
    allIds(a).flatMap((imageId) =>
      ["adult", "baby", "boy", "girl"].map((audience) =>
        attempt("PUT", `/api/store-models/${audience}`, 404, IMAGE_NOT_FOUND, { imageId }),
      ),
    ),
};

/** Routes about the signed-in seller only (no id to swap): exercised by B below, and checked to touch nothing of A's. */
const OWN = [
  "GET /api/auth/profile",
  "PUT /api/auth/password",
  "DELETE /api/auth/logout",
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/login-or-register",
  "GET /api/auth/account",
  "DELETE /api/auth/account",
  "GET /api/auth/mi-tienda/slug-preview",
  "POST /api/auth/mi-tienda",
  "POST /api/products/upload-images",
  "POST /api/products/generate-product-and-image",
  "GET /api/orders",
  "GET /api/jobs",
  "GET /api/batches",
  "POST /api/payments/create-preference",
  "POST /api/payments/create-dlocal-payment",
  "POST /api/credits/auto-charge",
  "GET /api/credits/history",
  "GET /api/store-models",
  "DELETE /api/store-models/:audience",
  "GET /api/checkout-settings",
  "PUT /api/checkout-settings",
  "GET /api/store-locale",
  "GET /api/store-locale/preview",
  "PUT /api/store-locale",
  "GET /api/stats",
  "PUT /api/stats/weekly-email",
  "POST /api/data/exports",
  "GET /api/data/exports/latest",
  "POST /api/data/import",
  "GET /api/withdrawals",
  "GET /api/customers",
  "GET /api/size-guides",
  "GET /api/coupons",
  "POST /api/coupons",
  "PUT /api/auth/language",
];

/** Public by design, each with why it needs no owner check. */
const PUBLIC: Record<string, string> = {
  "GET /api/auth/google": "starts Google sign-in; holds no seller data",
  "GET /api/auth/google/callback": "finishes Google sign-in, bound to its own state and PKCE verifier",
  "GET /api/auth/google/simulated": "the offline Google consent page; off unless GOOGLE_SIGN_IN=simulated",
  "GET /api/auth/google/simulated/decision": "the offline consent's answer, bound to its own signed state",
  "GET /api/auth/providers": "which sign-in methods are configured",
  "GET /api/auth/store/:username": "the public store's data, the same as /u shows (checked below: no e-mail, id or other store's data)",
  "POST /api/orders": "shoppers order without an account; only the store's own products are accepted (checked below)",
  "GET /api/payments/exchange-rates": "public reference rates",
  "GET /api/payments/country": "the visitor's own country",
  "GET /api/payments/prices":
    "the price claims for the visitor's own country, the same for everyone there; where the edge cannot place them, written and estimated for the signed-in seller's own store country (read from their own signed session only)",
  "POST /api/payments/webhooks/:provider": "provider notifications, authenticated by signature and re-fetched from the provider",
  "GET /api/payments/simulated/checkout": "the offline checkout page, authorised by its signed session token that only the payer gets",
  "POST /api/payments/simulated/checkout": "the offline checkout's decision, authorised by the same signed token",
  "GET /api/config": "maintenance switch and contact channels",
  "GET /": "the landing in the visitor's language (a prerendered asset); holds no seller data",
  "POST /api/coupons/check":
    "a shopper's cart asks whether a code applies in one store: answers only that code's terms, throttled per address, and only for a code the store itself made",
  "GET /api/dev/outbox": "the offline e-mail outbox of local development; answers 404 on every host that is not local",
  "POST /api/auth/password-reset": "asks for a recovery e-mail: the same answer whether or not the e-mail has an account, throttled",
  "POST /api/auth/password-reset/confirm": "sets a password with a single-use e-mailed token, which is its only authority",
  "GET /img/*": "images by content-addressed, unguessable keys (SHA-256 of owner and bytes); ids never reach one (checked below)",
  "GET /u/_/:file": "the store's cart script",
  "GET /u/_/og/:prefix/:file": "link previews of public store images, under the same unguessable keys",
  "GET /u/:username": "the public store page (checked below for the other store's data)",
  "GET /u/:username/": "redirects to the store page",
  "GET /u/:username/p/:productId": "a public product page, only for the store's own products (checked below)",
  "GET /u/:username/feed.xml": "the store's public catalogue feed for Meta and Google: only what the public page shows",
  "GET /u/:username/qr.svg": "a QR code of the store's public link; holds nothing else",
  "GET /u/:username/qr.png": "the same QR code as a PNG; holds nothing else",
  "GET /u/:username/arrepentimiento": "an Argentine store's 'Botón de arrepentimiento' form: the store's name and an empty form",
  "POST /u/:username/arrepentimiento":
    "a buyer's withdrawal request to the store it names, without an account as the law asks; answers only its own code, throttled (withdrawals.test.ts)",
  "GET /pedido/:token":
    "a buyer's order page, reached only by its 256-bit private link; holds that order alone (checked in order-page.test.ts)",
  "POST /api/stats/events":
    "a shopper's cart add of a product the store it names sells; answers nothing, and a store's report names only its own products (checked below)",
  "POST /api/stats/weekly-email/unsubscribe":
    "turns the weekly e-mail off for the seller its signed token names; the token is its only authority (weekly-email.test.ts)",
};

/** Which routes B's requests reached, to prove each non-public route was really exercised. */
const reached = new Set<string>();
const recording = (request: Request) => {
  const route = routeOf(request.method, new URL(request.url).pathname);
  if (route) reached.add(route);
  return viaWorker(request);
};

let a: Seller;
let b: Seller;

beforeAll(async () => {
  // B's data export is e-mailed through the local outbox, which prints it for `npm run dev`: not here.
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
  controlledProvider();
  a = await fullSeller();
  b = await smallSeller(recording);
}, 120_000);

afterAll(() => {
  overrideProviderForTests(undefined);
  vi.restoreAllMocks();
});

async function send(browser: Browser, call: { method: string; path: string; body?: unknown }) {
  return call.body === undefined ? browser.request(call.path, { method: call.method }) : browser.json(call.method, call.path, call.body);
}

const textOf = async (response: Response) => {
  expect(response.status, response.url).toBe(200);
  return response.text();
};

function expectNoneOf(text: string, secrets: string[], where: string) {
  const leaked = secrets.filter((s) => text.includes(s));
  expect(leaked, `${where} shows another seller's data`).toEqual([]);
}

describe("the route table", () => {
  it("classifies every route the app serves, and nothing else", () => {
    const table = [...Object.keys(FOREIGN), ...OWN, ...Object.keys(PUBLIC)];
    expect(new Set(table).size, "a route is classified twice").toBe(table.length);
    expect([...ROUTES].sort()).toEqual([...table].sort());
    for (const [route, why] of Object.entries(PUBLIC)) expect(why.length, route).toBeGreaterThan(20);
  });

  it("every state-changing or id-taking /api route has an isolation case, not a public excuse", () => {
    const guarded = ROUTES.filter((r) => r.includes(" /api/") && (r.includes(":") || !r.startsWith("GET ")));
    const excused = guarded.filter((r) => r in PUBLIC);
    // These are public on purpose; anything else with an id or a write must be FOREIGN or OWN.
    expect(excused.sort()).toEqual(
      [
        "GET /api/auth/store/:username",
        "POST /api/auth/password-reset",
        "POST /api/auth/password-reset/confirm",
        "POST /api/orders",
        "POST /api/payments/webhooks/:provider",
        "POST /api/stats/events",
        "POST /api/stats/weekly-email/unsubscribe",
        "POST /api/payments/simulated/checkout",
        "POST /api/coupons/check",
      ].sort(),
    );
  });
});

describe("seller B with seller A's ids", () => {
  it("every call answers not found in Spanish and changes nothing of A's or B's", async () => {
    const before = { a: await snapshot(a.id), b: await snapshot(b.id) };
    expect(before.a.images).toHaveLength(a.images.size);
    expect(before.a.jobs.filter((j) => j.status === "failed")).toHaveLength(1);
    expect(before.a.orders).toHaveLength(2);
    expect(before.a.payments.map((p) => p.status).sort()).toEqual(["approved", "pending"]);

    let count = 0;
    for (const [route, attempts] of Object.entries(FOREIGN)) {
      const list = attempts(a, b);
      expect(list.length, route).toBeGreaterThan(0);
      for (const call of list) {
        // A typo in a path would meet the app's 404 and pass for the wrong reason.
        expect(routeOf(call.method, call.path), call.path).toBe(route);
        const response = await send(b.browser, call);
        const label = `${call.method} ${call.path} ${JSON.stringify(call.body ?? "").slice(0, 80)}`;
        expect(response.status, label).toBe(call.status);
        expect(await response.json(), label).toEqual({ error: call.error });
        count++;
      }
    }
    expect(count).toBeGreaterThan(200);

    expect(await snapshot(a.id)).toEqual(before.a);
    expect(await snapshot(b.id)).toEqual(before.b);
  });

  it("the same reads by A succeed, so the 404s above are about ownership and not bad ids", async () => {
    const reads = [
      `/api/products/list/${a.id}`,
      `/api/products/images/by-user/${a.id}`,
      ...a.products.flatMap((p) => [`/api/products/get/${p.id}`, `/api/products/generated-images/${p.id}`]),
      ...[...a.images.keys(), a.failedJobId!].map((id) => `/api/jobs/${id}`),
      `/api/batches/${a.batchId}`,
      ...a.paymentIds.map((id) => `/api/payments/${id}`),
    ];
    for (const path of reads) expect((await a.browser.request(path)).status, path).toBe(200);
    const orders = (await (await a.browser.request("/api/orders")).json()) as { orders: { id: string }[] };
    expect(orders.orders.map((o) => o.id).sort()).toEqual(a.orders.map((o) => o.id).sort());
    const gallery = (await (await a.browser.request(`/api/products/images/by-user/${a.id}`)).json()) as { images: { imageId: string }[] };
    // An image replaced by its modification stays stored (for 'Restaurar original') but leaves the gallery.
    const shown = await env.DB.prepare("SELECT id FROM generated_images WHERE user_id = ? AND replaced_by IS NULL")
      .bind(a.id)
      .all<{ id: string }>();
    expect(gallery.images.map((i) => i.imageId).sort()).toEqual(shown.results.map((r) => r.id).sort());
    expect(shown.results.length).toBeGreaterThan(0);
  });
});

describe("each seller's own screens", () => {
  async function ownViews(s: Seller) {
    return [
      await textOf(await s.browser.request("/api/auth/profile")),
      await textOf(await s.browser.request("/api/auth/account")),
      await textOf(await s.browser.request(`/api/products/list/${s.id}`)),
      await textOf(await s.browser.request(`/api/products/images/by-user/${s.id}`)),
      await textOf(await s.browser.request("/api/orders")),
      await textOf(await s.browser.request("/api/jobs")),
      await textOf(await s.browser.request("/api/batches")),
      ...(s.batchId ? [await textOf(await s.browser.request(`/api/batches/${s.batchId}`))] : []),
      ...(await Promise.all(s.products.map(async (p) => textOf(await s.browser.request(`/api/products/generated-images/${p.id}`))))),
      ...(await Promise.all([...s.images.keys()].map(async (id) => textOf(await s.browser.request(`/api/jobs/${id}`))))),
      ...(await Promise.all(s.paymentIds.map(async (id) => textOf(await s.browser.request(`/api/payments/${id}`))))),
      await textOf(await s.browser.request("/api/credits/history")),
    ];
  }

  it("B's lists, profile, credits and payments hold only B's things, and A's only A's", async () => {
    const bViews = await ownViews(b);
    expectNoneOf(bViews.join("\n"), markers(a), "B's screens");
    const profile = JSON.parse(bViews[0]!) as { user: { id: string; credits: number; email: string } };
    expect(profile.user).toMatchObject({ id: b.id, email: b.email, credits: 450 });
    const products = JSON.parse(bViews[2]!) as { products: { id: string; createdBy: string }[] };
    expect(products.products.map((p) => p.id)).toEqual(b.products.map((p) => p.id));
    expect(new Set(products.products.map((p) => p.createdBy))).toEqual(new Set([b.id]));
    const orders = JSON.parse(bViews[4]!) as { orders: { id: string }[] };
    expect(orders.orders.map((o) => o.id)).toEqual(b.orders.map((o) => o.id));

    const aViews = await ownViews(a);
    expectNoneOf(aViews.join("\n"), markers(b), "A's screens");
    expect((JSON.parse(aViews[0]!) as { user: { id: string } }).user.id).toBe(a.id);
    // A's job list really lists A's failed job, so B's list above was checked against something.
    expect((JSON.parse(aViews[5]!) as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toContain(a.failedJobId);
  });
});

describe("images", () => {
  it("B cannot reach A's images by any id-based /img path or preview path; A's content keys stay public", async () => {
    for (const id of allIds(a)) {
      for (const path of [
        `/img/${id}`,
        `/img/g/${id}.jpg`,
        `/img/o/${id}.jpg`,
        `/img/l/${id}.png`,
        `/img/g/${id}`,
        `/u/_/og/g/${id}-jpg.jpg`,
        `/u/_/og/o/${id}-jpg.jpg`,
      ]) {
        const response = await b.browser.request(path);
        expect(response.status, path).toBe(404);
        expect(await response.json(), path).toEqual({ error: IMG_NOT_FOUND });
      }
    }
    // Encoded, so the client does not resolve the dots before the Worker sees them.
    for (const path of [
      "/img/..%2f..%2fapi%2forders",
      `/img/g%2f..%2f..%2fapi%2fproducts%2flist%2f${a.id}`,
      `/img/${a.id}%2f..%2f${[...a.images.values()][0]}`,
    ]) {
      const response = await b.browser.request(path);
      expect(response.status, path).toBe(404);
      expectNoneOf(await response.text(), markers(a), path);
    }
    // Public by design: whoever holds a content key (it is in A's store page) gets the image, signed in or not.
    for (const key of [...a.images.values(), a.logoKey]) expect((await new Browser().request(`/img/${key}`)).status, key).toBe(200);
  });
});

describe("sessions", () => {
  async function forge(claims: { sid: string; sub: string }, secret: string) {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret));
  }

  const sessionIdOf = async (userId: string) =>
    (await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at LIMIT 1").bind(userId).first<string>("id"))!;

  it("B's cookie replayed from elsewhere is still only B, against every one of A's ids", async () => {
    const replay = new Browser();
    replay.setCookie(SESSION_COOKIE, b.browser.cookie(SESSION_COOKIE)!);
    expect(((await (await replay.request("/api/auth/profile")).json()) as { user: { id: string } }).user.id).toBe(b.id);
    for (const id of allIds(a)) {
      for (const path of [`/api/products/get/${id}`, `/api/jobs/${id}`, `/api/payments/${id}`, `/api/products/generated-images/${id}`]) {
        expect((await replay.request(path)).status, path).toBe(404);
      }
      expect((await replay.json("PUT", `/api/orders/${id}/status`, { status: "cancelado" })).status).toBe(404);
    }
  });

  it("a cookie re-signed to name A as its subject is still B's session; a cookie naming A's session without the secret is refused", async () => {
    const secret = env.SESSION_SECRET!;
    const renamed = new Browser();
    renamed.setCookie(SESSION_COOKIE, await forge({ sid: await sessionIdOf(b.id), sub: a.id }, secret));
    const profile = (await (await renamed.request("/api/auth/profile")).json()) as { user: { id: string } };
    expect(profile.user.id).toBe(b.id);
    expect((await renamed.request(`/api/products/list/${a.id}`)).status).toBe(404);

    const forged = await forge({ sid: await sessionIdOf(a.id), sub: a.id }, "not-the-secret-but-just-as-long-0123456789");
    for (const path of ["/api/auth/profile", `/api/products/list/${a.id}`, `/api/orders`]) {
      const browser = new Browser();
      browser.setCookie(SESSION_COOKIE, forged);
      const response = await browser.request(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ error: SESSION_INVALID });
    }
  });
});

describe("the public stores", () => {
  it("A's store shows A's products and none of B's, and B's store none of A's", async () => {
    const aPage = await textOf(await new Browser().request(`/u/${a.username}`));
    const bPage = await textOf(await new Browser().request(`/u/${b.username}`));
    expect(aPage).toContain(a.products[0]!.name);
    expect(bPage).toContain(b.products[0]!.name);
    expectNoneOf(aPage, markers(b), `/u/${a.username}`);
    expectNoneOf(bPage, markers(a), `/u/${b.username}`);
    expect(
      storeData(aPage)
        .products.map((p) => p.id)
        .sort(),
    ).toEqual(a.products.map((p) => p.id).sort());

    for (const [store, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const product of other.products) {
        const response = await new Browser().request(`/u/${store.username}/p/${product.id}`);
        expect(response.status).toBe(404);
        expectNoneOf(await response.text(), [...markers(other), ...markers(store)], "a foreign product page");
      }
      const api = await textOf(await new Browser().request(`/api/auth/store/${store.username}`));
      expectNoneOf(api, [...markers(other), store.id, store.email], `/api/auth/store/${store.username}`);
      expect(Object.keys((JSON.parse(api) as { store: object }).store).sort()).toEqual(["imageUrl", "name", "phone", "username"]);
    }
  });

  it("an order in one store cannot carry the other store's products", async () => {
    const ordersBefore = { a: await snapshot(a.id), b: await snapshot(b.id) };
    for (const [store, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const response = await new Browser().json("POST", "/api/orders", {
        username: store.username,
        lines: [{ productId: other.products[0]!.id, size: null, quantity: 1 }],
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: PRODUCT_NOT_IN_STORE });
    }
    expect((await snapshot(a.id)).orders).toEqual(ordersBefore.a.orders);
    expect((await snapshot(b.id)).orders).toEqual(ordersBefore.b.orders);
  });
});

describe("statistics", () => {
  it("each seller reads only their own store's figures: no parameter names another store, and A's products never show in B's", async () => {
    const product = a.products[0]!;
    const shopper = new Shopper();
    await shopper.visit(`/u/${a.username}`);
    await shopper.visit(`/u/${a.username}/p/${product.id}`, { referer: `https://vidriera.test/u/${a.username}` });
    await shopper.visit(`/u/${a.username}?q=${encodeURIComponent(`${a.storeName} zapatillas`)}`);
    expect((await shopper.cartAdd(a.username, product.id)).status).toBe(204);
    // A cart add that names A's product in B's store is not B's to count.
    expect((await new Shopper().cartAdd(b.username, product.id)).status).toBe(404);

    const aReport = await reportOf(a.browser);
    expect(aReport.periods.today.current).toMatchObject({ pageViews: 3, visits: 2, cartAdds: 1, searches: 1 });
    expect(aReport.topViewed.map((p) => p.id)).toEqual([product.id]);

    for (const path of ["/api/stats", `/api/stats?store=${a.username}&userId=${a.id}&username=${a.username}`]) {
      const text = await textOf(await b.browser.request(path));
      expectNoneOf(text, [...markers(a), "zapatillas"], `B's ${path}`);
      const { report } = JSON.parse(text) as { report: StatsReport };
      expect(report.periods.today.current).toMatchObject({ pageViews: 0, visits: 0, searches: 0, cartAdds: 0 });
      // Only B's own products (B's world has an order of its own): never A's.
      const listed = [...report.topViewed, ...report.topOrdered, ...report.viewedNeverOrdered].map((p) => p.id);
      expect(listed.filter((id) => !b.products.some((p) => p.id === id))).toEqual([]);
    }
    // B's weekly e-mail setting is B's alone.
    expect((await b.browser.json("PUT", "/api/stats/weekly-email", { enabled: false })).status).toBe(200);
    expect((await reportOf(b.browser)).weeklyEmail).toBe(false);
    expect((await reportOf(a.browser)).weeklyEmail).toBe(true);
    expect((await b.browser.json("PUT", "/api/stats/weekly-email", { enabled: true })).status).toBe(200);
  });
});

describe("B's own writes", () => {
  it("touch only B: uploads, generation, store, checkouts, store plan, sign-in attempts, password, logout and deleting the account", async () => {
    const before = await snapshot(a.id);
    const aKeys = Object.keys(before.objects).filter((k) => markers(a).includes(k) || k === a.logoKey);
    expect(aKeys.length).toBeGreaterThanOrEqual(a.images.size + a.products.length + 1);

    const upload = await b.browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([{ bytes: photoOfSize("jpeg", 222, 33), name: "bufanda.jpg" }]),
    });
    expect(upload.status).toBe(201);
    const made = await b.browser.json("POST", "/api/products/generate-product-and-image", {
      image: dataUrl(photoOfSize("jpeg", 180, 44), "image/jpeg"),
    });
    expect(made.status).toBe(200);
    const madeBody = (await made.json()) as { product: { createdBy: string }; imageId: string };
    expect(madeBody.product.createdBy).toBe(b.id);

    // Asking for A's link tells B it is taken and offers others; claiming it anyway is refused; A keeps theirs.
    const preview = (await (await b.browser.request(`/api/auth/mi-tienda/slug-preview?link=${encodeURIComponent(a.username)}`)).json()) as {
      slug: string;
      available: boolean;
      suggestions: string[];
    };
    expect(Object.keys(preview).sort()).toEqual(["available", "error", "slug", "suggestions"]);
    expect(preview).toMatchObject({ slug: a.username, available: false });
    expect(preview.suggestions.length).toBeGreaterThan(0);
    expect(preview.suggestions).not.toContain(a.username);
    const claimed = await b.browser.json("POST", "/api/auth/mi-tienda", {
      storeName: a.storeName,
      storeLink: a.username,
      phoneNumber: "+54 9 11 5000-2222",
    });
    expect(claimed.status).toBe(409);
    const renamed = await b.browser.json("POST", "/api/auth/mi-tienda", {
      storeName: a.storeName,
      storeLink: preview.suggestions[0],
      phoneNumber: "+54 9 11 5000-2222",
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { user: { username: string } }).user.username).toBe(preview.suggestions[0]);

    for (const [path, country] of [
      ["/api/payments/create-preference", "AR"],
      ["/api/payments/create-dlocal-payment", "CL"],
    ] as const) {
      const checkout = await b.browser.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "x-vidriera-country": country },
        body: JSON.stringify({ packId: "pack-10" }),
      });
      expect(checkout.status, path).toBe(201);
      const { paymentId } = (await checkout.json()) as { paymentId: string };
      expect(await env.DB.prepare("SELECT user_id FROM payments WHERE id = ?").bind(paymentId).first("user_id")).toBe(b.id);
    }
    // B's store model: kept from B's own new image, listed with nothing of A's, removed; A's stays (checked at the end).
    const madeImage = madeBody.imageId;
    expect((await b.browser.json("PUT", "/api/store-models/adult", { imageId: madeImage })).status).toBe(200);
    const bModels = await textOf(await b.browser.request("/api/store-models"));
    expectNoneOf(bModels, markers(a), "B's store models");
    expect((JSON.parse(bModels) as { models: { imageId: string }[] }).models.map((m) => m.imageId)).toEqual([madeImage]);
    expect((await b.browser.request("/api/store-models/adult", { method: "DELETE" })).status).toBe(200);
    // B's delivery and ways to pay: saved and read back with nothing of A's; A's stay A's (snapshot).
    const bCheckout = await b.browser.json("PUT", "/api/checkout-settings", {
      delivery: { pickup: { enabled: false, address: null }, shipping: { enabled: true, zones: [], freeFrom: null } },
      payments: { transfer: null, mercadoPago: { link: "https://mpago.la/beta" }, cash: false },
    });
    expect(bCheckout.status).toBe(200);
    const bSettings = await textOf(await b.browser.request("/api/checkout-settings"));
    expectNoneOf(bSettings, [...markers(a), "alfa.modas.mp", "Titular Alfa", "Zona Alfa"], "B's delivery and payments");
    expect(bSettings).toContain("https://mpago.la/beta");
    // B's money and language: changed and read back; A's store keeps its own (A's version is in the snapshot).
    const bLocale = await b.browser.json("PUT", "/api/store-locale", { currency: "ARS", locale: "es-UY" });
    expect(bLocale.status).toBe(200);
    expect(await (await b.browser.request("/api/store-locale")).json()).toMatchObject({ currency: "ARS", locale: "es-UY" });
    // What a change of B's money would do lists B's prices only, none of A's.
    const bPreview = await b.browser.request("/api/store-locale/preview?currency=BRL");
    expect(bPreview.status).toBe(200);
    expectNoneOf(await textOf(bPreview), markers(a), "B's money change preview");
    // B's withdrawal requests, customers and size guides: B's own lists, with nothing of A's.
    const aBuyer = [
      "Compradora de Alfa",
      "alfa.compradora@example.com",
      "Guía Alfa",
      "Pecho Alfa",
      ...a.withdrawalIds,
      ...a.guideIds,
      ...a.couponIds,
      "ALFA10",
    ];
    for (const path of ["/api/withdrawals", "/api/customers", "/api/size-guides", "/api/coupons"]) {
      expectNoneOf(await textOf(await b.browser.request(path)), [...markers(a), ...aBuyer], `B's ${path}`);
    }
    // B may make a code A already uses (codes are per store) and sees only its own; B's language is B's alone.
    const bCoupon = await b.browser.json("POST", "/api/coupons", { code: "alfa10", kind: "percent", percent: 5 });
    expect(bCoupon.status, await bCoupon.clone().text()).toBe(201);
    expect((await b.browser.json("PUT", "/api/auth/language", { language: "en" })).status).toBe(200);

    // 'Descargar mis datos' and the catalogue import: B's own, with nothing of A's.
    expect((await b.browser.request("/api/data/exports", { method: "POST" })).status).toBe(202);
    expectNoneOf(await textOf(await b.browser.request("/api/data/exports/latest")), markers(a), "B's data export");
    const csv = `Identificador de URL;Nombre;Precio\ngorro-beta;Gorro Beta importado;9.000\n`;
    expect((await b.browser.json("POST", "/api/data/import", { csv })).status).toBe(201);

    const bCredits = (await env.DB.prepare("SELECT credits FROM users WHERE id = ?").bind(b.id).first<number>("credits"))!;
    const plan = await b.browser.json("POST", "/api/credits/auto-charge");
    expect(plan.status).toBe(402);
    expect(await plan.json()).toEqual({ error: notEnoughForStore(bCredits) });

    // B's password opens only B's account; A's e-mail is not B's to take.
    for (const path of ["/api/auth/login", "/api/auth/login-or-register"]) {
      const response = await new Browser(recording).json("POST", path, { email: a.email, password: b.password });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ error: WRONG_CREDENTIALS });
    }
    // Signing up with A's e-mail is a login with that password: B's is wrong there (and says nothing about A).
    const taken = await new Browser(recording).json("POST", "/api/auth/register", { email: a.email, password: b.password });
    expect(taken.status).toBe(401);
    expect(await taken.json()).toEqual({ error: WRONG_CREDENTIALS });

    const second = new Browser(recording);
    expect((await second.json("POST", "/api/auth/login", { email: b.email, password: b.password })).status).toBe(200);
    const newPassword = "otra-clave-segura";
    expect((await second.json("PUT", "/api/auth/password", { currentPassword: b.password, newPassword })).status).toBe(200);
    expect((await b.browser.request("/api/auth/profile")).status).toBe(401);
    expect((await second.request("/api/auth/logout", { method: "DELETE" })).status).toBe(200);
    expect((await second.request("/api/auth/profile")).status).toBe(401);

    const last = new Browser(recording);
    expect((await last.json("POST", "/api/auth/login", { email: b.email, password: newPassword })).status).toBe(200);
    const withAsPassword = await last.json("DELETE", "/api/auth/account", { password: a.password });
    expect(withAsPassword.status).toBe(403);
    expect(await withAsPassword.json()).toEqual({ error: WRONG_PASSWORD_TO_DELETE });
    expect((await last.json("DELETE", "/api/auth/account", { password: newPassword })).status).toBe(200);

    // A, after all of it: the same rows, the same objects, the same sessions, and a working store.
    const after = await snapshot(a.id);
    const { objects: _before, ...rowsBefore } = before;
    const { objects: _after, ...rowsAfter } = after;
    expect(rowsAfter).toEqual(rowsBefore);
    expect(ownObjects(after, aKeys)).toEqual(ownObjects(before, aKeys));
    expect(((await (await a.browser.request("/api/auth/profile")).json()) as { user: { id: string } }).user.id).toBe(a.id);
    const page = await textOf(await new Browser().request(`/u/${a.username}`));
    expect(
      storeData(page)
        .products.map((p) => p.id)
        .sort(),
    ).toEqual(a.products.map((p) => p.id).sort());
  });
});

describe("coverage", () => {
  it("B's requests reached every route that has an isolation case", () => {
    const missed = [...Object.keys(FOREIGN), ...OWN].filter((route) => !reached.has(route));
    expect(missed).toEqual([]);
  });
});
