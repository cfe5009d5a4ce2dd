import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RENDITION_WIDTHS } from "../../common/image-renditions";
import type { Product } from "../../common/product";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import { overrideProviderForTests } from "../../worker/providers/select";
import { encodeJpeg } from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { Browser, count, ORIGIN, register, withBindings } from "./browser";
import { creditsOf } from "./payments-fakes";
import { dataUrl, openStore, setPricing } from "./store-helpers";

/**
 * Deleting an account (DELETE /api/auth/account): the seller's products,
 * images (rows and R2 objects, link previews included), store and sessions
 * go; the users row stays as an anonymous tombstone so orders, payments and
 * the ledger keep what accounting needs.
 */

afterEach(() => {
  overrideProviderForTests(undefined);
  vi.restoreAllMocks();
});

const anonymous = () => new Browser();
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

let photos = 0;
/** A small real JPEG (link previews decode their source), different on every call. */
async function jpeg() {
  const n = ++photos;
  return encodeJpeg(samplePhoto({ width: 96, height: 120, garment: [(n * 53) % 256, (n * 97) % 256, 120] }), 85);
}

async function upload(browser: Browser): Promise<Product[]> {
  const form = new FormData();
  form.append("images", new File([await jpeg()], "remera.jpg", { type: "image/jpeg" }));
  form.append("images", new File([await jpeg()], "gorra.jpg", { type: "image/jpeg" }));
  const response = await browser.request("/api/products/upload-images", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { products: Product[] }).products;
}

/** The R2 key of a link preview as the page names it (…/u/_/og/<p>/<file> is kept as og/<p>/<file>). */
async function fetchPreview(pageHtml: string) {
  const url = meta(pageHtml, "og:image");
  expect(url).toMatch(/\/u\/_\/og\/[ogl]\//);
  const path = new URL(url!).pathname;
  expect((await anonymous().request(path)).status).toBe(200);
  return path.slice("/u/_/".length);
}

async function pageHtml(path: string) {
  const response = await anonymous().request(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** Simulated Mercado Pago checkout approved by the payer, as the payments tests drive it. */
async function approvedPayment(browser: Browser) {
  const opened = await browser.request("/api/payments/create-preference", {
    method: "POST",
    headers: { "content-type": "application/json", "x-vidriera-country": "AR" },
    body: JSON.stringify({ packId: "pack-10", credits: 1200 }),
  });
  expect(opened.status).toBe(201);
  const { paymentId, preference } = (await opened.json()) as { paymentId: string; preference: { init_point: string } };
  const session = new URL(preference.init_point).searchParams.get("session")!;
  expect((await browser.request(preference.init_point)).status).toBe(200);
  const decided = await browser.request("/api/payments/simulated/checkout", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session, decision: "approve" }).toString(),
  });
  expect(decided.status).toBe(303);
  return paymentId;
}

/** A seller with a logo, a store, two products with photos, a generated image shown in the store, an order and a payment. */
async function fullSeller() {
  const browser = new Browser();
  const { email, password, user } = await register(browser);
  const store = await openStore(browser, { storeLogo: dataUrl(await jpeg(), "image/jpeg") });
  const [remera, gorra] = await upload(browser);
  const generatedBytes = await jpeg();
  overrideProviderForTests(() => ({ name: "test", generate: async () => ({ bytes: generatedBytes, mimeType: "image/jpeg" }) }));
  const ad = await browser.json("POST", `/api/products/generate-ad/${remera!.id}`, { includeModel: true });
  expect(ad.status).toBe(200);
  const { adImageUrl, jobId } = (await ad.json()) as { adImageUrl: string; jobId: string };
  const priced = await setPricing(browser, [
    { id: remera!.id, price: 15000, sizes: [{ name: "M", stock: 3 }], storeImageURLs: [adImageUrl, remera!.imageURL!] },
    { id: gorra!.id, price: 8000 },
  ]);
  expect(priced.status).toBe(200);

  const shopper = anonymous();
  const ordered = await shopper.json("POST", "/api/orders", {
    username: store.username,
    lines: [{ productId: remera!.id, size: "M", quantity: 2 }],
  });
  expect(ordered.status).toBe(201);
  const { order } = (await ordered.json()) as { order: { code: string } };
  const paymentId = await approvedPayment(browser);

  // The store page and both product pages, each cached at the edge, and the previews they name kept in R2.
  const storeHtml = await pageHtml(`/u/${store.username}`);
  expect((await anonymous().request(`/u/${store.username}`)).headers.get("x-store-cache")).toBe("HIT");
  const previews = [
    await fetchPreview(storeHtml),
    await fetchPreview(await pageHtml(`/u/${store.username}/p/${remera!.id}`)),
    await fetchPreview(await pageHtml(`/u/${store.username}/p/${gorra!.id}`)),
  ];
  expect(previews.map((k) => k.split("/")[1]).sort()).toEqual(["g", "l", "o"]);

  const keyOf = (url: string) => url.slice("/img/".length);
  const sources = [keyOf(store.imageUrl!), keyOf(remera!.imageURL!), keyOf(gorra!.imageURL!), keyOf(adImageUrl)];
  return {
    browser,
    email,
    password,
    user,
    username: store.username!,
    remera: remera!,
    gorra: gorra!,
    jobId,
    orderCode: order.code,
    paymentId,
    objects: [...sources, ...previews],
  };
}

