import {
  type ArchivedBatch,
  type ArchivedBatchItem,
  type ArchiveLine,
  type ArchiveSummary,
  archiveProblems,
} from "../../common/ledger-archive";
import type { Bindings } from "../env";
import {
  ARCHIVED_KEY_TAKEN,
  type ArchiveOptions,
  commitArchive,
  type JobRow,
  jobLine,
  type LedgerRow,
  ledgerLine,
  runArchival,
} from "./archive";
import { HISTORY_LENGTH } from "./credits";

/**
 * The archival of finished batches, beside the generations' (archive.ts) and like it: a batch made before
 * archiveCutoff whose pictures have all ended (begun and succeeded; begun, failed and refunded; cancelled or
 * failed before beginning and refunded) and that has nothing left to announce moves with its items, their
 * generation jobs and their ledger rows (job:<item>, refund:<item>) to the DATA bucket, one object per seller,
 * month and chunk (archive/<userId>/<YYYY-MM>/batches-…). The object first; then ONE D1 batch inserts both keys
 * of every item into archived_ledger_keys (plain inserts: a parallel run fails whole), writes the summary row
 * in ledger_archives (its `jobs` are the items, `batches` the batches) from the very ledger rows it deletes,
 * and deletes those rows, the jobs, the items and the batches. The batch checks of scripts/ledger-checks.ts
 * join items to the ledger: the three go together, so they keep holding on what is left.
 *
 * A batch is taken only when every ledger row of its pictures is older than the seller's latest HISTORY_LENGTH
 * movements (the credits screen lists those). Items are bound as one JSON list: a batch has up to 100 pictures,
 * past D1's 100 bound values.
 */
export const MAX_BATCHES_PER_OBJECT = 10;

const ITEM_ENDED = `COALESCE(
    EXISTS (SELECT 1 FROM credit_ledger c WHERE c.idempotency_key = 'job:' || i.id)
    AND CASE
      WHEN i.status = 'started' THEN j.status IN ('succeeded', 'failed')
        AND (j.status = 'failed') = EXISTS (SELECT 1 FROM credit_ledger r WHERE r.idempotency_key = 'refund:' || i.id)
      WHEN i.status IN ('cancelled', 'failed') THEN j.id IS NULL
        AND EXISTS (SELECT 1 FROM credit_ledger r WHERE r.idempotency_key = 'refund:' || i.id)
      ELSE 0 END, 0)`;

/** The batches the archival may take, oldest first from `after` (?2, ?3), made before the cutoff (?1). */
export const ARCHIVABLE_BATCHES_SQL = `SELECT b.id, b.user_id, b.created_at FROM batches b
  WHERE b.created_at < ?1 AND (b.created_at > ?2 OR (b.created_at = ?2 AND b.id > ?3))
    AND (b.notify = 0 OR b.notified_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM batch_items i LEFT JOIN generation_jobs j ON j.id = i.id
                    WHERE i.batch_id = b.id AND NOT ${ITEM_ENDED})
    AND (SELECT MAX(l.id) FROM batch_items i JOIN credit_ledger l ON l.idempotency_key IN ('job:' || i.id, 'refund:' || i.id)
         WHERE i.batch_id = b.id)
        < COALESCE((SELECT k.id FROM credit_ledger k WHERE k.user_id = b.user_id ORDER BY k.id DESC LIMIT 1 OFFSET ${HISTORY_LENGTH - 1}), 0)
  ORDER BY b.created_at, b.id LIMIT ?4`;

export const batchArchiveKey = (userId: string, month: string, firstId: number, lastId: number, run: string) =>
  `archive/${userId}/${month}/batches-${firstId}-${lastId}-${run}.ndjson.gz`;

export type BatchRow = {
  id: string;
  user_id: string;
  kind: string;
  include_model: number;
  quality: string;
  provider: string;
  unit_cost: number;
  size: number;
  notify: number;
  notified_at: number | null;
  origin: string | null;
  created_at: number;
};
export type ItemRow = {
  id: string;
  batch_id: string;
  user_id: string;
  product_id: string | null;
  position: number;
  status: string;
  draft_from: string | null;
  drafted_at: number | null;
  error: string | null;
  sent_at: number | null;
  held_at: number | null;
  started_at: number | null;
  finished_at: number | null;
};

export const batchLine = (b: BatchRow): ArchivedBatch => ({
  kind: "batch",
  id: b.id,
  userId: b.user_id,
  batchKind: b.kind,
  includeModel: b.include_model === 1,
  quality: b.quality,
  provider: b.provider,
  unitCost: b.unit_cost,
  size: b.size,
  notify: b.notify === 1,
  notifiedAt: b.notified_at,
  origin: b.origin,
  createdAt: b.created_at,
});

export const itemLine = (i: ItemRow): ArchivedBatchItem => ({
  kind: "item",
  id: i.id,
  batchId: i.batch_id,
  userId: i.user_id,
  productId: i.product_id,
  position: i.position,
  status: i.status,
  draftFrom: i.draft_from,
  draftedAt: i.drafted_at,
  error: i.error,
  sentAt: i.sent_at,
  heldAt: i.held_at,
  startedAt: i.started_at,
  finishedAt: i.finished_at,
});

/** A JSON array bound as ?1, as a list for IN: one binding, however long (D1 allows 100 bound values). */
export const IN_LIST = "SELECT value FROM json_each(?1)";

