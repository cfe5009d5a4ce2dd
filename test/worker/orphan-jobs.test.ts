import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import { database } from "../../worker/db/client";
import { generationJobs } from "../../worker/db/schema";
import worker from "../../worker/index";
import { JOB_MESSAGES } from "../../worker/jobs/job-types";
import { ORPHAN_AFTER_MS } from "../../worker/jobs/orphan-jobs";
import { moveCredits } from "../../worker/lib/credits";
import { overrideProviderForTests } from "../../worker/providers/select";
import { workerLogs } from "./capture-logs";
import { provider, resultBytes, sellerWithProduct } from "./generation-helpers";

const db = database(env.DB);

afterEach(() => overrideProviderForTests(undefined));

/** The sweep's cron, as Cloudflare would fire it, waiting for what it left running. */
async function sweep() {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** What the double fault leaves: the debit and the "running" row, and no object that holds the job. */
async function orphan(userId: string, productId: string, ageMs: number) {
  const id = `orphan-${crypto.randomUUID()}`;
  const debit = await moveCredits(
    db,
    { userId, delta: -50, reason: "generation", idempotencyKey: `job:${id}` },
    {
      after: [
        db.insert(generationJobs).values({
          id,
          userId,
          productId,
          kind: "ad",
          quality: "standard",
          cost: 50,
          status: "running",
          createdAt: new Date(Date.now() - ageMs),
        }),
      ],
    },
  );
  expect(debit.status).toBe("applied");
  return id;
}

const balance = async (userId: string) =>
  (await env.DB.prepare("SELECT credits FROM users WHERE id = ?").bind(userId).first<number>("credits"))!;
const row = (id: string) =>
  env.DB.prepare("SELECT status, error FROM generation_jobs WHERE id = ?").bind(id).first<{ status: string; error: string | null }>();
const refunds = async (id: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE idempotency_key = ?").bind(`refund:${id}`).first<number>("n"))!;

describe("the scheduled sweep of jobs no object will settle", () => {
  it("refunds a charged job whose object never started, once, and marks it failed with a Spanish message", async () => {
    const { user, product } = await sellerWithProduct();
    const stale = await orphan(user.id, product.id, ORPHAN_AFTER_MS + 60_000);
    const young = await orphan(user.id, product.id, 60_000);
    expect(await balance(user.id)).toBe(400);

    await sweep();
    expect(await row(stale)).toEqual({ status: "failed", error: JOB_MESSAGES.failed });
    expect(await refunds(stale)).toBe(1);
    // Still within any deadline: its object may yet be starting; left alone.
    expect(await row(young)).toMatchObject({ status: "running" });
    expect(await balance(user.id)).toBe(450);

    await sweep();
    expect(await refunds(stale)).toBe(1);
    expect(await balance(user.id)).toBe(450);
    // One warning for the one refund, naming the job and what came back; the young job is not mentioned.
    expect(workerLogs({ message: "orphan job refunded" })).toEqual([expect.objectContaining({ level: "warn", job: stale, cost: 50 })]);
    expect(workerLogs().some((line) => line.job === young)).toBe(false);
  });

  it("leaves an old running job alone when its object holds it (its own alarms settle it)", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    provider(async () => {
      await held;
      return resultBytes(3);
    });
    const { browser, user, product } = await sellerWithProduct();
    const started = await browser.json("POST", `/api/products/generate-ad/${product.id}`, { includeModel: true });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    await env.DB.prepare("UPDATE generation_jobs SET created_at = ? WHERE id = ?")
      .bind(Date.now() - ORPHAN_AFTER_MS - 60_000, jobId)
      .run();

    await sweep();
    expect(await row(jobId)).toMatchObject({ status: "running" });
    expect(await refunds(jobId)).toBe(0);

    release();
    const done = await browser.request(`/api/jobs/${jobId}?wait=10`);
    expect(((await done.json()) as { job: { status: string } }).job.status).toBe("succeeded");
    expect(await balance(user.id)).toBe(450);
    expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);
  });
});
