import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItemState, BatchItemView, BatchKind, BatchSummary, BatchView } from "../../common/batches";
import type { Quality } from "../../common/generation";
import type { Db } from "../db/client";
import { batches, batchItems, creditLedger, generatedImages, generationJobs, products } from "../db/schema";
import type { Bindings } from "../env";
import { gateStub } from "../jobs/gate-admission";
import type { GateStatus } from "../jobs/gate-types";
import { chunks } from "../lib/chunks";
import { ApiError } from "../lib/errors";
import { imageUrl } from "../lib/images";
import { errorName, log } from "../lib/log";

export const BATCH_NOT_FOUND = "No encontramos ese lote.";

/** A picture's state, from its own row and (once it began) its job's. */
function stateOf(status: string, jobStatus: string | null): BatchItemState {
  if (status === "queued") return "waiting";
  if (status === "cancelled") return "cancelled";
  if (status === "failed") return "failed";
  if (jobStatus === "succeeded") return "done";
  if (jobStatus === "failed") return "failed";
  return "running";
}

/** The seller's own batch, or 404: another seller's id is indistinguishable from a missing one. */
export async function ownBatch(db: Db, userId: string, batchId: string) {
  const batch = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.userId, userId)))
    .get();
  if (!batch) throw new ApiError(404, BATCH_NOT_FOUND);
  return batch;
}

export async function batchItemRows(db: Db, batchId: string) {
  return db
    .select({
      id: batchItems.id,
      status: batchItems.status,
      productId: batchItems.productId,
      itemError: batchItems.error,
      startedAt: batchItems.startedAt,
      naming: sql<number>`${batchItems.draftFrom} IS NOT NULL AND ${batchItems.draftedAt} IS NULL`,
      productName: products.name,
      photoKey: products.imageKey,
      jobStatus: generationJobs.status,
      jobError: generationJobs.error,
      jobFinishedAt: generationJobs.finishedAt,
      imageKey: generatedImages.key,
    })
    .from(batchItems)
    .leftJoin(products, eq(products.id, batchItems.productId))
    .leftJoin(generationJobs, eq(generationJobs.id, batchItems.id))
    .leftJoin(generatedImages, eq(generatedImages.jobId, batchItems.id))
    .where(eq(batchItems.batchId, batchId))
    .orderBy(asc(batchItems.position));
}

/** The batch as its screen shows it: each picture's state, the counts, the credits, the time left. */
export async function batchView(db: Db, shopDb: Db, env: Bindings, userId: string, batchId: string): Promise<BatchView> {
  const batch = await ownBatch(shopDb, userId, batchId);
  const rows = await batchItemRows(shopDb, batchId);
  const items: BatchItemView[] = rows.map((row) => {
    const state = stateOf(row.status, row.jobStatus);
    return {
      id: row.id,
      productId: row.productId,
      productName: row.productName,
      naming: Boolean(row.naming) && row.productId !== null,
      photoUrl: imageUrl(row.photoKey),
      state,
      imageUrl: state === "done" ? imageUrl(row.imageKey) : null,
      error: state === "failed" || state === "cancelled" ? (row.itemError ?? row.jobError) : null,
    };
  });
  const count = (state: BatchItemState) => items.filter((item) => item.state === state).length;
  // The refunds are in the global ledger, the pictures in the shop's database: read by the pictures' keys.
  let refunded = 0;
  for (const part of chunks(rows, 90)) {
    const [sum] = await db
      .select({ credits: sql<number>`COALESCE(SUM(${creditLedger.delta}), 0)` })
      .from(creditLedger)
      .where(
        inArray(
          creditLedger.idempotencyKey,
          part.map((row) => `refund:${row.id}`),
        ),
      );
    refunded += sum?.credits ?? 0;
  }
  const refund = { credits: refunded };
  const waiting = count("waiting") + count("running");
  // How long a picture takes here: from its start to its job's end, over the ones that ended.
  const ended = rows.filter((row) => row.startedAt && row.jobFinishedAt && row.jobStatus === "succeeded");
  const callSeconds = ended.length
    ? ended.reduce((sum, row) => sum + (row.jobFinishedAt!.getTime() - row.startedAt!.getTime()), 0) / ended.length / 1000
    : null;
  return {
    id: batch.id,
    kind: batch.kind as BatchKind,
    quality: batch.quality as Quality,
    includeModel: batch.includeModel,
    total: items.length,
    done: count("done"),
    failed: count("failed"),
    cancelled: count("cancelled"),
    waiting,
    naming: items.filter((item) => item.naming).length,
    charged: batch.unitCost * batch.size,
    refunded: refund.credits,
    finished: waiting === 0,
    secondsLeft: waiting === 0 ? null : await secondsLeft(env, batch.provider, userId, count("waiting"), count("running"), callSeconds),
    notify: batch.notify,
    createdAt: batch.createdAt.toISOString(),
    items,
  };
}

/**
 * The time left at the gate's current pace: the seller gets one turn in as many as there are sellers waiting,
 * and the gate lets through what it let through in the last minute (or, before any, what its limits allow
 * with pictures taking as long as this batch's took). Unknown until one picture of the batch has ended.
 */
async function secondsLeft(
  env: Bindings,
  provider: string,
  userId: string,
  waiting: number,
  running: number,
  callSeconds: number | null,
): Promise<number | null> {
  if (callSeconds === null) return null;
  let gate: GateStatus;
  try {
    gate = await gateStub(env, provider).status(provider, userId);
  } catch (err) {
    log("warn", "gate status not read", { provider, error: errorName(err) });
    return null;
  }
  const capacity = Math.min(gate.limits.perMinute, (gate.limits.inFlight * 60) / Math.max(callSeconds, 1));
  const perMinute = gate.lastMinute > 0 ? Math.min(gate.lastMinute, capacity) : capacity;
  const share = perMinute / Math.max(gate.sellers, 1);
  const pause = gate.pausedUntil ? Math.max(0, (gate.pausedUntil - Date.now()) / 1000) : 0;
  return Math.ceil(pause + (waiting / share) * 60 + (running > 0 || waiting > 0 ? callSeconds : 0));
}

/** The seller's batches of the last week still running or just finished, for /home. */
export async function recentBatches(db: Db, userId: string): Promise<BatchSummary[]> {
  const since = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  const recent = await db
    .select({ id: batches.id, createdAt: batches.createdAt })
    .from(batches)
    .where(and(eq(batches.userId, userId), sql`${batches.createdAt} > ${since.getTime()}`))
    .orderBy(desc(batches.createdAt))
    .limit(5);
  const summaries: BatchSummary[] = [];
  for (const batch of recent) {
    const rows = await batchItemRows(db, batch.id);
    const states = rows.map((row) => stateOf(row.status, row.jobStatus));
    const n = (state: BatchItemState) => states.filter((s) => s === state).length;
    const waiting = n("waiting") + n("running");
    summaries.push({
      id: batch.id,
      total: states.length,
      done: n("done"),
      failed: n("failed"),
      waiting,
      finished: waiting === 0,
      createdAt: batch.createdAt.toISOString(),
    });
  }
  return summaries;
}
