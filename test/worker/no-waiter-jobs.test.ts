import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import type { GenerationJob } from "../../worker/jobs/generation-job";
import type { JobState } from "../../worker/jobs/job-types";
import { encodeJpeg } from "../../worker/providers/codecs";
import { inStudioSlot, STUDIO_SLOTS, studioQueue } from "../../worker/providers/studio-slots";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { Browser, count, register } from "./browser";
import { workerLogs } from "./capture-logs";
import { photoForm } from "./fixtures";
import { creditsOf } from "./payments-fakes";

/**
 * Issue 12, item 12: many studio jobs at once whose sellers close the tab and never look again. The
 * offline studio (the real pipeline, no test provider) makes STUDIO_SLOTS pictures at a time, so most of
 * these jobs wait for a slot with no request of their own open. Every one must still finish, be charged
 * once, never refunded, and count one provider attempt.
 */

const JOBS = 8;
/** Only bounds a run that is really stuck: the 120 s job deadline plus heartbeats would end a stall first. */
const SETTLE_BOUND_MS = 170_000;

const stubOf = (jobId: string) => env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId));

async function jobRows(userId: string) {
  return (
    await env.DB.prepare("SELECT id, status FROM generation_jobs WHERE user_id = ? ORDER BY created_at")
      .bind(userId)
      .all<{ id: string; status: string }>()
  ).results;
}

/** Waits on D1's job rows (never on a job's object: a poll there would be a request keeping it company). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const bound = Date.now() + SETTLE_BOUND_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > bound) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A seller with one product from a real photo (small, so pictures are quick): the studio decodes and composes it. */
async function sellerWithPhoto() {
  const browser = new Browser();
  const { user } = await register(browser);
  const photo = await encodeJpeg(samplePhoto({ width: 300, height: 400, garment: [40, 90, 160], grain: 6 }), 85);
  const upload = await browser.request("/api/products/upload-images", {
    method: "POST",
    body: photoForm([{ bytes: photo, name: "remera.jpg" }]),
  });
  expect(upload.status).toBe(201);
  return { browser, user, product: ((await upload.json()) as { products: Product[] }).products[0]! };
}

const storedJob = async (jobId: string) =>
  runInDurableObject(stubOf(jobId), async (_i: GenerationJob, state) => (await state.storage.get<JobState>("job"))!);

const ledgerHolds = async () =>
  expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);

describe("studio jobs nobody waits for", () => {
  it(
    `${JOBS} jobs whose tabs close at once all finish, each charged once, none refunded, one attempt each`,
    async () => {
      const { browser, user, product } = await sellerWithPhoto();

      const tabs = Array.from({ length: JOBS }, () => new AbortController());
      const requests = tabs.map((tab, i) =>
        browser
          .request(`/api/products/${i % 2 ? "back-image" : "generate-ad"}/${product.id}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
            signal: tab.signal,
          })
          .then(
            (response) => response.status,
            () => "closed" as const,
          ),
      );
      // Every job charged and handed to its object: then every tab closes together.
      expect(
        await until(
          () => jobRows(user.id),
          (rows) => rows.length === JOBS,
        ),
      ).toHaveLength(JOBS);
      for (const tab of tabs) tab.abort();
      // A tab closed before its answer came, or (on a slow box) after it: nobody reads on either way.
      for (const outcome of await Promise.all(requests)) expect(["closed", 200, 202]).toContain(outcome);

      const rows = await until(
        () => jobRows(user.id),
        (all) => all.every((row) => row.status !== "running"),
      );
      expect(rows.map((row) => row.status)).toEqual(Array(JOBS).fill("succeeded"));
      expect(JOBS).toBeGreaterThan(STUDIO_SLOTS);

      for (const { id } of rows) {
        expect(await count("credit_ledger", "idempotency_key = ?", `job:${id}`)).toBe(1);
        expect(await count("credit_ledger", "idempotency_key = ?", `refund:${id}`)).toBe(0);
        const job = await storedJob(id);
        expect({ id, status: job.status, attempts: job.attempts }).toEqual({ id, status: "succeeded", attempts: 1 });
      }
      expect(await count("generated_images", "user_id = ?", user.id)).toBe(JOBS);
      expect(await creditsOf(user.id)).toBe(500 - 50 * JOBS);
      // No job was picked up again by its heartbeat: none stalled.
      expect(workerLogs().filter((line) => line.message === "job resumed by heartbeat")).toEqual([]);
      await ledgerHolds();
    },
    SETTLE_BOUND_MS + 60_000,
  );

  it("a job restarted by its heartbeat while it waits for a slot has used no provider attempt", async () => {
    const { browser, user, product } = await sellerWithPhoto();
    // The test itself holds every slot (the isolate's line is shared with the job objects).
    const release: (() => void)[] = [];
    const held = Array.from({ length: STUDIO_SLOTS }, () => inStudioSlot(() => new Promise<void>((r) => release.push(r))));
    await until(
      async () => studioQueue().running,
      (running) => running === STUDIO_SLOTS,
    );

    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    await until(
      async () => studioQueue().waiting,
      (waiting) => waiting === 1,
    );
    expect((await storedJob(jobId)).attempts).toBe(0);

    // Its object is reset while in line (waiting on its own timer, it is never idle enough for a graceful
    // eviction); the heartbeat takes the job up again and it queues again.
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(stubOf(jobId))).toBe(true);
    expect(workerLogs().filter((line) => line.message === "job resumed by heartbeat" && line.job === jobId)).toHaveLength(1);
    await until(
      async () => studioQueue().waiting,
      (waiting) => waiting === 2,
    );
    expect((await storedJob(jobId)).attempts).toBe(0);

    // One slot frees up: the reset object's ticket is first in line but nobody looks at it any more. It
    // must not hold the line: once it counts as gone, the resumed job takes the slot.
    release[0]!();
    const [row] = await until(
      () => jobRows(user.id),
      ([job]) => job?.status !== "running",
    );
    expect(row).toEqual({ id: jobId, status: "succeeded" });
    expect(studioQueue()).toEqual({ running: 1, waiting: 0 });
    release[1]!();
    await Promise.all(held);
    expect((await storedJob(jobId)).attempts).toBe(1);
    expect(workerLogs().filter((line) => line.message === "provider attempt" && line.job === jobId)).toEqual([
      expect.objectContaining({ attempt: 1 }),
    ]);
    expect(await count("credit_ledger", "idempotency_key = ?", `job:${jobId}`)).toBe(1);
    expect(await count("credit_ledger", "idempotency_key = ?", `refund:${jobId}`)).toBe(0);
    expect(await creditsOf(user.id)).toBe(450);
    await ledgerHolds();
  });
});
