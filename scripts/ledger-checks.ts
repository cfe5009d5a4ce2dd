/**
 * The money invariants, as SQL that returns the rows breaking each one (none
 * when it holds). One list for `npm run check:ledger` (wrangler against a
 * local D1) and the Worker tests (env.DB inside workerd): add a check here
 * and both run it.
 */
import {
  type ArchiveLine,
  archiveProblems,
  type ArchiveSummary,
  type OrderArchiveSummary,
  orderArchiveProblems,
} from "../common/ledger-archive.ts";

export interface LedgerCheck {
  name: string;
  sql: string;
}

export const LEDGER_CHECKS: LedgerCheck[] = [
  // The ledger left in D1 plus the summaries of what the archival moved to R2 (worker/lib/archive.ts).
  {
    name: "balance equals the sum of the user's ledger, archived months included",
    sql: `SELECT * FROM (SELECT u.id, u.credits,
            COALESCE((SELECT SUM(l.delta) FROM credit_ledger l WHERE l.user_id = u.id), 0)
            + COALESCE((SELECT SUM(a.delta_sum) FROM ledger_archives a WHERE a.user_id = u.id), 0) AS ledger FROM users u)
          WHERE credits != ledger`,
  },
  {
    name: "an archived movement is not in the ledger too",
    sql: `SELECT l.id, l.idempotency_key FROM credit_ledger l JOIN archived_ledger_keys a ON a.key = l.idempotency_key`,
  },
  // The archival keeps both keys of each picture it moves (a job, or a batch's item), job:<id> and refund:<id>,
  // so neither can apply again.
  {
    name: "the archives' summaries count each archived job's two keys once",
    sql: `SELECT * FROM (SELECT (SELECT COALESCE(SUM(jobs), 0) * 2 FROM ledger_archives) AS summarized,
            (SELECT COUNT(*) FROM archived_ledger_keys) AS keys) WHERE summarized != keys`,
  },
  { name: "no negative balance", sql: `SELECT id, credits FROM users WHERE credits < 0` },
  {
    name: "each job charged at most once",
    sql: `SELECT substr(idempotency_key, 5) AS job, COUNT(*) AS n FROM credit_ledger
          WHERE idempotency_key LIKE 'job:%' GROUP BY job HAVING n > 1`,
  },
  {
    name: "each job refunded at most once",
    sql: `SELECT substr(idempotency_key, 8) AS job, COUNT(*) AS n FROM credit_ledger
          WHERE idempotency_key LIKE 'refund:%' GROUP BY job HAVING n > 1`,
  },
  {
    name: "a refund matches a charge of the same job and amount",
    sql: `SELECT r.idempotency_key FROM credit_ledger r
          LEFT JOIN credit_ledger c ON c.idempotency_key = 'job:' || substr(r.idempotency_key, 8)
          WHERE r.idempotency_key LIKE 'refund:%' AND (c.id IS NULL OR c.delta != -r.delta)`,
  },
  {
    name: "a succeeded job was not refunded",
    sql: `SELECT j.id FROM generation_jobs j JOIN credit_ledger r ON r.idempotency_key = 'refund:' || j.id WHERE j.status = 'succeeded'`,
  },
  {
    name: "a failed job was refunded",
    sql: `SELECT j.id FROM generation_jobs j LEFT JOIN credit_ledger r ON r.idempotency_key = 'refund:' || j.id
          WHERE j.status = 'failed' AND r.id IS NULL`,
  },
  {
    name: "each provider payment credited at most once",
    sql: `SELECT idempotency_key, COUNT(*) AS n FROM credit_ledger WHERE idempotency_key LIKE 'payment:%' GROUP BY idempotency_key HAVING n > 1`,
  },
  {
    name: "only approved payments were credited",
    sql: `SELECT p.id, p.status FROM payments p
          JOIN credit_ledger l ON l.idempotency_key = 'payment:' || p.provider || ':' || p.provider_payment_id
          WHERE p.status != 'approved'`,
  },
  {
    name: "closing a deleted account left its balance at zero",
    sql: `SELECT user_id, balance_after FROM credit_ledger WHERE idempotency_key LIKE 'account_closed:%' AND balance_after != 0`,
  },
  {
    name: "a deleted account keeps no sessions, products, images or personal data",
    sql: `SELECT u.id FROM users u WHERE u.deleted_at IS NOT NULL AND (
            u.email != 'borrada:' || u.id OR u.password_hash IS NOT NULL OR u.google_sub IS NOT NULL OR u.name IS NOT NULL
            OR u.username IS NOT NULL OR u.phone IS NOT NULL OR u.image_url IS NOT NULL OR u.country_code IS NOT NULL
            OR EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)
            OR EXISTS (SELECT 1 FROM products p WHERE p.user_id = u.id)
            OR EXISTS (SELECT 1 FROM generated_images g WHERE g.user_id = u.id))`,
  },
  // Batches (worker/batches/): each picture is charged job:<id> when the seller confirms, and refunded at most
  // once as refund:<id>, whether it failed in its job, was cancelled or dead-lettered before it began. An
  // archived batch left D1 with its items, their jobs and their ledger rows (worker/lib/archive-batches.ts),
  // so these hold on what is left, and brokenArchiveObjects checks the same of each archived batch.
  {
    name: "each batch picture charged exactly once, at the batch's price",
    sql: `SELECT i.id, COUNT(l.id) AS charges, MIN(l.delta) AS delta, b.unit_cost FROM batch_items i
          JOIN batches b ON b.id = i.batch_id
          LEFT JOIN credit_ledger l ON l.idempotency_key = 'job:' || i.id
          GROUP BY i.id HAVING charges != 1 OR delta != -b.unit_cost`,
  },
  {
    name: "a batch's size is its pictures",
    sql: `SELECT b.id, b.size, (SELECT COUNT(*) FROM batch_items i WHERE i.batch_id = b.id) AS pictures FROM batches b
          WHERE b.size != (SELECT COUNT(*) FROM batch_items i WHERE i.batch_id = b.id)`,
  },
  {
    name: "a batch picture cancelled or failed before it began was refunded",
    sql: `SELECT i.id, i.status FROM batch_items i LEFT JOIN credit_ledger r ON r.idempotency_key = 'refund:' || i.id
          WHERE i.status IN ('cancelled', 'failed') AND r.id IS NULL`,
  },
  {
    name: "a batch picture still waiting or begun was not refunded before its job failed",
    sql: `SELECT i.id, i.status FROM batch_items i JOIN credit_ledger r ON r.idempotency_key = 'refund:' || i.id
          LEFT JOIN generation_jobs j ON j.id = i.id
          WHERE i.status = 'queued' OR (i.status = 'started' AND (j.id IS NULL OR j.status != 'failed'))`,
  },
  {
    name: "a begun batch picture has its job, and a waiting one has none",
    sql: `SELECT i.id, i.status FROM batch_items i LEFT JOIN generation_jobs j ON j.id = i.id
          WHERE (i.status = 'started') != (j.id IS NOT NULL)`,
  },
];

