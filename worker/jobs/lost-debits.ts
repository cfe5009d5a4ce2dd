/**
 * The reconciliation of debits and job rows across databases (docs/reliability.md, "A generation's debit and
 * its job"). For a shop outside `DB` a picture's debit (`job:<id>` in the global ledger) is written before its
 * row in the shop's database (a generation's job, a batch's item). A debit whose row never came, or whose row
 * ended unstarted without its refund, is refunded here under `refund:<id>`, the key every refund of that
 * picture uses: however many runs race, the ledger applies it once.
 */
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { database, type Db, type ShopDb, shopDatabase } from "../db/client";
import { batchItems, creditLedger, generationJobs, users } from "../db/schema";
import type { Bindings } from "../env";
import { chunks } from "../lib/chunks";
import { moveCredits, moveCreditsTogether } from "../lib/credits";
import { errorName, log } from "../lib/log";
import { JOB_MESSAGES } from "./job-types";

/** A debit this old without its row is lost: far past any request that could still be writing that row. */
export const LOST_AFTER_MS = 15 * 60_000;
/**
 * How far back each run looks: every run (every 15 minutes) sees a lost debit for a day, so a day of failed
 * runs is covered; `npm run check:ledger` finds any older one.
 */
export const LOOK_BACK_MS = 24 * 60 * 60_000;
/** The kind of the failed row that claims a lost debit's id: listed nowhere (the jobs list leaves it out). */
export const LOST_KIND = "lost";

export interface LostDebit {
  id: string;
  userId: string;
  cost: number;
}

/**
 * Refunds one debit that has no live row. First the id is claimed in the shop's database by a failed job row
 * (kept if one is there): a late insert of the real row then fails on its primary key, and a batch picture's
 * job can no longer be written, so nothing runs after its refund. Only a row that is failed (this claim, or a
 * job that failed before its refund was written) or an unstarted batch item earns the refund.
 */
export async function refundLostDebit(db: Db, shopDb: ShopDb, debit: LostDebit): Promise<"refunded" | "already-refunded" | "has-job"> {
  const [item] = await shopDb.select({ status: batchItems.status }).from(batchItems).where(eq(batchItems.id, debit.id));
  if (item?.status === "queued") return "has-job";
  if (!item || item.status === "started") {
    await shopDb
      .insert(generationJobs)
      .values({
        id: debit.id,
        userId: debit.userId,
        productId: null,
        kind: LOST_KIND,
        quality: LOST_KIND,
        cost: debit.cost,
        status: "failed",
        error: JOB_MESSAGES.failed,
        finishedAt: new Date(),
      })
      .onConflictDoNothing();
    const [job] = await shopDb.select({ status: generationJobs.status }).from(generationJobs).where(eq(generationJobs.id, debit.id));
    if (job?.status !== "failed") return "has-job";
  }
  const refund = await moveCredits(db, {
    userId: debit.userId,
    delta: debit.cost,
    reason: "generation_refund",
    idempotencyKey: `refund:${debit.id}`,
  });
  return refund.status === "applied" ? "refunded" : "already-refunded";
}

/**
 * Refunds at once the pictures whose rows the shop's database refused whole because the shop is being moved
 * (its fence, worker/lib/errors.ts isShopMoving): nothing of them was written, and their ids were drawn by the
 * refused request alone, which starts nothing after the refusal, so no row can come late and no claim is needed
 * (the fence would refuse the claim too). Under `refund:<id>`, the key every refund of a picture uses: should
 * the reconciliation get there too, the ledger applies one.
 */
export async function refundFencedDebits(db: Db, debits: LostDebit[]): Promise<void> {
  const movements = debits.map((debit) => ({
    userId: debit.userId,
    delta: debit.cost,
    reason: "generation_refund" as const,
    idempotencyKey: `refund:${debit.id}`,
  }));
  if ((await moveCreditsTogether(db, movements)) !== "duplicate") return;
  // One of them was refunded meanwhile: the rest one by one, each once.
  for (const movement of movements) await moveCredits(db, movement);
}

/** Debits of pictures, between `from` and `until`, without their refund, of shops outside `DB`, after `afterId`. */
function unrefundedDebits(db: Db, from: Date, until: Date, afterId: number) {
  return db
    .select({
      ledgerId: creditLedger.id,
      key: creditLedger.idempotencyKey,
      userId: creditLedger.userId,
      delta: creditLedger.delta,
      shard: users.shard,
    })
    .from(creditLedger)
    .innerJoin(users, eq(users.id, creditLedger.userId))
    .where(
      and(
        eq(creditLedger.reason, "generation"),
        gt(creditLedger.createdAt, from),
        lt(creditLedger.createdAt, until),
        gt(creditLedger.id, afterId),
        // Shard 0 writes a debit and its row in one batch: only other shops can lose one.
        sql`${users.shard} <> 0`,
        sql`${creditLedger.idempotencyKey} LIKE 'job:%'`,
        sql`NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.idempotency_key = 'refund:' || substr(${creditLedger.idempotencyKey}, 5))`,
      ),
    )
    .orderBy(creditLedger.id)
    .limit(200)
    .all();
}

/**
 * Which of these debits' pictures have a live row in their shop's database (a job not failed, or a batch item
 * still queued): the rest go to refundLostDebit.
 */
async function liveIds(shopDb: ShopDb, ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (const part of chunks(ids, 90)) {
    const jobs = await shopDb
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(and(inArray(generationJobs.id, part), sql`${generationJobs.status} <> 'failed'`));
    const items = await shopDb
      .select({ id: batchItems.id })
      .from(batchItems)
      .where(and(inArray(batchItems.id, part), eq(batchItems.status, "queued")));
    for (const row of [...jobs, ...items]) live.add(row.id);
  }
  return live;
}

/** The cron's run: refunds every lost debit of the last day older than LOST_AFTER_MS; answers how many it refunded. */
export async function refundLostDebits(env: Bindings, now = Date.now()): Promise<number> {
  const db = database(env.DB);
  const from = new Date(now - LOOK_BACK_MS);
  const until = new Date(now - LOST_AFTER_MS);
  let refunded = 0;
  for (let afterId = 0; ; ) {
    const debits = await unrefundedDebits(db, from, until, afterId);
    if (debits.length === 0) return refunded;
    afterId = debits.at(-1)!.ledgerId;
    const byShard = new Map<number, typeof debits>();
    for (const debit of debits) byShard.set(debit.shard, [...(byShard.get(debit.shard) ?? []), debit]);
    for (const [shard, some] of byShard) {
      try {
        const shopDb = shopDatabase(env, { id: some[0]!.userId, shard });
        const live = await liveIds(
          shopDb,
          some.map((d) => d.key.slice("job:".length)),
        );
        for (const debit of some) {
          const id = debit.key.slice("job:".length);
          if (live.has(id)) continue;
          const outcome = await refundLostDebit(db, shopDb, { id, userId: debit.userId, cost: -debit.delta });
          if (outcome === "refunded") {
            refunded++;
            log("warn", "lost debit refunded", { job: id, shard, cost: -debit.delta });
          }
        }
      } catch (err) {
        log("error", "lost debits of a shop database not reconciled", { shard, error: errorName(err) });
      }
    }
  }
}
