import { Link } from "@tanstack/react-router";
import { t } from "./texts";

/** What a screen about the store shows a seller who has not created one yet: why, and the way to create it. */
export function NoStoreYet({ hint }: { hint: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold">{t("noStoreTitle")}</p>
      <p className="mt-1 text-slate-600">{hint}</p>
      <Link
        to="/mi-tienda"
        className="mt-5 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("noStoreCreate")}
      </Link>
    </div>
  );
}
