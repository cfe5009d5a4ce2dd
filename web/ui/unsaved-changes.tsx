import { useBlocker } from "@tanstack/react-router";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { t } from "./texts";

/**
 * While a screen holds edits that are not saved, leaving it asks first: a
 * link, the menu or the back button inside the app open a dialog ('Seguir
 * editando' stays, 'Salir sin guardar' goes on), and closing or reloading the
 * tab gets the browser's own "leave site?" prompt. `saved()` lets the
 * navigation that follows a successful save through at once, before the
 * screen has drawn itself clean. With `save` (`true` once saved), the dialog also offers to save and then
 * leave, so leaving never has to throw the edits away.
 */
export function useUnsavedChanges(
  dirty: boolean,
  save?: { label: string; run: () => Promise<boolean> },
): { prompt: ReactNode; saved: () => void } {
  const [saving, setSaving] = useState(false);
  const holding = useRef(dirty);
  holding.current = dirty;
  const blocker = useBlocker({
    // Only a move to another screen: a change of search or hash on the same one loses nothing.
    shouldBlockFn: useCallback(({ current, next }) => holding.current && current.pathname !== next.pathname, []),
    enableBeforeUnload: useCallback(() => holding.current, []),
    withResolver: true,
  });
  const prompt = (
    <Dialog open={blocker.status === "blocked"} onClose={() => blocker.reset?.()} title={t("leaveTitle")}>
      <p className="text-slate-700">{t("leaveText")}</p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={saving} onClick={() => blocker.proceed?.()}>
          {t("leaveWithoutSaving")}
        </Button>
        <Button variant={save ? "secondary" : undefined} disabled={saving} onClick={() => blocker.reset?.()}>
          {t("keepEditing")}
        </Button>
        {save && (
          <Button
            busy={saving}
            onClick={async () => {
              setSaving(true);
              const done = await save.run().catch(() => false);
              setSaving(false);
              // Not saved (a field to fix): the seller stays, on the field that says why.
              if (!done) return blocker.reset?.();
              holding.current = false;
              blocker.proceed?.();
            }}
          >
            {save.label}
          </Button>
        )}
      </div>
    </Dialog>
  );
  return { prompt, saved: useCallback(() => (holding.current = false), []) };
}
