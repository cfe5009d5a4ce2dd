import { and, desc, eq, gt, ne, or } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { shopDatabase } from "../db/client";
import { RECENT_FAILURES_MS, type JobSummary } from "../../common/jobs";
import { generationJobs, products } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/sessions";
import { validate } from "../lib/validation";
import { LOST_KIND } from "../jobs/lost-debits";
import { jobStub } from "../jobs/start-job";
import { inSellerLanguage } from "../lib/seller-language";

export const JOB_NOT_FOUND = "No encontramos esa generación.";

/** A seller whose connection dropped finds the job's outcome here. */
export const jobRoutes = new Hono<Env>()
  .use(requireUser)
  // The seller's running jobs and the ones that failed lately, newest first: what a closed tab never showed.
  .get("/", async (c) => {
    const since = new Date(Date.now() - RECENT_FAILURES_MS);
    const rows = await shopDatabase(c.env, c.get("user"))
      .select({
        id: generationJobs.id,
        kind: generationJobs.kind,
        status: generationJobs.status,
        error: generationJobs.error,
        productId: generationJobs.productId,
        productName: products.name,
        createdAt: generationJobs.createdAt,
        finishedAt: generationJobs.finishedAt,
      })
      .from(generationJobs)
      .leftJoin(products, eq(products.id, generationJobs.productId))
      .where(
        and(
          eq(generationJobs.userId, c.get("user").id),
          // A lost debit's claim (worker/jobs/lost-debits.ts) was never a job the seller started.
          ne(generationJobs.kind, LOST_KIND),
          or(eq(generationJobs.status, "running"), and(eq(generationJobs.status, "failed"), gt(generationJobs.createdAt, since))),
        ),
      )
      .orderBy(desc(generationJobs.createdAt))
      .limit(20)
      .all();
    const jobs = rows.map(
      (row): JobSummary => ({
        ...row,
        error: inSellerLanguage(c, row.error),
        kind: row.kind as JobSummary["kind"],
        status: row.status as JobSummary["status"],
        createdAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      }),
    );
    return c.json({ jobs }, 200);
  })
  // `?wait=N` waits up to N seconds (≤ 25) for the outcome.
  .get(
    "/:id",
    validate("param", z.object({ id: z.string().min(1).max(64) })),
    validate("query", z.object({ wait: z.coerce.number().min(0).max(25).default(0) })),
    async (c) => {
      const { id } = c.req.valid("param");
      const owned = await shopDatabase(c.env, c.get("user"))
        .select({ id: generationJobs.id })
        .from(generationJobs)
        .where(and(eq(generationJobs.id, id), eq(generationJobs.userId, c.get("user").id)))
        .get();
      if (!owned) throw new ApiError(404, JOB_NOT_FOUND);
      const job = await jobStub(c.env, id).result(c.req.valid("query").wait * 1000);
      if (!job) throw new ApiError(404, JOB_NOT_FOUND);
      return c.json({ job: { ...job, error: inSellerLanguage(c, job.error) } }, 200);
    },
  );
