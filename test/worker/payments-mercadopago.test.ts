import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RECONCILE_PER_RUN, reconcileBackoff, reconcileOpenCheckouts } from "../../worker/payments/reconcile";
import { Browser, count, ORIGIN, withBindings } from "./browser";
import {
  creditsOf,
  fakeUpstream,
  json,
  ledgerKeys,
  mercadoPagoSignature,
  newSeller,
  paidMiTienda,
  paymentRow,
  postFrom,
  type SeenRequest,
} from "./payments-fakes";

/**
 * Mercado Pago Checkout Pro against a fake upstream that checks the exact
 * requests (method, address, headers, body) and answers with the shapes the
 * real API answers (mercadopago/sdk-nodejs types; REFERENCE.md "Payments").
 */

const MP = "https://fake-mercadopago.test";
const TOKEN = "APP_USR-1234567890123456-010203-abcdef0123456789abcdef0123456789-202809963";
const SECRET = "mp-webhook-secret-for-tests";
const liveSettings = {
  PAYMENTS_MODE: "live",
  MERCADOPAGO_ACCESS_TOKEN: TOKEN,
  MERCADOPAGO_WEBHOOK_SECRET: SECRET,
  MERCADOPAGO_BASE_URL: MP,
};
const live = withBindings(liveSettings);
/** What the reconciliation cron runs with: the Worker's bindings with live Mercado Pago. */
const cronBindings = { ...env, ...liveSettings };

afterEach(() => vi.restoreAllMocks());

/** POST /checkout/preferences → 201 with the preference, as Mercado Pago answers it (trimmed of payer details). */
function preferenceCreated(seen: SeenRequest) {
  const sent = JSON.parse(seen.body);
  const id = "202809963-920c288b-4ebb-40be-966f-700250fa5370";
  return json(
    {
      additional_info: "",
      auto_return: sent.auto_return,
      back_urls: sent.back_urls,
      binary_mode: false,
      client_id: "6295877106812064",
      collector_id: 202809963,
      date_created: "2026-11-20T10:31:42.180-04:00",
      expires: false,
      external_reference: sent.external_reference,
      id,
      init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      items: sent.items.map((item: Record<string, unknown>) => ({ ...item, description: "", picture_url: "", category_id: "" })),
      marketplace: "NONE",
      marketplace_fee: 0,
      notification_url: sent.notification_url,
      operation_type: "regular_payment",
      payment_methods: { excluded_payment_methods: [{ id: "" }], excluded_payment_types: [{ id: "" }], installments: null },
      sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      site_id: "MLA",
      statement_descriptor: sent.statement_descriptor,
    },
    201,
  );
}

/** GET /v1/payments/{id} → the payment, as Mercado Pago answers it (the fields that matter, plus some that do not). */
function paymentAnswer(fields: { id: number; status: string; amount: number; reference: string; currency?: string }) {
  return json({
    id: fields.id,
    date_created: "2026-11-20T10:35:01.000-04:00",
    date_approved: fields.status === "approved" ? "2026-11-20T10:35:03.000-04:00" : null,
    date_last_updated: "2026-11-20T10:35:03.000-04:00",
    money_release_date: "2026-12-08T10:35:03.000-04:00",
    operation_type: "regular_payment",
    payment_method_id: "account_money",
    payment_type_id: "account_money",
    status: fields.status,
    status_detail: fields.status === "approved" ? "accredited" : "cc_rejected_other_reason",
    currency_id: fields.currency ?? "ARS",
    description: "Pack de 10 imágenes (Vidriera)",
    live_mode: false,
    collector_id: 202809963,
    payer: { id: "1234567", email: "test_user_123@testuser.com", type: null },
    metadata: {},
    external_reference: fields.reference,
    transaction_amount: fields.amount,
    transaction_amount_refunded: 0,
    coupon_amount: 0,
    installments: 1,
    transaction_details: {
      net_received_amount: fields.amount * 0.94,
      total_paid_amount: fields.amount,
      overpaid_amount: 0,
      installment_amount: fields.amount,
    },
    captured: true,
    binary_mode: false,
  });
}

const notFound = () =>
  json(
    {
      message: "Payment not found",
      error: "not_found",
      status: 404,
      cause: [{ code: 2000, description: "Payment not found", data: null }],
    },
    404,
  );

async function checkout(browser: Browser, body: unknown, country = "AR") {
  const response = await postFrom(browser, "/api/payments/create-preference", body, country);
  return { response, body: (await response.json()) as { paymentId: string; preference: { init_point: string }; error?: string } };
}

