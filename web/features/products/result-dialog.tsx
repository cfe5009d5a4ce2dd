import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Product } from "../../../common/product";
import type { GenerationResult } from "../../lib/generation";
import {
  ModifyInstructionField,
  ModifyingOverlay,
  ModifyNotOffered,
  useModifyInstruction,
  useModifyOffer,
} from "../../ui/modify-instruction";
import { ActiveBadge } from "./product-drawer";
import { ProductImage } from "../../ui/product-image";
import { Dialog } from "../../ui/dialog";
import { Button } from "../../ui/button";
import { KeepAsStoreModelButton } from "../../ui/store-model";
import type { Audience } from "../../../common/generation";
import { t } from "./texts";

export interface GenerationRun {
  product: Product;
  /** "background": the request gave up waiting but the job goes on; the image will land in the gallery. */
  status: "running" | "done" | "failed" | "background";
  startedAt: number;
  imageUrl?: string;
  /** The generated image's id, which 'Modificar Imagen' changes. */
  imageId?: string;
  error?: string;
}

interface Props {
  run: GenerationRun | null;
  onClose: () => void;
  personalized: boolean;
  onRegenerate: () => void;
  /** What 'Regenerar' spends, as the button says it: "1 imagen". */
  regenerateCost: string;
  onDownload: () => void;
  downloading: boolean;
  /** The result was changed by an instruction: the dialog now shows the new image. */
  onModified: (result: GenerationResult) => void;
  /** The audience whose model the result shows ('Usar como modelo de mi tienda'); null: no model of ours (garment, personalised). */
  storeModelAudience?: Audience | null;
}

