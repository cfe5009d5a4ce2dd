import { useEffect, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";
import { DialogToasts } from "./toast-host";
import { t } from "./texts";

/** Opens a native <dialog> as a modal (top layer, focus trapped) while `open`, and closes it after. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** "center" for dialogs, "bottom" for the product drawer that slides up from the bottom. */
  placement?: "center" | "bottom";
  className?: string;
}

/**
 * A modal on the native <dialog>: focus is trapped, Escape and the backdrop
 * close it, and screen readers get its title. One component for every
 * dialog and drawer of the app.
 */
export function Dialog({ open, onClose, title, children, placement = "center", className = "" }: DialogProps) {
  const ref = useModalDialog(open);

  const position =
    placement === "bottom"
      ? "mt-auto mb-0 w-full max-w-none rounded-t-2xl sm:mx-auto sm:max-w-2xl"
      : "m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl";
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; from the keyboard, Escape closes it (onCancel)
    <dialog
      ref={ref}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={`max-h-[92vh] overflow-y-auto bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 ${position} ${className}`}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 className="text-lg font-semibold">{title}</h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t("close")}
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          {children}
          <DialogToasts />
        </div>
      )}
    </dialog>
  );
}
