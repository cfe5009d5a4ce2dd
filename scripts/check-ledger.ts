/**
 * `npm run check:ledger [-- --persist-to DIR]`: proves the money invariants on
 * a local D1 database (the dev one by default). Exits 1 when one is broken.
 *
 * - every balance equals the sum of that user's ledger, and none is negative;
 * - no generation job was charged or refunded more than once, a refunded job
 *   is failed, and a succeeded job was not refunded;
 * - every provider payment was credited at most once, and only approved ones.
 */
import { execFileSync } from "node:child_process";
import { applyMigrations, OFFLINE_ENV } from "./local-state.ts";

const persistAt = process.argv.indexOf("--persist-to");
const persistTo = persistAt > 0 ? process.argv[persistAt + 1] : undefined;

// A database from before the latest migrations is brought up to date first, so every table exists.
applyMigrations(persistTo);

function query<T>(sql: string): T[] {
  const out = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--json", "--command", sql, ...(persistTo ? ["--persist-to", persistTo] : [])],
    { env: { ...OFFLINE_ENV, CI: "true" }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  return (JSON.parse(out) as { results: T[] }[])[0]!.results;
}

const checks: [string, string][] = [
  [
    "balance equals the sum of the user's ledger",
    `SELECT u.id, u.credits, COALESCE(SUM(l.delta), 0) AS ledger FROM users u
     LEFT JOIN credit_ledger l ON l.user_id = u.id GROUP BY u.id HAVING u.credits != COALESCE(SUM(l.delta), 0)`,
  ],
  ["no negative balance", `SELECT id, credits FROM users WHERE credits < 0`],
  [
    "each job charged at most once",
    `SELECT substr(idempotency_key, 5) AS job, COUNT(*) AS n FROM credit_ledger
     WHERE idempotency_key LIKE 'job:%' GROUP BY job HAVING n > 1`,
  ],
  [
    "each job refunded at most once",
    `SELECT substr(idempotency_key, 8) AS job, COUNT(*) AS n FROM credit_ledger
     WHERE idempotency_key LIKE 'refund:%' GROUP BY job HAVING n > 1`,
  ],
  [
    "a refund matches a charge of the same job and amount",
    `SELECT r.idempotency_key FROM credit_ledger r
     LEFT JOIN credit_ledger c ON c.idempotency_key = 'job:' || substr(r.idempotency_key, 8)
     WHERE r.idempotency_key LIKE 'refund:%' AND (c.id IS NULL OR c.delta != -r.delta)`,
  ],
  [
    "a succeeded job was not refunded",
    `SELECT j.id FROM generation_jobs j JOIN credit_ledger r ON r.idempotency_key = 'refund:' || j.id WHERE j.status = 'succeeded'`,
  ],
  [
    "a failed job was refunded",
    `SELECT j.id FROM generation_jobs j LEFT JOIN credit_ledger r ON r.idempotency_key = 'refund:' || j.id
     WHERE j.status = 'failed' AND r.id IS NULL`,
  ],
  [
    "each provider payment credited at most once",
    `SELECT idempotency_key, COUNT(*) AS n FROM credit_ledger WHERE idempotency_key LIKE 'payment:%' GROUP BY idempotency_key HAVING n > 1`,
  ],
  [
    "only approved payments were credited",
    `SELECT p.id, p.status FROM payments p
     JOIN credit_ledger l ON l.idempotency_key = 'payment:' || p.provider || ':' || p.provider_payment_id
     WHERE p.status != 'approved'`,
  ],
];

let broken = 0;
for (const [name, sql] of checks) {
  const rows = query<Record<string, unknown>>(sql);
  if (rows.length === 0) {
    console.log(`ok      ${name}`);
  } else {
    broken++;
    console.log(`BROKEN  ${name}: ${rows.length} row(s)`);
    for (const row of rows.slice(0, 10)) console.log(`        ${JSON.stringify(row)}`);
  }
}
const [totals] = query<{ users: number; ledger: number; jobs: number; payments: number }>(
  `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM credit_ledger) AS ledger,
          (SELECT COUNT(*) FROM generation_jobs) AS jobs, (SELECT COUNT(*) FROM payments) AS payments`,
);
console.log(`checked ${totals!.users} users, ${totals!.ledger} ledger rows, ${totals!.jobs} jobs, ${totals!.payments} payments`);
process.exit(broken ? 1 : 0);
