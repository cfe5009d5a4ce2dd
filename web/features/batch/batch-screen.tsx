import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { type BatchItemView, type BatchView, batchProgress } from "../../../common/batches";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { ProductImage } from "../../ui/product-image";
import { FullPageSpinner } from "../../ui/spinner";
import { batchQuery, useCancelBatch } from "./batch-api";
import { creditsText, picturesText, timeLeftText } from "./batch-labels";
import { t } from "./texts";

const stateLabels = (): Record<BatchItemView["state"], string> => ({
  waiting: t("stateWaiting"),
  running: t("stateRunning"),
  done: t("stateDone"),
  failed: t("stateFailed"),
  cancelled: t("stateCancelled"),
});

/**
 * /lote/$id: a batch as it goes. Everything comes from the Worker (the
 * pictures, their states, the time left at the generator's pace), so closing
 * the tab, or opening the link on another device, shows the same batch.
 */
export function BatchScreen() {
  const { id } = useParams({ from: "/signed-in/lote/$id" });
  const batch = useQuery(batchQuery(id));
  if (batch.isPending) return <FullPageSpinner />;
  if (batch.isError)
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">{batch.error.message}</p>
        <Button variant="secondary" className="mt-4" busy={batch.isFetching} onClick={() => void batch.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  return <Batch batch={batch.data} />;
}

function Batch({ batch }: { batch: BatchView }) {
  const queryClient = useQueryClient();
  const cancel = useCancelBatch(batch.id);
  const [confirming, setConfirming] = useState(false);
  const progress = batchProgress(batch);
  const ended = batch.done + batch.failed + batch.cancelled;
  const waitingToStart = batch.items.filter((item) => item.state === "waiting").length;

  // When the batch ends, the balance (refunds), the products (drafted names) and the gallery are read again.
  const wasFinished = useRef(batch.finished);
  useEffect(() => {
    if (batch.finished && !wasFinished.current) {
      for (const key of [["session"], ["products"], ["gallery"], ["batches"]]) void queryClient.invalidateQueries({ queryKey: key });
    }
    wasFinished.current = batch.finished;
  }, [batch.finished, queryClient]);
  // The names drafted from the photos may land after the pictures: the products are read again then too.
  const wasNaming = useRef(batch.naming > 0);
  useEffect(() => {
    if (batch.naming === 0 && wasNaming.current) void queryClient.invalidateQueries({ queryKey: ["products"] });
    wasNaming.current = batch.naming > 0;
  }, [batch.naming, queryClient]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t("batchTitle", { pictures: picturesText(batch.total) })}</h1>
        <p className="text-slate-600">{batch.finished ? t("batchFinished") : t("batchRunning")}</p>
      </header>

      <section aria-labelledby="progress-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="progress-title" className="sr-only">
          {t("progressTitle")}
        </h2>
        <div
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={t("progressValue", { ended: String(ended), total: String(batch.total) })}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="batch-counts">
          <span>
            <strong>{batch.done}</strong> {t("countDone", { count: batch.done })}
          </span>
          <span>
            <strong>{batch.failed}</strong> {t("countFailed")}
          </span>
          <span>
            <strong>{batch.waiting}</strong> {t("countWaiting")}
          </span>
          {batch.cancelled > 0 && (
            <span>
              <strong>{batch.cancelled}</strong> {t("countCancelled", { count: batch.cancelled })}
            </span>
          )}
        </p>
        {!batch.finished && (
          <p className="text-sm text-slate-600" data-testid="batch-time-left">
            {timeLeftText(batch.secondsLeft) ?? t("calculating")}
          </p>
        )}
        {batch.refunded > 0 && <p className="text-sm text-slate-700">{t("refunded", { credits: creditsText(batch.refunded) })}</p>}
        <div className="flex flex-wrap gap-2">
          {batch.finished ? (
            <Link
              to="/lote/$id/precios"
              params={{ id: batch.id }}
              className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {t("setPrices")}
            </Link>
          ) : (
            waitingToStart > 0 && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t("cancel")}
              </Button>
            )
          )}
        </div>
      </section>

      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("batchImages")}>
        {batch.items.map((item) => (
          <li key={item.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-state={item.state}>
            <div className="relative">
              <ProductImage
                url={item.imageUrl ?? item.photoUrl}
                className={`aspect-square w-full ${item.state === "done" ? "" : "opacity-60"}`}
              />
              <span className="absolute bottom-1.5 left-1.5 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {stateLabels()[item.state]}
              </span>
            </div>
            {item.naming ? (
              <p className="px-2 pt-1.5 text-sm text-slate-600 italic">{t("itemNaming")}</p>
            ) : (
              <p className="line-clamp-2 px-2 pt-1.5 text-sm font-medium">{item.productName ?? t("productDeleted")}</p>
            )}
            {item.error && <p className="px-2 pb-2 text-xs text-red-700">{item.error}</p>}
          </li>
        ))}
      </ul>

      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t("cancelTitle")}>
        <div className="space-y-4">
          <p>{t("cancelWhat", { count: waitingToStart })}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("keepGenerating")}
            </Button>
            <Button
              variant="danger"
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (after) => {
                    setConfirming(false);
                    toast.success(t("cancelledToast", { pictures: picturesText(after.cancelled) }));
                  },
                  onError: (err) => toast.error(err.message),
                })
              }
            >
              {t("cancelWaiting")}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
