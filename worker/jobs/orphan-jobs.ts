import { and, eq, lt } from "drizzle-orm";
import { database, everyShopDatabase } from "../db/client";
import { generationJobs } from "../db/schema";
import type { Bindings } from "../env";
import { errorName, log } from "../lib/log";
import { JOB_DEADLINE_MS } from "./generation-job";
import { JOB_MESSAGES } from "./job-types";
import { refundJob } from "./refund-job";
import { jobStub } from "./start-job";

/** Well past any job's deadline: a job still "running" in D1 by then has no object that will ever settle it. */
export const ORPHAN_AFTER_MS = JOB_DEADLINE_MS + 5 * 60_000;

/**
 * The scheduled sweep for the one case the Durable Object cannot cover: its
 * start failed after the debit and the route's own refund failed too (D1 down
 * twice in a row), so the job is charged, "running" in D1, and no object
 * holds it. A job whose object exists is left to the object's alarms. Jobs
 * live in their shop's database: every bound one is swept.
 */
export async function settleOrphanJobs(env: Bindings, now = Date.now()): Promise<number> {
  const db = database(env.DB);
  let settled = 0;
  for (const shopDb of everyShopDatabase(env)) {
    const stale = await shopDb
      .select({ id: generationJobs.id, userId: generationJobs.userId, cost: generationJobs.cost })
      .from(generationJobs)
      .where(and(eq(generationJobs.status, "running"), lt(generationJobs.createdAt, new Date(now - ORPHAN_AFTER_MS))))
      .limit(100)
      .all();
    for (const job of stale) {
      try {
        if (await jobStub(env, job.id).result(0)) continue;
        await refundJob(db, job, JOB_MESSAGES.failed, shopDb);
        log("warn", "orphan job refunded", { job: job.id, cost: job.cost, shard: shopDb.shard });
        settled++;
      } catch (err) {
        log("error", "orphan job sweep failed", { job: job.id, error: errorName(err) });
      }
    }
  }
  return settled;
}
