/**
 * Applying what a provider says about a payment. Only the provider's own
 * answer to a direct question counts (never a webhook body), and an approved
 * payment is credited only when it names one of our pending payments of the
 * same provider, for the same amount and currency, at most once per provider
 * payment id: the ledger's idempotency key and UNIQUE(provider,
 * provider_payment_id) hold that even for concurrent deliveries.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { nextStoreVersion } from "../lib/store-version";
import type { Db } from "../db/client";
import { STORE_PLAN } from "../../common/packs";
import { creditLedger, payments, users } from "../db/schema";
import { moveCredits, movementStatements } from "../lib/credits";
import { paymentsLog } from "./log";
import type { PaymentProvider, RemotePayment } from "./types";

export type SettleOutcome =
  | "credited"
  | "activated"
  | "duplicate"
  | "pending"
  | "rejected"
  | "unknown-payment"
  | "amount-mismatch"
  | "already-settled";

const AMOUNT_TOLERANCE = 0.005;

function isDuplicateProviderPayment(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("payments.provider_payment_id") || e.message.includes("payments_provider_payment_unique")) return true;
  }
  return false;
}

export async function settlePayment(db: Db, provider: PaymentProvider, remote: RemotePayment, requestId?: string): Promise<SettleOutcome> {
  const log = paymentsLog(requestId, provider.name);
  const context = { providerPaymentId: remote.id, reference: remote.reference, status: remote.rawStatus };
  const payment = remote.reference
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, remote.reference), eq(payments.provider, provider.name)))
        .get()
    : undefined;
  if (!payment) {
    log("warn", "payment notification for no payment of ours", context);
    return "unknown-payment";
  }

  if (remote.status === "pending") return "pending";

  if (remote.status === "rejected") {
    // A rejection never undoes an approval (a later, failed retry on the same checkout).
    await db
      .update(payments)
      .set({ status: "rejected", updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), ne(payments.status, "approved")));
    return "rejected";
  }

  if (!(Math.abs(remote.amount - payment.amount) <= AMOUNT_TOLERANCE) || remote.currency.toUpperCase() !== payment.currency) {
    log("error", "approved payment does not match its checkout; not credited", {
      ...context,
      paymentId: payment.id,
      expectedAmount: payment.amount,
      expectedCurrency: payment.currency,
      receivedAmount: remote.amount,
      receivedCurrency: remote.currency,
    });
    return "amount-mismatch";
  }

  if (payment.status === "approved") {
    if (payment.providerPaymentId === remote.id) return "duplicate";
    // The payer paid the same checkout twice (a preference can take more than one payment). It is real
    // money: its value becomes credits, once per provider payment id, never swallowed.
    const result = await moveCredits(db, {
      userId: payment.userId,
      delta: payment.purpose === "store_plan" ? STORE_PLAN.credits : payment.credits,
      reason: payment.purpose === "store_plan" ? "store_plan_as_credits" : "purchase",
      idempotencyKey: `payment:${provider.name}:${remote.id}`,
    });
    if (result.status === "duplicate") return "duplicate";
    log("warn", "second approved payment for a settled checkout; credited", { ...context, paymentId: payment.id });
    return "already-settled";
  }

  const markApproved = db
    .update(payments)
    .set({ status: "approved", providerPaymentId: remote.id, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));

  try {
    if (payment.purpose === "store_plan") {
      // One batch decides, from the rows as they are inside it: a plan that is already active (paid with
      // credits, or by another checkout) gets this payment's value as credits through the ledger; otherwise
      // the payment activates it. Both only while this payment is not yet approved, so a repeated
      // delivery changes nothing; markApproved comes last for that reason.
      const key = `payment:${provider.name}:${remote.id}`;
      const stillPending = sql`EXISTS (SELECT 1 FROM "payments" AS p WHERE p."id" = ${payment.id} AND p."status" != 'approved')`;
      await db.batch([
        ...movementStatements(
          db,
          { userId: payment.userId, delta: STORE_PLAN.credits, reason: "store_plan_as_credits", idempotencyKey: key },
          and(eq(users.paidMiTienda, true), stillPending)!,
        ),
        db
          .update(users)
          // The store's cached pages drop the 'Tienda en modo prueba' notice.
          .set({
            paidMiTienda: true,
            paidMiTiendaDate: sql`COALESCE(${users.paidMiTiendaDate}, ${Date.now()})`,
            storeVersion: nextStoreVersion(payment.userId),
          })
          .where(and(eq(users.id, payment.userId), eq(users.paidMiTienda, false), stillPending)),
        markApproved,
      ]);
      const credited = await db.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, key)).get();
      if (credited) {
        log("info", "store plan paid while active; credited", {
          ...context,
          paymentId: payment.id,
          userId: payment.userId,
          credits: STORE_PLAN.credits,
        });
        return "credited";
      }
      log("info", "store plan paid", { ...context, paymentId: payment.id, userId: payment.userId });
      return "activated";
    }
    const result = await moveCredits(
      db,
      { userId: payment.userId, delta: payment.credits, reason: "purchase", idempotencyKey: `payment:${provider.name}:${remote.id}` },
      { before: [markApproved] },
    );
    if (result.status === "duplicate") return "duplicate";
    if (result.status !== "applied") throw new Error(`credit purchase not applied: ${result.status}`);
    log("info", "credits purchased", { ...context, paymentId: payment.id, userId: payment.userId, credits: payment.credits });
    return "credited";
  } catch (err) {
    if (isDuplicateProviderPayment(err)) {
      log("error", "provider payment id already belongs to another checkout; not credited", { ...context, paymentId: payment.id });
      return "duplicate";
    }
    throw err;
  }
}
