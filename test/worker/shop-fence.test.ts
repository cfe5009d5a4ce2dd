/**
 * What the fence of a shop being moved (worker/lib/shop-move.ts) answers, to whom, for a shop of shard 1:
 * a seller's generation or batch, whose debit lands in DB before the shop's database refuses its row, is
 * refunded at once by the route (nothing is left for the reconciliation) and answered the seller's retryable
 * 503 in their language; a shopper's order is answered in the store's language, saying the store is updating.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { SELLER_LANGUAGE_HEADER } from "../../common/seller-language";
import { brokenCrossDatabaseChecks, brokenLedgerChecks, SHOP_LEDGER_SQL, SHOP_PICTURES_SQL } from "../../scripts/ledger-checks";
import { LOST_AFTER_MS, refundLostDebits } from "../../worker/jobs/lost-debits";
import { SHOP_MOVING } from "../../worker/lib/errors";
import { placeShop } from "../../worker/lib/shops";
import { overrideProviderForTests } from "../../worker/providers/select";
import { Browser, register } from "./browser";
import { workerLogs } from "./capture-logs";
import { rows } from "./d1-rows";
import { photoForm, photoOfSize } from "./fixtures";
import { provider, resultBytes } from "./generation-helpers";
import { creditsOf } from "./payments-fakes";
import { liftFence, standFence } from "./shop-fence";
import { addProducts, openStore, setPricing } from "./store-helpers";

afterEach(() => overrideProviderForTests(undefined));

const SHOP_MOVING_PT = "Sua loja está mudando de banco de dados: tente de novo em alguns segundos.";

const countIn = async (d1: D1Database, table: string, userId: string) =>
  (await d1.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n;

/** The fence a move out of SHOP_DB_1 stands while it copies: every write of the shop's rows there is refused. */
const fence = (userId: string) => standFence(env.SHOP_DB_1, userId, 0);
const lift = (userId: string) => liftFence(env.SHOP_DB_1, userId);

async function ledgerHolds() {
  expect(await brokenLedgerChecks((sql) => rows(env.DB, sql))).toEqual([]);
  const ledger = (await rows(env.DB, SHOP_LEDGER_SQL)) as { key: string; delta: number; shard: number; created_at: number }[];
  const pictures = (await rows(env.SHOP_DB_1, SHOP_PICTURES_SQL)) as { id: string; status: string; kind: string }[];
  expect(brokenCrossDatabaseChecks(ledger, new Map([[1, pictures]]))).toEqual([]);
}

/** A seller of shard 1 with products made from uploaded photos. */
async function sellerIn1(names: string[]) {
  const browser = new Browser();
  const { user } = await register(browser);
  await placeShop(env, user.id, 1);
  const files = names.map((name, i) => ({ bytes: photoOfSize("jpeg", 2048, 40 + i), name }));
  const response = await browser.request("/api/products/upload-images", { method: "POST", body: photoForm(files) });
  expect(response.status).toBe(201);
  return { browser, id: user.id, products: ((await response.json()) as { products: Product[] }).products };
}

/** A request of the seller's app, in `language` when given (the app's header), else with none (Spanish). */
function post(browser: Browser, path: string, body: unknown, language: string | null = null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (language) headers[SELLER_LANGUAGE_HEADER] = language;
  return browser.request(path, { method: "POST", headers, body: JSON.stringify(body) });
}

