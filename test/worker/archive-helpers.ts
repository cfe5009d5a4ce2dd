import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { expect, vi } from "vitest";
import { type ArchiveSummary, gunzipLines, type OrderArchiveSummary } from "../../common/ledger-archive";
import { database, shopDatabase } from "../../worker/db/client";
import { batches, batchItems, generationJobs } from "../../worker/db/schema";
import worker from "../../worker/index";
import { refundJob } from "../../worker/jobs/refund-job";
import { endUnstarted } from "../../worker/batches/refund-items";
import { moveCredits, moveCreditsTogether } from "../../worker/lib/credits";
import { exportKey } from "../../worker/lib/data-export";
import { DATA_EXPORTS_QUEUE, type DataExportMessage } from "../../worker/lib/data-export-message";
import { ARCHIVE_SUMMARIES_SQL, brokenArchiveObjects, brokenLedgerChecks, ORDER_ARCHIVE_SUMMARIES_SQL } from "../../scripts/ledger-checks";

export const db = database(env.DB);

/** For beforeAll: the outbox prints mail for `npm run dev`; here nothing is printed (vi.restoreAllMocks puts it back). */
export function quietOutbox() {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
}
export const DAY = 24 * 60 * 60 * 1000;

export const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<Record<string, unknown>>()
  ).results;

/** Every money invariant (check:ledger's), on D1 and on each archived object against its summary. */
export async function brokenChecks() {
  const query = async (sql: string) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results;
  const summaries = (await env.DB.prepare(ARCHIVE_SUMMARIES_SQL).all<ArchiveSummary>()).results;
  const orderSummaries = (await env.DB.prepare(ORDER_ARCHIVE_SUMMARIES_SQL).all<OrderArchiveSummary>()).results;
  return [
    ...(await brokenLedgerChecks(query)),
    ...(await brokenArchiveObjects(
      summaries,
      async (key) => {
        const object = await env.DATA.get(key);
        return object ? gunzipLines(await object.arrayBuffer()) : undefined;
      },
      orderSummaries,
    )),
  ];
}

/** A generation job as the route and its Durable Object leave it: charged with the job row, then finished. */
export async function finishedJob(userId: string, id: string, outcome: "succeeded" | "failed" | "running", cost = 50) {
  const result = await moveCredits(
    db,
    { userId, delta: -cost, reason: "generation", idempotencyKey: `job:${id}` },
    { after: [db.insert(generationJobs).values({ id, userId, kind: "ad", quality: "standard", cost, status: "running" })] },
  );
  expect(result.status).toBe("applied");
  if (outcome === "succeeded") {
    await env.DB.prepare("UPDATE generation_jobs SET status = 'succeeded', finished_at = ?2 WHERE id = ?1").bind(id, Date.now()).run();
  }
  if (outcome === "failed") expect(await refundJob(db, { id, userId, cost }, "El proveedor no respondió.")).toBe("refunded");
}

/** Moves the jobs and their ledger rows `days` back (or to the instant `at`), as if they had been made then. */
export async function backdate(ids: string[], days: number, at = Date.now() - days * DAY) {
  for (const id of ids) {
    await env.DB.batch([
      env.DB.prepare("UPDATE generation_jobs SET created_at = ?2, finished_at = ?2 WHERE id = ?1").bind(id, at),
      env.DB.prepare("UPDATE credit_ledger SET created_at = ?3 WHERE idempotency_key IN (?1, ?2)").bind(`job:${id}`, `refund:${id}`, at),
    ]);
  }
}

export type PictureOutcome = "succeeded" | "failed" | "cancelled" | "queued" | "running";

/**
 * A batch as the app leaves it: charged with its pictures in one batch (as createBatch does), then each picture
 * begun and finished as the batch queue and its job do (started with its job row; succeeded, or failed and
 * refunded), cancelled by the seller (endUnstarted), or still waiting. Then everything is moved `days` back.
 * With `shard: 1` the shop's rows are in SHOP_DB_1, charged first in DB's ledger, as createBatch does for it.
 */
