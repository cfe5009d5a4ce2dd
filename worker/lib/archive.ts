import { type ArchivedJob, type ArchivedLedgerRow, type ArchiveLine, gunzipLines, gzipLines } from "../../common/ledger-archive";
import type { Bindings } from "../env";
import { HISTORY_LENGTH } from "./credits";
import { errorName, log } from "./log";

/**
 * The archival of finished generations: jobs of months that ended ARCHIVE_RETENTION_MS ago or more (archiveCutoff)
 * that are final (succeeded, or failed and refunded), outside any batch (a batch's pictures go with their batch:
 * archive-batches.ts), go with their ledger rows (job:<id>,
 * refund:<id>) to the DATA bucket as gzipped NDJSON, one object per seller, month and chunk
 * (archive/<userId>/<YYYY-MM>/…).
 *
 * For each chunk the object is written first; then ONE D1 batch records both keys of each job (job:<id> and
 * refund:<id>, whether or not it was refunded) in archived_ledger_keys (plain inserts: a key archived already,
 * by a parallel or earlier run, fails the whole batch), writes the chunk's
 * summary row in ledger_archives (count, sum, first and last id, computed from the very rows it deletes),
 * deletes those ledger rows and deletes the jobs. So balances stay exact (the ledger left plus the summaries),
 * each row is archived once whatever runs at the same time, and a crash between the object and the batch leaves
 * only an object no summary names, which nothing reads. A movement under an archived key is refused by the
 * trigger credit_ledger_archived_key (as a duplicate), so a late retry can never charge or refund twice.
 *
 * What stays in D1: every ledger row that is not a job's (sign-up bonus, payments, store plan, account closed:
 * their keys can come back from a provider), the seller's latest HISTORY_LENGTH movements (the credits
 * screen lists them), jobs still running or failed without a refund, and batches' pictures (archive-batches.ts).
 */
const DAY = 24 * 60 * 60 * 1000;
export const ARCHIVE_RETENTION_MS = 90 * DAY;

export type ArchiveOptions = { now?: number; chunk?: number; maxChunks?: number; maxObjects?: number };

/**
 * Jobs made before this instant may go: the start of the month (UTC) that holds now - retention, so a seller's
 * month is archived whole, in as few objects as its jobs need, rather than a day's worth at a time.
 */
export function archiveCutoff(now: number): number {
  const at = new Date(now - ARCHIVE_RETENTION_MS);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
}

/** D1 binds at most 100 values a statement: a chunk's job: and refund: keys stay under it. */
const MAX_JOBS_PER_OBJECT = 45;

export const archiveObjectKey = (userId: string, month: string, firstId: number, lastId: number, run: string) =>
  `archive/${userId}/${month}/generations-${firstId}-${lastId}-${run}.ndjson.gz`;

/**
 * The jobs the archival may take, oldest first from `after`: final, charged, outside batches, and with
 * every ledger row older than the seller's latest HISTORY_LENGTH movements.
 */
export const ARCHIVABLE_JOBS_SQL = `SELECT j.id, j.user_id, j.created_at FROM generation_jobs j
  WHERE j.created_at < ?1 AND (j.created_at > ?2 OR (j.created_at = ?2 AND j.id > ?3))
    AND j.status IN ('succeeded', 'failed')
    AND NOT EXISTS (SELECT 1 FROM batch_items i WHERE i.id = j.id)
    AND EXISTS (SELECT 1 FROM credit_ledger c WHERE c.idempotency_key = 'job:' || j.id)
    AND (j.status = 'failed') = EXISTS (SELECT 1 FROM credit_ledger r WHERE r.idempotency_key = 'refund:' || j.id)
    AND (SELECT MAX(l.id) FROM credit_ledger l WHERE l.idempotency_key IN ('job:' || j.id, 'refund:' || j.id))
        < COALESCE((SELECT k.id FROM credit_ledger k WHERE k.user_id = j.user_id ORDER BY k.id DESC LIMIT 1 OFFSET ${HISTORY_LENGTH - 1}), 0)
  ORDER BY j.created_at, j.id LIMIT ?4`;