/** A webhook as Mercado Pago sends it: ids in the query, signed headers, the event in the body. */
async function webhook(dataId: string, options: { secret?: string; ts?: number; type?: string; requestId?: string } = {}) {
  const requestId = options.requestId ?? crypto.randomUUID();
  const signature = await mercadoPagoSignature(options.secret ?? SECRET, dataId, requestId, options.ts);
  return new Browser(live).request(`/api/payments/webhooks/mercadopago?data.id=${dataId}&type=${options.type ?? "payment"}`, {
    method: "POST",
    origin: null,
    headers: { "content-type": "application/json", "x-signature": signature, "x-request-id": requestId },
    body: JSON.stringify({
      action: "payment.updated",
      api_version: "v1",
      data: { id: dataId },
      date_created: "2026-11-20T13:35:04Z",
      id: 118003384729,
      live_mode: false,
      type: options.type ?? "payment",
      user_id: "202809963",
    }),
  });
}

describe("Mercado Pago checkout", () => {
  it("sends the exact preference request and answers init_point", async () => {
    const seen = fakeUpstream({ [`POST ${MP}/checkout/preferences`]: preferenceCreated });
    const { browser, userId } = await newSeller(live);
    const { response, body } = await checkout(browser, { packId: "pack-50", credits: 6000 });
    expect(response.status).toBe(201);
    expect(body.preference.init_point).toBe(
      "https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=202809963-920c288b-4ebb-40be-966f-700250fa5370",
    );

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe("POST");
    expect(request!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(request!.headers.get("x-idempotency-key")).toBe(body.paymentId);
    expect(JSON.parse(request!.body)).toEqual({
      items: [{ id: "pack-50", title: "Pack de 50 imágenes (Vidriera)", quantity: 1, unit_price: 6000, currency_id: "ARS" }],
      external_reference: body.paymentId,
      back_urls: {
        success: `${ORIGIN}/pago?payment=${body.paymentId}`,
        pending: `${ORIGIN}/pago?payment=${body.paymentId}`,
        failure: `${ORIGIN}/pago?payment=${body.paymentId}`,
      },
      auto_return: "approved",
      notification_url: `${ORIGIN}/api/payments/webhooks/mercadopago?source_news=webhooks`,
      statement_descriptor: "VIDRIERA",
    });
    expect(await paymentRow(body.paymentId)).toMatchObject({
      userId,
      provider: "mercadopago",
      amount: 6000,
      currency: "ARS",
      credits: 2500,
      status: "pending",
      checkoutId: "202809963-920c288b-4ebb-40be-966f-700250fa5370",
    });
  });

  it("uses PUBLIC_ORIGIN for the return and notification addresses when set", async () => {
    const seen = fakeUpstream({ [`POST ${MP}/checkout/preferences`]: preferenceCreated });
    const behindProxy = withBindings({
      PAYMENTS_MODE: "live",
      MERCADOPAGO_ACCESS_TOKEN: TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_BASE_URL: MP,
      PUBLIC_ORIGIN: "https://vidriera.app/",
    });
    const { browser } = await newSeller(behindProxy);
    const { body } = await checkout(browser, { purpose: "store_plan" });
    const sent = JSON.parse(seen[0]!.body);
    expect(sent.back_urls.success).toBe(`https://vidriera.app/pago?payment=${body.paymentId}`);
    expect(sent.notification_url).toBe("https://vidriera.app/api/payments/webhooks/mercadopago?source_news=webhooks");
    expect(sent.items).toEqual([
      { id: "store-plan", title: "Plan Mi Tienda (Vidriera)", quantity: 1, unit_price: 2000, currency_id: "ARS" },
    ]);
  });

  it("a provider answering 500 gives 'Error al crear la preferencia de pago (500)' and leaves nothing payable", async () => {
    fakeUpstream({
      [`POST ${MP}/checkout/preferences`]: () =>
        json({ message: "Internal server error", error: "internal_server_error", status: 500, cause: [] }, 500),
    });
    const { browser, userId } = await newSeller(live);
    const { response, body } = await checkout(browser, { packId: "pack-10" });
    expect(response.status).toBe(502);
    expect(body.error).toBe("Error al crear la preferencia de pago (500)");
    expect(await count("payments", "user_id = ? AND status = 'pending'", userId)).toBe(0);
  });

  it("a refused token (401) and an unreachable provider are errors with their status", async () => {
    fakeUpstream({
      [`POST ${MP}/checkout/preferences`]: () =>
        json({ message: "invalid access token", error: "unauthorized", status: 401, cause: [] }, 401),
    });
    const { browser } = await newSeller(live);
    expect((await checkout(browser, { packId: "pack-10" })).body.error).toBe("Error al crear la preferencia de pago (401)");
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    expect((await checkout(browser, { packId: "pack-10" })).body.error).toBe("Error al crear la preferencia de pago (502)");
  });

  it("an answer without init_point names Mercado Pago", async () => {
    fakeUpstream({ [`POST ${MP}/checkout/preferences`]: () => json({ id: "202809963-abc" }, 201) });
    const { browser } = await newSeller(live);
    const { response, body } = await checkout(browser, { packId: "pack-10" });
    expect(response.status).toBe(502);
    expect(body.error).toBe("No se recibió la URL de pago de Mercado Pago.");
  });

  it("is not configured without both the access token and the webhook secret", async () => {
    const half = withBindings({ PAYMENTS_MODE: "live", MERCADOPAGO_ACCESS_TOKEN: TOKEN, MERCADOPAGO_WEBHOOK_SECRET: undefined });
    const { browser } = await newSeller(half);
    const { response, body } = await checkout(browser, { packId: "pack-10" });
    expect(response.status).toBe(503);
    expect(body.error).toBe("Los pagos no están configurados en este servidor.");
  });
});

describe("Mercado Pago webhooks", () => {
  /** A seller with a pending Mercado Pago checkout for pack-10 (1200 ARS, 500 credits). */
  async function pendingCheckout(body: unknown = { packId: "pack-10" }) {
    fakeUpstream({ [`POST ${MP}/checkout/preferences`]: preferenceCreated });
    const { browser, userId } = await newSeller(live);
    const { body: answer } = await checkout(browser, body);
    vi.restoreAllMocks();
    return { browser, userId, paymentId: answer.paymentId };
  }

  it("an approved payment is re-fetched and credited once, even delivered five times at once", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const seen = fakeUpstream({
      [`GET ${MP}/v1/payments/1325000001`]: () => paymentAnswer({ id: 1325000001, status: "approved", amount: 1200, reference: paymentId }),
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook("1325000001")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await creditsOf(userId)).toBe(1000);
    expect(await ledgerKeys(userId)).toEqual([`signup:${userId}`, "payment:mercadopago:1325000001"]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "approved", providerPaymentId: "1325000001" });
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(seen.every((s) => s.method === "GET" && s.body === "")).toBe(true);

    // Replayed later: still nothing more.
    expect((await webhook("1325000001")).status).toBe(200);
    expect(await creditsOf(userId)).toBe(1000);
  });

  it("a bad signature is 401 and nothing is asked or credited", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const seen = fakeUpstream({});
    const forged = await webhook("1325000002", { secret: "not-the-secret" });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "Firma de notificación inválida." });
    const unsigned = await new Browser(live).request("/api/payments/webhooks/mercadopago?data.id=1325000002&type=payment", {
      method: "POST",
      origin: null,
      body: "{}",
    });
    expect(unsigned.status).toBe(401);
    // Signed for another payment id than the one in the query.
    const requestId = "b1c2";
    const other = await new Browser(live).request("/api/payments/webhooks/mercadopago?data.id=1325000002&type=payment", {
      method: "POST",
      origin: null,
      headers: { "x-request-id": requestId, "x-signature": await mercadoPagoSignature(SECRET, "999", requestId) },
    });
    expect(other.status).toBe(401);
    expect(seen).toHaveLength(0);
    expect(await creditsOf(userId)).toBe(500);
    expect((await paymentRow(paymentId))!.status).toBe("pending");
  });

  it("an oversized notification is refused before anything is read into memory", async () => {
    const seen = fakeUpstream({});
    const answer = await new Browser(live).request("/api/payments/webhooks/mercadopago?data.id=1&type=payment", {
      method: "POST",
      origin: null,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(20_000) }),
    });
    expect(answer.status).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it("a stale signature (older than 15 minutes) is 401", async () => {
    const { userId } = await pendingCheckout();
    fakeUpstream({});
    const stale = await webhook("1325000003", { ts: Math.floor(Date.now() / 1000) - 16 * 60 });
    expect(stale.status).toBe(401);
    const recent = Math.floor(Date.now() / 1000) - 60;
    vi.restoreAllMocks();
    fakeUpstream({ [`GET ${MP}/v1/payments/1325000003`]: notFound });
    // Within the window the signature is good; the payment is not readable yet, so Mercado Pago is asked to retry.
    expect((await webhook("1325000003", { ts: recent })).status).toBe(503);
    expect(await creditsOf(userId)).toBe(500);
  });

  it("an unknown payment (not ours, or not readable yet) credits nothing; one Mercado Pago cannot read yet is answered 503 so it retries", async () => {
    const { userId } = await pendingCheckout();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeUpstream({
      [`GET ${MP}/v1/payments/1325000004`]: () =>
        paymentAnswer({ id: 1325000004, status: "approved", amount: 1200, reference: "someone-elses" }),
      [`GET ${MP}/v1/payments/1325000005`]: notFound,
    });
    const notOurs = await webhook("1325000004");
    expect(notOurs.status).toBe(200);
    expect(await notOurs.json()).toEqual({ received: true, outcome: "unknown-payment" });
    const notYet = await webhook("1325000005");
    expect(notYet.status).toBe(503);
    expect(await notYet.json()).toEqual({ error: "El proveedor todavía no muestra este pago; vuelve a enviar la notificación." });
    expect(await creditsOf(userId)).toBe(500);
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toContain("payment notification for no payment of ours");
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toContain("provider does not know the notified payment yet");
  });

  it("an approved payment whose amount or currency differs from the checkout is not credited, and is logged", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    fakeUpstream({
      [`GET ${MP}/v1/payments/1325000006`]: () => paymentAnswer({ id: 1325000006, status: "approved", amount: 12, reference: paymentId }),
      [`GET ${MP}/v1/payments/1325000007`]: () =>
        paymentAnswer({ id: 1325000007, status: "approved", amount: 1200, currency: "BRL", reference: paymentId }),
    });
    expect(await (await webhook("1325000006")).json()).toEqual({ received: true, outcome: "amount-mismatch" });
    expect(await (await webhook("1325000007")).json()).toEqual({ received: true, outcome: "amount-mismatch" });
    expect(await creditsOf(userId)).toBe(500);
    expect((await paymentRow(paymentId))!.status).toBe("pending");
    const logged = error.mock.calls.map((c) => JSON.parse(String(c[0])));
    expect(logged).toContainEqual(
      expect.objectContaining({
        message: "approved payment does not match its checkout; not credited",
        paymentId,
        expectedAmount: 1200,
        expectedCurrency: "ARS",
        receivedAmount: 12,
        receivedCurrency: "ARS",
      }),
    );
  });

  it("pending and rejected payments change the state but credit nothing; other topics are ignored", async () => {
    const { userId, paymentId } = await pendingCheckout();
    fakeUpstream({
      [`GET ${MP}/v1/payments/1325000008`]: () =>
        paymentAnswer({ id: 1325000008, status: "in_process", amount: 1200, reference: paymentId }),
      [`GET ${MP}/v1/payments/1325000009`]: () => paymentAnswer({ id: 1325000009, status: "rejected", amount: 1200, reference: paymentId }),
    });
    expect(await (await webhook("1325000008")).json()).toEqual({ received: true, outcome: "pending" });
    expect((await paymentRow(paymentId))!.status).toBe("pending");
    expect(await (await webhook("1325000009")).json()).toEqual({ received: true, outcome: "rejected" });
    expect((await paymentRow(paymentId))!.status).toBe("rejected");
    expect(await (await webhook("26262399173", { type: "merchant_order" })).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await creditsOf(userId)).toBe(500);
  });

  it("Mercado Pago failing on the re-fetch answers 502 so it retries later", async () => {
    const { userId, paymentId } = await pendingCheckout();
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeUpstream({
      [`GET ${MP}/v1/payments/1325000010`]: () =>
        json({ message: "Internal server error", error: "internal_server_error", status: 500, cause: [] }, 500),
    });
    expect((await webhook("1325000010")).status).toBe(502);
    expect(await creditsOf(userId)).toBe(500);
    vi.restoreAllMocks();
    fakeUpstream({
      [`GET ${MP}/v1/payments/1325000010`]: () => paymentAnswer({ id: 1325000010, status: "approved", amount: 1200, reference: paymentId }),
    });
    expect((await webhook("1325000010")).status).toBe(200);
    expect(await creditsOf(userId)).toBe(1000);
  });

  it("the store plan, when approved, sets paidMiTienda and its date and moves no credits", async () => {
    const { userId, paymentId } = await pendingCheckout({ purpose: "store_plan", credits: 2000 });
    fakeUpstream({
      [`GET ${MP}/v1/payments/1325000011`]: () => paymentAnswer({ id: 1325000011, status: "approved", amount: 2000, reference: paymentId }),
    });
    await Promise.all(Array.from({ length: 3 }, () => webhook("1325000011")));
    const paid = await paidMiTienda(userId);
    expect(paid!.paid).toBe(1);
    expect(paid!.date).not.toBeNull();
    expect(await creditsOf(userId)).toBe(500);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "approved", providerPaymentId: "1325000011" });
  });
});