describe("a seller of shard 1 whose shop is being moved", () => {
  it("gets generations and a batch fired together refused with a retryable 503 in their language, refunded at once", async () => {
    const calls = provider(async () => resultBytes(5));
    const s = await sellerIn1(["remera-ñandú.jpg", "buzo-zoë.jpg", "gorra-piñón.jpg"]);
    expect(await creditsOf(s.id)).toBe(500);
    await fence(s.id);

    const fired = [
      { language: "es", send: () => post(s.browser, `/api/products/generate-ad/${s.products[0]!.id}`, { quality: "standard" }, "es") },
      {
        language: "pt-BR",
        send: () => post(s.browser, `/api/products/generate-ad/${s.products[1]!.id}`, { quality: "standard" }, "pt-BR"),
      },
      { language: "es", send: () => post(s.browser, `/api/products/generate-ad/${s.products[2]!.id}`, { quality: "standard" }) },
      { language: "pt-BR", send: () => post(s.browser, "/api/batches", { kind: "ad", productIds: s.products.map((p) => p.id) }, "pt-BR") },
      { language: "es", send: () => post(s.browser, "/api/batches", { kind: "ad", productIds: [s.products[0]!.id] }) },
    ];
    const responses = await Promise.all(fired.map((f) => f.send()));
    for (const [i, response] of responses.entries()) {
      expect(response.status, await response.clone().text()).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual({ error: fired[i]!.language === "pt-BR" ? SHOP_MOVING_PT : SHOP_MOVING });
    }

    // Each debit landed in DB and was given back by the route itself: the balance is whole now, no row exists.
    expect(await creditsOf(s.id)).toBe(500);
    const ledger = await rows(env.DB, "SELECT reason, delta FROM credit_ledger WHERE user_id = ? AND reason LIKE 'generation%'", s.id);
    // Three generations and four pictures of two batches: each charged once and refunded once.
    expect(ledger.filter((l) => l.reason === "generation")).toHaveLength(7);
    expect(ledger.filter((l) => l.reason === "generation_refund")).toHaveLength(7);
    expect(ledger.reduce((sum, l) => sum + (l.delta as number), 0)).toBe(0);
    for (const table of ["generation_jobs", "batches", "batch_items"]) {
      expect(await countIn(env.SHOP_DB_1, table, s.id), table).toBe(0);
      expect(await countIn(env.DB, table, s.id), table).toBe(0);
    }
    expect(calls).toHaveLength(0);
    // Nothing left for the reconciliation, however late it looks; and a refusal by the fence is an answer, not a fault.
    expect(await refundLostDebits(env, Date.now() + LOST_AFTER_MS + 60_000)).toBe(0);
    expect(await creditsOf(s.id)).toBe(500);
    expect(workerLogs({ level: "error" })).toEqual([]);
    await ledgerHolds();

    // The retry the answer asks for, once the move is over, generates and charges once.
    await lift(s.id);
    const again = await post(s.browser, `/api/products/generate-ad/${s.products[0]!.id}`, { quality: "standard" }, "pt-BR");
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await creditsOf(s.id)).toBe(450);
    expect(await countIn(env.SHOP_DB_1, "generation_jobs", s.id)).toBe(1);
    await ledgerHolds();
  });
});

const STORES = [
  {
    locale: "es-AR",
    code: "AR",
    currency: "ARS",
    phone: "+54 9 11 4000-1234",
    price: "12.500",
    words: "La tienda se está actualizando. Intenta de nuevo en un momento.",
  },
  {
    locale: "pt-BR",
    code: "BR",
    currency: "BRL",
    phone: "+55 11 98765-4321",
    price: 12_990,
    words: "A loja está se atualizando. Tente de novo em um instante.",
  },
];

describe.each(STORES)("a $locale store of shard 1 being moved", (store) => {
  it("tells its shoppers, in the store's language, that it is updating; its seller keeps the seller's words", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await placeShop(env, user.id, 1);
    const opened = await openStore(browser, { phoneNumber: store.phone, countryCode: store.code });
    await env.DB.prepare("UPDATE users SET store_currency = ?, store_locale = ? WHERE id = ?")
      .bind(store.currency, store.locale, user.id)
      .run();
    const [remera] = await addProducts(browser, ["Remera Ñandú 🧉"]);
    const priced = await setPricing(browser, [{ id: remera!.id, price: store.price, sizes: [{ name: "M", stock: 5 }] }]);
    expect(priced.status, await priced.clone().text()).toBe(200);
    // The store asks for no delivery nor way to pay: a cart is an order.
    const order = () =>
      new Browser().json("POST", "/api/orders", { username: opened.username, lines: [{ productId: remera!.id, size: "M", quantity: 1 }] });
    const first = await order();
    expect(first.status, await first.clone().text()).toBe(201);
    const { order: placed } = (await first.json()) as { order: { id: string } };

    await fence(user.id);
    // Three shoppers at once.
    const refused = await Promise.all([order(), order(), order()]);
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual({ error: store.words });
    }
    // The seller confirming an order meanwhile reads the seller's words, in the app's language.
    const confirm = (language: string) =>
      browser.request(`/api/orders/${placed.id}/status`, {
        method: "PUT",
        headers: { "content-type": "application/json", [SELLER_LANGUAGE_HEADER]: language },
        body: JSON.stringify({ status: "confirmado" }),
      });
    for (const [language, words] of [
      ["es", SHOP_MOVING],
      ["pt-BR", SHOP_MOVING_PT],
    ] as const) {
      const response = await confirm(language);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(await response.json()).toEqual({ error: words });
    }
    expect(await rows(env.SHOP_DB_1, "SELECT status FROM orders WHERE seller_id = ?", user.id)).toEqual([{ status: "nuevo" }]);

    // Once the move is over, the shopper's retry goes through.
    await lift(user.id);
    const retried = await order();
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect(await rows(env.SHOP_DB_1, "SELECT COUNT(*) AS n FROM orders WHERE seller_id = ?", user.id)).toEqual([{ n: 2 }]);
  });
});