export type JobRow = {
  id: string;
  user_id: string;
  product_id: string | null;
  kind: string;
  quality: string;
  cost: number;
  status: string;
  error: string | null;
  image_id: string | null;
  created_at: number;
  finished_at: number | null;
};
export type LedgerRow = {
  id: number;
  user_id: string;
  delta: number;
  reason: string;
  idempotency_key: string;
  balance_after: number;
  created_at: number;
};

export const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(", ");
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * Groups candidates, oldest first, by seller and month, at most `max` to a group: each group is one object.
 * A seller's month past `max` candidates is split over several groups.
 */
export function groupBySellerMonth<T>(rows: T[], of: (row: T) => { userId: string; createdAt: number }, max: number) {
  const groups = new Map<string, { userId: string; month: string; rows: T[] }>();
  for (const row of rows) {
    const { userId, createdAt } = of(row);
    const month = monthOf(createdAt);
    const key = `${userId}\n${month}`;
    const group = groups.get(key);
    if (group && group.rows.length < max) group.rows.push(row);
    else {
      // A full group keeps its place under another key; the new one takes the seller's month.
      if (group) groups.set(`${key}\n${groups.size}`, group);
      groups.set(key, { userId, month, rows: [row] });
    }
  }
  return [...groups.values()];
}

export const jobLine = (j: JobRow): ArchivedJob => ({
  kind: "job",
  id: j.id,
  userId: j.user_id,
  productId: j.product_id,
  jobKind: j.kind,
  quality: j.quality,
  cost: j.cost,
  status: j.status,
  error: j.error,
  imageId: j.image_id,
  createdAt: j.created_at,
  finishedAt: j.finished_at,
});

export const ledgerLine = (l: LedgerRow): ArchivedLedgerRow => ({
  kind: "ledger",
  id: l.id,
  userId: l.user_id,
  delta: l.delta,
  reason: l.reason,
  idempotencyKey: l.idempotency_key,
  balanceAfter: l.balance_after,
  createdAt: l.created_at,
});

/**
 * Writes one archive object, then runs the D1 batch that records it and deletes what it holds. When the batch
 * fails the object is deleted again (its key names this run, so no summary points at it): "refused" when the
 * failure is `refusal` (a parallel run took the rows first, or they changed meanwhile), else the error is thrown.
 */
export async function commitArchive(
  env: Pick<Bindings, "DB" | "DATA">,
  objectKey: string,
  lines: ArchiveLine[],
  statements: D1PreparedStatement[],
  refusal: RegExp,
): Promise<"written" | "refused"> {
  await env.DATA.put(objectKey, await gzipLines(lines), {
    httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" },
  });
  try {
    await env.DB.batch(statements);
    return "written";
  } catch (err) {
    await env.DATA.delete(objectKey);
    if (refusal.test(errorChain(err))) return "refused";
    log("error", "archive chunk failed", { error: errorName(err) });
    throw err;
  }
}

/**
 * The global database's part of archiving a seller's pictures, whichever database their rows live in: every
 * picture's two ledger keys marked archived (a plain insert: a parallel or earlier run's key fails the whole
 * batch, ARCHIVED_KEY_TAKEN), the summary the balance checks read (entries and their sum, from the rows
 * themselves; `batches` when the pictures are batches'), and the rows removed. Lists are bound as JSON: a
 * chunk of batches holds more keys than D1's 100 bound values.
 */
