import { useModalDialog } from "../../ui/dialog";
import { DialogToasts } from "../../ui/toast-host";
import { useAppConfig } from "../../lib/config";
import { Button } from "../../ui/button";
import { t } from "./texts";

/**
 * 'Sitio en mantenimiento', over every screen while MAINTENANCE_MODE is on.
 * It cannot be dismissed (Escape is ignored, there is no close button): the
 * seller can only check again, and it goes away once maintenance ends.
 */
export function MaintenanceDialog() {
  const { config, refetch, checking } = useAppConfig();
  const open = config.maintenance;
  const ref = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      aria-labelledby="mantenimiento-titulo"
      aria-describedby="mantenimiento-texto"
      onCancel={(e) => e.preventDefault()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/70"
    >
      {open && (
        <div className="p-6 text-center">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-100 text-amber-700">
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="size-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5Z" />
            </svg>
          </span>
          <h2 id="mantenimiento-titulo" className="mt-4 text-xl font-bold">
            {t("maintenanceTitle")}
          </h2>
          <p id="mantenimiento-texto" className="mt-2 text-slate-600">
            {t("maintenanceText")}
          </p>
          <Button className="mt-6" busy={checking} onClick={() => refetch()}>
            {t("retry")}
          </Button>
          <DialogToasts />
        </div>
      )}
    </dialog>
  );
}