async function present(keys: string[]) {
  const heads = await Promise.all(keys.map((k) => env.IMAGES.head(k)));
  return keys.filter((_, i) => heads[i] !== null);
}

function deleteAccount(browser: Browser, body: unknown) {
  return browser.json("DELETE", "/api/auth/account", body);
}

async function userRow(id: string) {
  return env.DB.prepare(
    "SELECT email, name, username, phone, image_url, country_code, password_hash, google_sub, credits, deleted_at FROM users WHERE id = ?",
  )
    .bind(id)
    .first<Record<string, unknown>>();
}

async function ledgerSum(userId: string) {
  return (await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM credit_ledger WHERE user_id = ?")
    .bind(userId)
    .first<number>("s"))!;
}

describe("deleting an account with a password", () => {
  it("removes products, images, R2 objects, store and sessions, and keeps orders, payments and a balanced ledger", async () => {
    const seller = await fullSeller();
    const other = await fullSeller();
    const id = seller.user.id;
    expect(await present(seller.objects)).toEqual(seller.objects);
    expect(await creditsOf(id)).toBe(950);
    const secondDevice = new Browser();
    expect((await secondDevice.json("POST", "/api/auth/login", { email: seller.email, password: seller.password })).status).toBe(200);
    const oldCookie = seller.browser.cookie("vidriera_session")!;

    const response = await deleteAccount(seller.browser, { password: seller.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(seller.browser.cookie("vidriera_session")).toBeUndefined();

    // Sessions: the cookie just cleared, a copy of it and another device's are all refused.
    const copy = new Browser();
    copy.setCookie("vidriera_session", oldCookie);
    expect((await copy.request("/api/auth/profile")).status).toBe(401);
    expect((await secondDevice.request("/api/auth/profile")).status).toBe(401);
    expect(await count("sessions", "user_id = ?", id)).toBe(0);

    // What the seller made.
    expect(await count("products", "user_id = ?", id)).toBe(0);
    expect(await count("generated_images", "user_id = ?", id)).toBe(0);
    expect(await present(seller.objects)).toEqual([]);
    expect((await anonymous().request(`/img/${seller.objects[0]}`)).status).toBe(404);

    // The store, also where its page had been cached, and its products' pages.
    for (const path of [`/u/${seller.username}`, `/u/${seller.username}/p/${seller.remera.id}`]) {
      const page = await anonymous().request(path);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("Esta página no existe");
    }
    expect((await anonymous().request(`/api/auth/store/${seller.username}`)).status).toBe(404);
    expect(
      (await anonymous().json("POST", "/api/orders", { username: seller.username, lines: [{ productId: seller.remera.id, quantity: 1 }] }))
        .status,
    ).toBe(404);

    // The tombstone: nothing personal, a placeholder e-mail, no credits.
    expect(await userRow(id)).toMatchObject({
      email: `borrada:${id}`,
      name: null,
      username: null,
      phone: null,
      image_url: null,
      country_code: null,
      password_hash: null,
      google_sub: null,
      credits: 0,
      deleted_at: expect.any(Number),
    });
    expect(await ledgerSum(id)).toBe(0);
    const closing = await env.DB.prepare("SELECT delta, reason, balance_after FROM credit_ledger WHERE idempotency_key = ?")
      .bind(`account_closed:${id}`)
      .first();
    expect(closing).toEqual({ delta: -950, reason: "account_closed", balance_after: 0 });

    // Accounting stays: the order's lines and total, the payment as the provider reported it, the job that was charged.
    const order = await env.DB.prepare("SELECT code, lines, total, status FROM orders WHERE seller_id = ?")
      .bind(id)
      .first<{ code: string; lines: string; total: number; status: string }>();
    expect(order).toMatchObject({ code: seller.orderCode, total: 30000, status: "nuevo" });
    expect(JSON.parse(order!.lines)).toEqual([expect.objectContaining({ name: "Remera", size: "M", quantity: 2, unitPrice: 15000 })]);
    const payment = await env.DB.prepare(
      "SELECT user_id, amount, currency, status, provider, provider_payment_id FROM payments WHERE id = ?",
    )
      .bind(seller.paymentId)
      .first();
    expect(payment).toMatchObject({
      user_id: id,
      amount: 1200,
      currency: "ARS",
      status: "approved",
      provider: "simulated",
      provider_payment_id: expect.any(String),
    });
    expect(await env.DB.prepare("SELECT product_id, status FROM generation_jobs WHERE id = ?").bind(seller.jobId).first()).toEqual({
      product_id: null,
      status: "succeeded",
    });

    // The same invariants `npm run check:ledger` proves, deleted accounts included.
    expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);

    // Another seller is untouched.
    expect(await present(other.objects)).toEqual(other.objects);
    expect(await count("products", "user_id = ?", other.user.id)).toBe(2);
    expect(await count("generated_images", "user_id = ?", other.user.id)).toBe(1);
    expect((await anonymous().request(`/u/${other.username}`)).status).toBe(200);
    expect((await other.browser.request("/api/auth/profile")).status).toBe(200);
    expect(await creditsOf(other.user.id)).toBe(950);
  });

  it("the old e-mail cannot sign in any more, and signing up with it again makes a fresh account", async () => {
    const browser = new Browser();
    const { email, password, user } = await register(browser);
    const cookie = browser.cookie("vidriera_session")!;
    expect((await deleteAccount(browser, { password })).status).toBe(200);

    // Even a session row that outlived the deletion (it is removed in the same batch) never signs the tombstone in.
    await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)")
      .bind(decodeJwt(cookie).sid, user.id, Date.now() + 60_000)
      .run();
    const revived = new Browser();
    revived.setCookie("vidriera_session", cookie);
    expect((await revived.request("/api/auth/profile")).status).toBe(401);

    const login = await anonymous().json("POST", "/api/auth/login", { email, password });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ error: "Credenciales incorrectas o error del servidor. Inténtalo de nuevo." });
    // The placeholder is not an e-mail anyone can type.
    expect((await anonymous().json("POST", "/api/auth/login", { email: `borrada:${user.id}`, password })).status).toBe(400);

    const again = new Browser();
    const fresh = await register(again, email, "otra-clave-segura");
    expect(fresh.user.id).not.toBe(user.id);
    expect(await creditsOf(fresh.user.id)).toBe(500);
    expect(await count("users", "email = ?", email)).toBe(1);
  });

  it("a wrong password answers 403, removes nothing, and counts as a failed login", async () => {
    const browser = new Browser();
    const { email, password, user } = await register(browser);
    await upload(browser);
    for (let i = 0; i < 5; i++) {
      const response = await deleteAccount(browser, { password: "no-es-la-clave" });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "La contraseña no es correcta." });
    }
    // This address's five failures on the account are used up: even the right password waits, like a login would.
    const throttled = await deleteAccount(browser, { password });
    expect(throttled.status).toBe(429);
    expect((await new Browser(undefined, browser.address).json("POST", "/api/auth/login", { email, password })).status).toBe(429);
    // From another address the owner still signs in.
    expect((await anonymous().json("POST", "/api/auth/login", { email, password })).status).toBe(200);

    expect((await browser.request("/api/auth/profile")).status).toBe(200);
    expect(await count("products", "user_id = ?", user.id)).toBe(2);
    expect(await userRow(user.id)).toMatchObject({ email, deleted_at: null, credits: 500 });
  });

  it("is refused with 409 while a generation is running, and nothing is removed", async () => {
    const browser = new Browser();
    const { password, user } = await register(browser);
    const [product] = await upload(browser);
    // A job between its debit and its result, as the route leaves it for the Durable Object.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO generation_jobs (id, user_id, product_id, kind, quality, cost, status) VALUES (?, ?, ?, 'ad', 'standard', 50, 'running')",
      ).bind(`running-${user.id}`, user.id, product!.id),
      env.DB.prepare("UPDATE users SET credits = credits - 50 WHERE id = ?").bind(user.id),
      env.DB.prepare(
        "INSERT INTO credit_ledger (user_id, delta, reason, idempotency_key, balance_after) VALUES (?, -50, 'generation', ?, 450)",
      ).bind(user.id, `job:running-${user.id}`),
    ]);
    const keys = [product!.imageURL!.slice("/img/".length)];

    const response = await deleteAccount(browser, { password });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "Tienes imágenes generándose. Espera a que terminen y vuelve a intentar." });
    expect((await browser.request("/api/auth/profile")).status).toBe(200);
    expect(await count("products", "user_id = ?", user.id)).toBe(2);
    expect(await present(keys)).toEqual(keys);
    expect(await userRow(user.id)).toMatchObject({ deleted_at: null, credits: 450 });

    // Once the job is done, the same request goes through.
    await env.DB.prepare("UPDATE generation_jobs SET status = 'succeeded' WHERE user_id = ?").bind(user.id).run();
    expect((await deleteAccount(browser, { password })).status).toBe(200);
    expect(await present(keys)).toEqual([]);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it("answers 200 and logs counts only when R2 fails: the account is already gone", async () => {
    const failingBucket = new Proxy(env.IMAGES, {
      get(target, prop) {
        if (prop === "delete") return async () => Promise.reject(new Error("R2 unavailable"));
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const browser = new Browser(withBindings({ IMAGES: failingBucket }));
    const { email, password, user } = await register(browser);
    await upload(browser);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const response = await deleteAccount(browser, { password });
    expect(response.status).toBe(200);
    expect(await count("products", "user_id = ?", user.id)).toBe(0);
    const lines = errors.mock.calls.map((call) => String(call[0]));
    const line = lines.find((l) => l.includes("account deletion left R2 objects"));
    // Two photos, each with its original, its link preview and one WebP per rendition width.
    expect(JSON.parse(line!)).toMatchObject({ level: "error", deleted: 0, failed: 2 * (2 + RENDITION_WIDTHS.length) });
    expect(lines.join("\n")).not.toContain(email);
  });
});

describe("deleting an account that signs in with Google only", () => {
  /** The offline Google stand-in, as google.test.ts drives it. */
  async function googleSeller(email: string) {
    const browser = new Browser();
    const start = await browser.request("/api/auth/google?intent=register");
    const consent = new URL(start.headers.get("location")!, ORIGIN);
    const decision = new URL("/api/auth/google/simulated/decision", ORIGIN);
    for (const key of ["state", "code_challenge", "redirect_uri"]) decision.searchParams.set(key, consent.searchParams.get(key)!);
    decision.searchParams.set("decision", "allow");
    decision.searchParams.set("email", email);
    decision.searchParams.set("name", "Vendedora");
    const callback = (await browser.request(decision.pathname + decision.search)).headers.get("location")!;
    expect((await browser.request(callback.replace(ORIGIN, ""))).headers.get("location")).toMatch(/\/home$/);
    const { user } = (await (await browser.request("/api/auth/profile")).json()) as { user: { id: string } };
    return { browser, user };
  }

  it("asks for the e-mail, refuses another one, deletes with it, and the next Google sign-in is a new account", async () => {
    const { browser, user } = await googleSeller("google.sola@example.com");
    expect(await (await browser.request("/api/auth/account")).json()).toEqual({ confirmWith: "email" });

    const withoutEmail = await deleteAccount(browser, { password: "lo-que-sea" });
    expect(withoutEmail.status).toBe(400);
    expect(await withoutEmail.json()).toEqual({ error: "Escribe el email de tu cuenta para confirmar." });
    const wrong = await deleteAccount(browser, { email: "otra@example.com" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "El email no coincide con el de tu cuenta." });
    expect(await userRow(user.id)).toMatchObject({ deleted_at: null });

    // Typed as people type it: spaces and capitals do not matter.
    expect((await deleteAccount(browser, { email: " Google.Sola@example.com " })).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({
      email: `borrada:${user.id}`,
      google_sub: null,
      name: null,
      image_url: null,
      credits: 0,
    });

    const again = await googleSeller("google.sola@example.com");
    expect(again.user.id).not.toBe(user.id);
    expect(await creditsOf(again.user.id)).toBe(500);
  });
});

describe("bad requests", () => {
  it("not signed in answers 401, whatever the body", async () => {
    const response = await deleteAccount(anonymous(), { password: "una-clave-segura" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Debes iniciar sesión para continuar." });
    expect((await anonymous().request("/api/auth/account")).status).toBe(401);
  });

  it("a password account must send its password; malformed bodies answer 400 in Spanish", async () => {
    const browser = new Browser();
    const { email, user } = await register(browser);
    expect(await (await browser.request("/api/auth/account")).json()).toEqual({ confirmWith: "password" });
    const cases: [unknown, string][] = [
      [{}, "Escribe tu contraseña para confirmar."],
      [{ email }, "Escribe tu contraseña para confirmar."],
      [{ password: 12345678 }, "La contraseña es obligatoria."],
      [{ password: "x".repeat(129) }, "La contraseña no puede tener más de 128 caracteres."],
      ["borrar", "Confirma tu identidad para eliminar la cuenta."],
    ];
    for (const [body, error] of cases) {
      const response = await deleteAccount(browser, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    const broken = await browser.request("/api/auth/account", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: expect.any(String) });
    expect(await userRow(user.id)).toMatchObject({ email, deleted_at: null });
  });

  it("another site cannot delete a signed-in seller's account", async () => {
    const browser = new Browser();
    const { password, user } = await register(browser);
    const response = await browser.request("/api/auth/account", {
      method: "DELETE",
      origin: "https://evil.example",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
    expect(response.status).toBe(403);
    expect(await userRow(user.id)).toMatchObject({ deleted_at: null });
  });
});
