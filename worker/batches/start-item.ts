import { eq, sql } from "drizzle-orm";
import type { GenerationKind, Quality } from "../../common/generation";
import { database } from "../db/client";
import { itemDatabase } from "./item-database";
import { batches, batchItems, generationJobs, products } from "../db/schema";
import type { Bindings } from "../env";
import { JOB_MESSAGES, type JobInput } from "../jobs/job-types";
import { jobStub, modelReferenceFor } from "../jobs/start-job";
import { mimeOfKey } from "../lib/images";
import { log } from "../lib/log";
import { endUnstarted } from "./refund-items";

/**
 * Hands a batch picture whose turn came to its generation job (the job's id
 * is the picture's). Called by the provider's gate, which has reserved the
 * permit the job claims when it calls the provider. Safe to repeat: the
 * picture moves from queued to started and its job row is written only once
 * (one D1 batch, conditional), and a job's object that already holds the job
 * answers its state instead of starting it again. "gone": the picture was
 * cancelled, failed or lost its product meanwhile, and will not run.
 */
export async function startBatchItem(env: Bindings, itemId: string): Promise<"started" | "gone"> {
  const db = await itemDatabase(env, itemId);
  if (!db) return "gone";
  const row = await db
    .select({
      id: batchItems.id,
      status: batchItems.status,
      userId: batchItems.userId,
      productId: batchItems.productId,
      batchId: batches.id,
      kind: batches.kind,
      quality: batches.quality,
      includeModel: batches.includeModel,
      provider: batches.provider,
      cost: batches.unitCost,
      imageKey: products.imageKey,
    })
    .from(batchItems)
    .innerJoin(batches, eq(batches.id, batchItems.batchId))
    .leftJoin(products, eq(products.id, batchItems.productId))
    .where(eq(batchItems.id, itemId))
    .get();
  if (!row || row.status === "cancelled" || row.status === "failed") return "gone";
  if (!row.imageKey || !row.productId) {
    // The product (or its photo) was deleted while the picture waited: nothing to make, the credits go back.
    await endUnstarted(database(env.DB), [{ id: row.id, userId: row.userId, cost: row.cost }], "failed", JOB_MESSAGES.sourceMissing, db);
    log("warn", "batch picture without its photo; refunded", { item: row.id, batch: row.batchId });
    return "gone";
  }
  if (row.status === "queued") {
    const [moved] = await db.batch([
      db
        .update(batchItems)
        .set({ status: "started", startedAt: new Date() })
        .where(sql`${batchItems.id} = ${row.id} AND ${batchItems.status} = 'queued'`),
      // The job's row comes with the move (the charge was made at confirmation, under the same id).
      db
        .insert(generationJobs)
        .select(
          sql`SELECT ${row.id}, ${row.userId}, ${row.productId}, ${row.kind}, ${row.quality}, ${row.cost}, 'running', NULL, NULL,
                     (unixepoch('subsec') * 1000), NULL
              WHERE EXISTS (SELECT 1 FROM batch_items WHERE id = ${row.id} AND status = 'started')`,
        )
        .onConflictDoNothing(),
    ]);
    if (moved.meta.changes === 0) {
      // Someone else moved it first: cancelled (gone) or begun by an earlier try (carry on).
      const now = await db.select({ status: batchItems.status }).from(batchItems).where(eq(batchItems.id, row.id)).get();
      if (now?.status !== "started") return "gone";
    }
  }
  const input: JobInput = {
    id: row.id,
    userId: row.userId,
    shard: db.shard,
    productId: row.productId,
    kind: row.kind as GenerationKind,
    quality: row.quality as Quality,
    cost: row.cost,
    includeModel: row.includeModel,
    sourceKey: row.imageKey,
    sourceMime: mimeOfKey(row.imageKey),
    provider: row.provider,
    modelReferenceKey: await modelReferenceFor(
      env,
      { userId: row.userId, shard: db.shard, kind: row.kind as GenerationKind, includeModel: row.includeModel },
      row.provider,
    ),
    requestId: row.batchId,
    batchId: row.batchId,
  };
  await jobStub(env, row.id).start(input);
  return "started";
}
