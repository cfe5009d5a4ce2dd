/**
 * Reconciliation: a paid checkout whose notification never arrived is still
 * credited. The return page asks the provider about its own checkout, and a
 * cron every 10 minutes asks about checkouts still pending between 10 minutes
 * and 48 hours old. Both go through settlePayment, the one idempotent
 * settlement that webhooks use, so a payment reached by both ways is credited
 * once.
 *
 * Abandoned checkouts must not starve a paid one: the cron asks about the
 * newest due checkouts first, and asks again after a third of the checkout's
 * age (every run while it is under half an hour old, when payments happen;
 * then after 13 minutes, 18, 24, ... at most every 6 hours), so a checkout
 * left for 48 hours costs about twenty questions instead of one per run, and
 * old ones never stand before a young one. A seller holds at most 5 open
 * pack checkouts an hour (checkout.ts), and a run asks about up to 200, 4 at
 * a time.
 */
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
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
/** Provider calls per cron run, newest due first: a backlog beyond it is worked through over the next runs. */
export const RECONCILE_PER_RUN = 200;
/** Provider calls at once: under the 6 simultaneous connections a Worker invocation may open. */
const AT_ONCE = 4;
const MAX_BACKOFF_MS = 6 * 60 * MINUTE;

/** How long after an unanswered check a pending checkout of this age is asked about again. */
export function reconcileBackoff(ageMs: number): number {
  return Math.min(Math.max(RECONCILE_AFTER_MS, ageMs / 3), MAX_BACKOFF_MS);
}

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

/**
 * The cron: pending checkouts between 10 minutes and 48 hours old whose next check is due, newest first,
 * up to RECONCILE_PER_RUN. One still pending afterwards is asked again after `reconcileBackoff`.
 */
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
        or(isNull(payments.reconcileDueAt), lte(payments.reconcileDueAt, new Date(now))),
        // dLocal Go is asked by the checkout's id; Mercado Pago by our reference.
        or(eq(payments.provider, "mercadopago"), isNotNull(payments.providerCheckoutId)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(RECONCILE_PER_RUN);
  const origin = env.PUBLIC_ORIGIN?.trim() || "https://reconciliation.invalid";
  let next = 0;
  const worker = async () => {
    for (let row = open[next++]; row; row = open[next++]) {
      await reconcilePayment(env, db, row, origin);
      // Settled meanwhile (this check or a webhook): the status is no longer pending and nothing changes.
      await db
        .update(payments)
        .set({ reconcileDueAt: new Date(now + reconcileBackoff(now - row.createdAt.getTime())) })
        .where(and(eq(payments.id, row.id), eq(payments.status, "pending")));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return open.length;
}
