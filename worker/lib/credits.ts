import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { creditLedger, users } from "../db/schema";
import { ApiError } from "./errors";
import { NO_CREDITS_LEFT } from "../../common/credits";

/**
 * The credits ledger: the only code that changes a balance.
 *
 * Each movement is one append-only ledger row plus the balance update, in
 * one atomic D1 batch. Two constraints in the database make it safe under
 * any concurrency, with no read-then-write race:
 * - users.credits has CHECK (credits >= 0), so a debit that would overspend
 *   fails and takes its ledger row down with it;
 * - credit_ledger.idempotency_key is UNIQUE, so replaying a movement (a retried
 *   job, a webhook delivered twice) fails and takes its balance change with it.
 */

/** How many movements the credits screen lists (the archival keeps at least these in D1). */
export const HISTORY_LENGTH = 50;

export type CreditReason =
  | "signup_bonus"
  | "generation"
  | "generation_refund"
  | "purchase"
  | "store_plan"
  // A store plan paid with money when the plan was already active: its value comes back as credits.
  | "store_plan_as_credits"
  | "account_closed";

export interface CreditMovement {
  userId: string;
  /** Positive adds credits, negative spends them. */
  delta: number;
  reason: CreditReason;
  /** Names the movement once and for all: "signup:<user>", "job:<id>", "refund:<job>", … */
  idempotencyKey: string;
}

export type MovementResult =
  | { status: "applied"; balance: number }
  | { status: "duplicate" }
  | { status: "insufficient" }
  /** `onlyIf` did not hold: nothing moved. */
  | { status: "skipped" };

/**
 * The two statements of a movement, for callers that must put other writes in the same batch.
 * `onlyIf` (an SQL condition on the seller's `users` row) makes both statements apply
 * only while it holds, inside the batch: the caller learns whether it applied from the ledger key.
 */
export function movementStatements(db: Db, movement: CreditMovement, onlyIf?: SQL) {
  if (!Number.isSafeInteger(movement.delta) || movement.delta === 0) {
    throw new Error(`invalid credit delta ${movement.delta}`);
  }
  if (onlyIf) {
    const row = and(eq(users.id, movement.userId), onlyIf);
    return [
      db
        .update(users)
        .set({ credits: sql`${users.credits} + ${movement.delta}` })
        .where(row),
      // Every column in table order (Drizzle lists them all): id by AUTOINCREMENT, created_at as its default.
      db.insert(creditLedger).select(
        sql`SELECT NULL, ${users.id}, ${movement.delta}, ${movement.reason}, ${movement.idempotencyKey}, ${users.credits},
                   (unixepoch('subsec') * 1000) FROM ${users} WHERE ${row}`,
      ),
    ] as const;
  }
  return [
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${movement.delta}` })
      .where(eq(users.id, movement.userId)),
    db.insert(creditLedger).values({
      userId: movement.userId,
      delta: movement.delta,
      reason: movement.reason,
      idempotencyKey: movement.idempotencyKey,
      balanceAfter: sql`(SELECT ${users.credits} FROM ${users} WHERE ${users.id} = ${movement.userId})`,
    }),
  ] as const;
}

/** Runs `before`, the movement and `after` as one atomic batch and says how it went. */
export async function moveCredits(
  db: Db,
  movement: CreditMovement,
  extra: { before?: BatchItem<"sqlite">[]; after?: BatchItem<"sqlite">[]; onlyIf?: SQL } = {},
): Promise<MovementResult> {
  let results: unknown[];
  try {
    results = await db.batch([...(extra.before ?? []), ...movementStatements(db, movement, extra.onlyIf), ...(extra.after ?? [])] as [
      BatchItem<"sqlite">,
      ...BatchItem<"sqlite">[],
    ]);
  } catch (err) {
    const failure = constraintFailure(err);
    if (failure === "balance") return { status: "insufficient" };
    if (failure === "idempotency") return { status: "duplicate" };
    throw err;
  }
  if (extra.onlyIf) {
    // Whether THIS batch wrote the ledger row: the key may already exist from a parallel request
    // that applied first, and this one, whose condition no longer held, moved nothing.
    const ledgerInsert = results[(extra.before?.length ?? 0) + 1] as { meta?: { changes?: number } } | undefined;
    if (typeof ledgerInsert?.meta?.changes !== "number") throw new Error("D1 batch result without a change count");
    if (ledgerInsert.meta.changes === 0) return { status: "skipped" };
  }
  return { status: "applied", balance: await balanceOf(db, movement.userId) };
}

/**
 * Several movements, each under its own key (a batch's pictures: job:<id> each, so each can be refunded on
 * its own), with `before` and `after`, as ONE atomic batch: all of them apply or none does. A balance that
 * cannot cover them all fails the batch at the first movement that would overdraw it.
 */
export async function moveCreditsTogether(
  db: Db,
  movements: CreditMovement[],
  extra: { before?: BatchItem<"sqlite">[]; after?: BatchItem<"sqlite">[] } = {},
): Promise<"applied" | "insufficient" | "duplicate"> {
  try {
    await db.batch([...(extra.before ?? []), ...movements.flatMap((m) => movementStatements(db, m)), ...(extra.after ?? [])] as [
      BatchItem<"sqlite">,
      ...BatchItem<"sqlite">[],
    ]);
  } catch (err) {
    const failure = constraintFailure(err);
    if (failure === "balance") return "insufficient";
    if (failure === "idempotency") return "duplicate";
    throw err;
  }
  return "applied";
}

/**
 * Movements that each apply only while their own condition holds (checked inside the batch, after `before`),
 * with `before`, as one atomic batch. For refunds that must happen at most once whatever races them: the
 * condition names the state that earns the refund and that its key is not in the ledger yet.
 */
export async function moveCreditsWhere(
  db: Db,
  entries: { movement: CreditMovement; onlyIf: SQL }[],
  extra: { before?: BatchItem<"sqlite">[] } = {},
): Promise<void> {
  const statements = [...(extra.before ?? []), ...entries.flatMap(({ movement, onlyIf }) => movementStatements(db, movement, onlyIf))];
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Spends credits or answers 402 with the spec's message; a duplicate key spends nothing more. */
export async function spendCredits(db: Db, movement: Omit<CreditMovement, "delta"> & { amount: number }) {
  const result = await moveCredits(db, { ...movement, delta: -movement.amount });
  if (result.status === "insufficient") throw new ApiError(402, NO_CREDITS_LEFT);
  return result;
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).get();
  return row?.credits ?? 0;
}

function constraintFailure(err: unknown): "balance" | "idempotency" | undefined {
  // drizzle wraps the D1 error; the constraint name is in the innermost message.
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("users_credits_not_negative")) return "balance";
    if (e.message.includes("credit_ledger.idempotency_key")) return "idempotency";
  }
  return undefined;
}
