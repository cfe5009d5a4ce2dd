import { Link } from "@tanstack/react-router";
import { keptOpenOrders } from "./delete-account-dialog";
import { t } from "./texts";

/**
 * /cuenta-eliminada: where a seller lands after deleting the account, so it is
 * said plainly (a toast alone is gone in two seconds), with what was kept.
 */
export function AccountDeletedScreen() {
  return (
    <main className="mx-auto grid min-h-screen max-w-md place-items-center p-6">
      <section
        role="status"
        aria-labelledby="cuenta-eliminada"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950"
      >
        <h1 id="cuenta-eliminada" className="text-2xl font-bold">
          {t("deletedTitle")}
        </h1>
        <p className="mt-3">{t("deletedWhat")}</p>
        <p className="mt-2">{keptOpenOrders()}</p>
        <p className="mt-2">{t("deletedAccounting")}</p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t("goHome")}
          </Link>
          <Link
            to="/register"
            className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t("createNewAccount")}
          </Link>
        </div>
      </section>
    </main>
  );
}
