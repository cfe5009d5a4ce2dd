import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { database } from "../db/client";
import { generatedImages, generationJobs } from "../db/schema";
import { showGeneratedPicture } from "../lib/product-core/pictures";
import { writeAcross } from "../lib/shop-writes";
import { storeChanged } from "../lib/store-version";
import { variantOf } from "../../common/image-variants";
import type { Bindings } from "../env";
import { imageKey, imageUrl, sniffImage, storeImage } from "../lib/images";
import { writeRenditionsLater } from "../lib/renditions";
import { errorName, log, type LogFields, type LogLevel } from "../lib/log";
import { mainProvider } from "../../common/image-providers";
import { announceFallback, nextRoute, routeKey } from "../providers/fallback";
import { imageProvider, type ModelOverride } from "../providers/select";
import {
  isQueued,
  ModelUnavailable,
  ProviderRefusal,
  ProviderTransientError,
  type AnyImageProvider,
  type GeneratedImage,
  type GenerationRequest,
  type QueuedImageProvider,
} from "../providers/types";
import { throughGate } from "./gate-admission";
import { refundJob } from "./refund-job";
import { jobShopDatabase } from "./start-job";
import {
  JOB_MESSAGES,
  type FailReason,
  type GenerationJobRpc,
  type JobInput,
  type JobOutcome,
  type JobState,
  type JobView,
} from "./job-types";

/** A provider that has not answered by then is given up on, and the credits go back. */
export const JOB_DEADLINE_MS = 120_000;
/** While a job runs, the alarm checks on it this often: it resumes a job whose object was evicted. */
export const HEARTBEAT_MS = 15_000;
export const MAX_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 8_000;
/** How often the alarm asks a queued provider (FASHN takes about 12 s) about its prediction. */
export const POLL_MS = 2_000;

/** What the seller reads and the status a waiting route answers, per reason (a refusal brings its own message). */
const FAILURES: Record<Exclude<FailReason, "refused">, { error: string; httpStatus: 502 | 503 | 504 }> = {
  "provider-failed": { error: JOB_MESSAGES.failed, httpStatus: 502 },
  "not-an-image": { error: JOB_MESSAGES.failed, httpStatus: 502 },
  "provider-busy": { error: JOB_MESSAGES.busy, httpStatus: 503 },
  "not-configured": { error: JOB_MESSAGES.notConfigured, httpStatus: 503 },
  "source-missing": { error: JOB_MESSAGES.sourceMissing, httpStatus: 502 },
  timeout: { error: JOB_MESSAGES.timeout, httpStatus: 504 },
};

function failure(reason: Exclude<FailReason, "refused">): JobOutcome {
  return { status: "failed", reason, ...FAILURES[reason] };
}

/** Attempts that count against MAX_ATTEMPTS: not the 429s nor the calls that found their model gone. */
function spentAttempts(job: JobState): number {
  return job.attempts - (job.rateLimited ?? 0) - (job.fallbacks ?? 0);
}

/** The model a job moved to a successor asks for, at its quality. */
function overrideOf(job: JobState): ModelOverride | undefined {
  return job.model ? { quality: job.quality, model: job.model } : undefined;
}

/** Every line of a job names the job and the request that started it, whichever event runs it now. */
function jobLog(level: LogLevel, message: string, job: Pick<JobInput, "id" | "requestId">, fields: LogFields = {}) {
  log(level, message, { requestId: job.requestId, job: job.id, ...fields });
}

/**
 * One AI image generation, from the moment its credits were debited to a
 * stored image or a refund. The route debits (ledger key job:<id>) and
 * writes the D1 job row atomically, then calls start(); from there this
 * object owns the job:
 * - it calls the provider, retrying passing failures a bounded number of
 *   times (never charging again: the debit happened once, before);
 * - on success it stores the image in R2 and its gallery row in D1;
 * - on refusal, failure or the deadline it refunds (ledger key refund:<id>).
 * The outcome is kept in the object's storage before it is written to D1,
 * so a failed write is retried by the heartbeat with that same outcome.
 * Every step is idempotent, so alarm retries and evictions cannot charge or
 * refund twice. The job keeps running if the seller's connection drops.
 */
