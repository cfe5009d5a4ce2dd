import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { SellerLanguage } from "../../common/seller-language";
import { database, type Db, everyShopDatabase } from "../db/client";
import { batches, batchItems, users } from "../db/schema";
import { selectMailer } from "../email/select";
import type { EmailMessage } from "../email/types";
import type { Bindings } from "../env";
import { errorName, log } from "../lib/log";
import { esc } from "../lib/html";
import { accountSellerLanguage } from "../lib/seller-language";
import { BATCH_EMAIL_TEXTS } from "./batch-email-texts";
import { type BatchMessage, sendMessages } from "./messages";

/** wrangler.toml [triggers]: every minute. */
export const BATCH_UPKEEP_CRON = "* * * * *";
/** A message not taken by the consumer in this long is taken as lost (a restart of local dev loses the queue). */
export const UNSENT_AFTER_MS = 60_000;
/** A picture the gate took but has not begun in this long is handed to it again (it keeps one ticket per picture). */
export const UNHELD_AFTER_MS = 10 * 60_000;
const SEND_AT_MOST = 500;

/**
 * What keeps batches moving when a message or a notice is lost, run every
 * minute by the cron and, for one batch, whenever its screen asks how it goes
 * (so `npm run dev`, which runs no crons, heals too):
 * - pictures still queued whose message never reached the gate are sent again
 *   (the consumer and the gate ignore a second copy), and so are photos still
 *   to be named whose naming message was lost (the pricing grid waits for them);
 * - a finished batch whose seller asked for an e-mail gets it, once.
 */
export async function keepBatchesMoving(env: Bindings, only?: { batchId: string }, now = Date.now()): Promise<void> {
  // Batches live in their shop's database: every bound one is kept moving.
  for (const db of everyShopDatabase(env)) {
    try {
      await resendLost(env, db, only, now);
    } catch (err) {
      log("error", "batch upkeep could not resend", { shard: db.shard, error: errorName(err) });
    }
    try {
      await notifyFinished(env, db, only, now);
    } catch (err) {
      log("error", "batch upkeep could not notify", { shard: db.shard, error: errorName(err) });
    }
  }
}

async function resendLost(env: Bindings, db: Db, only: { batchId: string } | undefined, now: number) {
  const lost = await db
    .select({ id: batchItems.id, draft: sql<number>`${batchItems.draftFrom} IS NOT NULL AND ${batchItems.draftedAt} IS NULL` })
    .from(batchItems)
    .where(
      and(
        only ? eq(batchItems.batchId, only.batchId) : undefined,
        eq(batchItems.status, "queued"),
        or(
          and(isNull(batchItems.heldAt), or(isNull(batchItems.sentAt), lt(batchItems.sentAt, new Date(now - UNSENT_AFTER_MS)))),
          lt(batchItems.heldAt, new Date(now - UNHELD_AFTER_MS)),
        ),
      ),
    )
    .limit(SEND_AT_MOST);
  // A photo still to be named whose picture already began: its naming message alone was lost.
  const unnamed = await db
    .select({ id: batchItems.id })
    .from(batchItems)
    .where(
      and(
        only ? eq(batchItems.batchId, only.batchId) : undefined,
        ne(batchItems.status, "queued"),
        isNotNull(batchItems.draftFrom),
        isNull(batchItems.draftedAt),
        or(isNull(batchItems.sentAt), lt(batchItems.sentAt, new Date(now - UNSENT_AFTER_MS))),
      ),
    )
    .limit(SEND_AT_MOST);
  if (lost.length === 0 && unnamed.length === 0) return;
  const messages: BatchMessage[] = [
    ...[...lost.filter((item) => item.draft), ...unnamed].map((item) => ({ type: "draft" as const, item: item.id })),
    ...lost.map((item) => ({ type: "item" as const, item: item.id })),
  ];
  await sendMessages(env.BATCH_QUEUE, messages);
  for (const item of lost) {
    await db
      .update(batchItems)
      .set({ sentAt: new Date(now), heldAt: null })
      .where(eq(batchItems.id, item.id));
  }
  for (const item of unnamed)
    await db
      .update(batchItems)
      .set({ sentAt: new Date(now) })
      .where(eq(batchItems.id, item.id));
  log("warn", "batch messages sent again", { pictures: lost.length, names: unnamed.length });
}