describe("Mercado Pago reconciliation (the notification never arrived)", () => {
  async function pendingCheckout(body: unknown = { packId: "pack-10" }) {
    fakeUpstream({ [`POST ${MP}/checkout/preferences`]: preferenceCreated });
    const { browser, userId } = await newSeller(live);
    const { body: answer } = await checkout(browser, body);
    vi.restoreAllMocks();
    return { browser, userId, paymentId: answer.paymentId };
  }

  const search = (paymentId: string) => `GET ${MP}/v1/payments/search?sort=date_created&criteria=desc&external_reference=${paymentId}`;
  const searchAnswer = async (...payments: Response[]) =>
    json({ paging: { total: payments.length, limit: 30, offset: 0 }, results: await Promise.all(payments.map((p) => p.json())) });

  it("the return page asks Mercado Pago by external_reference and credits the approved payment once", async () => {
    const { browser, userId, paymentId } = await pendingCheckout();
    const seen = fakeUpstream({
      [search(paymentId)]: () =>
        searchAnswer(
          paymentAnswer({ id: 1325000100, status: "rejected", amount: 1200, reference: paymentId }),
          paymentAnswer({ id: 1325000101, status: "approved", amount: 1200, reference: paymentId }),
        ),
    });
    const answers = await Promise.all([1, 2, 3].map(() => browser.request(`/api/payments/${paymentId}`)));
    const states = await Promise.all(answers.map(async (a) => ((await a.json()) as { payment: { status: string } }).payment.status));
    expect(states).toContain("approved");
    expect(await creditsOf(userId)).toBe(1000);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "approved", providerPaymentId: "1325000101" });
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]!.method).toBe("GET");
    // Once settled, the return page reads D1 only.
    const before = seen.length;
    await browser.request(`/api/payments/${paymentId}`);
    expect(seen.length).toBe(before);
  });

  it("the cron settles checkouts pending between 10 minutes and 48 hours, and leaves the rest", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const young = await pendingCheckout();
    const old = await pendingCheckout();
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 11 * 60 * 1000, paymentId)
      .run();
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 49 * 3600 * 1000, old.paymentId)
      .run();
    const seen = fakeUpstream({
      [search(paymentId)]: () => searchAnswer(paymentAnswer({ id: 1325000102, status: "approved", amount: 1200, reference: paymentId })),
    });
    await reconcileOpenCheckouts(cronBindings);
    expect(seen.map((r) => r.url)).toEqual([search(paymentId).slice(4)]);
    expect(await creditsOf(userId)).toBe(1000);
    expect((await paymentRow(young.paymentId))!.status).toBe("pending");
    expect((await paymentRow(old.paymentId))!.status).toBe("pending");
    // A second run finds nothing left to ask and credits nothing twice.
    await reconcileOpenCheckouts(cronBindings);
    expect(await creditsOf(userId)).toBe(1000);
  });

  it("hundreds of abandoned checkouts never starve a paid one: it is credited by the next run, and the rest back off", async () => {
    const HOUR = 3600 * 1000;
    const now = Date.now();
    const sellers = await Promise.all(Array.from({ length: 4 }, () => newSeller()));
    // 300 abandoned checkouts: 60 opened by one seller within a second 20 hours ago, the rest spread from 15 minutes to 47 hours.
    const abandoned = Array.from({ length: 300 }, (_, i) => ({
      id: `abandonada-${i}`,
      userId: sellers[i < 60 ? 0 : 1 + (i % 3)]!.userId,
      createdAt: i < 60 ? now - 20 * HOUR + i * 10 : now - 15 * 60 * 1000 - ((i * 7919) % 47) * HOUR - i * 1000,
    }));
    for (const rows of [abandoned.slice(0, 100), abandoned.slice(100, 200), abandoned.slice(200)]) {
      await env.DB.batch(
        rows.map((row) =>
          env.DB.prepare(
            `INSERT INTO payments (id, user_id, provider, purpose, pack_id, credits, amount, currency, created_at)
             VALUES (?, ?, 'mercadopago', 'credits', 'pack-10', 500, 1200, 'ARS', ?)`,
          ).bind(row.id, row.userId, row.createdAt),
        ),
      );
    }
    // A paying customer's checkout, 12 minutes old: paid at Mercado Pago, its notification lost.
    const payer = await pendingCheckout();
    await env.DB.prepare("UPDATE payments SET created_at = ? WHERE id = ?")
      .bind(now - 12 * 60 * 1000, payer.paymentId)
      .run();
    const asked: string[] = [];
    const searchPrefix = `GET ${MP}/v1/payments/search?sort=date_created&criteria=desc&external_reference=`;
    fakeUpstream(
      new Proxy({} as Record<string, (seen: SeenRequest) => Promise<Response>>, {
        get: (_routes, key) => {
          if (typeof key !== "string" || !key.startsWith(searchPrefix)) return undefined;
          const reference = key.slice(searchPrefix.length);
          return () => {
            asked.push(reference);
            return reference === payer.paymentId
              ? searchAnswer(paymentAnswer({ id: 1325000200, status: "approved", amount: 1200, reference }))
              : searchAnswer();
          };
        },
      }),
    );

    await reconcileOpenCheckouts(cronBindings, now);
    expect(asked).toContain(payer.paymentId);
    expect(asked.length).toBeLessThanOrEqual(RECONCILE_PER_RUN);
    expect(await creditsOf(payer.userId)).toBe(1000);
    expect((await paymentRow(payer.paymentId))!.status).toBe("approved");

    // The next run reaches the rest of the backlog; after that only checkouts due again are asked about.
    asked.length = 0;
    await reconcileOpenCheckouts(cronBindings, now + 10 * 60 * 1000);
    const everyAbandoned = new Set(abandoned.map((a) => a.id));
    const once = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM payments WHERE id LIKE 'abandonada-%' AND reconcile_due_at IS NOT NULL",
    ).first<number>("n");
    expect(once).toBe(everyAbandoned.size);
    // Then only checkouts whose next check is due are asked: a third of their age after the last one (the
    // youngest at every run), so the old abandoned ones are left alone for hours.
    const due = await env.DB.prepare("SELECT id FROM payments WHERE id LIKE 'abandonada-%' AND reconcile_due_at <= ?")
      .bind(now + 20 * 60 * 1000)
      .all<{ id: string }>();
    const youngest = abandoned.reduce((a, b) => (a.createdAt > b.createdAt ? a : b));
    expect(due.results.map((r) => r.id)).toContain(youngest.id);
    expect(due.results.length).toBeLessThan(20);
    asked.length = 0;
    await reconcileOpenCheckouts(cronBindings, now + 20 * 60 * 1000);
    expect(asked.filter((id) => id.startsWith("abandonada-")).sort()).toEqual(due.results.map((r) => r.id).sort());
    expect(reconcileBackoff(15 * 60 * 1000)).toBe(10 * 60 * 1000);
    expect(reconcileBackoff(3 * HOUR)).toBe(HOUR);
    expect(reconcileBackoff(40 * HOUR)).toBe(6 * HOUR);
    expect(await creditsOf(payer.userId)).toBe(1000);
  });

  it("a seller opens at most 5 pack checkouts an hour, however many are fired at once", async () => {
    const seen = fakeUpstream({ [`POST ${MP}/checkout/preferences`]: preferenceCreated });
    const { browser } = await newSeller(live);
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(browser, { packId: "pack-10" })));
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    expect(answers.find((a) => a.response.status === 429)!.body.error).toBe(
      "Ya tienes 5 pagos abiertos sin terminar. Termina uno de ellos o espera una hora para abrir otro.",
    );
    expect(seen.length).toBe(5);
  });

  it("a search that fails leaves the payment pending and the page still answers", async () => {
    const { browser, paymentId } = await pendingCheckout();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeUpstream({ [search(paymentId)]: () => json({ message: "internal_error", error: "internal_error", status: 500, cause: [] }, 500) });
    const answer = await browser.request(`/api/payments/${paymentId}`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { payment: { status: string } }).payment.status).toBe("pending");
  });
});