export function ledgerArchiveStatements(
  env: Pick<Bindings, "DB">,
  archive: { objectKey: string; userId: string; month: string; jobs: number; batches?: number; ledgerIds: number[]; keys: string[] },
): D1PreparedStatement[] {
  const { objectKey, userId, month, jobs, ledgerIds, keys } = archive;
  const ids = JSON.stringify(ledgerIds);
  return [
    env.DB.prepare("INSERT INTO archived_ledger_keys (key) SELECT value FROM json_each(?1)").bind(JSON.stringify(keys)),
    env.DB.prepare(
      `INSERT INTO ledger_archives (object_key, user_id, month, first_id, last_id, entries, delta_sum, jobs, batches)
       SELECT ?1, ?2, ?3, MIN(id), MAX(id), COUNT(*), SUM(delta), ?4, ?5 FROM credit_ledger
       WHERE id IN (SELECT value FROM json_each(?6)) AND user_id = ?2`,
    ).bind(objectKey, userId, month, jobs, archive.batches ?? 0, ids),
    env.DB.prepare("DELETE FROM credit_ledger WHERE id IN (SELECT value FROM json_each(?1))").bind(ids),
  ];
}

export const ARCHIVED_KEY_TAKEN = /UNIQUE constraint failed: archived_ledger_keys/;

/**
 * The run every archival shares: candidates oldest first from `sql` (bound to the cutoff, the cursor's date and
 * id, and the chunk's size), `chunk` at a time and `maxChunks` chunks at most, grouped by seller and month into
 * objects of `perObject` rows at most, each handed to `archive`; at most `maxObjects` objects a run (refused
 * ones count: each cost its writes). Answers the sum of what each object moved, its objects and its refusals.
 */
export async function runArchival<Row extends { id: string; created_at: number }, Moved extends Record<string, number>>(
  env: Pick<Bindings, "DB">,
  plan: {
    label: string;
    sql: string;
    sellerOf: (row: Row) => string;
    perObject: number;
    options: ArchiveOptions;
    defaults: Required<Omit<ArchiveOptions, "now">>;
    nothing: Moved;
  },
  /** null: nothing of the group was ready (no object written). */
  archive: (group: { userId: string; month: string; rows: Row[] }, n: number) => Promise<Moved | "refused" | null>,
): Promise<Moved & { objects: number; refused: number }> {
  const { options, defaults } = plan;
  const now = options.now ?? Date.now();
  const chunk = options.chunk ?? defaults.chunk;
  const maxChunks = options.maxChunks ?? defaults.maxChunks;
  const maxObjects = options.maxObjects ?? defaults.maxObjects;
  const moved: Record<string, number> = { ...plan.nothing, objects: 0, refused: 0 };
  const done = () => moved.objects! + moved.refused! >= maxObjects;
  let cursor: [number, string] = [-1, ""];
  for (let i = 0; i < maxChunks && !done(); i++) {
    const { results } = await env.DB.prepare(plan.sql).bind(archiveCutoff(now), cursor[0], cursor[1], chunk).all<Row>();
    if (results.length === 0) break;
    const last = results[results.length - 1]!;
    cursor = [last.created_at, last.id];
    for (const group of groupBySellerMonth(results, (row) => ({ userId: plan.sellerOf(row), createdAt: row.created_at }), plan.perObject)) {
      if (done()) break;
      const outcome = await archive(group, moved.objects! + moved.refused!);
      if (outcome === null) continue;
      if (outcome === "refused") moved.refused!++;
      else {
        for (const [key, count] of Object.entries(outcome)) moved[key] = (moved[key] ?? 0) + count;
        moved.objects!++;
      }
    }
    if (results.length < chunk) break;
  }
  log("info", plan.label, moved);
  return moved as Moved & { objects: number; refused: number };
}

/** Archives up to `maxChunks` chunks of `chunk` candidate jobs; answers how many jobs and ledger rows moved. */
export async function archiveOldGenerations(env: Pick<Bindings, "DB" | "DATA">, options: ArchiveOptions = {}) {
  const run = crypto.randomUUID().slice(0, 8);
  return runArchival(
    env,
    {
      label: "archive",
      sql: ARCHIVABLE_JOBS_SQL,
      sellerOf: (job: { id: string; user_id: string; created_at: number }) => job.user_id,
      perObject: MAX_JOBS_PER_OBJECT,
      options,
      // Each object costs an R2 write and four D1 calls: a run stays well inside a cron invocation's subrequests.
      defaults: { chunk: 200, maxChunks: 20, maxObjects: 100 },
      nothing: { jobs: 0, ledger: 0 },
    },
    ({ userId, month, rows }) =>
      archiveChunk(
        env,
        userId,
        month,
        rows.map((j) => j.id),
        run,
      ),
  );
}

