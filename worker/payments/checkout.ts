/**
 * Opening a checkout: the server alone decides what is sold and for how
 * much (pack table, store plan, the seller's country), records it as a
 * pending payment bound to the seller, and only then asks the provider.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import {
  chargeFor,
  findPack,
  packAvailableIn,
  paymentRouteFor,
  PROVIDER_NAMES,
  samePrice,
  STORE_PLAN,
  storePlanCountry,
  type PaymentRoute,
} from "../../common/packs";
import { CHOOSE_A_PACK, checkoutFailed, missingPaymentUrl, type PaymentPurpose } from "../../common/payments";
import type { Db } from "../db/client";
import { payments, users } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { randomId } from "../lib/ids";
import { errorName, log } from "../lib/log";
import type { SessionUser } from "../env";
import { checkoutProvider } from "./select";
import { MissingCheckoutUrl, ProviderHttpError } from "./types";

export const UNKNOWN_PACK = "Ese pack de imágenes no existe.";
export const PACK_NOT_IN_COUNTRY = "Este pack no está disponible en tu país.";
export const PRICE_CHANGED = "El precio cambió. Recarga la página e intenta de nuevo.";
export const STORE_ALREADY_PAID = "Tu Tienda ya está activa: no hace falta pagarla de nuevo.";
export const STORE_PLAN_CHECKOUT_OPEN =
  "Ya tienes un pago del Plan Mi Tienda en curso. Termínalo en la pestaña donde lo abriste o espera 30 minutos para empezar otro.";
/** How long an unpaid plan checkout blocks opening another. */
export const PLAN_CHECKOUT_OPEN_MS = 30 * 60 * 1000;
/**
 * Pack checkouts a seller may have open (pending) from the last hour. More is someone filling the
 * reconciliation cron's queue, not a seller choosing a pack (reconcile.ts).
 */
export const MAX_OPEN_CHECKOUTS = 5;
export const OPEN_CHECKOUTS_MS = 60 * 60 * 1000;
export const TOO_MANY_OPEN_CHECKOUTS = `Ya tienes ${MAX_OPEN_CHECKOUTS} pagos abiertos sin terminar. Termina uno de ellos o espera una hora para abrir otro.`;

export function wrongRoute(expected: PaymentRoute): string {
  return expected === "mercadopago"
    ? "En Argentina el pago se hace con Mercado Pago."
    : `Desde tu país el pago se hace con ${PROVIDER_NAMES.dlocalgo}.`;
}

export interface CheckoutInput {
  purpose: PaymentPurpose;
  packId?: string;
  /** The spec's `credits` field: the price the screen showed. Only compared, never charged. */
  shownPrice?: number;
}

export interface CheckoutContext {
  env: Bindings;
  db: Db;
  requestUrl: string;
  requestId: string;
  user: SessionUser;
  /** The seller's country from the edge, null when unknown. */
  country: string | null;
  /** Which endpoint was called: create-preference (Mercado Pago) or create-dlocal-payment. */
  endpoint: PaymentRoute;
}

function publicOrigin(env: Bindings, requestUrl: string): string {
  return (env.PUBLIC_ORIGIN?.trim() || new URL(requestUrl).origin).replace(/\/+$/, "");
}

