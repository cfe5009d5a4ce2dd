import { and, eq, inArray, sql } from "drizzle-orm";
import { affordableItems, type NewBatch, notEnoughForBatch } from "../../common/batches";
import { creditsFor } from "../../common/generation";
import { planGeneration } from "../../common/image-providers";
import { database, inGlobalDatabase, shopDatabase } from "../db/client";
import { batches, batchItems, products } from "../db/schema";
import type { Bindings } from "../env";
import { balanceOf, moveCreditsTogether } from "../lib/credits";
import { ApiError, isShopMoving } from "../lib/errors";
import { randomId } from "../lib/ids";
import { errorName, log } from "../lib/log";
import { PRODUCT_NOT_FOUND } from "../lib/products";
import { chunks } from "../lib/chunks";
import { type BatchMessage, sendMessages } from "./messages";
import { JOB_MESSAGES } from "../jobs/job-types";
import { refundFencedDebits, refundLostDebit } from "../jobs/lost-debits";

export interface BatchRequest extends NewBatch {
  userId: string;
  /** The seller's shop database (users.shard): where the batch and its pictures live. */
  shard: number;
  /** The site the seller is using: the e-mail links back to it. */
  origin: string;
}

export const noPhoto = (name: string) => `«${name}» no tiene foto: súbele una antes de generar.`;

/**
 * Confirms a batch: checks every product is the seller's and has a photo,
 * then in ONE atomic D1 batch writes the batch, its pictures and one charge
 * per picture (ledger key job:<picture id>, so each can be refunded on its
 * own). A balance that does not cover them all moves nothing: 402 saying how
 * many it covers (`affordable`), for the screen to offer those. Then one
 * message per picture goes to the batch queue (and one per photo to name);
 * a message that fails to go is sent again by the upkeep (upkeep.ts).
 * A shop in a database of its own cannot hold the charges and its rows in one batch: the charges go first
 * (one atomic batch in `DB`), then the batch and its pictures (one atomic batch in the shop's database), as a
 * single generation does (docs/reliability.md, "A generation's debit and its job").
 */
export async function createBatch(env: Bindings, request: BatchRequest): Promise<{ id: string }> {
  const plan = planGeneration(env, request.kind, request.quality, request.includeModel);
  if (!plan.ok) throw new ApiError(422, plan.error);
  const db = database(env.DB);
  const shopDb = shopDatabase(env, { id: request.userId, shard: request.shard });
  const owned = new Map<string, { name: string; imageKey: string | null }>();
  for (const part of chunks(request.productIds, 90)) {
    const rows = await shopDb
      .select({ id: products.id, name: products.name, imageKey: products.imageKey })
      .from(products)
      .where(and(eq(products.userId, request.userId), inArray(products.id, part)));
    for (const row of rows) owned.set(row.id, row);
  }
  const chosen = request.productIds.map((id) => {
    const product = owned.get(id);
    if (!product) throw new ApiError(404, PRODUCT_NOT_FOUND);
    if (!product.imageKey) throw new ApiError(400, noPhoto(product.name));
    return { id, ...product };
  });

  const unitCost = creditsFor(request.quality);
  const id = randomId();
  const drafts = new Set(request.draftProductIds);
  const items = chosen.map((product, position) => ({
    id: randomId(),
    batchId: id,
    userId: request.userId,
    productId: product.id,
    position,
    draftFrom: drafts.has(product.id) ? product.name : null,
  }));
  const together = inGlobalDatabase(shopDb);
  const batchRow = {
    id,
    userId: request.userId,
    kind: request.kind,
    includeModel: request.includeModel,
    quality: request.quality,
    provider: plan.provider,
    unitCost,
    size: items.length,
    notify: request.notify,
    origin: request.origin,
  };
  const rows = [
    together
      ? shopDb.insert(batches).values(batchRow)
      : // Written only if no picture's id was claimed by the reconciliation of lost debits meanwhile (then refunded):
        // without the batch row the pictures' foreign key fails the whole batch, and nothing runs after its refund.
        shopDb.insert(batches).select(
          sql`SELECT ${id}, ${request.userId}, ${request.kind}, ${request.includeModel ? 1 : 0}, ${request.quality}, ${plan.provider},
                     ${unitCost}, ${items.length}, ${request.notify ? 1 : 0}, NULL, ${request.origin}, (unixepoch('subsec') * 1000)
              WHERE NOT EXISTS (SELECT 1 FROM generation_jobs
                                WHERE id IN (SELECT value FROM json_each(${JSON.stringify(items.map((item) => item.id))})))`,
        ),
    // D1 binds at most 100 values per statement (a row has 13 columns).
    ...chunks(items, 7).map((part) => shopDb.insert(batchItems).values(part)),
  ];
  const result = await moveCreditsTogether(
    db,
    items.map((item) => ({ userId: request.userId, delta: -unitCost, reason: "generation" as const, idempotencyKey: `job:${item.id}` })),
    { before: together ? rows : [] },
  );
  if (result === "applied" && !together) {
    try {
      await shopDb.batch(rows as unknown as [(typeof rows)[number]]);
    } catch (err) {
      // Charged without its pictures: give the credits back now; if that fails too, the reconciliation does it.
      const debits = items.map((item) => ({ id: item.id, userId: request.userId, cost: unitCost }));
      if (isShopMoving(err)) {
        // The shop is being moved: its fence refused the batch whole, and would refuse the claims too.
        log("info", "batch rows refused by the shop's move; refunding", { batch: id, shard: shopDb.shard });
        await refundFencedDebits(db, debits).catch((refundErr) =>
          log("error", "lost debits not refunded; the reconciliation will", { batch: id, error: errorName(refundErr) }),
        );
        throw err;
      }
      log("error", "batch rows not written after its charge; refunding", { batch: id, error: errorName(err) });
      for (const debit of debits) {
        await refundLostDebit(db, shopDb, debit).catch((refundErr) =>
          log("error", "lost debit not refunded; the reconciliation will", { job: debit.id, error: errorName(refundErr) }),
        );
      }
      throw new ApiError(503, JOB_MESSAGES.notStarted);
    }
  }
  if (result === "insufficient") {
    const balance = await balanceOf(db, request.userId);
    throw new ApiError(402, notEnoughForBatch(items.length, request.quality, balance), {
      affordable: affordableItems(balance, items.length, request.quality),
      balance,
    });
  }
  if (result === "duplicate") throw new Error("batch picture ids collided");
  log("info", "batch charged", { batch: id, items: items.length, credits: unitCost * items.length, provider: plan.provider });

  const messages: BatchMessage[] = [
    ...items.filter((item) => item.draftFrom !== null).map((item) => ({ type: "draft" as const, item: item.id })),
    ...items.map((item) => ({ type: "item" as const, item: item.id })),
  ];
  try {
    await sendMessages(env.BATCH_QUEUE, messages);
  } catch (err) {
    // Charged and recorded: the upkeep sends whatever did not go. The seller is not told of a failure that heals.
    log("error", "batch messages not sent; the upkeep sends them", { batch: id, error: errorName(err) });
    return { id };
  }
  try {
    await shopDb.update(batchItems).set({ sentAt: new Date() }).where(eq(batchItems.batchId, id));
  } catch (err) {
    // Sent but not marked: the upkeep sends them once more, and the consumer and the gate ignore a second copy. A
    // shop's move fences its database between the two writes now and then, which is expected; anything else is not.
    log(isShopMoving(err) ? "info" : "warn", "batch messages sent but not marked; the upkeep sends them again", {
      batch: id,
      error: errorName(err),
    });
  }
  return { id };
}