/** One object and its D1 batch; "refused" when a parallel run archived some of its rows first. */
async function archiveChunk(env: Pick<Bindings, "DB" | "DATA">, userId: string, month: string, jobIds: string[], run: string) {
  const jobs = (
    await env.DB.prepare(`SELECT * FROM generation_jobs WHERE id IN (${placeholders(jobIds.length)}) AND status IN ('succeeded', 'failed')`)
      .bind(...jobIds)
      .all<JobRow>()
  ).results;
  const keys = jobs.flatMap((j) => [`job:${j.id}`, `refund:${j.id}`]);
  if (jobs.length === 0) return "refused" as const;
  const ledger = (
    await env.DB.prepare(`SELECT * FROM credit_ledger WHERE idempotency_key IN (${placeholders(keys.length)}) ORDER BY id`)
      .bind(...keys)
      .all<LedgerRow>()
  ).results;
  // Each job's charge must be here: a job without it was archived meanwhile by a parallel run.
  const read = new Set(ledger.map((l) => l.idempotency_key));
  if (jobs.some((j) => !read.has(`job:${j.id}`))) return "refused" as const;
  const ids = ledger.map((l) => l.id);
  const objectKey = archiveObjectKey(userId, month, ids[0]!, ids[ids.length - 1]!, run);
  const lines = [...jobs.map(jobLine), ...ledger.map(ledgerLine)];
  // Both keys of every job, the refund's too when it has none: a succeeded job must never be refunded later.
  const ledgerKeys = jobs.flatMap((j) => [`job:${j.id}`, `refund:${j.id}`]);
  const outcome = await commitArchive(
    env,
    objectKey,
    lines,
    [
      ...ledgerArchiveStatements(env, { objectKey, userId, month, jobs: jobs.length, ledgerIds: ids, keys: ledgerKeys }),
      env.DB.prepare(`DELETE FROM generation_jobs WHERE id IN (${placeholders(jobs.length)}) AND status IN ('succeeded', 'failed')`).bind(
        ...jobs.map((j) => j.id),
      ),
    ],
    ARCHIVED_KEY_TAKEN,
  );
  if (outcome === "refused") return "refused" as const;
  return { jobs: jobs.length, ledger: ledger.length };
}

export function errorChain(err: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(" | ");
}

/**
 * The lines of a seller's archived objects that `table` summarizes (ledger_archives or order_archives), read
 * back in month order (an object no summary names is a leftover of a run that failed, and is not read).
 * Throws when a summarized object is missing: an export must not leave rows out silently.
 */
export async function archivedLines(
  env: Pick<Bindings, "DB" | "DATA">,
  table: "ledger_archives" | "order_archives",
  userId: string,
): Promise<ArchiveLine[]> {
  const { results } = await env.DB.prepare(`SELECT object_key FROM ${table} WHERE user_id = ?1 ORDER BY month, object_key`)
    .bind(userId)
    .all<{ object_key: string }>();
  const lines: ArchiveLine[] = [];
  for (const { object_key } of results) {
    const object = await env.DATA.get(object_key);
    if (!object) throw new Error(`archived object missing: ${object_key}`);
    lines.push(...(await gunzipLines(await object.arrayBuffer())));
  }
  return lines;
}

/** A seller's archived ledger rows, generations' and batches' (the export sorts them by id). */
export async function archivedLedgerRows(env: Pick<Bindings, "DB" | "DATA">, userId: string): Promise<ArchivedLedgerRow[]> {
  return (await archivedLines(env, "ledger_archives", userId)).filter((l): l is ArchivedLedgerRow => l.kind === "ledger");
}
