import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { generationJobs } from "../db/schema";
import { moveCredits } from "../lib/credits";

/**
 * Gives a job's credits back and marks it failed with the seller's message,
 * in one batch. Every path that fails a job comes here (its Durable Object,
 * a route whose object never started, the orphan sweep), so they all use the
 * same key, `refund:<id>`: whichever comes first refunds, the others only make
 * sure the row says failed.
 */
export async function refundJob(
  db: Db,
  job: { id: string; userId: string; cost: number },
  error: string,
): Promise<"refunded" | "already-refunded"> {
  const markFailed = db
    .update(generationJobs)
    .set({ status: "failed", error, finishedAt: new Date() })
    .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running")));
  const refund = await moveCredits(
    db,
    { userId: job.userId, delta: job.cost, reason: "generation_refund", idempotencyKey: `refund:${job.id}` },
    { after: [markFailed] },
  );
  if (refund.status === "applied") return "refunded";
  await markFailed;
  return "already-refunded";
}
