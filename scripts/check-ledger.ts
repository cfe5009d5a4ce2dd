/**
 * `npm run check:ledger [-- --persist-to DIR]`: proves the money invariants on
 * a local D1 database (the dev one by default). Exits 1 when one is broken.
 * `npm run check:ledger -- --remote` reads the deployed database instead
 * (wrangler signed in; read-only, and it never applies migrations there).
 *
 * - every balance equals the sum of that user's ledger, and none is negative;
 * - no generation job was charged or refunded more than once, a refunded job
 *   is failed, and a succeeded job was not refunded;
 * - every provider payment was credited at most once, and only approved ones;
 * - a deleted account was closed at zero credits and keeps nothing but its
 *   anonymous row (no sessions, products, images or personal data).
 *
 * The checks themselves live in ledger-checks.ts, shared with the Worker tests.
 */
import { execFileSync } from "node:child_process";
import { brokenLedgerChecks, LEDGER_CHECKS } from "./ledger-checks.ts";
import { applyMigrations, OFFLINE_ENV } from "./local-state.ts";

const persistAt = process.argv.indexOf("--persist-to");
const persistTo = persistAt > 0 ? process.argv[persistAt + 1] : undefined;
const remote = process.argv.includes("--remote");

// A local database from before the latest migrations is brought up to date first, so every table exists.
if (!remote) applyMigrations(persistTo);
const where = remote ? ["--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];

function query<T>(sql: string): T[] {
  const out = execFileSync("wrangler", ["d1", "execute", "DB", ...where, "--json", "--command", sql], {
    env: remote ? process.env : { ...OFFLINE_ENV, CI: "true" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return (JSON.parse(out) as { results: T[] }[])[0]!.results;
}

const broken = await brokenLedgerChecks((sql) => query<Record<string, unknown>>(sql));
for (const { name } of LEDGER_CHECKS) {
  const failure = broken.find((b) => b.name === name);
  if (!failure) {
    console.log(`ok      ${name}`);
    continue;
  }
  console.log(`BROKEN  ${name}: ${failure.rows.length} row(s)`);
  for (const row of failure.rows.slice(0, 10)) console.log(`        ${JSON.stringify(row)}`);
}
const [totals] = query<{ users: number; ledger: number; jobs: number; payments: number }>(
  `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM credit_ledger) AS ledger,
          (SELECT COUNT(*) FROM generation_jobs) AS jobs, (SELECT COUNT(*) FROM payments) AS payments`,
);
console.log(`checked ${totals!.users} users, ${totals!.ledger} ledger rows, ${totals!.jobs} jobs, ${totals!.payments} payments`);
process.exit(broken.length ? 1 : 0);
