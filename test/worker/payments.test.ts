import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, count, ORIGIN, withBindings } from "./browser";
import { movementLabel, type CreditMovementView } from "../../common/credits";
import { creditsOf, ledgerKeys, newSeller, paidMiTienda, paymentRow, postFrom } from "./payments-fakes";
import { paymentsMode } from "../../worker/payments/select";

/**
 * The offline (simulated) provider end to end: checkout, its local page,
 * the payer's decision, the signed webhook through the real verification,
 * and the return page's state. Also every "bad input" that does not need a
 * real provider.
 */

interface CheckoutAnswer {
  paymentId: string;
  preference?: { init_point: string };
  redirect_url?: string;
}

async function openCheckout(browser: Browser, path: string, body: unknown, country?: string) {
  const response = await browser.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(country ? { "x-vidriera-country": country } : {}) },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as CheckoutAnswer & { error?: string } };
}

/** Opens the simulated checkout page and submits the payer's decision, as the browser form does. */
async function decide(browser: Browser, checkoutUrl: string, decision: "approve" | "reject") {
  const page = await browser.request(checkoutUrl);
  expect(page.status).toBe(200);
  const session = new URL(checkoutUrl).searchParams.get("session")!;
  return browser.request("/api/payments/simulated/checkout", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session, decision }).toString(),
  });
}

async function paymentState(browser: Browser, id: string) {
  const response = await browser.request(`/api/payments/${id}`);
  return {
    status: response.status,
    body: (await response.json()) as { payment: { status: string }; user: { credits: number; paidMiTienda: boolean } },
  };
}

describe("the visitor's country", () => {
  const country = async (init: RequestInit & { cf?: unknown } = {}) =>
    ((await (await new Browser().request("/api/payments/country", init as RequestInit)).json()) as { country: string | null }).country;

  it("comes from the edge, and unknown stays unknown", async () => {
    expect(await country({ cf: { country: "AR" } } as RequestInit)).toBe("AR");
    expect(await country({ cf: { country: "cl" } } as RequestInit)).toBe("CL");
    expect(await country({ cf: { country: "XX" } } as RequestInit)).toBeNull();
    expect(await country({ cf: { country: "T1" } } as RequestInit)).toBeNull();
    expect(await country()).toBeNull();
  });

  it("can be overridden by a header only while payments are simulated", async () => {
    expect(await country({ headers: { "x-vidriera-country": "MX" }, cf: { country: "AR" } } as RequestInit)).toBe("MX");
    const live = new Browser(withBindings({ PAYMENTS_MODE: "live" }));
    const answer = await live.request("/api/payments/country", {
      headers: { "x-vidriera-country": "MX" },
      cf: { country: "AR" },
    } as RequestInit);
    expect(await answer.json()).toEqual({ country: "AR" });
  });
});

describe("payments mode", () => {
  it("is simulated only on local hosts, set or unset, refuses anything else, and never guesses", () => {
    const base = { ...env, PAYMENTS_MODE: undefined };
    expect(paymentsMode(base, "http://localhost:5173/api/x")).toBe("simulated");
    expect(paymentsMode(base, `${ORIGIN}/api/x`)).toBe("simulated");
    expect(paymentsMode(base, "https://vidriera.app/api/x")).toBe("unconfigured");
    expect(paymentsMode({ ...base, PAYMENTS_MODE: "simulated" }, "http://localhost:5173/api/x")).toBe("simulated");
    expect(paymentsMode({ ...base, PAYMENTS_MODE: "simulated" }, "https://vidriera.app/api/x")).toBe("unconfigured");
    expect(paymentsMode({ ...base, PAYMENTS_MODE: " simulated " }, "https://tienda.example.com/api/x")).toBe("unconfigured");
    expect(paymentsMode({ ...base, PAYMENTS_MODE: "live" }, "http://localhost/api/x")).toBe("live");
    expect(() => paymentsMode({ ...base, PAYMENTS_MODE: "production" }, "https://vidriera.app/")).toThrow(/PAYMENTS_MODE/);
  });

  it("a deployment without PAYMENTS_MODE refuses to open checkouts instead of simulating them", async () => {
    const { browser, userId } = await newSeller();
    const response = await browser.request("https://vidriera.app/api/payments/create-preference", {
      method: "POST",
      origin: "https://vidriera.app",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ packId: "pack-10" }),
      cf: { country: "AR" },
    } as RequestInit);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "Los pagos no están configurados en este servidor." });
    expect(await count("payments", "user_id = ?", userId)).toBe(0);
  });

  it("PAYMENTS_MODE=simulated on a real host opens no pretend checkout and takes no pretend webhook", async () => {
    const { browser, userId } = await newSeller(withBindings({ PAYMENTS_MODE: "simulated" }));
    const checkout = await browser.request("https://vidriera.app/api/payments/create-preference", {
      method: "POST",
      origin: "https://vidriera.app",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ packId: "pack-10" }),
      cf: { country: "AR" },
    } as RequestInit);
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toEqual({ error: "Los pagos no están configurados en este servidor." });
    expect(await count("payments", "user_id = ?", userId)).toBe(0);
    const webhook = await browser.request("https://vidriera.app/api/payments/webhooks/simulated", {
      method: "POST",
      origin: "https://vidriera.app",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "payment", data: { id: "sim-1" } }),
    } as RequestInit);
    expect(webhook.status).toBe(404);
  });
});

