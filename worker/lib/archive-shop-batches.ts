/**
 * The archival of finished batches of shops in a database of their own (`SHOP_DB_<n>`): the same objects,
 * summaries and archived keys as archive-batches.ts, whose one D1 batch cannot hold both the ledger rows (in
 * `DB`) and the batches with their pictures and jobs (in the shop's database). So, per object, as
 * archive-shop.ts does for generations: the object first, then `DB`'s batch (both keys of every picture
 * archived, the summary, the ledger rows deleted: the balance stays exact, and a parallel run's same keys fail
 * it whole), then the batches, pictures and jobs deleted in one batch of the shop's database. A crash before the
 * last step leaves batches whose pictures' keys are archived: each run first deletes those, and never archives
 * them again (their charges are no longer in the ledger).
 *
 * Which batches may go is asked in two halves: the shop's database finds the ended, announced ones made before
 * archiveCutoff (every picture begun and finished, or ended unstarted); their ledger rows are then read from
 * `DB` and each batch must hold on its own as an archived object would (archiveProblems: every charge, a refund
 * exactly for each picture without an image) and be older than the seller's latest HISTORY_LENGTH movements.
 */
import { type ArchiveLine, type ArchiveSummary, archiveProblems } from "../../common/ledger-archive";
import type { ShopDb } from "../db/client";
import type { Bindings } from "../env";
import {
  ARCHIVED_KEY_TAKEN,
  type ArchiveOptions,
  commitArchive,
  type JobRow,
  jobLine,
  type LedgerRow,
  ledgerArchiveStatements,
  ledgerLine,
  runArchival,
} from "./archive";
import { BATCH_ARCHIVAL, type BatchRow, batchArchiveKey, batchLine, IN_LIST, type ItemRow, itemLine } from "./archive-batches";
import { HISTORY_LENGTH } from "./credits";

/** A picture that ended: begun with a finished job, or ended before beginning (no job). */
const ITEM_ENDED_HERE = `CASE
      WHEN i.status = 'started' THEN COALESCE(j.status IN ('succeeded', 'failed'), 0)
      WHEN i.status IN ('cancelled', 'failed') THEN j.id IS NULL
      ELSE 0 END`;

/** The shop database's half of archive-batches.ts's search: the ledger's half is checked per chunk. */
const ENDED_BATCHES_SQL = `SELECT b.id, b.user_id, b.created_at FROM batches b
  WHERE b.created_at < ?1 AND (b.created_at > ?2 OR (b.created_at = ?2 AND b.id > ?3))
    AND (b.notify = 0 OR b.notified_at IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM batch_items i LEFT JOIN generation_jobs j ON j.id = i.id
                    WHERE i.batch_id = b.id AND NOT ${ITEM_ENDED_HERE})
  ORDER BY b.created_at, b.id LIMIT ?4`;

/** Archives the finished batches of one shop database other than `DB`; answers what moved and the leftovers deleted. */
export async function archiveShopBatches(env: Pick<Bindings, "DB" | "DATA">, shopDb: ShopDb, options: ArchiveOptions = {}) {
  const run = crypto.randomUUID().slice(0, 8);
  let leftovers = 0;
  const moved = await runArchival(
    { DB: shopDb.$client },
    {
      ...BATCH_ARCHIVAL,
      label: `archive batches (shard ${shopDb.shard})`,
      sql: ENDED_BATCHES_SQL,
      options,
    },
    async ({ userId, month, rows }) => {
      const outcome = await archiveShopBatchChunk(
        env,
        shopDb,
        userId,
        month,
        rows.map((b) => b.id),
        run,
      );
      leftovers += outcome.leftovers;
      return outcome.moved;
    },
  );
  return { ...moved, leftovers };
}

