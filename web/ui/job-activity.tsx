import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { GenerationKind } from "../../common/generation";
import type { JobSummary } from "../../common/jobs";
import { jobsQuery } from "../lib/queries";
import { markFailedJobSeen, seenFailedJobs } from "../lib/seen-jobs";
import { Spinner } from "./spinner";
import { t } from "./texts";

const POLL_MS = 3000;

/** How the gallery names a kind of generation, in the seller's language. */
function kindLabel(kind: GenerationKind): string {
  return {
    ad: t("kindAd"),
    back: t("kindBack"),
    baby: t("kindBaby"),
    kid: t("kindKid"),
    "girl-kid": t("kindGirlKid"),
    outfit: t("kindOutfit"),
    personalized: t("kindPersonalized"),
    modify: t("kindModify"),
    product: t("kindProduct"),
  }[kind];
}

function jobName(job: JobSummary) {
  const product = job.productName?.trim();
  return product ? t("jobOfProduct", { kind: kindLabel(job.kind), product }) : kindLabel(job.kind);
}

/**
 * Generations that outlived the screen that started them: a seller who closed
 * the tab (or lost the connection) sees here that they are still running,
 * and later how they ended. When one ends, the gallery, products and credits
 * are fetched again, so its image (or its refund) shows without a reload.
 */
export function JobActivity() {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    ...jobsQuery,
    refetchInterval: (query) => (query.state.data?.some((job) => job.status === "running") ? POLL_MS : false),
  });
  const [seen, setSeen] = useState(seenFailedJobs);
  const running = (jobs.data ?? []).filter((job) => job.status === "running");
  const failed = (jobs.data ?? []).filter((job) => job.status === "failed" && !seen.includes(job.id));

  const wasRunning = useRef<Set<string>>(new Set());
  useEffect(() => {
    const now = new Set(running.map((job) => job.id));
    const ended = [...wasRunning.current].some((id) => !now.has(id));
    wasRunning.current = now;
    if (ended) {
      void queryClient.invalidateQueries({ queryKey: ["gallery"] });
      void queryClient.invalidateQueries({ queryKey: ["products"] });
      void queryClient.invalidateQueries({ queryKey: ["product-images"] });
      void queryClient.invalidateQueries({ queryKey: ["session"] });
    }
  });

  if (running.length === 0 && failed.length === 0) return null;
  return (
    <section aria-label={t("jobsRunning")} className="space-y-2">
      {running.length > 0 && (
        <div
          className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900"
          data-testid="jobs-running"
        >
          <Spinner className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div>
            <p className="font-semibold">{t("jobsRunningCount", { count: running.length })}</p>
            <p className="text-sm">{t("jobsRunningText", { jobs: running.map(jobName).join(" · ") })}</p>
          </div>
        </div>
      )}
      {failed.map((job) => (
        <div
          key={job.id}
          role="alert"
          className="flex items-start justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
          data-testid="job-failed"
        >
          <div>
            <p className="font-semibold">{t("jobFailed", { job: jobName(job) })}</p>
            <p className="text-sm">{job.error ?? t("jobFailedFallback")}</p>
          </div>
          <button
            type="button"
            onClick={() => setSeen(markFailedJobSeen(job.id))}
            className="shrink-0 rounded-lg px-3 py-1 text-sm font-semibold hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
          >
            {t("jobFailedSeen")}
          </button>
        </div>
      ))}
    </section>
  );
}