describe("exchange rates", () => {
  it("answer the spec's list shape from the fixed table while nothing live is stored", async () => {
    const response = await new Browser().request("/api/payments/exchange-rates");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      rates: { source_currency: string; target_currency: string; value: number }[];
      updatedAt: null;
    };
    expect(body.updatedAt).toBeNull();
    expect(body.rates).toContainEqual({ source_currency: "USD", target_currency: "ARS", value: 1320.473 });
    expect(body.rates).toContainEqual({ source_currency: "USD", target_currency: "CLP", value: 1083.9528 });
    expect(body.rates).toHaveLength(17);
  });
});

describe("simulated checkout, end to end", () => {
  it("Argentina: create-preference → local checkout → approve → credited once, the return page sees it", async () => {
    const { browser, userId } = await newSeller();
    const { response, body } = await openCheckout(browser, "/api/payments/create-preference", { packId: "pack-10", credits: 1200 }, "AR");
    expect(response.status).toBe(201);
    const initPoint = body.preference!.init_point;
    expect(initPoint.startsWith(`${ORIGIN}/api/payments/simulated/checkout?session=`)).toBe(true);
    expect(await paymentRow(body.paymentId)).toMatchObject({
      userId,
      provider: "simulated",
      purpose: "credits",
      packId: "pack-10",
      credits: 500,
      amount: 1200,
      currency: "ARS",
      status: "pending",
      checkoutId: `sim-${body.paymentId}`,
    });
    expect((await paymentState(browser, body.paymentId)).body.payment.status).toBe("pending");

    const page = await browser.request(initPoint);
    const html = await page.text();
    expect(html).toContain("Pago simulado (Mercado Pago)");
    expect(html).toContain("$ 1.200");
    expect(html).toContain("Aprobar pago");
    expect(html).toContain("Rechazar pago");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");

    const decided = await decide(browser, initPoint, "approve");
    expect(decided.status).toBe(303);
    expect(decided.headers.get("location")).toBe(`${ORIGIN}/pago?payment=${body.paymentId}`);
    expect(await creditsOf(userId)).toBe(1000);
    const row = await paymentRow(body.paymentId);
    expect(row!.status).toBe("approved");
    expect(await ledgerKeys(userId)).toEqual([`signup:${userId}`, `payment:simulated:${row!.providerPaymentId}`]);

    const state = await paymentState(browser, body.paymentId);
    expect(state.body.payment.status).toBe("approved");
    expect(state.body.user.credits).toBe(1000);

    // Approving the same checkout again is the same provider payment: nothing more.
    await decide(browser, initPoint, "approve");
    expect(await creditsOf(userId)).toBe(1000);
  });

  it("another country: create-dlocal-payment in USD → reject → nothing credited, the state says rejected", async () => {
    const { browser, userId } = await newSeller();
    const { response, body } = await openCheckout(
      browser,
      "/api/payments/create-dlocal-payment",
      { packId: "pack-1", credits: 0.125 },
      "CL",
    );
    expect(response.status).toBe(201);
    expect(await paymentRow(body.paymentId)).toMatchObject({ amount: 0.13, currency: "USD", credits: 50, provider: "simulated" });
    const page = await (await browser.request(body.redirect_url!)).text();
    expect(page).toContain("Pago simulado (dLocal Go)");
    expect(page).toContain("US$ 0.13");

    expect((await decide(browser, body.redirect_url!, "reject")).status).toBe(303);
    expect((await paymentRow(body.paymentId))!.status).toBe("rejected");
    expect(await creditsOf(userId)).toBe(500);
    expect((await paymentState(browser, body.paymentId)).body.payment.status).toBe("rejected");

    // A payer who retries on the same checkout and is approved gets the credits.
    await decide(browser, body.redirect_url!, "approve");
    expect(await creditsOf(userId)).toBe(550);
    expect((await paymentRow(body.paymentId))!.status).toBe("approved");
  });

  it("the store plan: an unknown country pays as Argentina, and approval sets paidMiTienda and its date once", async () => {
    const { browser, userId } = await newSeller();
    const { response, body } = await openCheckout(browser, "/api/payments/create-preference", { purpose: "store_plan", credits: 2000 });
    expect(response.status).toBe(201);
    expect(await paymentRow(body.paymentId)).toMatchObject({
      purpose: "store_plan",
      packId: null,
      credits: 0,
      amount: 2000,
      currency: "ARS",
    });
    const before = Date.now();
    await decide(browser, body.preference!.init_point, "approve");
    const paid = await paidMiTienda(userId);
    expect(paid!.paid).toBe(1);
    expect(paid!.date).toBeGreaterThanOrEqual(before - 1000);
    expect(await creditsOf(userId)).toBe(500);

    await decide(browser, body.preference!.init_point, "approve");
    expect((await paidMiTienda(userId))!.date).toBe(paid!.date);

    const again = await openCheckout(browser, "/api/payments/create-preference", { purpose: "store_plan" });
    expect(again.response.status).toBe(409);
    expect(again.body.error).toBe("Tu Tienda ya está activa: no hace falta pagarla de nuevo.");
  });

  it("the store plan from another country is 2 USD through dLocal Go", async () => {
    const { browser } = await newSeller();
    const { response, body } = await openCheckout(
      browser,
      "/api/payments/create-dlocal-payment",
      { purpose: "store_plan", credits: 2 },
      "BR",
    );
    expect(response.status).toBe(201);
    expect(await paymentRow(body.paymentId)).toMatchObject({ amount: 2, currency: "USD" });
  });

  it("five approvals of one checkout at once credit it once", async () => {
    const { browser, userId } = await newSeller();
    const { body } = await openCheckout(browser, "/api/payments/create-preference", { packId: "pack-50" }, "AR");
    const answers = await Promise.all(Array.from({ length: 5 }, () => decide(browser, body.preference!.init_point, "approve")));
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303, 303, 303]);
    expect(await creditsOf(userId)).toBe(500 + 2500);
    expect((await ledgerKeys(userId)).filter((k) => k.startsWith("payment:"))).toHaveLength(1);
  });

  it("a forged or tampered checkout link is refused", async () => {
    const { browser } = await newSeller();
    const { body } = await openCheckout(browser, "/api/payments/create-preference", { packId: "pack-1" }, "AR");
    const url = new URL(body.preference!.init_point);
    const token = url.searchParams.get("session")!;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    claims.session.amount = 1;
    const forgedPayload = btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    url.searchParams.set("session", `${header}.${forgedPayload}.${signature}`);
    const page = await browser.request(url.toString());
    expect(page.status).toBe(400);
    expect(await page.json()).toEqual({ error: "El enlace de pago venció o no es válido. Vuelve a intentar desde Vidriera." });
  });
});