export interface BrokenCheck {
  name: string;
  rows: Record<string, unknown>[];
}

/** Runs every check through `query` and answers the broken ones with their offending rows. */
export async function brokenLedgerChecks(
  query: (sql: string) => Promise<Record<string, unknown>[]> | Record<string, unknown>[],
): Promise<BrokenCheck[]> {
  const broken: BrokenCheck[] = [];
  for (const check of LEDGER_CHECKS) {
    const rows = await query(check.sql);
    if (rows.length > 0) broken.push({ name: check.name, rows });
  }
  return broken;
}

/** Every archive summary row, for checking each against its object. */
export const ARCHIVE_SUMMARIES_SQL = `SELECT object_key, user_id, first_id, last_id, entries, delta_sum, jobs, batches FROM ledger_archives`;
export const ARCHIVE_OBJECTS_CHECK = "each archived month's object holds what its summary says";
/** Every archived orders object's summary (worker/lib/archive-orders.ts). */
export const ORDER_ARCHIVE_SUMMARIES_SQL = `SELECT object_key, user_id, orders, total_sum FROM order_archives`;
export const ORDER_ARCHIVE_OBJECTS_CHECK = "each archived orders object holds what its summary says";

/**
 * Reads each summarized object through `lines` (undefined when it is missing) and answers the broken
 * check with a row per object that does not match its summary, or nothing. An object that cannot be read back
 * (not gzip, not NDJSON) is a broken row of its own, not a missing object and not the end of the check.
 */