/** Batches of the last week whose seller asked for an e-mail, not yet told, with nothing left to make. */
async function notifyFinished(env: Bindings, db: Db, only: { batchId: string } | undefined, now: number) {
  const finished = await db
    .select({ id: batches.id, userId: batches.userId, origin: batches.origin, size: batches.size })
    .from(batches)
    .where(
      and(
        only ? eq(batches.id, only.batchId) : undefined,
        eq(batches.notify, true),
        isNull(batches.notifiedAt),
        gt(batches.createdAt, new Date(now - 7 * 24 * 60 * 60_000)),
        sql`NOT EXISTS (SELECT 1 FROM batch_items i LEFT JOIN generation_jobs j ON j.id = i.id
                        WHERE i.batch_id = ${batches.id}
                          AND (i.status = 'queued' OR (i.status = 'started' AND (j.id IS NULL OR j.status = 'running'))))`,
      ),
    )
    .limit(50);
  for (const batch of finished) {
    // Claimed in one statement: of two runs racing, one sends.
    const claimed = await db
      .update(batches)
      .set({ notifiedAt: new Date(now) })
      .where(and(eq(batches.id, batch.id), isNull(batches.notifiedAt)))
      .returning({ id: batches.id });
    if (claimed.length === 0) continue;
    const seller = await database(env.DB)
      .select({
        email: users.email,
        name: users.name,
        deletedAt: users.deletedAt,
        sellerLanguage: users.sellerLanguage,
        countryCode: users.countryCode,
      })
      .from(users)
      .where(eq(users.id, batch.userId))
      .get();
    const origin = env.PUBLIC_ORIGIN ?? batch.origin ?? "";
    const mailer = selectMailer(env, `${batch.origin ?? origin}/`);
    if (!seller || seller.deletedAt || !mailer) {
      log("warn", "finished batch not announced: no mail service here", { batch: batch.id });
      continue;
    }
    const counts = await db
      .select({
        done: sql<number>`COALESCE(SUM(CASE WHEN j.status = 'succeeded' THEN 1 ELSE 0 END), 0)`,
        cancelled: sql<number>`COALESCE(SUM(CASE WHEN i.status = 'cancelled' THEN 1 ELSE 0 END), 0)`,
      })
      .from(sql`batch_items AS i LEFT JOIN generation_jobs AS j ON j.id = i.id`)
      .where(sql`i.batch_id = ${batch.id}`)
      .get();
    const done = counts?.done ?? 0;
    const cancelled = counts?.cancelled ?? 0;
    try {
      await mailer.send(
        finishedEmail(
          seller.email,
          seller.name,
          `${origin}/lote/${batch.id}`,
          { done, failed: batch.size - done - cancelled, cancelled },
          accountSellerLanguage(seller),
        ),
      );
      log("info", "finished batch announced", { batch: batch.id, mailer: mailer.name });
    } catch (err) {
      // Not sent: unclaimed, so the next run tries again.
      await db.update(batches).set({ notifiedAt: null }).where(eq(batches.id, batch.id));
      log("error", "finished batch e-mail failed; tried again next run", { batch: batch.id, error: errorName(err) });
    }
  }
}

export function finishedEmail(
  to: string,
  name: string | null,
  link: string,
  { done, failed, cancelled }: { done: number; failed: number; cancelled: number },
  language: SellerLanguage = "es",
): EmailMessage {
  const say = BATCH_EMAIL_TEXTS[language];
  const parts = [say.done(done)];
  if (failed > 0) parts.push(say.failed(failed));
  if (cancelled > 0) parts.push(say.cancelled(cancelled));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} ${say.and} ${parts.at(-1)}` : parts[0]!;
  const result = say.result(list, failed + cancelled > 0);
  const greeting = say.greeting(name);
  const text = [greeting, "", result, "", say.look, "", link].join("\n");
  const html = `<p>${esc(greeting)}</p><p>${esc(result)}</p><p><a href="${esc(link)}">${say.button}</a></p>`;
  return { to, subject: say.subject(done + failed + cancelled), text, html };
}
