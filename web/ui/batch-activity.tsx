import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { batchProgress } from "../../common/batches";
import { batchesQuery } from "../lib/queries";
import { t } from "./texts";

const POLL_MS = 4000;

/**
 * /home's line for batches still running: how far each has got, with a link to
 * follow it. It is read from the Worker, so it shows on any device the seller opens.
 */
export function BatchActivity() {
  const batches = useQuery({
    ...batchesQuery,
    refetchInterval: (query) => (query.state.data?.some((b) => !b.finished) ? POLL_MS : false),
  });
  const running = (batches.data ?? []).filter((batch) => !batch.finished);
  if (running.length === 0) return null;
  return (
    <section aria-label={t("batchesRunning")} className="space-y-2">
      {running.map((batch) => {
        const ended = batch.total - batch.waiting;
        return (
          <div
            key={batch.id}
            className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900"
            data-testid="batch-running"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">{t("batchProgressLine", { ended, total: batch.total })}</p>
              <Link
                to="/lote/$id"
                params={{ id: batch.id }}
                className="rounded-lg px-3 py-1 text-sm font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {t("batchFollow")}
              </Link>
            </div>
            <div
              role="progressbar"
              aria-label={t("batchProgress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={batchProgress({ total: batch.total, done: batch.done, failed: batch.failed, cancelled: 0 })}
              className="h-2 overflow-hidden rounded-full bg-brand-100"
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${Math.round((ended / Math.max(batch.total, 1)) * 100)}%` }}
              />
            </div>
          </div>
        );
      })}
    </section>
  );
}