async function archiveShopBatchChunk(
  env: Pick<Bindings, "DB" | "DATA">,
  shopDb: ShopDb,
  userId: string,
  month: string,
  batchIds: string[],
  run: string,
): Promise<{ moved: { batches: number; pictures: number; ledger: number } | "refused" | null; leftovers: number }> {
  const d1 = shopDb.$client;
  const list = JSON.stringify(batchIds);
  const [batchRows, itemRows, jobRows] = (await d1.batch([
    d1.prepare(`SELECT * FROM batches WHERE id IN (${IN_LIST}) AND user_id = ?2 ORDER BY created_at, id`).bind(list, userId),
    d1.prepare(`SELECT * FROM batch_items WHERE batch_id IN (${IN_LIST}) ORDER BY batch_id, position`).bind(list),
    d1.prepare(`SELECT * FROM generation_jobs WHERE id IN (SELECT id FROM batch_items WHERE batch_id IN (${IN_LIST}))`).bind(list),
  ])) as [D1Result<BatchRow>, D1Result<ItemRow>, D1Result<JobRow>];
  if (batchRows.results.length === 0) return { moved: "refused", leftovers: 0 };
  const keys = itemRows.results.flatMap((i) => [`job:${i.id}`, `refund:${i.id}`]);
  const [archivedRows, ledgerRows] = (await env.DB.batch([
    env.DB.prepare(`SELECT key FROM archived_ledger_keys WHERE key IN (${IN_LIST})`).bind(JSON.stringify(keys)),
    env.DB.prepare(`SELECT * FROM credit_ledger WHERE idempotency_key IN (${IN_LIST}) ORDER BY id`).bind(JSON.stringify(keys)),
  ])) as [D1Result<{ key: string }>, D1Result<LedgerRow>];
  const archived = new Set(archivedRows.results.map((r) => r.key));
  // The seller's latest HISTORY_LENGTH movements stay (the credits screen lists them), as archive-batches.ts keeps them.
  const kept =
    (await env.DB.prepare(`SELECT id FROM credit_ledger WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_LENGTH - 1}`)
      .bind(userId)
      .first<number>("id")) ?? 0;
  const byKey = new Map(ledgerRows.results.map((l) => [l.idempotency_key, l]));
  const jobById = new Map(jobRows.results.map((j) => [j.id, j]));

  const leftover: string[] = [];
  const ready: { batch: BatchRow; items: ItemRow[]; jobs: JobRow[]; ledger: LedgerRow[] }[] = [];
  for (const batch of batchRows.results) {
    const items = itemRows.results.filter((i) => i.batch_id === batch.id);
    // Batches a run archived before it could delete them: their keys are archived, their rows go now.
    if (items.length > 0 && items.every((i) => archived.has(`job:${i.id}`))) {
      leftover.push(batch.id);
      continue;
    }
    const jobs = items.flatMap((i) => jobById.get(i.id) ?? []);
    const ledger = items.flatMap((i) => [byKey.get(`job:${i.id}`), byKey.get(`refund:${i.id}`)].filter((l) => l !== undefined));
    const lines: ArchiveLine[] = [batchLine(batch), ...items.map(itemLine), ...jobs.map(jobLine), ...ledger.map(ledgerLine)];
    const ids = ledger.map((l) => l.id);
    const alone = summaryOf("", userId, items.length, 1, ledger);
    if (ids.length === 0 || Math.max(...ids) >= kept || archiveProblems(alone, lines).length > 0) continue;
    ready.push({ batch, items, jobs, ledger });
  }
  if (leftover.length) await deleteBatches(shopDb, leftover);
  if (ready.length === 0) return { moved: null, leftovers: leftover.length };

  const ledger = ready.flatMap((r) => r.ledger).sort((a, b) => a.id - b.id);
  const items = ready.flatMap((r) => r.items);
  const lines: ArchiveLine[] = [
    ...ready.map((r) => batchLine(r.batch)),
    ...items.map(itemLine),
    ...ready.flatMap((r) => r.jobs.map(jobLine)),
    ...ledger.map(ledgerLine),
  ];
  const ledgerIds = ledger.map((l) => l.id);
  const objectKey = batchArchiveKey(userId, month, ledgerIds[0]!, ledgerIds.at(-1)!, run);
  if (archiveProblems(summaryOf(objectKey, userId, items.length, ready.length, ledger), lines).length > 0) {
    return { moved: "refused", leftovers: leftover.length };
  }
  const outcome = await commitArchive(
    env,
    objectKey,
    lines,
    ledgerArchiveStatements(env, {
      objectKey,
      userId,
      month,
      jobs: items.length,
      batches: ready.length,
      ledgerIds,
      keys: items.flatMap((i) => [`job:${i.id}`, `refund:${i.id}`]),
    }),
    ARCHIVED_KEY_TAKEN,
  );
  if (outcome === "refused") return { moved: "refused", leftovers: leftover.length };
  await deleteBatches(
    shopDb,
    ready.map((r) => r.batch.id),
  );
  return { moved: { batches: ready.length, pictures: items.length, ledger: ledger.length }, leftovers: leftover.length };
}

function summaryOf(objectKey: string, userId: string, pictures: number, batches: number, ledger: LedgerRow[]): ArchiveSummary {
  const ids = ledger.map((l) => l.id);
  return {
    object_key: objectKey,
    user_id: userId,
    first_id: Math.min(...ids),
    last_id: Math.max(...ids),
    entries: ids.length,
    delta_sum: ledger.reduce((sum, l) => sum + l.delta, 0),
    jobs: pictures,
    batches,
  };
}

/** A batch with its pictures and their jobs, in one batch of the shop's database (the pictures point at their batch). */
async function deleteBatches(shopDb: ShopDb, batchIds: string[]) {
  const d1 = shopDb.$client;
  const list = JSON.stringify(batchIds);
  await d1.batch([
    d1
      .prepare(
        `DELETE FROM generation_jobs WHERE id IN (SELECT id FROM batch_items WHERE batch_id IN (${IN_LIST})) AND status IN ('succeeded', 'failed')`,
      )
      .bind(list),
    d1.prepare(`DELETE FROM batch_items WHERE batch_id IN (${IN_LIST})`).bind(list),
    d1.prepare(`DELETE FROM batches WHERE id IN (${IN_LIST})`).bind(list),
  ]);
}
