import { and, eq, inArray } from "drizzle-orm";
import { describerFor } from "../../common/image-providers";
import { database, type ShopDb } from "../db/client";
import { itemDatabase, itemDatabases } from "./item-database";
import { batches, batchItems } from "../db/schema";
import type { Bindings } from "../env";
import { gateStub } from "../jobs/gate-admission";
import { JOB_MESSAGES } from "../jobs/job-types";
import { errorName, log } from "../lib/log";
import { chunks } from "../lib/chunks";
import { draftProduct } from "./drafts";
import { BATCH_DEAD_LETTERS, type BatchMessage } from "./messages";
import { endUnstarted } from "./refund-items";

/**
 * Photos named at once in one delivery: a provider reading them is waited on, so four go together; the
 * offline drafter decodes each photo on this isolate's one thread, where doing two at once only doubles the
 * memory.
 */
const draftsAtOnce = (env: Bindings) => (describerFor(env) === "studio" ? 1 : 4);

/** Seconds before a failed message comes again: 2, 4, 8 … up to a minute (the queue's own delay). */
export const retryDelay = (attempts: number) => Math.min(60, 2 ** attempts);

/**
 * The batch queue's consumer (this same Worker). Messages may come twice, late
 * or out of order, so every step is decided by D1's state, not by the message:
 * - "item": a picture still queued is handed to its provider's gate as a
 *   ticket (the gate keeps at most one per picture and begins it in its turn);
 *   one that began, ended or was cancelled is acknowledged and left alone.
 * - "draft": the photo is named (drafts.ts), once.
 * A step that fails is retried by the queue after a growing delay; after the
 * consumer's max_retries the message goes to the dead-letter queue, whose
 * messages end the picture (if it never began) with a refund.
 */
export async function consumeBatchQueue(batch: MessageBatch<BatchMessage>, env: Bindings): Promise<void> {
  if (batch.queue === BATCH_DEAD_LETTERS) return deadLetters(batch.messages, env);
  const items = batch.messages.filter((message) => message.body.type === "item");
  const drafts = batch.messages.filter((message) => message.body.type === "draft");
  await Promise.all([handToGates(items, env), draftAll(drafts, env)]);
}

async function handToGates(messages: readonly Message<BatchMessage>[], env: Bindings) {
  if (messages.length === 0) return;
  try {
    const ids = [...new Set(messages.map((message) => message.body.item))];
    const queued: { id: string; userId: string; batchId: string; provider: string }[] = [];
    const held: { shopDb: ShopDb; ids: string[] }[] = [];
    for (const { shopDb, ids: here } of await itemDatabases(env, ids)) {
      const found: typeof queued = [];
      for (const part of chunks(here, 90)) {
        found.push(
          ...(await shopDb
            .select({ id: batchItems.id, userId: batchItems.userId, batchId: batchItems.batchId, provider: batches.provider })
            .from(batchItems)
            .innerJoin(batches, eq(batches.id, batchItems.batchId))
            .where(and(inArray(batchItems.id, part), eq(batchItems.status, "queued")))),
        );
      }
      queued.push(...found);
      held.push({ shopDb, ids: found.map((item) => item.id) });
    }
    const byProvider = new Map<string, typeof queued>();
    for (const item of queued) byProvider.set(item.provider, [...(byProvider.get(item.provider) ?? []), item]);
    for (const [provider, items] of byProvider) {
      await gateStub(env, provider).enqueue(
        provider,
        items.map((item) => ({ item: item.id, seller: item.userId, batch: item.batchId })),
      );
    }
    for (const { shopDb, ids: here } of held) {
      for (const part of chunks(here, 90)) {
        await shopDb
          .update(batchItems)
          .set({ heldAt: new Date() })
          .where(and(inArray(batchItems.id, part), eq(batchItems.status, "queued")));
      }
    }
    for (const message of messages) message.ack();
  } catch (err) {
    log("error", "batch pictures not handed to the gate; the queue tries again", { messages: messages.length, error: errorName(err) });
    for (const message of messages) message.retry({ delaySeconds: retryDelay(message.attempts) });
  }
}

async function draftAll(messages: readonly Message<BatchMessage>[], env: Bindings) {
  const line = [...messages];
  const worker = async () => {
    for (let message = line.shift(); message; message = line.shift()) {
      try {
        await draftProduct(env, message.body.item);
        message.ack();
      } catch (err) {
        // A busy describer (429, 5xx) or a D1 hiccup: later, after the queue's delay.
        log("warn", "photo not named yet; the queue tries again", { item: message.body.item, error: errorName(err) });
        message.retry({ delaySeconds: retryDelay(message.attempts) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(draftsAtOnce(env), line.length) }, worker));
}

/**
 * Messages the queue gave up on. A picture that never began is ended with its refund (refund:<id>, at most
 * once); one that began is its job's to settle. A photo that could not be named keeps the name it has.
 */
async function deadLetters(messages: readonly Message<BatchMessage>[], env: Bindings) {
  const global = database(env.DB);
  for (const message of messages) {
    try {
      const db = await itemDatabase(env, message.body.item);
      if (!db) {
        // The picture is in no shop database (its account was deleted): nothing to end.
        message.ack();
        continue;
      }
      if (message.body.type === "item") {
        const item = await db
          .select({
            id: batchItems.id,
            userId: batchItems.userId,
            cost: batches.unitCost,
            status: batchItems.status,
            provider: batches.provider,
          })
          .from(batchItems)
          .innerJoin(batches, eq(batches.id, batchItems.batchId))
          .where(eq(batchItems.id, message.body.item))
          .get();
        if (item?.status === "queued") {
          await endUnstarted(global, [item], "failed", JOB_MESSAGES.failed, db);
          await gateStub(env, item.provider).drop(item.provider, [item.id]);
          log("warn", "batch picture dead-lettered; refunded", { item: item.id, credits: item.cost });
        }
      } else {
        // Named no more: the grid, which waits for the names, goes on with the one it has.
        await db.update(batchItems).set({ draftedAt: new Date() }).where(eq(batchItems.id, message.body.item));
        log("warn", "photo naming dead-lettered; the file's name stays", { item: message.body.item });
      }
      message.ack();
    } catch (err) {
      log("error", "dead letter not settled; the queue tries again", { item: message.body.item, error: errorName(err) });
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
}
