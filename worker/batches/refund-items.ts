import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, inGlobalDatabase, type ShopDb } from "../db/client";
import { batchItems } from "../db/schema";
import { moveCredits, moveCreditsWhere } from "../lib/credits";
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
 * A shop in a database of its own ends its pictures there first, then refunds the ones that have that status,
 * each under its key; one ended but not refunded (a crash between) is refunded by the reconciliation of lost
 * debits (worker/jobs/lost-debits.ts).
 */
export async function endUnstarted(
  db: Db,
  items: UnstartedItem[],
  status: "cancelled" | "failed",
  error: string,
  shopDb?: ShopDb,
): Promise<void> {
  if (items.length === 0) return;
  const now = new Date();
  const target = shopDb ?? db;
  // D1 binds at most 100 values per statement.
  const moves = chunks(items, 90).map((part) =>
    target
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
  );
  if (!shopDb || inGlobalDatabase(shopDb)) {
    await moveCreditsWhere(
      db,
      items.map((item) => ({
        movement: { userId: item.userId, delta: item.cost, reason: "generation_refund" as const, idempotencyKey: `refund:${item.id}` },
        onlyIf: sql`EXISTS (SELECT 1 FROM batch_items WHERE id = ${item.id} AND status = ${status})
                    AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE idempotency_key = ${`refund:${item.id}`})`,
      })),
      { before: moves },
    );
    return;
  }
  await shopDb.batch(moves as unknown as [(typeof moves)[number]]);
  const ended = new Set<string>();
  for (const part of chunks(items, 90)) {
    const rows = await shopDb
      .select({ id: batchItems.id })
      .from(batchItems)
      .where(
        and(
          inArray(
            batchItems.id,
            part.map((item) => item.id),
          ),
          eq(batchItems.status, status),
        ),
      );
    for (const row of rows) ended.add(row.id);
  }
  for (const item of items.filter((i) => ended.has(i.id))) {
    await moveCredits(db, { userId: item.userId, delta: item.cost, reason: "generation_refund", idempotencyKey: `refund:${item.id}` });
  }
}
