import { afterEach, describe, expect, it, vi } from "vitest";
import { Browser, ORIGIN, withBindings } from "./browser";
import { creditsOf, fakeUpstream, hmacHex, json, ledgerKeys, newSeller, paymentRow, postFrom, type SeenRequest } from "./payments-fakes";

/**
 * dLocal Go against a fake upstream that checks the exact requests and
 * answers the shapes dLocal Go answers (REFERENCE.md "Payments"; public
 * integrations), failures included.
 */

const DLG = "https://fake-dlocalgo.test";
const API_KEY = "dbKCnBijhBvloQZFyxYnLpgPFfyEQOYL";
const SECRET_KEY = "23yWaPYonn7UCVNcp83yYSEfBH3eYxqWAYi7WgKz";
const live = withBindings({ PAYMENTS_MODE: "live", DLOCALGO_API_KEY: API_KEY, DLOCALGO_SECRET_KEY: SECRET_KEY, DLOCALGO_BASE_URL: DLG });

afterEach(() => vi.restoreAllMocks());

/** POST /v1/payments → the new payment with its checkout address. */
function paymentCreated(seen: SeenRequest) {
  const sent = JSON.parse(seen.body);
  return json({
    id: "DP-82731",
    amount: sent.amount,
    currency: sent.currency,
    country: sent.country ?? null,
    created_date: "2026-11-20T14:12:11",
    status: "PENDING",
    order_id: sent.order_id,
    description: sent.description,
    notification_url: sent.notification_url,
    success_url: sent.success_url,
    back_url: sent.back_url,
    redirect_url: "https://checkout.dlocalgo.com/validate/recurring/9d2de79b5f8e4c5aa5e5e86d0b2e3c7a",
    merchant_checkout_token: "9d2de79b5f8e4c5aa5e5e86d0b2e3c7a",
    direct: false,
  });
}

/** GET /v1/payments/{id}. */
function paymentAnswer(fields: { id: string; status: string; amount: number; orderId: string; currency?: string }) {
  return json({
    id: fields.id,
    amount: fields.amount,
    currency: fields.currency ?? "USD",
    country: "CL",
    created_date: "2026-11-20T14:12:11",
    approved_date: fields.status === "PAID" ? "2026-11-20T14:13:40" : null,
    status: fields.status,
    order_id: fields.orderId,
    description: "Pack de 10 imágenes (Vidriera)",
    notification_url: `${ORIGIN}/api/payments/webhooks/dlocalgo`,
    success_url: `${ORIGIN}/pago?payment=${fields.orderId}`,
    back_url: `${ORIGIN}/pago?payment=${fields.orderId}`,
    redirect_url: "https://checkout.dlocalgo.com/validate/recurring/9d2de79b5f8e4c5aa5e5e86d0b2e3c7a",
  });
}

async function checkout(browser: Browser, body: unknown, country?: string) {
  const response = await postFrom(browser, "/api/payments/create-dlocal-payment", body, country);
  return { response, body: (await response.json()) as { paymentId: string; redirect_url: string; error?: string } };
}

/** dLocal Go's notification: { payment_id } signed with HMAC-SHA256(secret key, api key + body). */
async function notify(paymentId: string, secretKey = SECRET_KEY) {
  const body = JSON.stringify({ payment_id: paymentId });
  const signature = await hmacHex(secretKey, API_KEY + body);
  return new Browser(live).request("/api/payments/webhooks/dlocalgo", {
    method: "POST",
    origin: null,
    headers: { "content-type": "application/json", authorization: `V2-HMAC-SHA256, Signature: ${signature}` },
    body,
  });
}

