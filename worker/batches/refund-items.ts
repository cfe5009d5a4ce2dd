import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { batchItems } from "../db/schema";
import { moveCreditsWhere } from "../lib/credits";
import { chunks } from "../lib/chunks";

export interface UnstartedItem {
  id: string;
  userId: string;
  cost: number;
}

/**
 * Ends pictures that never began (cancelled by the seller, dead-lettered, left without a photo) and gives
 * their credits back, in one atomic batch. A picture moves only while it is still queued (one its gate began
 * meanwhile keeps going, charged), and its refund applies only if it now has that status and its key
 * refund:<id> is not in the ledger yet: however often this runs, or races the gate, a picture is refunded at
 * most once, and a picture ended but not refunded (a failure between the two) is refunded by the next run.
 */
export async function endUnstarted(db: Db, items: UnstartedItem[], status: "cancelled" | "failed", error: string): Promise<void> {
  if (items.length === 0) return;
  const now = new Date();
  await moveCreditsWhere(
    db,
    items.map((item) => ({
      movement: { userId: item.userId, delta: item.cost, reason: "generation_refund" as const, idempotencyKey: `refund:${item.id}` },
      onlyIf: sql`EXISTS (SELECT 1 FROM batch_items WHERE id = ${item.id} AND status = ${status})
                  AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE idempotency_key = ${`refund:${item.id}`})`,
    })),
    {
      // D1 binds at most 100 values per statement.
      before: chunks(items, 90).map((part) =>
        db
          .update(batchItems)
          .set({ status, error, finishedAt: now })
          .where(
            and(
              inArray(
                batchItems.id,
                part.map((item) => item.id),
              ),
              eq(batchItems.status, "queued"),
            ),
          ),
      ),
    },
  );
}
