import { waitUntil } from "cloudflare:workers";
import { NO_CREDITS_LEFT } from "../../common/credits";
import { creditsFor, type GenerationKind, type Personalization, type Quality } from "../../common/generation";
import { isProviderName, planGeneration, providerTraits } from "../../common/image-providers";
import { audienceOfGeneration } from "../../common/store-models";
import { database, inGlobalDatabase, shopDatabase } from "../db/client";
import { generationJobs } from "../db/schema";
import type { Bindings } from "../env";
import { moveCredits, type MovementResult } from "../lib/credits";
import { ApiError, isShopMoving } from "../lib/errors";
import { randomId } from "../lib/ids";
import { storeModelKey } from "../lib/store-models";
import { currentRequestId, errorName, log } from "../lib/log";
import { JOB_MESSAGES, type JobInput, type JobView } from "./job-types";
import { refundJob } from "./refund-job";
import { refundFencedDebits, refundLostDebit } from "./lost-debits";
import type { ImageMime } from "../providers/types";

/** How long a route waits for the image before answering 202 and letting the seller poll /api/jobs/:id. */
export const ROUTE_WAIT_MS = 55_000;

export interface JobRequest {
  userId: string;
  /** The seller's shop database (users.shard): where the job's row, its image and its models live. */
  shard: number;
  productId: string;
  kind: GenerationKind;
  quality: Quality;
  includeModel: boolean;
  personalization?: Personalization;
  instruction?: string;
  originalId?: string;
  sourceKey: string;
  sourceMime: ImageMime;
}

/** The database of a job's shop: its row, image and the seller's store models (older jobs, from before shards, are in DB). */
export function jobShopDatabase(env: Bindings, job: { userId: string; shard?: number }) {
  return shopDatabase(env, { id: job.userId, shard: job.shard ?? 0 });
}

export function jobStub(env: Bindings, jobId: string) {
  return env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId));
}

/**
 * Debits the credits and records the job in one atomic batch (no credits,
 * no job: 402), then hands it to its Durable Object and waits a while for
 * the result. The job goes on even if this request is abandoned.
 */
export async function runJob(env: Bindings, request: JobRequest): Promise<JobView & { startMs: number }> {
  const started = Date.now();
  const waitMs = Number(env.GENERATION_WAIT_MS ?? ROUTE_WAIT_MS);
  // What this site's providers cannot make is refused here, before any debit, with the reason
  // (a child with no provider that draws children, Pro under 2K): never a silent downgrade.
  const plan = planGeneration(env, request.kind, request.quality, request.includeModel);
  if (!plan.ok) throw new ApiError(422, plan.error);
  const input: JobInput = {
    ...request,
    id: randomId(),
    cost: creditsFor(request.quality),
    provider: plan.provider,
    modelReferenceKey: await modelReferenceFor(env, request, plan.provider),
    requestId: currentRequestId(),
  };
  const handedOver = debitAndStart(env, input);
  // A seller who closes the tab cancels this request; the debit must still reach its object (or its refund).
  waitUntil(handedOver.catch(() => undefined));
  await handedOver;
  // The route's own part (plan, debit, handing the job to its object), for the Server-Timing header.
  const startMs = Date.now() - started;
  return { ...(await jobStub(env, input.id).result(waitMs))!, startMs };
}

/**
 * 'Modelo de mi tienda' for the audience this generation shows, when the seller keeps one and the provider
 * that makes it takes a model reference (the studio does not: it never gets one, and says nothing).
 */
export async function modelReferenceFor(
  env: Bindings,
  request: Pick<JobRequest, "userId" | "shard" | "kind" | "includeModel">,
  provider: string,
): Promise<string | undefined> {
  const audience = audienceOfGeneration(request.kind, request.includeModel);
  if (!audience || !isProviderName(provider) || !providerTraits(provider).takesModelReference) return undefined;
  return storeModelKey(jobShopDatabase(env, request), request.userId, audience);
}

/**
 * The debit and the job's row. A shop in `DB` writes them in one atomic batch, as always. A shop in another
 * database cannot (D1 has no transaction across databases), so the debit goes first, under the key
 * `job:<id>`, then the row: a job row therefore always has its debit, and its object is only started once the
 * row is there. A debit whose row never came (the insert failed and so did the refund here, or the request
 * died between) is refunded by the reconciliation in lost-debits.ts (docs/reliability.md, "A generation's
 * debit and its job").
 */
async function debitAndStart(env: Bindings, input: JobInput): Promise<void> {
  const db = database(env.DB);
  const shopDb = jobShopDatabase(env, input);
  const movement = { userId: input.userId, delta: -input.cost, reason: "generation" as const, idempotencyKey: `job:${input.id}` };
  const row = shopDb.insert(generationJobs).values({
    id: input.id,
    userId: input.userId,
    productId: input.productId,
    kind: input.kind,
    quality: input.quality,
    cost: input.cost,
    status: "running",
  });
  let debit: MovementResult;
  try {
    debit = await moveCredits(db, movement, { after: inGlobalDatabase(shopDb) ? [row] : [] });
  } catch (err) {
    // The batch is atomic: no debit and no job, which is what the seller is told.
    if (isShopMoving(err)) throw err;
    log("error", "job not started: debit failed", { job: input.id, error: errorName(err) });
    throw new ApiError(503, JOB_MESSAGES.notStarted);
  }
  if (debit.status === "insufficient") throw new ApiError(402, NO_CREDITS_LEFT);
  if (!inGlobalDatabase(shopDb)) {
    try {
      await row;
    } catch (err) {
      // Charged without a job: give it back now; if that fails too, the reconciliation does it later. A shop
      // being moved refuses the lost debit's claim as well, and needs none (refundFencedDebits).
      const fenced = isShopMoving(err);
      if (fenced) log("info", "job row refused by the shop's move; refunding", { job: input.id, shard: shopDb.shard });
      else log("error", "job row not written after its debit; refunding", { job: input.id, shard: shopDb.shard, error: errorName(err) });
      await (fenced ? refundFencedDebits(db, [input]) : refundLostDebit(db, shopDb, input)).catch((refundErr) =>
        log("error", "lost debit not refunded; the reconciliation will", { job: input.id, error: errorName(refundErr) }),
      );
      throw fenced ? err : new ApiError(503, JOB_MESSAGES.notStarted);
    }
  }

  try {
    await jobStub(env, input.id).start(input);
  } catch (err) {
    // The call may have reached the object and failed only on its way back: then the object holds the
    // job and settles it (refunding here too would give the image for free).
    const held = await jobStub(env, input.id)
      .result(0)
      .catch(() => null);
    if (held) {
      log("warn", "job start answer lost; the object holds the job", { job: input.id, error: errorName(err) });
      return;
    }
    // The object never took the job: give the credits back right here (or, if D1 fails now too, the
    // scheduled sweep in orphan-jobs.ts does it later).
    log("error", "job start failed; refunding", { job: input.id, error: errorName(err) });
    await refundJob(db, input, JOB_MESSAGES.busy, shopDb);
    throw new ApiError(503, JOB_MESSAGES.busy);
  }
}