describe("dLocal Go checkout", () => {
  it("sends the exact payment request in USD with the seller's country and answers redirect_url", async () => {
    const seen = fakeUpstream({ [`POST ${DLG}/v1/payments`]: paymentCreated });
    const { browser, userId } = await newSeller(live);
    const { response, body } = await checkout(browser, { packId: "pack-10", credits: 1.25 }, "CL");
    expect(response.status).toBe(201);
    expect(body.redirect_url).toBe("https://checkout.dlocalgo.com/validate/recurring/9d2de79b5f8e4c5aa5e5e86d0b2e3c7a");
    const [request] = seen;
    expect(request!.method).toBe("POST");
    expect(request!.headers.get("authorization")).toBe(`Bearer ${API_KEY}:${SECRET_KEY}`);
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      amount: 1.25,
      currency: "USD",
      country: "CL",
      order_id: body.paymentId,
      description: "Pack de 10 imágenes (Vidriera)",
      success_url: `${ORIGIN}/pago?payment=${body.paymentId}`,
      back_url: `${ORIGIN}/pago?payment=${body.paymentId}`,
      notification_url: `${ORIGIN}/api/payments/webhooks/dlocalgo`,
    });
    expect(await paymentRow(body.paymentId)).toMatchObject({
      userId,
      provider: "dlocalgo",
      amount: 1.25,
      currency: "USD",
      credits: 500,
      checkoutId: "DP-82731",
    });
  });

  it("leaves the country out when the edge does not know it, so the payer picks it there", async () => {
    const seen = fakeUpstream({ [`POST ${DLG}/v1/payments`]: paymentCreated });
    const { browser } = await newSeller(live);
    expect((await checkout(browser, { packId: "pack-1" })).response.status).toBe(201);
    const sent = JSON.parse(seen[0]!.body);
    expect(sent).not.toHaveProperty("country");
    expect(sent.amount).toBe(0.13);
  });

  it("failures: 500 and 401 name their status, an answer without redirect_url names dLocal Go", async () => {
    const replies = [
      () => json({ code: 5000, message: "Internal error" }, 500),
      () => json({ code: 3001, message: "Invalid credentials" }, 401),
      () => json({ id: "DP-1", status: "PENDING" }),
    ];
    let next = 0;
    fakeUpstream({ [`POST ${DLG}/v1/payments`]: () => replies[next++]!() });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { browser } = await newSeller(live);
    expect((await checkout(browser, { packId: "pack-10" }, "MX")).body.error).toBe("Error al crear la preferencia de pago (500)");
    expect((await checkout(browser, { packId: "pack-10" }, "MX")).body.error).toBe("Error al crear la preferencia de pago (401)");
    expect((await checkout(browser, { packId: "pack-10" }, "MX")).body.error).toBe("No se recibió la URL de pago de dLocal Go.");
  });
});