/**
 * What every batch archiver shares, on DB or on another shop database: who a batch belongs to, how many batches
 * an object holds, the bounds of one run and what "nothing moved" reads. An object costs an R2 write and two D1
 * calls on DB (its reads, in one batch, and its own batch), four on another shop database (the shop's reads, DB's
 * reads, DB's batch, the shop's delete): within the same bounds either way.
 */
export const BATCH_ARCHIVAL = {
  sellerOf: (batch: { id: string; user_id: string; created_at: number }) => batch.user_id,
  perObject: MAX_BATCHES_PER_OBJECT,
  defaults: { chunk: 100, maxChunks: 10, maxObjects: 30 },
  nothing: { batches: 0, pictures: 0, ledger: 0 },
};

/** Archives up to `maxChunks` chunks of `chunk` candidate batches; answers how many batches, pictures and ledger rows moved. */
export async function archiveOldBatches(env: Pick<Bindings, "DB" | "DATA">, options: ArchiveOptions = {}) {
  const run = crypto.randomUUID().slice(0, 8);
  return runArchival(
    env,
    {
      ...BATCH_ARCHIVAL,
      label: "archive batches",
      sql: ARCHIVABLE_BATCHES_SQL,
      options,
    },
    ({ userId, month, rows }) =>
      archiveBatchChunk(
        env,
        userId,
        month,
        rows.map((b) => b.id),
        run,
      ),
  );
}

/** One object and its D1 batch; "refused" when a parallel run took some of its rows first or they changed meanwhile. */
async function archiveBatchChunk(env: Pick<Bindings, "DB" | "DATA">, userId: string, month: string, batchIds: string[], run: string) {
  const list = JSON.stringify(batchIds);
  const [batches, items, jobs, ledger] = (await env.DB.batch([
    env.DB.prepare(`SELECT * FROM batches WHERE id IN (${IN_LIST}) AND +user_id = ?2 ORDER BY created_at, id`).bind(list, userId),
    env.DB.prepare(`SELECT * FROM batch_items WHERE batch_id IN (${IN_LIST}) ORDER BY batch_id, position`).bind(list),
    env.DB.prepare(`SELECT * FROM generation_jobs WHERE id IN (SELECT id FROM batch_items WHERE batch_id IN (${IN_LIST}))`).bind(list),
    env.DB.prepare(
      `SELECT * FROM credit_ledger WHERE idempotency_key IN (
         SELECT 'job:' || id FROM batch_items WHERE batch_id IN (${IN_LIST})
         UNION ALL SELECT 'refund:' || id FROM batch_items WHERE batch_id IN (${IN_LIST})) ORDER BY id`,
    ).bind(list),
  ])) as [D1Result<BatchRow>, D1Result<ItemRow>, D1Result<JobRow>, D1Result<LedgerRow>];
  if (batches.results.length === 0 || ledger.results.length === 0) return "refused" as const;
  const lines: ArchiveLine[] = [
    ...batches.results.map(batchLine),
    ...items.results.map(itemLine),
    ...jobs.results.map(jobLine),
    ...ledger.results.map(ledgerLine),
  ];
  const ids = ledger.results.map((l) => l.id);
  const objectKey = batchArchiveKey(userId, month, ids[0]!, ids[ids.length - 1]!, run);
  const summary: ArchiveSummary = {
    object_key: objectKey,
    user_id: userId,
    first_id: Math.min(...ids),
    last_id: Math.max(...ids),
    entries: ids.length,
    delta_sum: ledger.results.reduce((sum, l) => sum + l.delta, 0),
    jobs: items.results.length,
    batches: batches.results.length,
  };
  // Read in one consistent snapshot: anything short of whole, ended batches (a parallel run took part of them)
  // is left for the next run.
  if (archiveProblems(summary, lines).length > 0) return "refused" as const;
  const itemIds = JSON.stringify(items.results.map((i) => i.id));
  const outcome = await commitArchive(
    env,
    objectKey,
    lines,
    [
      env.DB.prepare(
        `INSERT INTO archived_ledger_keys (key)
         SELECT 'job:' || value FROM json_each(?1) UNION ALL SELECT 'refund:' || value FROM json_each(?1)`,
      ).bind(itemIds),
      env.DB.prepare(
        `INSERT INTO ledger_archives (object_key, user_id, month, first_id, last_id, entries, delta_sum, jobs, batches)
         SELECT ?2, ?3, ?4, MIN(id), MAX(id), COUNT(*), SUM(delta), ?5, ?6 FROM credit_ledger
         WHERE id IN (${IN_LIST}) AND +user_id = ?3`,
      ).bind(JSON.stringify(ids), objectKey, userId, month, summary.jobs, summary.batches),
      env.DB.prepare(`DELETE FROM credit_ledger WHERE id IN (${IN_LIST})`).bind(JSON.stringify(ids)),
      env.DB.prepare(`DELETE FROM generation_jobs WHERE id IN (${IN_LIST}) AND status IN ('succeeded', 'failed')`).bind(
        JSON.stringify(jobs.results.map((j) => j.id)),
      ),
      env.DB.prepare(`DELETE FROM batch_items WHERE id IN (${IN_LIST})`).bind(itemIds),
      env.DB.prepare(`DELETE FROM batches WHERE id IN (${IN_LIST})`).bind(JSON.stringify(batches.results.map((b) => b.id))),
    ],
    ARCHIVED_KEY_TAKEN,
  );
  if (outcome === "refused") return "refused" as const;
  return { batches: batches.results.length, pictures: items.results.length, ledger: ids.length };
}
