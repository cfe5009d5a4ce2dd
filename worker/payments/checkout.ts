/**
 * Opening a checkout: the server alone decides what is sold and for how
 * much (pack table, store plan, the seller's country), records it as a
 * pending payment bound to the seller, and only then asks the provider.
 */
import { and, eq, ne } from "drizzle-orm";
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
import { payments } from "../db/schema";
import type { Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { randomId } from "../lib/ids";
import { errorName, log } from "../lib/log";
import type { SessionUser } from "../env";
import { checkoutProvider } from "./select";
import { MissingCheckoutUrl, ProviderHttpError } from "./types";

export const UNKNOWN_PACK = "Ese pack de imágenes no existe.";
export const PACK_NOT_IN_COUNTRY = "Este pack no está disponible en tu país.";
export const PRICE_CHANGED = "El precio cambió. Recargá la página e intentá de nuevo.";
export const STORE_ALREADY_PAID = "Tu Tienda ya está activa: no hace falta pagarla de nuevo.";

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
  await db.insert(payments).values({
    id: paymentId,
    userId: user.id,
    provider: provider.name,
    purpose: input.purpose,
    packId: input.purpose === "credits" ? item.id : null,
    credits: item.credits,
    amount: charge.amount,
    currency: charge.currency,
  });

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