export async function startCheckout(ctx: CheckoutContext, input: CheckoutInput): Promise<{ paymentId: string; redirectUrl: string }> {
  const { env, db, user } = ctx;
  let item: { id: string; title: string; prices: { priceUSD: number; priceARS: number }; credits: number; country: string | null };
  if (input.purpose === "credits") {
    if (!input.packId) throw new ApiError(400, CHOOSE_A_PACK);
    const pack = findPack(input.packId);
    if (!pack) throw new ApiError(400, UNKNOWN_PACK);
    if (!packAvailableIn(pack, ctx.country)) throw new ApiError(400, PACK_NOT_IN_COUNTRY);
    const title = pack.images === 1 ? "1 imagen (Vidriera)" : `Pack de ${pack.images} imágenes (Vidriera)`;
    item = { id: pack.id, title, prices: pack, credits: pack.credits, country: ctx.country };
  } else {
    if (user.paidMiTienda) throw new ApiError(409, STORE_ALREADY_PAID);
    item = { id: "store-plan", title: "Plan Mi Tienda (Vidriera)", prices: STORE_PLAN, credits: 0, country: storePlanCountry(ctx.country) };
  }

  const route = paymentRouteFor(item.country);
  if (route !== ctx.endpoint) throw new ApiError(400, wrongRoute(route));
  const charge = chargeFor(item.prices, route);
  if (input.shownPrice !== undefined && !samePrice(input.shownPrice, charge.amount)) throw new ApiError(409, PRICE_CHANGED);

  const provider = checkoutProvider(env, ctx.requestUrl, route);
  const paymentId = randomId();
  if (input.purpose === "store_plan") {
    // One statement, so two tabs (or a double click) cannot both open one: the plan is bought once. A
    // checkout abandoned for PLAN_CHECKOUT_OPEN_MS no longer blocks; if it is paid after all, settlement
    // turns it into credits (the plan being active by then).
    const opened = await db.run(sql`
      INSERT INTO "payments" ("id", "user_id", "provider", "purpose", "pack_id", "credits", "amount", "currency")
      SELECT ${paymentId}, ${user.id}, ${provider.name}, 'store_plan', NULL, 0, ${charge.amount}, ${charge.currency}
      WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = ${user.id} AND "paid_mi_tienda" = 1)
        AND NOT EXISTS (SELECT 1 FROM "payments" WHERE "user_id" = ${user.id} AND "purpose" = 'store_plan'
                        AND "status" = 'pending' AND "created_at" > ${Date.now() - PLAN_CHECKOUT_OPEN_MS})`);
    if (!opened.meta.changes) {
      const active = await db.select({ paid: users.paidMiTienda }).from(users).where(eq(users.id, user.id)).get();
      throw new ApiError(409, active?.paid ? STORE_ALREADY_PAID : STORE_PLAN_CHECKOUT_OPEN);
    }
  } else {
    // One statement, so a burst of checkouts fired together counts each one: only the first ones open.
    const opened = await db.run(sql`
      INSERT INTO "payments" ("id", "user_id", "provider", "purpose", "pack_id", "credits", "amount", "currency")
      SELECT ${paymentId}, ${user.id}, ${provider.name}, ${input.purpose}, ${item.id}, ${item.credits}, ${charge.amount}, ${charge.currency}
      WHERE (SELECT COUNT(*) FROM "payments" WHERE "user_id" = ${user.id} AND "purpose" = 'credits' AND "status" = 'pending'
             AND "created_at" > ${Date.now() - OPEN_CHECKOUTS_MS}) < ${MAX_OPEN_CHECKOUTS}`);
    if (!opened.meta.changes) throw new ApiError(429, TOO_MANY_OPEN_CHECKOUTS);
  }

  const origin = publicOrigin(env, ctx.requestUrl);
  const notificationUrl = new URL(`/api/payments/webhooks/${provider.name}`, origin);
  // Mercado Pago then sends webhooks only, not the older IPN feed as well.
  if (provider.name === "mercadopago") notificationUrl.searchParams.set("source_news", "webhooks");
  try {
    const checkout = await provider.createCheckout({
      paymentId,
      amount: charge.amount,
      currency: charge.currency,
      itemId: item.id,
      title: item.title,
      country: item.country,
      returnUrl: `${origin}/pago?payment=${paymentId}`,
      notificationUrl: notificationUrl.toString(),
    });
    await db.update(payments).set({ providerCheckoutId: checkout.checkoutId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
    return { paymentId, redirectUrl: checkout.redirectUrl };
  } catch (err) {
    // The checkout never opened, so nothing should be paid against this row; yet an approval that
    // arrived meanwhile (its webhook can beat this answer) is real money and stays approved.
    await db
      .update(payments)
      .set({ status: "rejected", updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), ne(payments.status, "approved")));
    if (err instanceof ProviderHttpError || err instanceof MissingCheckoutUrl) {
      log("error", "checkout failed", {
        requestId: ctx.requestId,
        provider: provider.name,
        paymentId,
        error: errorName(err),
        status: err instanceof ProviderHttpError ? err.status : null,
      });
      if (err instanceof MissingCheckoutUrl) throw new ApiError(502, missingPaymentUrl(route));
      throw new ApiError(502, checkoutFailed(err.status || 502));
    }
    throw err;
  }
}
