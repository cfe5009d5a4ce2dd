import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { database } from "../db/client";
import { generationJobs } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/sessions";
import { validate } from "../lib/validation";
import { jobStub } from "../jobs/start-job";

export const JOB_NOT_FOUND = "No encontramos esa generación.";

/** A seller whose connection dropped finds the job's outcome here. `?wait=N` waits up to N seconds (≤ 25) for it. */
export const jobRoutes = new Hono<Env>().use(requireUser).get(
  "/:id",
  validate("param", z.object({ id: z.string().min(1).max(64) })),
  validate("query", z.object({ wait: z.coerce.number().min(0).max(25).default(0) })),
  async (c) => {
    const { id } = c.req.valid("param");
    const owned = await database(c.env.DB)
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(and(eq(generationJobs.id, id), eq(generationJobs.userId, c.get("user").id)))
      .get();
    if (!owned) throw new ApiError(404, JOB_NOT_FOUND);
    const job = await jobStub(c.env, id).result(c.req.valid("query").wait * 1000);
    if (!job) throw new ApiError(404, JOB_NOT_FOUND);
    return c.json({ job }, 200);
  },
);