export class GenerationJob extends DurableObject<Bindings> implements GenerationJobRpc {
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
    jobLog("info", "job started", job, { kind: job.kind, quality: job.quality, cost: job.cost });
    this.ensureRunning();
    return view(job);
  }

  /** The job as it is now, or once it finishes if that happens within `waitMs`. */
  async result(waitMs: number): Promise<JobView | null> {
    const job = await this.load();
    if (job?.status !== "running" || waitMs <= 0) return job ? view(job) : null;
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
    if (job?.status !== "running") return;
    // The next check is booked first, so a settlement that fails here (D1 down) is tried again.
    const now = Date.now();
    await this.ctx.storage.setAlarm(now >= job.deadline ? now + HEARTBEAT_MS : Math.min(now + HEARTBEAT_MS, job.deadline));
    try {
      if (job.outcome) {
        jobLog("warn", "job outcome recorded again", job, { outcome: job.outcome.status });
        await this.settle(job.outcome);
      } else if (Date.now() >= job.deadline) {
        jobLog("warn", "job deadline reached", job, { attempts: job.attempts });
        this.abort?.abort();
        await this.settle(failure("timeout"));
      } else if (job.predictionId) {
        await this.follow(job);
      } else if (!this.running) {
        // After an eviction nothing is running in memory any more: pick the job up again.
        jobLog("info", "job resumed by heartbeat", job, { attempts: job.attempts });
        this.ensureRunning();
      }
    } catch (err) {
      jobLog("error", "job settlement failed; the heartbeat retries it", job, { error: errorName(err) });
    }
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
      // Storing the image or recording the outcome failed (an R2 or D1 hiccup): the heartbeat
      // alarm picks the job up again, and the deadline settles it for good.
      const job = await this.load();
      if (job) jobLog("error", "job step failed; the heartbeat retries it", job, { error: errorName(err) });
    }
  }

  private async attempt(signal: AbortSignal): Promise<void> {
    const loaded = await this.load();
    if (loaded?.status !== "running") return;
    let job: JobState = loaded;
    // Decided before a failed write: record that, without asking the provider (and paying it) again.
    if (job.outcome) return this.settle(job.outcome);
    const source = await this.env.IMAGES.get(job.sourceKey);
    if (!source) return this.settle(failure("source-missing"));
    const bytes = new Uint8Array(await source.arrayBuffer());

    let provider: AnyImageProvider;
    try {
      provider = await imageProvider(this.env, job.provider ?? mainProvider(this.env), overrideOf(job));
    } catch (err) {
      jobLog("error", "image provider not configured", job, { error: errorName(err) });
      return this.settle(failure("not-configured"));
    }
    const request = await this.requestFor(job, bytes);
    if (isQueued(provider)) return this.submit(job, provider, request, signal);

    // The provider's gate (provider-gate.ts: its limits, pauses after a 429, who goes first), then its own line
    // in this isolate (the studio's slots), come before the attempt: waiting in either, or being restarted by
    // the heartbeat while waiting, is not a provider call and uses up no attempt.
    const inLine = provider.admit ? provider.admit.bind(provider) : <T>(work: () => Promise<T>) => work();
    const admit = <T>(work: () => Promise<T>, signal: AbortSignal) => throughGate(this.env, job, () => inLine(work, signal), signal);
    let gateMs = 0;
    while (spentAttempts(job) < MAX_ATTEMPTS) {
      const asked = Date.now();
      const attempt: { job: JobState; started: number } = { job, started: asked };
      const step = () => ({ provider: provider.name, attempt: attempt.job.attempts });
      try {
        const image = await admit(async () => {
          gateMs += Date.now() - asked;
          attempt.job = await this.countAttempt(attempt.job);
          attempt.started = Date.now();
          jobLog("info", "provider attempt", attempt.job, step());
          return provider.generate(request, signal);
        }, signal);
        job = attempt.job;
        const ms = Date.now() - attempt.started;
        // Typed by its bytes: an answer that is not a PNG or JPEG never reaches the gallery.
        const mimeType = sniffImage(image.bytes);
        if (mimeType !== "image/png" && mimeType !== "image/jpeg") {
          jobLog("warn", "provider answered something that is not an image", job, { ...step(), ms, bytes: image.bytes.length });
          return this.settle(failure("not-an-image"));
        }
        jobLog("info", "provider answered", job, { ...step(), ms });
        return this.succeed({ ...image, mimeType }, ms, gateMs);
      } catch (err) {
        job = attempt.job;
        // Given up (the deadline alarm) while waiting in line or while the provider worked.
        if (signal.aborted) return;
        // The class says refusal, passing or lasting failure; the message can quote the provider's answer.
        jobLog("warn", "provider attempt failed", job, { ...step(), ms: Date.now() - attempt.started, error: errorName(err) });
        if (err instanceof ModelUnavailable) return this.fallBack(job, err, signal, true);
        if (err instanceof ProviderRefusal)
          return this.settle({ status: "failed", reason: "refused", error: err.message, httpStatus: 422 });
        if (!(err instanceof ProviderTransientError)) return this.settle(failure("provider-failed"));
        // A 429 paused the provider's gate for every caller: the next permit comes once the pause is over, and
        // the refused call uses up no attempt (the deadline still bounds the wait).
        if (err.rateLimited) {
          job = await this.countRateLimit(job);
          continue;
        }
        if (spentAttempts(job) >= MAX_ATTEMPTS) return this.settle(failure("provider-busy"));
        const wait = Math.min((err.retryAfterSeconds ?? 2 ** job.attempts) * 1000, MAX_BACKOFF_MS);
        if (Date.now() + wait >= job.deadline) return; // the deadline alarm settles it
        await new Promise((r) => setTimeout(r, wait));
        const current = await this.load();
        if (current?.status !== "running") return;
      }
    }
  }

  /**
   * The provider said the model is gone: the same job (one charge) goes to the successor fallback.ts names,
   * at once; with none left it fails and refunds once. `counted`: the call used up an attempt, given back.
   */
  private async fallBack(job: JobState, err: ModelUnavailable, signal: AbortSignal, counted: boolean): Promise<void> {
    const failed = { provider: err.provider, model: err.model };
    const tried = [...(job.tried ?? []), routeKey(failed)];
    const next = nextRoute(this.env, job, failed, tried);
    announceFallback(failed, next, "model-unavailable");
    if (!next) return this.settle(failure("provider-failed"));
    const current = await this.load();
    if (current?.status !== "running" || current.outcome) return;
    const moved: JobState = {
      ...current,
      provider: next.provider,
      model: next.model,
      tried,
      fallbacks: (current.fallbacks ?? 0) + (counted ? 1 : 0),
      predictionId: undefined,
    };
    await this.ctx.storage.put("job", moved);
    jobLog("warn", "job moved to the model's successor", job, {
      provider: failed.provider,
      model: failed.model,
      toProvider: next.provider,
      toModel: next.model ?? null,
    });
    return this.attempt(signal);
  }

  /** One real call to the provider is about to happen: counted in storage first, so a restart sees it. */
  private async countAttempt(job: JobState): Promise<JobState> {
    const counted = { ...job, attempts: job.attempts + 1 };
    await this.ctx.storage.put("job", counted);
    return counted;
  }

  /** The call just counted was refused with a 429: kept apart, so it uses up no attempt. */
  private async countRateLimit(job: JobState): Promise<JobState> {
    const counted = { ...job, rateLimited: (job.rateLimited ?? 0) + 1 };
    await this.ctx.storage.put("job", counted);
    return counted;
  }

  private async succeed(image: GeneratedImage, providerMs: number, gateMs = 0): Promise<void> {
    const job = await this.load();
    if (job?.status !== "running") return;
    const started = Date.now();
    let bytes = image.bytes;
    if (!image.webReady) {
      // Providers answer PNGs of 1–2 MB (or JPEGs at full quality): what is kept and served is a web JPEG.
      const { toWebJpeg } = await import("../providers/codecs");
      try {
        bytes = await toWebJpeg(image.bytes);
      } catch (err) {
        jobLog("warn", "provider image could not be decoded", job, { error: errorName(err), bytes: image.bytes.length });
        return this.settle(failure("not-an-image"));
      }
    }
    const key = await imageKey("g", job.id, bytes, "image/jpeg");
    await storeImage(this.env.IMAGES, key, bytes, "image/jpeg");
    writeRenditionsLater(this.env.RENDITIONS, key);
    return this.settle({ status: "succeeded", imageKey: key, gateMs, providerMs, storeMs: Date.now() - started });
  }

  /** What the provider is asked; the store's model comes along when the seller keeps one (gone: asked without it). */
  private async requestFor(job: JobState, bytes: Uint8Array): Promise<GenerationRequest> {
    const request: GenerationRequest = {
      kind: job.kind,
      includeModel: job.includeModel,
      personalization: job.personalization,
      instruction: job.instruction,
      quality: job.quality,
      source: { bytes, mimeType: job.sourceMime },
      seed: seedOf(job.id),
    };
    if (!job.modelReferenceKey) return request;
    const reference = await this.env.IMAGES.get(job.modelReferenceKey);
    if (!reference) {
      // Lost from R2 (or deleted between the route and here): the seller still gets a picture, with a new person.
      jobLog("warn", "store model missing; generating without it", job, { key: job.modelReferenceKey });
      return request;
    }
    const refBytes = new Uint8Array(await reference.arrayBuffer());
    const mimeType = sniffImage(refBytes);
    if (!mimeType) jobLog("warn", "store model is not an image; generating without it", job, { key: job.modelReferenceKey });
    return mimeType ? { ...request, modelReference: { bytes: refBytes, mimeType } } : request;
  }

  /**
   * Hands the job to a queued provider; the alarm follows the prediction. A
   * full concurrency limit waits for a slot (until the deadline) without using
   * up an attempt; other passing failures are retried a bounded number of times.
   */
  private async submit(job: JobState, provider: QueuedImageProvider, request: GenerationRequest, signal: AbortSignal): Promise<void> {
    if (job.predictionId) return;
    const started = Date.now();
    const step = { provider: provider.name, attempt: job.attempts + 1 };
    jobLog("info", "provider submit", job, step);
    try {
      const predictionId = await throughGate(this.env, job, () => provider.submit(request, signal), signal);
      const current = await this.load();
      if (current?.status !== "running" || current.outcome) return;
      await this.ctx.storage.put("job", { ...current, attempts: current.attempts + 1, predictionId });
      await this.ctx.storage.setAlarm(Math.min(Date.now() + POLL_MS, current.deadline));
      jobLog("info", "provider accepted", job, { ...step, ms: Date.now() - started, prediction: predictionId });
    } catch (err) {
      if (signal.aborted) return;
      jobLog("warn", "provider submit failed", job, { ...step, ms: Date.now() - started, error: errorName(err) });
      if (err instanceof ModelUnavailable) return this.fallBack(job, err, signal, false);
      if (err instanceof ProviderRefusal) return this.settle({ status: "failed", reason: "refused", error: err.message, httpStatus: 422 });
      if (!(err instanceof ProviderTransientError)) return this.settle(failure("provider-failed"));
      const attempts = err.waitForSlot || err.rateLimited ? job.attempts : job.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) return this.settle(failure("provider-busy"));
      const wait = Math.min((err.retryAfterSeconds ?? 2 ** Math.max(1, attempts)) * 1000, MAX_BACKOFF_MS);
      await this.ctx.storage.put("job", { ...job, attempts });
      // The alarm submits again (the heartbeat finds nothing running); past the deadline it settles the timeout.
      await this.ctx.storage.setAlarm(Math.min(Date.now() + wait, job.deadline));
    }
  }

  /** One look at a queued prediction, from the alarm. */
  private async follow(job: JobState): Promise<void> {
    const provider = await imageProvider(this.env, job.provider ?? mainProvider(this.env), overrideOf(job));
    if (!isQueued(provider)) return;
    const started = Date.now();
    let answer: Awaited<ReturnType<QueuedImageProvider["check"]>>;
    try {
      answer = await provider.check(job.predictionId!);
    } catch (err) {
      if (err instanceof ProviderRefusal) return this.settle({ status: "failed", reason: "refused", error: err.message, httpStatus: 422 });
      if (!(err instanceof ProviderTransientError)) return this.settle(failure("provider-failed"));
      // The status call itself failed (a 5xx, a dropped connection): ask again at the next alarm.
      await this.ctx.storage.setAlarm(Math.min(Date.now() + POLL_MS, job.deadline));
      return;
    }
    if (answer === "pending") {
      await this.ctx.storage.setAlarm(Math.min(Date.now() + POLL_MS, job.deadline));
      return;
    }
    if (answer === "resubmit") {
      jobLog("warn", "provider prediction failed; submitting again", job, { prediction: job.predictionId, attempt: job.attempts });
      if (job.attempts >= MAX_ATTEMPTS) return this.settle(failure("provider-busy"));
      const current = await this.load();
      if (current?.status === "running") await this.ctx.storage.put("job", { ...current, predictionId: undefined });
      this.ensureRunning();
      return;
    }
    const mimeType = sniffImage(answer.bytes);
    if (mimeType !== "image/png" && mimeType !== "image/jpeg") return this.settle(failure("not-an-image"));
    jobLog("info", "provider answered", job, { provider: provider.name, prediction: job.predictionId, ms: Date.now() - started });
    return this.succeed({ ...answer, mimeType }, Date.now() - started);
  }

  /**
   * Settles the job exactly once, even when the provider and the deadline
   * race: the first outcome decided is the one recorded, however many times
   * recording it has to be tried.
   */
  private settle(outcome: JobOutcome): Promise<void> {
    // A failed settlement must not block the next one (the alarm retries it).
    const next = this.settling
      .catch(() => undefined)
      .then(async () => {
        const job = await this.load();
        if (job?.status !== "running") return;
        const started = Date.now();
        const decided = job.outcome ?? outcome;
        if (!job.outcome) await this.ctx.storage.put("job", { ...job, outcome: decided });
        await this.record(job, decided);
        const settled: JobState =
          decided.status === "succeeded"
            ? {
                ...job,
                outcome: undefined,
                status: "succeeded",
                imageKey: decided.imageKey,
                gateMs: decided.gateMs,
                providerMs: decided.providerMs,
                storeMs: decided.storeMs,
                recordMs: Date.now() - started,
              }
            : { ...job, outcome: undefined, status: "failed", error: decided.error, httpStatus: decided.httpStatus };
        await this.ctx.storage.put("job", settled);
        await this.ctx.storage.deleteAlarm();
        for (const wake of this.waiters) wake();
      });
    this.settling = next;
    return next;
  }

  /** Writes the outcome to D1 (the image and the job's row in the shop's database); safe to repeat. */
  private async record(job: JobState, outcome: JobOutcome): Promise<void> {
    const db = database(this.env.DB);
    const shopDb = jobShopDatabase(this.env, job);
    if (outcome.status === "succeeded") {
      // The image id is the job id, so recording the same result twice is a no-op.
      const row = {
        id: job.id,
        userId: job.userId,
        productId: job.productId,
        key: outcome.imageKey,
        kind: job.kind,
        variant: variantOf(job.kind, job.includeModel),
        originalId: job.originalId ?? null,
        jobId: job.id,
      };
      await writeAcross(db, shopDb, {
        shop: [
          shopDb.insert(generatedImages).values(row).onConflictDoNothing(),
          // A modification takes its original's place in the gallery; the original is kept, linked, restorable.
          ...(job.originalId
            ? [
                shopDb
                  .update(generatedImages)
                  .set({ replacedBy: job.id })
                  .where(and(eq(generatedImages.id, job.originalId), eq(generatedImages.userId, job.userId))),
              ]
            : []),
          shopDb
            .update(generationJobs)
            .set({ status: "succeeded", imageId: job.id, finishedAt: new Date() })
            .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running"))),
          // The picture the seller paid for is what the store shows, unless they chose its images (the product core's rule).
          ...(job.productId ? [showGeneratedPicture(shopDb, { id: job.productId, userId: job.userId }, outcome.imageKey)] : []),
        ],
        after: job.productId ? [storeChanged(db, job.userId)] : [],
      });
      jobLog("info", "job succeeded", job, { attempts: job.attempts, providerMs: outcome.providerMs });
      return;
    }
    // The refund and the job row change together (or refund first, for a shop in its own database); the refund key makes a replay a no-op.
    if ((await refundJob(db, job, outcome.error, shopDb)) === "refunded") jobLog("info", "job refunded", job, { credits: job.cost });
    jobLog("warn", "job failed", job, { reason: outcome.reason, attempts: job.attempts });
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
    timing: succeeded ? { gate: job.gateMs ?? 0, provider: job.providerMs ?? 0, store: job.storeMs ?? 0, record: job.recordMs ?? 0 } : null,
  };
}

/** A stable seed per job, so a retried attempt asks the provider for the same image. */
function seedOf(jobId: string): number {
  let hash = 2166136261;
  for (const char of jobId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}