export async function brokenArchiveObjects(
  summaries: ArchiveSummary[],
  lines: (objectKey: string) => Promise<ArchiveLine[] | undefined>,
  orderSummaries: OrderArchiveSummary[] = [],
): Promise<BrokenCheck[]> {
  const check = async <S extends { object_key: string }>(
    name: string,
    of: S[],
    problemsOf: (summary: S, read: ArchiveLine[] | undefined) => string[],
  ): Promise<BrokenCheck[]> => {
    const rows: Record<string, unknown>[] = [];
    for (const summary of of) {
      let problems: string[];
      try {
        problems = problemsOf(summary, await lines(summary.object_key));
      } catch (err) {
        problems = [`object unreadable: ${(err as Error).message}`];
      }
      if (problems.length > 0) rows.push({ object: summary.object_key, problems });
    }
    return rows.length > 0 ? [{ name, rows }] : [];
  };
  return [
    ...(await check(ARCHIVE_OBJECTS_CHECK, summaries, archiveProblems)),
    ...(await check(ORDER_ARCHIVE_OBJECTS_CHECK, orderSummaries, orderArchiveProblems)),
  ];
}

/**
 * The debits and refunds of shops outside `DB` (users.shard > 0), whose pictures live in their shop's database
 * (worker/jobs/lost-debits.ts): run on `DB`.
 */
export const SHOP_LEDGER_SQL = `SELECT l.idempotency_key AS key, l.delta, u.shard, l.created_at FROM credit_ledger l JOIN users u ON u.id = l.user_id
  WHERE u.shard <> 0 AND (l.idempotency_key LIKE 'job:%' OR l.idempotency_key LIKE 'refund:%')`;
/** A shop database's pictures: its generation jobs and its batches' items, with their status. Run on SHOP_DB_<n>. */
export const SHOP_PICTURES_SQL = `SELECT id, status, 'job' AS kind FROM generation_jobs
  UNION ALL SELECT id, status, 'item' AS kind FROM batch_items`;
export const CROSS_DATABASE_CHECKS = [
  "a picture in a shop database has its debit in the global ledger",
  "a debit of a shop outside DB has its picture in that shop's database, or its refund",
  "a picture of a shop database that failed or never began was refunded",
  "a picture of a shop database that succeeded was not refunded",
] as const;

/**
 * The ledger checks that span databases, over what SHOP_LEDGER_SQL read from `DB` and SHOP_PICTURES_SQL from each
 * shop database n > 0 (`pictures` by shard). Answers the broken ones, as brokenLedgerChecks does.
 */
export function brokenCrossDatabaseChecks(
  ledger: { key: string; delta: number; shard: number; created_at: number }[],
  pictures: Map<number, { id: string; status: string; kind: string }[]>,
): BrokenCheck[] {
  const recentMs = Date.now() - 15 * 60_000;
  const debits = new Map(ledger.filter((l) => l.key.startsWith("job:")).map((l) => [l.key.slice(4), l]));
  const refunds = new Set(ledger.filter((l) => l.key.startsWith("refund:")).map((l) => l.key.slice(7)));
  const rows: Record<(typeof CROSS_DATABASE_CHECKS)[number], Record<string, unknown>[]> = {
    [CROSS_DATABASE_CHECKS[0]]: [],
    [CROSS_DATABASE_CHECKS[1]]: [],
    [CROSS_DATABASE_CHECKS[2]]: [],
    [CROSS_DATABASE_CHECKS[3]]: [],
  };
  const held = new Map<number, Set<string>>();
  for (const [shard, list] of pictures) {
    held.set(shard, new Set(list.map((p) => p.id)));
    const jobs = new Map(list.filter((p) => p.kind === "job").map((p) => [p.id, p]));
    for (const p of list) {
      const debit = debits.get(p.id);
      // A started batch picture and its job share the id: one debit for both.
      if ((!debit || debit.shard !== shard) && !(p.kind === "item" && jobs.has(p.id))) {
        rows[CROSS_DATABASE_CHECKS[0]].push({ shard, id: p.id, kind: p.kind });
      }
      const ended = p.kind === "job" ? p.status === "failed" : p.status === "cancelled" || p.status === "failed";
      if (ended && !refunds.has(p.id)) rows[CROSS_DATABASE_CHECKS[2]].push({ shard, id: p.id, status: p.status });
      if (p.kind === "job" && p.status === "succeeded" && refunds.has(p.id)) rows[CROSS_DATABASE_CHECKS[3]].push({ shard, id: p.id });
    }
  }
  for (const [id, debit] of debits) {
    // A debit's row is written after it: one younger than the reconciliation's wait may still be on its way.
    if (debit.created_at > recentMs) continue;
    if (!held.get(debit.shard)?.has(id) && !refunds.has(id)) rows[CROSS_DATABASE_CHECKS[1]].push({ shard: debit.shard, job: id });
  }
  return CROSS_DATABASE_CHECKS.filter((name) => rows[name].length > 0).map((name) => ({ name, rows: rows[name] }));
}
