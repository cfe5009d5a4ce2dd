import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { z } from "zod";
import { formatMoney, normalizeCountry, PROVIDER_NAMES, type PaymentRoute } from "../../common/packs";
import type { PaymentView } from "../../common/payments";
import { priceClaims } from "../../common/price-claims";
import { database, type Db } from "../db/client";
import { payments, users } from "../db/schema";
import type { Env } from "../env";
import { findUserById, toApiUser } from "../lib/accounts";
import { ApiError } from "../lib/errors";
import { requireUser, signedSession } from "../lib/sessions";
import { validate } from "../lib/validation";
import { KiB, limitBody, smallJson } from "../lib/body-limit";
import { startCheckout } from "../payments/checkout";
import { currentRates, rateList } from "../payments/exchange-rates";
import { paymentsLog } from "../payments/log";
import { handleNotification } from "../payments/notifications";
import { reconcilePayment } from "../payments/reconcile";
import { notifyingProvider, paymentsMode } from "../payments/select";
import { SIMULATED_CHECKOUT_PATH, SimulatedPaymentProvider, type SimulatedSession } from "../payments/simulated";

export const PAYMENT_NOT_FOUND = "No encontramos ese pago.";
export const CHECKOUT_LINK_INVALID = "El enlace de pago venció o no es válido. Vuelve a intentar desde Vidriera.";

/** Lets tests and `npm run dev` pretend to be elsewhere; never honoured with real payments. */
export const COUNTRY_OVERRIDE_HEADER = "x-vidriera-country";

/** The seller's country from the edge (`request.cf.country`), null when unknown. */
function requestCountry(c: Context<Env>): string | null {
  const override = c.req.header(COUNTRY_OVERRIDE_HEADER);
  if (override !== undefined && paymentsMode(c.env, c.req.url) === "simulated") return normalizeCountry(override);
  const cf = c.req.raw.cf as { country?: unknown } | undefined;
  return normalizeCountry(typeof cf?.country === "string" ? cf.country : null);
}

/** The signed-in seller's store country (what their prices are estimated in), null for a visitor. */
async function sellerCountry(c: Context<Env>, db: Db): Promise<string | null> {
  const session = await signedSession(c);
  if (typeof session === "string") return null;
  const row = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, session.userId)).get();
  return normalizeCountry(row?.countryCode);
}

const checkoutBody = z.object(
  {
    purpose: z.enum(["credits", "store_plan"], { error: "Elige qué quieres pagar." }).default("credits"),
    packId: z.string().trim().max(40).optional(),
    // The spec's field name: it carries the price the screen showed (a check, never what is charged).
    credits: z.number({ error: "El precio enviado no es válido." }).finite().nonnegative().optional(),
  },
  { error: "Faltan los datos del pago." },
);

function checkout(c: Context<Env>, endpoint: PaymentRoute, body: z.infer<typeof checkoutBody>) {
  return startCheckout(
    {
      env: c.env,
      db: database(c.env.DB),
      requestUrl: c.req.url,
      requestId: c.get("requestId"),
      user: c.get("user"),
      country: requestCountry(c),
      endpoint,
    },
    { purpose: body.purpose, packId: body.packId, shownPrice: body.credits },
  );
}

