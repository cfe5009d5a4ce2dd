import { useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "../../ui/icons";
import { Button } from "../../ui/button";
import { t } from "./texts";
import { tutorialAdvance, tutorialSteps } from "./tutorial-steps";

/**
 * The four-step tutorial; 'Entendido' on the last step closes it and the next opening starts at step 1.
 * A card at the top of the screen, not a modal: a first visit's backdrop covered 'Crear' and 'Añadir
 * Producto', the very actions the steps speak of, so the seller can now read a step and tap beside it.
 */
export function TutorialDialog({ open, onClose, focus }: { open: boolean; onClose: () => void; focus: boolean }) {
  const [step, setStep] = useState(0);
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const steps = tutorialSteps();
  const current = steps[step]!;
  const advance = tutorialAdvance(step);

  // Asked for from 'Ayuda': shown where the seller is, with the keyboard in it. On its own (a first visit) it
  // takes nothing from the screen below it.
  useEffect(() => {
    if (!open || !focus) return;
    // After 'Ayuda' has closed and handed the focus back to its button.
    const frame = requestAnimationFrame(() => {
      ref.current?.scrollIntoView({ block: "nearest" });
      ref.current?.querySelector<HTMLButtonElement>("[data-tutorial-next]")?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [open, focus]);

  function close() {
    setStep(0);
    onClose();
  }

  if (!open) return null;
  return (
    <section
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
      className="mb-6 scroll-mt-20 rounded-2xl border border-brand-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          {/* Not a heading: it sits above the screen's own h1. */}
          <p id={titleId} className="text-base font-semibold">
            {t("tutorialTitle")}
          </p>
          <p className="text-sm font-semibold text-brand-700" aria-live="polite">
            {t("tutorialStep", { step: step + 1, total: steps.length })}
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={t("close")}
          className="-m-1 grid size-11 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <p className="mt-2 text-lg font-bold text-slate-900">{current.title}</p>
      <p className="mt-1 text-slate-700">{current.text}</p>
      <div className="mt-4 flex items-center gap-4">
        <ol aria-hidden className="flex flex-1 gap-2">
          {steps.map((s, i) => (
            <li key={s.title} className={`h-1.5 flex-1 rounded-full ${i <= step ? "bg-brand-600" : "bg-slate-200"}`} />
          ))}
        </ol>
        <Button
          data-tutorial-next
          className="min-h-11"
          onClick={() => {
            if (advance.closes) close();
            else setStep(advance.next);
          }}
        >
          {advance.label}
        </Button>
      </div>
    </section>
  );
}