describe("dLocal Go notifications", () => {
  async function pendingCheckout(country = "CL") {
    fakeUpstream({ [`POST ${DLG}/v1/payments`]: paymentCreated });
    const { browser, userId } = await newSeller(live);
    const { body } = await checkout(browser, { packId: "pack-10" }, country);
    vi.restoreAllMocks();
    return { userId, paymentId: body.paymentId };
  }

  it("a PAID payment is re-fetched and credited once, even notified five times at once", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const seen = fakeUpstream({
      [`GET ${DLG}/v1/payments/DP-82731`]: () => paymentAnswer({ id: "DP-82731", status: "PAID", amount: 1.25, orderId: paymentId }),
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify("DP-82731")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await creditsOf(userId)).toBe(1000);
    expect(await ledgerKeys(userId)).toEqual([`signup:${userId}`, "payment:dlocalgo:DP-82731"]);
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${API_KEY}:${SECRET_KEY}`);
  });

  it("a bad signature is 401 and nothing is asked or credited", async () => {
    const { userId } = await pendingCheckout();
    const seen = fakeUpstream({});
    expect((await notify("DP-82731", "another-secret")).status).toBe(401);
    const unsigned = await new Browser(live).request("/api/payments/webhooks/dlocalgo", {
      method: "POST",
      origin: null,
      body: JSON.stringify({ payment_id: "DP-82731" }),
    });
    expect(unsigned.status).toBe(401);
    // A valid signature over another body does not cover this one.
    const signature = await hmacHex(SECRET_KEY, API_KEY + JSON.stringify({ payment_id: "DP-1" }));
    const swapped = await new Browser(live).request("/api/payments/webhooks/dlocalgo", {
      method: "POST",
      origin: null,
      headers: { authorization: `V2-HMAC-SHA256, Signature: ${signature}` },
      body: JSON.stringify({ payment_id: "DP-82731" }),
    });
    expect(swapped.status).toBe(401);
    expect(seen).toHaveLength(0);
    expect(await creditsOf(userId)).toBe(500);
  });

  it("only PAID credits: PENDING waits, REJECTED and EXPIRED mark the checkout rejected", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const statuses = ["PENDING", "REJECTED"];
    let next = 0;
    fakeUpstream({
      [`GET ${DLG}/v1/payments/DP-82731`]: () =>
        paymentAnswer({ id: "DP-82731", status: statuses[next++]!, amount: 1.25, orderId: paymentId }),
    });
    expect(await (await notify("DP-82731")).json()).toEqual({ received: true, outcome: "pending" });
    expect(await (await notify("DP-82731")).json()).toEqual({ received: true, outcome: "rejected" });
    expect((await paymentRow(paymentId))!.status).toBe("rejected");
    expect(await creditsOf(userId)).toBe(500);
  });

  it("an amount that differs from the checkout is not credited, and is logged", async () => {
    const { userId, paymentId } = await pendingCheckout();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    fakeUpstream({
      [`GET ${DLG}/v1/payments/DP-82731`]: () => paymentAnswer({ id: "DP-82731", status: "PAID", amount: 0.5, orderId: paymentId }),
    });
    expect(await (await notify("DP-82731")).json()).toEqual({ received: true, outcome: "amount-mismatch" });
    expect(await creditsOf(userId)).toBe(500);
    expect(error.mock.calls.some((c) => String(c[0]).includes("approved payment does not match its checkout"))).toBe(true);
  });

  it("a payment naming no order of ours, or unknown to dLocal Go, credits nothing", async () => {
    const { userId, paymentId } = await pendingCheckout();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeUpstream({
      [`GET ${DLG}/v1/payments/DP-1`]: () => paymentAnswer({ id: "DP-1", status: "PAID", amount: 1.25, orderId: "not-an-order" }),
      [`GET ${DLG}/v1/payments/DP-2`]: () => json({ code: 4000, message: "Payment not found" }, 404),
    });
    expect(await (await notify("DP-1")).json()).toEqual({ received: true, outcome: "unknown-payment" });
    const notYet = await notify("DP-2");
    expect(notYet.status).toBe(503);
    expect(await creditsOf(userId)).toBe(500);
    expect((await paymentRow(paymentId))!.status).toBe("pending");
  });
});

describe("dLocal Go reconciliation (the notification never arrived)", () => {
  it("the return page asks dLocal Go for the checkout's payment by its id and credits it once", async () => {
    // A payment id of its own: dLocal Go never reuses one (UNIQUE(provider, provider_payment_id)).
    fakeUpstream({
      [`POST ${DLG}/v1/payments`]: async (seen) => json({ ...((await paymentCreated(seen).json()) as object), id: "DP-99001" }),
    });
    const { browser, userId } = await newSeller(live);
    const { body } = await checkout(browser, { packId: "pack-10" }, "CL");
    vi.restoreAllMocks();
    const seen = fakeUpstream({
      [`GET ${DLG}/v1/payments/DP-99001`]: () => paymentAnswer({ id: "DP-99001", status: "PAID", amount: 1.25, orderId: body.paymentId }),
    });
    const answer = await browser.request(`/api/payments/${body.paymentId}`);
    expect(((await answer.json()) as { payment: { status: string } }).payment.status).toBe("approved");
    expect(await creditsOf(userId)).toBe(1000);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${API_KEY}:${SECRET_KEY}`);
    await browser.request(`/api/payments/${body.paymentId}`);
    expect(await creditsOf(userId)).toBe(1000);
  });
});