/** 'Antes' and 'Después' side by side, with progress while the job runs and the result's actions. */
export function ResultDialog({
  run,
  onClose,
  personalized,
  onRegenerate,
  regenerateCost,
  onDownload,
  downloading,
  onModified,
  storeModelAudience = null,
}: Props) {
  const [enlarged, setEnlarged] = useState(false);
  const [modifyOpen, setModifyOpen] = useState(false);
  const modifyOffer = useModifyOffer();
  const enlargeButton = useRef<HTMLButtonElement>(null);
  const instruction = useModifyInstruction(onModified);
  const modifying = instruction.pending;
  const running = run?.status === "running";
  // A new run (or none) starts without the modify step open: state adjusted while rendering, React's pattern for it.
  const token = run?.startedAt;
  const [shownToken, setShownToken] = useState(token);
  if (shownToken !== token) {
    setShownToken(token);
    setModifyOpen(false);
    instruction.reset();
  }

  function submitModify(event: FormEvent) {
    event.preventDefault();
    if (run?.imageId) void instruction.submit(run.imageId);
  }

  function shrink() {
    setEnlarged(false);
    requestAnimationFrame(() => enlargeButton.current?.focus());
  }
  // Escape and the close button first shrink an enlarged image, then close the dialog.
  function close() {
    if (enlarged) shrink();
    else onClose();
  }
  useEffect(() => {
    if (running || !run) setEnlarged(false);
  }, [running, run]);

  return (
    <Dialog open={!!run} onClose={close} title={run ? t("resultOf", { name: run.product.name }) : t("result")} className="sm:max-w-3xl">
      {run && (
        <div className="space-y-5">
          <div className="grid grid-cols-2 gap-3 sm:gap-5">
            <figure className="space-y-2">
              <figcaption className="text-sm font-semibold text-slate-700">{t("before")}</figcaption>
              <ProductImage url={run.product.imageUrl} fit="contain" className="aspect-[4/5] w-full rounded-xl border border-slate-200" />
            </figure>
            <figure className="space-y-2">
              <figcaption className="text-sm font-semibold text-slate-700">{t("after")}</figcaption>
              {/* The rest of the page is inert under the dialog, toasts included: the outcome is announced here. */}
              <p aria-live="polite" className="sr-only">
                {run.status === "done"
                  ? t("imageGenerated")
                  : run.status === "failed"
                    ? `${t("imageNotGenerated")} ${run.error ?? ""}`
                    : run.status === "background"
                      ? run.error
                      : ""}
              </p>
              {run.status === "running" && <Progress startedAt={run.startedAt} />}
              {run.status === "failed" && (
                <div className="grid aspect-[4/5] w-full place-items-center rounded-xl border border-red-200 bg-red-50 p-3 text-center text-sm text-red-800">
                  <p>
                    <span className="block font-semibold">{t("imageNotGenerated")}</span>
                    {run.error}
                  </p>
                </div>
              )}
              {run.status === "background" && (
                <div className="grid aspect-[4/5] w-full place-items-center rounded-xl border border-amber-200 bg-amber-50 p-3 text-center text-sm text-amber-900">
                  <p>{run.error}</p>
                </div>
              )}
              {run.status === "done" && run.imageUrl && (
                <div className="relative">
                  <button
                    ref={enlargeButton}
                    type="button"
                    onClick={() => setEnlarged(true)}
                    aria-label={t("enlargeImage")}
                    className="block w-full cursor-zoom-in overflow-hidden rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <img
                      src={run.imageUrl}
                      alt={t("generatedImageOf", { name: run.product.name })}
                      className="aspect-[4/5] w-full bg-slate-100 object-contain"
                    />
                  </button>
                  <ModifyingOverlay show={modifying} />
                </div>
              )}
            </figure>
          </div>

          {modifyOpen && run.status === "done" && (
            <form
              onSubmit={submitModify}
              noValidate
              className="space-y-3 rounded-xl border border-slate-200 p-4"
              aria-label={t("modifyImage")}
            >
              <ModifyInstructionField state={instruction} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" disabled={modifying} onClick={() => setModifyOpen(false)}>
                  {t("cancel")}
                </Button>
                <Button type="submit" busy={modifying}>
                  {t("modifyImageButton")}
                </Button>
              </div>
            </form>
          )}

          {run.status === "done" && run.imageId && !modifying && (
            <KeepAsStoreModelButton imageId={run.imageId} audience={storeModelAudience} className="w-full" />
          )}

          {!modifyOffer.available && run.status === "done" && <ModifyNotOffered reason={modifyOffer.reason} />}

          <div className="flex flex-col gap-2 sm:flex-row">
            {!modifyOpen && modifyOffer.available && (
              <Button
                variant="secondary"
                className="flex-1 py-3"
                disabled={run.status !== "done" || !run.imageId}
                onClick={() => {
                  setModifyOpen(true);
                  requestAnimationFrame(() => instruction.textareaRef.current?.focus());
                }}
              >
                <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M15.98 1.8a.75.75 0 0 1 1.06 0l1.16 1.16a.75.75 0 0 1 0 1.06L6.6 15.62a.75.75 0 0 1-1.06 0l-1.16-1.16a.75.75 0 0 1 0-1.06L15.98 1.8ZM4.5 2.25l.5 1.25 1.25.5-1.25.5-.5 1.25-.5-1.25L2.75 4l1.25-.5.5-1.25ZM15 12l.5 1.25 1.25.5-1.25.5L15 15.5l-.5-1.25-1.25-.5 1.25-.5L15 12Z" />
                </svg>
                {t("modify")}
              </Button>
            )}
            <Button variant="secondary" className="flex-1 py-3" disabled={running || modifying} onClick={onRegenerate}>
              <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M15.31 11.42a5.5 5.5 0 0 1-9.2 2.47l-.56-.57h2.43a.75.75 0 0 0 0-1.5H4.02a.75.75 0 0 0-.75.75v3.96a.75.75 0 0 0 1.5 0v-2.35l.55.55a7 7 0 0 0 11.71-3.14.75.75 0 1 0-1.45-.39Zm1.24-7.08a.75.75 0 0 0-.75.75v2.35l-.55-.55A7 7 0 0 0 3.54 10.03a.75.75 0 1 0 1.45.39 5.5 5.5 0 0 1 9.2-2.47l.56.57h-2.43a.75.75 0 1 0 0 1.5h3.96a.75.75 0 0 0 .75-.75V5.09a.75.75 0 0 0-.75-.75Z"
                />
              </svg>
              {t("regenerate", { cost: regenerateCost })}
              {personalized && <ActiveBadge />}
            </Button>
            <Button className="flex-1 py-3" disabled={run.status !== "done" || modifying} busy={downloading} onClick={onDownload}>
              <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.61L6.3 8.24a.75.75 0 1 0-1.1 1.02l4.25 4.5a.75.75 0 0 0 1.1 0l4.25-4.5a.75.75 0 0 0-1.1-1.02l-2.95 3.12V2.75Z" />
                <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
              </svg>
              {t("downloadResult")}
            </Button>
          </div>

          {enlarged && run.imageUrl && (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboard users have the focused close button
            <div className="fixed inset-0 z-10 grid place-items-center bg-slate-950/90 p-4" onClick={shrink}>
              <img
                src={run.imageUrl}
                alt={t("enlargedImageOf", { name: run.product.name })}
                className="max-h-full max-w-full rounded-lg object-contain"
              />
              <button
                type="button"
                // biome-ignore lint/a11y/noAutofocus: the enlarged image is a layer of its own; focus moves to its close button
                autoFocus
                onClick={shrink}
                className="absolute top-4 right-4 rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t("closeEnlarged")}
              </button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Typical generations take seconds to a minute; the bar eases toward 95 % so it keeps moving without promising an end. */
export function estimatedProgress(elapsedMs: number): number {
  return Math.min(95, Math.round(95 * (1 - Math.exp(-elapsedMs / 15_000))));
}

function Progress({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, now - startedAt);
  const percent = estimatedProgress(elapsed);
  const seconds = Math.floor(elapsed / 1000);
  return (
    <div className="flex aspect-[4/5] w-full flex-col items-center justify-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-center">
      <svg aria-hidden viewBox="0 0 24 24" className="size-8 animate-pulse text-brand-600" fill="currentColor">
        <path d="M9.94 14.06 8 20l-1.94-5.94L0 12l6.06-1.94L8 4l1.94 6.06L16 12l-6.06 2.06ZM19 9l-1-3-1 3-3 1 3 1 1 3 1-3 3-1-3-1Zm-1 8-.67 2L15 19.67l2.33.66L18 22l.67-1.67L21 19.67 18.67 19 18 17Z" />
      </svg>
      <p className="text-sm font-semibold text-brand-800">{t("generatingImage")}</p>
      <div
        role="progressbar"
        aria-label={t("generatingLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t("progressValue", { percent: String(percent), seconds: String(seconds) })}
        className="h-2 w-full overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600" aria-hidden>
        {t("usuallyUnderMinute", { seconds: String(seconds) })}
      </p>
    </div>
  );
}