export async function finishedBatch(
  userId: string,
  id: string,
  outcomes: PictureOutcome[],
  {
    days,
    notify = false,
    notified = false,
    unitCost = 50,
    shard = 0,
  }: { days: number; notify?: boolean; notified?: boolean; unitCost?: number; shard?: 0 | 1 },
) {
  const shopDb = shopDatabase(env, { id: userId, shard });
  const d1 = shard === 0 ? env.DB : env.SHOP_DB_1;
  const items = outcomes.map((_, position) => ({ id: `${id}-${position}`, batchId: id, userId, position }));
  const rows = [
    shopDb.insert(batches).values({
      id,
      userId,
      kind: "ad",
      includeModel: false,
      quality: "standard",
      provider: "fake",
      unitCost,
      size: items.length,
      notify,
      origin: "https://vidriera.test",
    }),
    shopDb.insert(batchItems).values(items),
  ] as const;
  const charged = await moveCreditsTogether(
    db,
    items.map((item) => ({ userId, delta: -unitCost, reason: "generation" as const, idempotencyKey: `job:${item.id}` })),
    { before: shard === 0 ? [...rows] : [] },
  );
  expect(charged).toBe("applied");
  if (shard !== 0) await shopDb.batch(rows);
  for (const [position, outcome] of outcomes.entries()) {
    const itemId = `${id}-${position}`;
    if (outcome === "queued") continue;
    if (outcome === "cancelled") {
      await endUnstarted(db, [{ id: itemId, userId, cost: unitCost }], "cancelled", "Cancelada por la vendedora.", shopDb);
      continue;
    }
    await d1.batch([
      d1.prepare("UPDATE batch_items SET status = 'started', started_at = ?2 WHERE id = ?1").bind(itemId, Date.now()),
      d1
        .prepare("INSERT INTO generation_jobs (id, user_id, kind, quality, cost, status) VALUES (?1, ?2, 'ad', 'standard', ?3, 'running')")
        .bind(itemId, userId, unitCost),
    ]);
    if (outcome === "succeeded") {
      await d1.prepare("UPDATE generation_jobs SET status = 'succeeded', finished_at = ?2 WHERE id = ?1").bind(itemId, Date.now()).run();
    }
    if (outcome === "failed")
      expect(await refundJob(db, { id: itemId, userId, cost: unitCost }, "El proveedor no respondió.", shopDb)).toBe("refunded");
  }
  const at = Date.now() - days * DAY;
  await d1.batch([
    d1.prepare("UPDATE batches SET created_at = ?2, notified_at = ?3 WHERE id = ?1").bind(id, at, notified ? at + 60_000 : null),
    d1
      .prepare("UPDATE batch_items SET sent_at = ?2, started_at = CASE WHEN started_at IS NULL THEN NULL ELSE ?2 END WHERE batch_id = ?1")
      .bind(id, at),
  ]);
  for (const item of items) {
    await d1.prepare("UPDATE generation_jobs SET created_at = ?2, finished_at = ?2 WHERE id = ?1").bind(item.id, at).run();
    await env.DB.prepare("UPDATE credit_ledger SET created_at = ?3 WHERE idempotency_key IN (?1, ?2)")
      .bind(`job:${item.id}`, `refund:${item.id}`, at)
      .run();
  }
  return items.map((item) => item.id);
}

/** Builds the seller's 'Descargar mis datos' ZIP through the exports queue, and answers its files. */
export async function exportZip(userId: string) {
  const exportId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO data_exports (id, user_id, origin) VALUES (?1, ?2, 'https://vidriera.test')")
    .bind(exportId, userId)
    .run();
  const batch = createMessageBatch<DataExportMessage>(DATA_EXPORTS_QUEUE, [
    { id: "m1", timestamp: new Date(), attempts: 1, body: { exportId, userId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  await getQueueResult(batch, ctx);
  return unzipSync(new Uint8Array(await (await env.DATA.get(exportKey(userId, exportId)))!.arrayBuffer()));
}
