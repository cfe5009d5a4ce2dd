/**
 * The archival of finished generations of shops in a database of their own (`SHOP_DB_<n>`): the same objects,
 * summaries and archived keys as archive.ts, whose one D1 batch cannot hold both the ledger rows (in `DB`) and
 * the jobs (in the shop's database). So, per object: the object first, then `DB`'s batch (the keys archived,
 * the summary, the ledger rows deleted: the balance stays exact), then the jobs deleted in the shop's
 * database. A crash before the last step leaves jobs whose keys are archived: each run first deletes those,
 * and never archives them again (their charge is no longer in the ledger). Batches' pictures go with their
 * batch (archive-shop-batches.ts).
 */
import { and, inArray, sql } from "drizzle-orm";
import type { ShopDb } from "../db/client";
import { generationJobs } from "../db/schema";
import type { Bindings } from "../env";
import {
  ARCHIVED_KEY_TAKEN,
  type ArchiveOptions,
  archiveCutoff,
  archiveObjectKey,
  commitArchive,
  groupBySellerMonth,
  type JobRow,
  jobLine,
  type LedgerRow,
  ledgerLine,
  ledgerArchiveStatements,
  placeholders,
} from "./archive";
import { HISTORY_LENGTH } from "./credits";
import { log } from "./log";

/** As archive.ts: a chunk's job: and refund: keys stay under D1's 100 bound values. */
const MAX_JOBS_PER_OBJECT = 45;

export async function archiveShopGenerations(env: Pick<Bindings, "DB" | "DATA">, shopDb: ShopDb, options: ArchiveOptions = {}) {
  const now = options.now ?? Date.now();
  const chunk = options.chunk ?? 200;
  const maxChunks = options.maxChunks ?? 20;
  const maxObjects = options.maxObjects ?? 100;
  const run = crypto.randomUUID().slice(0, 8);
  const moved = { jobs: 0, ledger: 0, objects: 0, refused: 0, leftovers: 0 };
  let cursor: [number, string] = [-1, ""];
  for (let i = 0; i < maxChunks && moved.objects + moved.refused < maxObjects; i++) {
    const candidates = await shopDb.all<{ id: string; user_id: string; created_at: number }>(sql`
      SELECT j.id, j.user_id, j.created_at FROM generation_jobs j
      WHERE j.created_at < ${archiveCutoff(now)} AND (j.created_at > ${cursor[0]} OR (j.created_at = ${cursor[0]} AND j.id > ${cursor[1]}))
        AND j.status IN ('succeeded', 'failed') AND NOT EXISTS (SELECT 1 FROM batch_items i WHERE i.id = j.id)
      ORDER BY j.created_at, j.id LIMIT ${chunk}`);
    if (candidates.length === 0) break;
    const last = candidates.at(-1)!;
    cursor = [last.created_at, last.id];
    for (const group of groupBySellerMonth(candidates, (j) => ({ userId: j.user_id, createdAt: j.created_at }), MAX_JOBS_PER_OBJECT)) {
      if (moved.objects + moved.refused >= maxObjects) break;
      const outcome = await archiveShopChunk(
        env,
        shopDb,
        group.userId,
        group.month,
        group.rows.map((j) => j.id),
        run,
      );
      moved.leftovers += outcome.leftovers;
      if (outcome.moved === "refused") moved.refused++;
      else if (outcome.moved) {
        moved.objects++;
        moved.jobs += outcome.moved.jobs;
        moved.ledger += outcome.moved.ledger;
      }
    }
    if (candidates.length < chunk) break;
  }
  log("info", "archive (shop database)", { shard: shopDb.shard, ...moved });
  return moved;
}

async function archiveShopChunk(
  env: Pick<Bindings, "DB" | "DATA">,
  shopDb: ShopDb,
  userId: string,
  month: string,
  ids: string[],
  run: string,
) {
  const jobs = (await shopDb.all<JobRow>(sql`SELECT * FROM generation_jobs WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
                                              AND status IN ('succeeded', 'failed')`)) as JobRow[];
  const keys = jobs.flatMap((j) => [`job:${j.id}`, `refund:${j.id}`]);
  if (jobs.length === 0) return { moved: null, leftovers: 0 };
  // Jobs a run archived before it could delete them: their keys are archived, their rows go now.
  const archived = new Set(
    (
      await env.DB.prepare(`SELECT key FROM archived_ledger_keys WHERE key IN (${placeholders(keys.length)})`)
        .bind(...keys)
        .all<{ key: string }>()
    ).results.map((r) => r.key),
  );
  const leftovers = jobs.filter((j) => archived.has(`job:${j.id}`)).map((j) => j.id);
  if (leftovers.length) await deleteJobs(shopDb, leftovers);
  const ledger = (
    await env.DB.prepare(`SELECT * FROM credit_ledger WHERE idempotency_key IN (${placeholders(keys.length)}) ORDER BY id`)
      .bind(...keys)
      .all<LedgerRow>()
  ).results;
  // The seller's latest HISTORY_LENGTH movements stay (the credits screen lists them), as archive.ts keeps them.
  const kept = await env.DB.prepare(`SELECT id FROM credit_ledger WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_LENGTH - 1}`)
    .bind(userId)
    .first<number>("id");
  const byKey = new Map(ledger.map((l) => [l.idempotency_key, l]));
  // Charged, refunded exactly when failed, and older than the kept history: what archive.ts's search asks in SQL.
  const ready = jobs.filter((j) => {
    const charge = byKey.get(`job:${j.id}`);
    const refund = byKey.get(`refund:${j.id}`);
    return charge && (j.status === "failed") === Boolean(refund) && Math.max(charge.id, refund?.id ?? 0) < (kept ?? 0);
  });
  if (ready.length === 0) return { moved: null, leftovers: leftovers.length };
  const rows = ledger.filter((l) => ready.some((j) => l.idempotency_key === `job:${j.id}` || l.idempotency_key === `refund:${j.id}`));
  const ledgerIds = rows.map((l) => l.id);
  const objectKey = archiveObjectKey(userId, month, ledgerIds[0]!, ledgerIds.at(-1)!, run);
  const readyKeys = ready.flatMap((j) => [`job:${j.id}`, `refund:${j.id}`]);
  const outcome = await commitArchive(
    env,
    objectKey,
    [...ready.map(jobLine), ...rows.map(ledgerLine)],
    ledgerArchiveStatements(env, { objectKey, userId, month, jobs: ready.length, ledgerIds, keys: readyKeys }),
    ARCHIVED_KEY_TAKEN,
  );
  if (outcome === "refused") return { moved: "refused" as const, leftovers: leftovers.length };
  await deleteJobs(
    shopDb,
    ready.map((j) => j.id),
  );
  return { moved: { jobs: ready.length, ledger: rows.length }, leftovers: leftovers.length };
}

function deleteJobs(shopDb: ShopDb, ids: string[]) {
  return shopDb.delete(generationJobs).where(and(inArray(generationJobs.id, ids), inArray(generationJobs.status, ["succeeded", "failed"])));
}
