/**
 * Reconciliation: a paid checkout whose notification never arrived is still
 * credited. The return page asks the provider about its own checkout, and a
 * cron every 10 minutes asks about every checkout still pending after 10
 * minutes, up to 48 hours old. Both go through settlePayment, the one
 * idempotent settlement that webhooks use, so a payment reached by both ways
 * is credited once.
 */
import { and, eq, gt, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { database } from "../db/client";
import { payments } from "../db/schema";
import type { Bindings } from "../env";
import { errorName } from "../lib/log";
import { paymentsLog } from "./log";
import { notifyingProvider } from "./select";
import { settlePayment } from "./settle";

/** wrangler.toml [triggers]: the reconciliation cron. */
export const RECONCILE_CRON = "*/10 * * * *";
const MINUTE = 60 * 1000;
/** A checkout younger than this is left to its webhook; older than the window, it is abandoned. */
export const RECONCILE_AFTER_MS = 10 * MINUTE;
export const RECONCILE_WINDOW_MS = 48 * 60 * MINUTE;
/** Provider calls per cron run: a backlog is worked through over the next runs. */
const PER_RUN = 50;

type PaymentRow = typeof payments.$inferSelect;

/** Asks the provider about one of our checkouts and settles what it reports. Never throws for the provider. */
export async function reconcilePayment(env: Bindings, db: Db, row: PaymentRow, requestUrl: string, requestId?: string): Promise<void> {
  const log = paymentsLog(requestId, row.provider);
  const provider = notifyingProvider(env, requestUrl, row.provider);
  if (!provider) return;
  try {
    const found = await provider.paymentsForCheckout({ paymentId: row.id, checkoutId: row.providerCheckoutId });
    // Approved first: a rejected attempt on the same checkout must not mark it rejected before its approval counts.
    found.sort((a, b) => Number(b.status === "approved") - Number(a.status === "approved"));
    for (const remote of found) {
      // Only answers about this checkout (a search result or a payment naming another is ignored).
      if (remote.reference !== row.id) continue;
      await settlePayment(db, provider, remote, requestId);
    }
  } catch (err) {
    log("warn", "reconciliation could not ask the provider", { paymentId: row.id, error: errorName(err) });
  }
}

/** The cron: every pending checkout between 10 minutes and 48 hours old, oldest first. */
export async function reconcileOpenCheckouts(env: Bindings, now = Date.now()): Promise<number> {
  const db = database(env.DB);
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        lt(payments.createdAt, new Date(now - RECONCILE_AFTER_MS)),
        gt(payments.createdAt, new Date(now - RECONCILE_WINDOW_MS)),
        // dLocal Go is asked by the checkout's id; Mercado Pago by our reference.
        or(eq(payments.provider, "mercadopago"), isNotNull(payments.providerCheckoutId)),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(PER_RUN);
  const origin = env.PUBLIC_ORIGIN?.trim() || "https://reconciliation.invalid";
  for (const row of open) await reconcilePayment(env, db, row, origin);
  return open.length;
}
