import { useEffect, useId, useSyncExternalStore } from "react";
import { Toaster } from "react-hot-toast";

/**
 * Native modal dialogs sit in the browser's top layer, above everything else,
 * so toasts rendered in <body> would hide behind an open dialog's backdrop.
 * The topmost open dialog therefore hosts the toasts; with none open, the page does.
 */
const stack: string[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const top = () => stack[stack.length - 1] ?? null;

/** react-hot-toast's defaults are the spec's: 4 s blank and error, 2 s success, loading until done, 20 at most. */
function SpecToaster() {
  return <Toaster position="top-center" />;
}

/** Rendered once at the root: shows toasts while no dialog is open. */
export function PageToasts() {
  const host = useSyncExternalStore(subscribe, top);
  return host === null ? <SpecToaster /> : null;
}

/** Rendered inside each open dialog: shows toasts while it is the topmost one. */
export function DialogToasts() {
  const id = useId();
  useEffect(() => {
    stack.push(id);
    notify();
    return () => {
      stack.splice(stack.indexOf(id), 1);
      notify();
    };
  }, [id]);
  const host = useSyncExternalStore(subscribe, top);
  return host === id ? <SpecToaster /> : null;
}
