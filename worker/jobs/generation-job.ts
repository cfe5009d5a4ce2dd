import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { database } from "../db/client";
import { generatedImages, generationJobs } from "../db/schema";
import type { Bindings } from "../env";
import { moveCredits } from "../lib/credits";
import { imageKey, imageUrl, storeImage } from "../lib/images";
import { imageProvider } from "../providers/select";
import { ProviderRefusal, ProviderTransientError, type GeneratedImage } from "../providers/types";
import { JOB_MESSAGES, type JobInput, type JobState, type JobView } from "./job-types";

/** A provider that has not answered by then is given up on, and the credits go back. */
export const JOB_DEADLINE_MS = 120_000;
/** While a job runs, the alarm checks on it this often: it resumes a job whose object was evicted. */
export const HEARTBEAT_MS = 15_000;
export const MAX_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 8_000;

/**
 * One AI image generation, from the moment its credits were debited to a
 * stored image or a refund. The route debits (ledger key job:<id>) and
 * writes the D1 job row atomically, then calls start(); from there this
 * object owns the job:
 * - it calls the provider, retrying passing failures a bounded number of
 *   times (never charging again: the debit happened once, before);
 * - on success it stores the image in R2 and its gallery row in D1;
 * - on refusal, failure or the deadline it refunds (ledger key refund:<id>).
 * Every step is idempotent, so alarm retries and evictions cannot charge or
 * refund twice. The job keeps running if the seller's connection drops.
 */
export class GenerationJob extends DurableObject<Bindings> {
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private settling: Promise<void> = Promise.resolve();
  private readonly waiters = new Set<() => void>();

  async start(input: JobInput): Promise<JobView> {
    const existing = await this.load();
    if (existing) return view(existing);
    const job: JobState = { ...input, status: "running", attempts: 0, deadline: Date.now() + JOB_DEADLINE_MS };
    await this.ctx.storage.put("job", job);
    await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
    this.ensureRunning();
    return view(job);
  }

  /** The job as it is now, or once it finishes if that happens within `waitMs`. */
  async result(waitMs: number): Promise<JobView | null> {
    const job = await this.load();
    if (!job || job.status !== "running" || waitMs <= 0) return job ? view(job) : null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wake!: () => void;
    await new Promise<void>((resolve) => {
      wake = resolve;
      this.waiters.add(wake);
      timer = setTimeout(resolve, waitMs);
    });
    clearTimeout(timer);
    this.waiters.delete(wake);
    const now = await this.load();
    return now ? view(now) : null;
  }

  async alarm(): Promise<void> {
    const job = await this.load();
    if (!job || job.status !== "running") return;
    if (Date.now() >= job.deadline) {
      this.abort?.abort();
      await this.fail(JOB_MESSAGES.timeout, 504);
      return;
    }
    // After an eviction nothing is running in memory any more: pick the job up again.
    this.ensureRunning();
    await this.ctx.storage.setAlarm(Math.min(Date.now() + HEARTBEAT_MS, job.deadline));
  }

  private async load(): Promise<JobState | undefined> {
    return this.ctx.storage.get<JobState>("job");
  }

  private ensureRunning() {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
  }

  private async run(): Promise<void> {
    const controller = new AbortController();
    this.abort = controller;
    try {
      await this.attempt(controller.signal);
    } catch (err) {
      // Recording the outcome failed (D1 or R2 hiccup): the heartbeat alarm
      // runs the job again, and the deadline settles it for good.
      console.error(JSON.stringify({ level: "error", job: (await this.load())?.id, message: "job step failed", reason: String(err) }));
    }
  }

