import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../../worker/index";
import { shopDatabase } from "../../worker/db/client";
import { exportKey } from "../../worker/lib/data-export";
import { DATA_EXPORTS_QUEUE, type DataExportMessage } from "../../worker/lib/data-export-message";

/** A seller's export built through the queue's consumer, as in production; answers its id once its ZIP is in DATA. */
export async function builtExport(userId: string): Promise<string> {
  const exportId = crypto.randomUUID();
  // The export's row is the shop's: it goes in the seller's shop database.
  const shard = (await env.DB.prepare("SELECT shard FROM users WHERE id = ?1").bind(userId).first<number>("shard")) ?? 0;
  await shopDatabase(env, { id: userId, shard })
    .$client.prepare("INSERT INTO data_exports (id, user_id, origin) VALUES (?1, ?2, 'https://vidriera.test')")
    .bind(exportId, userId)
    .run();
  const batch = createMessageBatch<DataExportMessage>(DATA_EXPORTS_QUEUE, [
    { id: exportId, timestamp: new Date(), attempts: 1, body: { exportId, userId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  await getQueueResult(batch, ctx);
  expect(await env.DATA.head(exportKey(userId, exportId))).not.toBeNull();
  return exportId;
}
