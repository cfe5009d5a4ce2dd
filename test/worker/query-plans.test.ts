/**
 * No query on a hot path scans a table that grows. The statements are not listed by hand: they are recorded
 * while the hot flows run (sign-up and sign-in, a whole seller's account with generations, a batch, orders and
 * payments, the store page, the orders list, the crons that run every few minutes and the daily purge with its archival), and
 * EXPLAIN QUERY PLAN is asked of each with the values it was bound to.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepBatchesMoving } from "../../worker/batches/upkeep";
import type { Bindings } from "../../worker/env";
import { refundLostDebits } from "../../worker/jobs/lost-debits";
import { settleOrphanJobs } from "../../worker/jobs/orphan-jobs";
import { archiveOldData } from "../../worker/lib/archive-daily";
import { purgeExpired } from "../../worker/lib/purge";
import { reconcileOpenCheckouts } from "../../worker/payments/reconcile";
import { overrideProviderForTests } from "../../worker/providers/select";
import { sendWeeklySummaries } from "../../worker/stats/weekly";
import { Browser } from "./browser";
import { controlledProvider, fullSeller, smallSeller } from "./isolation-world";
import { queryPlan, type RecordedStatement, recordStatements, stopRecordingStatements } from "./sql-recorder";

/** Tables whose size does not grow with shops, orders or time: a scan of them costs the same at any size. */
const FIXED_SIZE_TABLES = new Set(["exchange_rates", "d1_migrations"]);

/** "SCAN orders" or "SCAN orders USING INDEX …" (every row, in index order): both read the whole table. */
const scannedTable = (detail: string) => /^SCAN (?:TABLE )?(\w+)/.exec(detail)?.[1];

/** The database's own tables (not a subquery's alias, json_each or a constant row), read from the schema. */
async function growingTables(): Promise<Set<string>> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
  return new Set(results.map((r) => r.name).filter((name) => !FIXED_SIZE_TABLES.has(name) && !name.startsWith("_cf_")));
}

let statements: RecordedStatement[] = [];

// Put back here, not after the recording: a recording that times out never reaches what follows it.
afterAll(() => {
  stopRecordingStatements();
  overrideProviderForTests(undefined);
});

beforeAll(async () => {
  controlledProvider();
  statements = await recordStatements(async () => {
    const a = await fullSeller();
    const b = await smallSeller();
    const login = await new Browser().json("POST", "/api/auth/login", { email: a.email, password: a.password });
    expect(login.status).toBe(200);
    for (const path of ["/api/orders", "/api/credits/history", `/api/products/list/${a.id}`, "/api/jobs", "/api/stats"]) {
      await a.browser.request(path);
    }
    expect((await new Browser().request(`/u/${b.username}`)).status).toBe(200);
    const cronEnv = { ...env, PUBLIC_ORIGIN: "http://localhost:5173" } as Bindings;
    await keepBatchesMoving(cronEnv);
    await reconcileOpenCheckouts(cronEnv, Date.now() + 20 * 60_000);
    // The 15-minute cron's sweeps: jobs no object settles, debits whose job row never came.
    await settleOrphanJobs(cronEnv, Date.now() + 20 * 60_000);
    await refundLostDebits(cronEnv, Date.now() + 20 * 60_000);
    await sendWeeklySummaries(cronEnv);
    await purgeExpired(env.DB);
    // The archival that rides on the purge's cron, a year on: every job, batch and order these flows made is
    // past retention (orders only past the seller's latest 200, which these flows do not reach: their
    // candidates' search is recorded).
    await archiveOldData(env, Date.now() + 365 * 24 * 60 * 60_000);
  });
  // A whole seller's flows and the crons: minutes on a loaded machine, not vitest's 10 s hook budget.
}, 180_000);

describe("the query plans of the hot paths", () => {
  it("recorded the statements of every hot flow", () => {
    const touching = (table: string) => statements.some((s) => new RegExp(`\\b${table}\\b`).test(s.sql));
    for (const table of [
      "sessions",
      "login_throttle",
      "credit_ledger",
      "generation_jobs",
      "orders",
      "batch_items",
      "payments",
      "products",
    ]) {
      expect(touching(table), table).toBe(true);
    }
  });

  it("never scan a table that grows", async () => {
    const growing = await growingTables();
    const scans: string[] = [];
    for (const statement of statements) {
      if (/^\s*(PRAGMA|EXPLAIN)\b/i.test(statement.sql)) continue;
      for (const detail of await queryPlan(statement)) {
        const table = scannedTable(detail);
        if (table && growing.has(table)) scans.push(`${detail}\n    in: ${statement.sql.replace(/\s+/g, " ").slice(0, 300)}`);
      }
    }
    expect(scans, scans.join("\n")).toEqual([]);
  });
});
