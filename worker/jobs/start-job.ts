import { eq } from "drizzle-orm";
import { NO_CREDITS_LEFT } from "../../common/credits";
import { creditsFor, type GenerationKind, type Personalization, type Quality } from "../../common/generation";
import { database } from "../db/client";
import { generationJobs } from "../db/schema";
import type { Bindings } from "../env";
import { moveCredits } from "../lib/credits";
import { ApiError } from "../lib/errors";
import { randomId } from "../lib/ids";
import { JOB_MESSAGES, type JobInput, type JobView } from "./job-types";
import type { ImageMime } from "../providers/types";

/** How long a route waits for the image before answering 202 and letting the seller poll /api/jobs/:id. */
export const ROUTE_WAIT_MS = 55_000;

export interface JobRequest {
  userId: string;
  productId: string;
  kind: GenerationKind;
  quality: Quality;
  includeModel: boolean;
  personalization?: Personalization;
  instruction?: string;
  sourceKey: string;
  sourceMime: ImageMime;
}

export function jobStub(env: Bindings, jobId: string) {
  return env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId));
}

/**
 * Debits the credits and records the job in one atomic batch (no credits,
 * no job: 402), then hands it to its Durable Object and waits a while for
 * the result. The job goes on even if this request is abandoned.
 */
export async function runJob(env: Bindings, request: JobRequest): Promise<JobView> {
  const waitMs = Number(env.GENERATION_WAIT_MS ?? ROUTE_WAIT_MS);
  const db = database(env.DB);
  const input: JobInput = { ...request, id: randomId(), cost: creditsFor(request.quality) };
  const debit = await moveCredits(
    db,
    { userId: input.userId, delta: -input.cost, reason: "generation", idempotencyKey: `job:${input.id}` },
    {
      after: [
        db.insert(generationJobs).values({
          id: input.id,
          userId: input.userId,
          productId: input.productId,
          kind: input.kind,
          quality: input.quality,
          cost: input.cost,
          status: "running",
        }),
      ],
    },
  );
  if (debit.status === "insufficient") throw new ApiError(402, NO_CREDITS_LEFT);

  const stub = jobStub(env, input.id);
  try {
    await stub.start(input);
  } catch (err) {
    // The object never took the job: give the credits back right here.
    console.error(JSON.stringify({ level: "error", job: input.id, message: "job start failed", reason: String(err) }));
    await moveCredits(
      db,
      { userId: input.userId, delta: input.cost, reason: "generation_refund", idempotencyKey: `refund:${input.id}` },
      {
        after: [
          db
            .update(generationJobs)
            .set({ status: "failed", error: JOB_MESSAGES.busy, finishedAt: new Date() })
            .where(eq(generationJobs.id, input.id)),
        ],
      },
    );
    throw new ApiError(503, JOB_MESSAGES.busy);
  }
  return (await stub.result(waitMs))!;
}
