import { useBlocker } from "@tanstack/react-router";
import { useCallback, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

export const LEAVE_TITLE = "¿Salir sin guardar?";

/**
 * While a screen holds edits that are not saved, leaving it asks first: a
 * link, the menu or the back button inside the app open a dialog ('Seguir
 * editando' stays, 'Salir sin guardar' goes on), and closing or reloading the
 * tab gets the browser's own "leave site?" prompt. `saved()` lets the
 * navigation that follows a successful save through at once, before the
 * screen has drawn itself clean.
 */
export function useUnsavedChanges(dirty: boolean): { prompt: ReactNode; saved: () => void } {
  const holding = useRef(dirty);
  holding.current = dirty;
  const blocker = useBlocker({
    // Only a move to another screen: a change of search or hash on the same one loses nothing.
    shouldBlockFn: useCallback(({ current, next }) => holding.current && current.pathname !== next.pathname, []),
    enableBeforeUnload: useCallback(() => holding.current, []),
    withResolver: true,
  });
  const prompt = (
    <Dialog open={blocker.status === "blocked"} onClose={() => blocker.reset?.()} title={LEAVE_TITLE}>
      <p className="text-slate-700">Tienes cambios sin guardar en esta pantalla. Si sales ahora, se pierden.</p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => blocker.proceed?.()}>
          Salir sin guardar
        </Button>
        <Button onClick={() => blocker.reset?.()}>Seguir editando</Button>
      </div>
    </Dialog>
  );
  return { prompt, saved: useCallback(() => (holding.current = false), []) };
}