describe("bad input never opens a checkout", () => {
  it("needs a signed-in seller", async () => {
    const response = await postFrom(new Browser(), "/api/payments/create-preference", { packId: "pack-10" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Debes iniciar sesión para continuar." });
  });

  it("an unknown pack id, a missing pack, a pack disabled in the seller's country, the wrong provider", async () => {
    const { browser, userId } = await newSeller();
    const cases: [string, unknown, string | undefined, number, string][] = [
      ["/api/payments/create-preference", { packId: "pack-7" }, "AR", 400, "Ese pack de imágenes no existe."],
      ["/api/payments/create-preference", {}, "AR", 400, "Por favor selecciona un pack de imágenes."],
      ["/api/payments/create-dlocal-payment", { packId: "pack-50" }, "CO", 400, "Este pack no está disponible en tu país."],
      ["/api/payments/create-dlocal-payment", { packId: "pack-100" }, "UY", 400, "Este pack no está disponible en tu país."],
      ["/api/payments/create-dlocal-payment", { packId: "pack-10" }, "AR", 400, "En Argentina el pago se hace con Mercado Pago."],
      ["/api/payments/create-preference", { packId: "pack-10" }, "CL", 400, "Desde tu país el pago se hace con dLocal Go."],
      ["/api/payments/create-preference", { packId: "pack-10", purpose: "gift" }, "AR", 400, "Elige qué quieres pagar."],
    ];
    for (const [path, body, country, status, error] of cases) {
      const answer = await openCheckout(browser, path, body, country);
      expect({ path, body, status: answer.response.status, error: answer.body.error }).toEqual({ path, body, status, error });
    }
    expect(await count("payments", "user_id = ?", userId)).toBe(0);
  });

  it("a client-sent amount is never charged: a different price is refused, extra amount fields are ignored", async () => {
    const { browser, userId } = await newSeller();
    const cheap = await openCheckout(browser, "/api/payments/create-preference", { packId: "pack-100", credits: 1 }, "AR");
    expect(cheap.response.status).toBe(409);
    expect(cheap.body.error).toBe("El precio cambió. Recarga la página e intenta de nuevo.");
    expect(await count("payments", "user_id = ?", userId)).toBe(0);

    const sneaky = await openCheckout(
      browser,
      "/api/payments/create-preference",
      { packId: "pack-100", amount: 1, unit_price: 1, transaction_amount: 1, currency: "USD", credits_granted: 999999 },
      "AR",
    );
    expect(sneaky.response.status).toBe(201);
    expect(await paymentRow(sneaky.body.paymentId)).toMatchObject({ amount: 12000, currency: "ARS", credits: 5000 });
  });
});

describe("the simulated webhook", () => {
  it("with a forged signature is refused with 401 and credits nothing", async () => {
    const { browser, userId } = await newSeller();
    const { body } = await openCheckout(browser, "/api/payments/create-preference", { packId: "pack-10" }, "AR");
    const forgedId = `sp-${body.paymentId}-approved-120000-ars-${"0".repeat(32)}`;
    const ts = Math.floor(Date.now() / 1000);
    const answer = await new Browser().request(`/api/payments/webhooks/simulated?type=payment&data.id=${forgedId}`, {
      method: "POST",
      origin: null,
      headers: { "content-type": "application/json", "x-request-id": "r-1", "x-signature": `ts=${ts},v1=${"ab".repeat(32)}` },
      body: JSON.stringify({ type: "payment", data: { id: forgedId } }),
    });
    expect(answer.status).toBe(401);
    const unsigned = await new Browser().request(`/api/payments/webhooks/simulated?type=payment&data.id=${forgedId}`, {
      method: "POST",
      origin: null,
    });
    expect(unsigned.status).toBe(401);
    expect(await creditsOf(userId)).toBe(500);
    expect((await paymentRow(body.paymentId))!.status).toBe("pending");
  });

  it("does not exist when payments are live", async () => {
    const live = new Browser(withBindings({ PAYMENTS_MODE: "live" }));
    expect((await live.request("/api/payments/webhooks/simulated?type=payment&data.id=x", { method: "POST", origin: null })).status).toBe(
      404,
    );
    expect((await live.request("/api/payments/simulated/checkout?session=abc")).status).toBe(404);
  });
});

describe("a payment's state", () => {
  it("is only its owner's", async () => {
    const owner = await newSeller();
    const { body } = await openCheckout(owner.browser, "/api/payments/create-preference", { packId: "pack-1" }, "AR");
    const stranger = await newSeller();
    const answer = await stranger.browser.request(`/api/payments/${body.paymentId}`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: "No encontramos ese pago." });
    expect((await owner.browser.request(`/api/payments/${body.paymentId}`)).status).toBe(200);
  });
});

describe("the store plan is bought once", () => {
  const PLAN = { purpose: "store_plan", credits: 2000 };

  it("two plan checkouts opened at once: one opens, the other is refused while it is open", async () => {
    const { browser } = await newSeller();
    const answers = await Promise.all(Array.from({ length: 4 }, () => openCheckout(browser, "/api/payments/create-preference", PLAN)));
    expect(answers.map((a) => a.response.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.find((a) => a.response.status === 409)!.body.error).toBe(
      "Ya tienes un pago del Plan Mi Tienda en curso. Termínalo en la pestaña donde lo abriste o espera 30 minutos para empezar otro.",
    );
  });

  it("a plan payment that arrives after activating with credits becomes 500 credits, in the ledger and shown to the seller", async () => {
    const { browser, userId } = await newSeller();
    const { body } = await openCheckout(browser, "/api/payments/create-preference", PLAN);
    // Meanwhile, in another tab, the seller activates the plan with credits.
    expect((await browser.request("/api/credits/auto-charge", { method: "POST" })).status).toBe(200);
    expect(await creditsOf(userId)).toBe(0);
    const date = (await paidMiTienda(userId))!.date;

    await decide(browser, body.preference!.init_point, "approve");
    expect(await creditsOf(userId)).toBe(500);
    expect(await paidMiTienda(userId)).toEqual({ paid: 1, date });
    const remote = (await paymentRow(body.paymentId))!.providerPaymentId;
    expect(await ledgerKeys(userId)).toEqual([`signup:${userId}`, `store_plan:${userId}`, `payment:simulated:${remote}`]);
    const state = await browser.request(`/api/payments/${body.paymentId}`);
    expect(((await state.json()) as { payment: { status: string; convertedCredits: number } }).payment).toMatchObject({
      status: "approved",
      convertedCredits: 500,
    });
    // Delivered again: nothing more.
    await decide(browser, body.preference!.init_point, "approve");
    expect(await creditsOf(userId)).toBe(500);
    // The seller's movements show it, newest first, each with the balance it left.
    const history = (await (await browser.request("/api/credits/history")).json()) as { movements: CreditMovementView[] };
    expect(history.movements.map(({ delta, reason, balanceAfter }) => ({ delta, reason, balanceAfter }))).toEqual([
      { delta: 500, reason: "store_plan_as_credits", balanceAfter: 500 },
      { delta: -500, reason: "store_plan", balanceAfter: 0 },
      { delta: 500, reason: "signup_bonus", balanceAfter: 500 },
    ]);
    expect(movementLabel(history.movements[0]!.reason)).toBe("Pago del Plan Mi Tienda con tu Tienda ya activa: sumado como imágenes");
    expect((await new Browser().request("/api/credits/history")).status).toBe(401);
  });

  it("two plan checkouts both paid (the first abandoned, then paid late): one activates, the other becomes credits", async () => {
    const { browser, userId } = await newSeller();
    const first = await openCheckout(browser, "/api/payments/create-preference", PLAN);
    // Abandoned long enough to no longer block a new one.
    await env.DB.prepare("UPDATE payments SET created_at = created_at - 3600000 WHERE id = ?").bind(first.body.paymentId).run();
    const second = await openCheckout(browser, "/api/payments/create-preference", PLAN);
    expect(second.response.status).toBe(201);
    await Promise.all([
      decide(browser, first.body.preference!.init_point, "approve"),
      decide(browser, second.body.preference!.init_point, "approve"),
    ]);
    expect((await paidMiTienda(userId))!.paid).toBe(1);
    expect(await creditsOf(userId)).toBe(1000);
    const { results } = await env.DB.prepare("SELECT reason, delta FROM credit_ledger WHERE user_id = ? ORDER BY id").bind(userId).all();
    expect(results).toEqual([
      { reason: "signup_bonus", delta: 500 },
      { reason: "store_plan_as_credits", delta: 500 },
    ]);
  });

  it("once the plan is active, activating with credits charges nothing", async () => {
    const { browser, userId } = await newSeller();
    const { body } = await openCheckout(browser, "/api/payments/create-preference", PLAN);
    await decide(browser, body.preference!.init_point, "approve");
    const again = await browser.request("/api/credits/auto-charge", { method: "POST" });
    expect(((await again.json()) as { charged: boolean }).charged).toBe(false);
    expect(await creditsOf(userId)).toBe(500);
  });
});
