import { useState } from "react";
import { TUTORIAL_STEPS, tutorialAdvance } from "./tutorial-steps";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";

/** The four-step tutorial; 'Entendido' on the last step closes it and the next opening starts at step 1. */
export function TutorialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const current = TUTORIAL_STEPS[step]!;
  const advance = tutorialAdvance(step);

  function close() {
    setStep(0);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title="Cómo usar Vidriera">
      <p className="text-sm font-semibold text-brand-700" aria-live="polite">
        Paso {step + 1} de {TUTORIAL_STEPS.length}
      </p>
      <h3 className="mt-2 text-xl font-bold text-slate-900">{current.title}</h3>
      <p className="mt-2 text-slate-700">{current.text}</p>
      <ol aria-hidden className="mt-6 flex gap-2">
        {TUTORIAL_STEPS.map((s, i) => (
          <li key={s.title} className={`h-1.5 flex-1 rounded-full ${i <= step ? "bg-brand-600" : "bg-slate-200"}`} />
        ))}
      </ol>
      <div className="mt-6 flex justify-end">
        <Button
          onClick={() => {
            if (advance.closes) close();
            else setStep(advance.next);
          }}
        >
          {advance.label}
        </Button>
      </div>
    </Dialog>
  );
}
