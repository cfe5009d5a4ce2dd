import { and, eq } from "drizzle-orm";
import { type Db, inGlobalDatabase, type ShopDb } from "../db/client";
import { generationJobs } from "../db/schema";
import { moveCredits } from "../lib/credits";

/**
 * Gives a job's credits back and marks it failed with the seller's message.
 * Every path that fails a job comes here (its Durable Object, a route whose
 * object never started, the orphan sweep), so they all use the same key,
 * `refund:<id>`: whichever comes first refunds, the others only make sure the
 * row says failed.
 *
 * A job of a shop in `DB` changes with its refund in one batch. A job in another shop database cannot: the
 * refund (global) goes first, then the row. A crash between leaves a refunded job "running", which the orphan
 * sweep marks failed later (its refund then is a duplicate); the other order could leave a failed job never
 * refunded (docs/reliability.md, "A generation's debit and its job").
 */
export async function refundJob(
  db: Db,
  job: { id: string; userId: string; cost: number },
  error: string,
  shopDb?: ShopDb,
): Promise<"refunded" | "already-refunded"> {
  const markFailed = (shopDb ?? db)
    .update(generationJobs)
    .set({ status: "failed", error, finishedAt: new Date() })
    .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running")));
  const together = !shopDb || inGlobalDatabase(shopDb);
  const refund = await moveCredits(
    db,
    { userId: job.userId, delta: job.cost, reason: "generation_refund", idempotencyKey: `refund:${job.id}` },
    { after: together ? [markFailed] : [] },
  );
  if (refund.status === "applied") {
    if (!together) await markFailed;
    return "refunded";
  }
  await markFailed;
  return "already-refunded";
}