  private async attempt(signal: AbortSignal): Promise<void> {
    let job = await this.load();
    if (!job || job.status !== "running") return;
    const source = await this.env.IMAGES.get(job.sourceKey);
    if (!source) return this.fail(JOB_MESSAGES.sourceMissing, 502);
    const bytes = new Uint8Array(await source.arrayBuffer());

    let provider;
    try {
      provider = await imageProvider(this.env);
    } catch {
      return this.fail(JOB_MESSAGES.notConfigured, 503);
    }

    while (job.attempts < MAX_ATTEMPTS) {
      job = { ...job, attempts: job.attempts + 1 };
      await this.ctx.storage.put("job", job);
      try {
        const started = Date.now();
        const image = await provider.generate(
          {
            kind: job.kind,
            includeModel: job.includeModel,
            personalization: job.personalization,
            instruction: job.instruction,
            quality: job.quality,
            source: { bytes, mimeType: job.sourceMime },
            seed: seedOf(job.id),
          },
          signal,
        );
        return this.succeed(image, Date.now() - started);
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof ProviderRefusal) return this.fail(err.message, 422);
        if (!(err instanceof ProviderTransientError)) {
          console.warn(JSON.stringify({ level: "warn", job: job.id, provider: provider.name, message: "provider failed", reason: String(err) }));
          return this.fail(JOB_MESSAGES.failed, 502);
        }
        if (job.attempts >= MAX_ATTEMPTS) return this.fail(JOB_MESSAGES.busy, 503);
        const wait = Math.min((err.retryAfterSeconds ?? 2 ** job.attempts) * 1000, MAX_BACKOFF_MS);
        if (Date.now() + wait >= job.deadline) return; // the deadline alarm settles it
        await new Promise((r) => setTimeout(r, wait));
        const current = await this.load();
        if (!current || current.status !== "running") return;
      }
    }
  }

  /** Settles the job exactly once, even when the provider and the deadline race. */
  private settle(action: (job: JobState) => Promise<JobState>): Promise<void> {
    // A failed settlement must not block the next one (the alarm retries it).
    const next = this.settling.catch(() => undefined).then(async () => {
      const job = await this.load();
      if (!job || job.status !== "running") return;
      const settled = await action(job);
      await this.ctx.storage.put("job", settled);
      await this.ctx.storage.deleteAlarm();
      for (const wake of this.waiters) wake();
    });
    this.settling = next;
    return next;
  }

  private succeed(image: GeneratedImage, providerMs: number): Promise<void> {
    return this.settle(async (job) => {
      const key = await imageKey("g", job.id, image.bytes, image.mimeType);
      await storeImage(this.env.IMAGES, key, image.bytes, image.mimeType);
      const db = database(this.env.DB);
      // The image id is the job id, so recording the same result twice is a no-op.
      await db.batch([
        db
          .insert(generatedImages)
          .values({ id: job.id, userId: job.userId, productId: job.productId, key, kind: job.kind, jobId: job.id })
          .onConflictDoNothing(),
        db
          .update(generationJobs)
          .set({ status: "succeeded", imageId: job.id, finishedAt: new Date() })
          .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running"))),
      ]);
      return { ...job, status: "succeeded", imageKey: key, providerMs };
    });
  }

  private fail(error: string, httpStatus: NonNullable<JobState["httpStatus"]>): Promise<void> {
    return this.settle(async (job) => {
      const db = database(this.env.DB);
      // The refund and the job row change together; the refund key makes a replay a no-op.
      const refund = await moveCredits(
        db,
        { userId: job.userId, delta: job.cost, reason: "generation_refund", idempotencyKey: `refund:${job.id}` },
        {
          after: [
            db
              .update(generationJobs)
              .set({ status: "failed", error, finishedAt: new Date() })
              .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running"))),
          ],
        },
      );
      if (refund.status === "duplicate") {
        await db
          .update(generationJobs)
          .set({ status: "failed", error, finishedAt: new Date() })
          .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running")));
      }
      return { ...job, status: "failed", error, httpStatus };
    });
  }
}

function view(job: JobState): JobView {
  const succeeded = job.status === "succeeded";
  return {
    id: job.id,
    status: job.status,
    kind: job.kind,
    productId: job.productId,
    imageId: succeeded ? job.id : null,
    imageUrl: succeeded ? imageUrl(job.imageKey) : null,
    error: job.error ?? null,
    httpStatus: job.httpStatus ?? null,
    providerMs: job.providerMs ?? null,
  };
}

/** A stable seed per job, so a retried attempt asks the provider for the same image. */
function seedOf(jobId: string): number {
  let hash = 2166136261;
  for (const char of jobId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}