function view(row: typeof payments.$inferSelect, convertedCredits = 0): PaymentView {
  return {
    convertedCredits,
    id: row.id,
    purpose: row.purpose,
    packId: row.packId,
    credits: row.credits,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function simulatedProvider(c: Context<Env>): SimulatedPaymentProvider {
  const provider = notifyingProvider(c.env, c.req.url, "simulated");
  if (!(provider instanceof SimulatedPaymentProvider)) throw new ApiError(404, "No encontrado.");
  return provider;
}

async function simulatedSession(provider: SimulatedPaymentProvider, token: string): Promise<SimulatedSession> {
  const session = await provider.readSession(token);
  if (!session) throw new ApiError(400, CHECKOUT_LINK_INVALID);
  return session;
}

// Provider notifications are a few hundred bytes; anything bigger is not one.
const notificationSize = limitBody(16 * KiB);

/** Exchange rates, the visitor's country, checkouts with Mercado Pago and dLocal Go, and their webhooks. */
export const paymentRoutes = new Hono<Env>()
  .get("/exchange-rates", async (c) => {
    const { rates, updatedAt } = await currentRates(database(c.env.DB));
    return c.json({ rates: rateList(rates), updatedAt: updatedAt?.toISOString() ?? null }, 200);
  })
  .get("/country", (c) => c.json({ country: requestCountry(c) }, 200))
  // Every price claim of the screens, computed for the visitor's country from what it is charged there; when
  // the edge does not know the country, a signed-in seller's store country writes the numbers and estimates.
  .get("/prices", async (c) => {
    const db = database(c.env.DB);
    const country = requestCountry(c);
    const [home, { rates }] = await Promise.all([country ? null : sellerCountry(c, db), currentRates(db)]);
    return c.json(priceClaims(country, { home, rates }), 200);
  })
  .post("/create-preference", smallJson(), requireUser, validate("json", checkoutBody), async (c) => {
    const { paymentId, redirectUrl } = await checkout(c, "mercadopago", c.req.valid("json"));
    return c.json({ paymentId, preference: { init_point: redirectUrl } }, 201);
  })
  .post("/create-dlocal-payment", smallJson(), requireUser, validate("json", checkoutBody), async (c) => {
    const { paymentId, redirectUrl } = await checkout(c, "dlocalgo", c.req.valid("json"));
    return c.json({ paymentId, redirect_url: redirectUrl }, 201);
  })
  .post("/webhooks/:provider", notificationSize, async (c) => {
    const answer = await handleNotification(c.env, c.req.raw, c.req.param("provider"), c.get("requestId"));
    return c.json(answer.body, answer.status);
  })
  // The offline provider's checkout page; it exists only while payments are simulated.
  .get("/simulated/checkout", validate("query", z.object({ session: z.string().min(1).max(4000) })), async (c) => {
    const session = await simulatedSession(simulatedProvider(c), c.req.valid("query").session);
    c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
    return c.html(simulatedCheckoutPage(c.req.valid("query").session, session));
  })
  .post(
    "/simulated/checkout",
    // The form carries the signed session token (at most 4000 characters) and the decision.
    limitBody(8 * KiB),
    validate(
      "form",
      z.object({ session: z.string().min(1).max(4000), decision: z.enum(["approve", "reject"]) }, { error: "Solicitud inválida." }),
    ),
    async (c) => {
      const provider = simulatedProvider(c);
      const { session: token, decision } = c.req.valid("form");
      const session = await simulatedSession(provider, token);
      const remoteId = await provider.decide(session, decision);
      // Delivered through the same handler and signature check as a real provider's webhook.
      const notice = await provider.notification(new URL(c.req.url).origin, remoteId);
      const answer = await handleNotification(c.env, notice, "simulated", c.get("requestId"));
      if (answer.status !== 200)
        paymentsLog(c.get("requestId"), "simulated")("error", "simulated webhook not accepted", { status: answer.status });
      return c.redirect(session.returnUrl, 303);
    },
  )
  .get("/:id", requireUser, validate("param", z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const where = and(eq(payments.id, c.req.valid("param").id), eq(payments.userId, user.id));
    let row = await db.select().from(payments).where(where).get();
    if (!row) throw new ApiError(404, PAYMENT_NOT_FOUND);
    if (row.status === "pending") {
      // The payer is back but no notification has settled it: ask the provider directly (same settlement).
      await reconcilePayment(c.env, db, row, c.req.url, c.get("requestId"));
      row = (await db.select().from(payments).where(where).get()) ?? row;
    }
    // A plan payment for a plan already active became credits (settle.ts), possibly more than one on its checkout.
    const converted =
      row.purpose === "store_plan" && row.status === "approved"
        ? await db.get<{ n: number | null }>(sql`SELECT SUM(l."delta") AS n FROM "credit_ledger" AS l
            WHERE l."user_id" = ${user.id} AND l."reason" = 'store_plan_as_credits'
              AND l."idempotency_key" IN (SELECT 'payment:' || p."provider" || ':' || p."provider_payment_id" FROM "payments" AS p WHERE p."id" = ${row.id})`)
        : undefined;
    // The balance and store flag as they are now, so the return page can update the header.
    const fresh = await findUserById(db, user.id);
    return c.json({ payment: view(row, converted?.n ?? 0), user: toApiUser(fresh ?? user) }, 200);
  });

function simulatedCheckoutPage(token: string, session: SimulatedSession) {
  const stand = PROVIDER_NAMES[session.route];
  const price = formatMoney({ amount: session.amount, currency: session.currency });
  return html`<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Pago simulado · Vidriera</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f1f5f9; display: grid; place-items: center; min-height: 100vh; margin: 0; color: #0f172a; }
      form { background: #fff; padding: 2rem; border-radius: 1rem; max-width: 24rem; width: calc(100% - 2rem); box-sizing: border-box; box-shadow: 0 8px 30px #0f172a1a; }
      h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
      p { color: #475569; font-size: .9rem; }
      .amount { font-size: 2rem; font-weight: 700; color: #0f172a; margin: 1rem 0 .25rem; }
      .actions { display: flex; gap: .5rem; margin-top: 1.5rem; }
      button { flex: 1; padding: .8rem; border-radius: .5rem; border: 0; font-weight: 600; font-size: 1rem; cursor: pointer; }
      .approve { background: #15803d; color: #fff; } .reject { background: #e2e8f0; color: #0f172a; }
    </style>
  </head>
  <body>
    <form method="post" action="${SIMULATED_CHECKOUT_PATH}">
      <h1>Pago simulado (${stand})</h1>
      <p>Este servidor no tiene configurado un proveedor de pagos real: esta pantalla lo reemplaza para probar sin conexión. No se cobra dinero.</p>
      <p><strong>${session.title}</strong></p>
      <p class="amount" data-testid="simulated-amount">${price}</p>
      <p>${session.currency}</p>
      <input type="hidden" name="session" value="${token}" />
      <div class="actions">
        <button class="reject" type="submit" name="decision" value="reject">Rechazar pago</button>
        <button class="approve" type="submit" name="decision" value="approve">Aprobar pago</button>
      </div>
    </form>
  </body>
</html>`;
}
