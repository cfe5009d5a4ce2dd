import { queryOptions, useQuery } from "@tanstack/react-query";
import { sellerLocale } from "../../i18n/language";
import { api, unwrap } from "../../lib/api";
import { imagesCountLabel, movementLabel } from "./credit-labels";
import { t } from "./texts";

export const creditHistoryQuery = queryOptions({
  queryKey: ["credits", "history"],
  queryFn: async () => (await unwrap(api.credits.history.$get(), t("historyLoadFailed"))).movements,
});

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(sellerLocale(), { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

/** The seller's credit movements, newest first: every image, refund, purchase and plan payment, with the balance it left. */
export function CreditHistory() {
  const history = useQuery(creditHistoryQuery);
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="history-title" className="font-semibold">
        {t("historyTitle")}
      </h2>
      {history.isPending && <p className="mt-2 text-sm text-slate-600">{t("historyLoading")}</p>}
      {history.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {history.error.message}
        </p>
      )}
      {history.isSuccess && history.data.length === 0 && <p className="mt-2 text-sm text-slate-600">{t("historyEmpty")}</p>}
      {history.isSuccess && history.data.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="credit-history">
          {history.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="min-w-0 flex-1">
                {movementLabel(m.reason)}
                <span className="block text-xs text-slate-500">{formatDate(m.createdAt)}</span>
              </span>
              <span className={`font-semibold tabular-nums ${m.delta > 0 ? "text-emerald-700" : "text-slate-800"}`}>
                {m.delta > 0 ? "+" : "−"}
                {imagesCountLabel(m.delta)}
              </span>
              <span className="w-full text-right text-xs text-slate-500 sm:w-auto">
                {t("balance", { images: imagesCountLabel(m.balanceAfter) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
