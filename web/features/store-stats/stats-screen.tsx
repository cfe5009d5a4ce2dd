import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { formatAmount, formatPrice } from "../../../common/store-money";
import { useStoreMoney } from "../../lib/store-money";
import { PERIODS, type Period, type StatsReport, type StatsTotals } from "../../../common/store-stats";
import { countryLocaleOf } from "../../../common/store-locale";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { NoStoreYet } from "../../ui/no-store";
import { Spinner } from "../../ui/spinner";
import { StatsChart } from "./stats-chart";
import { CouponStats } from "./stats-coupons";
import { ProductLists } from "./stats-lists";
import { statsQuery, useWeeklyEmail } from "./stats-queries";
import { changeLabel, n, periodLabel } from "./stats-labels";
import { FirstVisits } from "./stats-share";
import { t } from "./texts";

/** /estadisticas: what happened in the seller's store (visits, orders, products, sources, searches). */
export function StatsScreen() {
  const { user } = useSession();
  if (!user) return null;
  if (!user.username) return <NoStoreYet hint={t("noStoreHint")} />;
  return <Stats username={user.username} countryCode={user.countryCode} />;
}

function Stats({ username, countryCode }: { username: string; countryCode: string | null }) {
  const stats = useQuery(statsQuery);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        <Link to="/mi-tienda-admin" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
          {t("backToStore")}
        </Link>
      </header>
      {stats.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> {t("loading")}
        </p>
      )}
      {stats.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="text-sm">{stats.error.message}</p>
          <Button variant="secondary" busy={stats.isFetching} onClick={() => void stats.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}
      {stats.isSuccess && <Report report={stats.data} username={username} countryCode={countryCode} />}
    </div>
  );
}

function Report({ report, username, countryCode }: { report: StatsReport; username: string; countryCode: string | null }) {
  const [period, setPeriod] = useState<Period>("7d");
  const storeMoney = useStoreMoney();
  const noVisits = report.periods["30d"].current.visits === 0 && report.periods["30d"].current.pageViews === 0;
  return (
    <>
      {noVisits && <FirstVisits username={username} />}
      <Periods report={report} period={period} onPeriod={setPeriod} />
      {report.sampled && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("sampled")}
        </p>
      )}
      <StatsChart days={report.days} />
      <ProductLists report={report} sizesWord={countryLocaleOf(countryCode).sizesWord ?? "talla"} />
      <CouponStats coupons={report.coupons ?? []} locale={storeMoney.locale} />
      <Footer weeklyEmail={report.weeklyEmail} />
    </>
  );
}

/** The totals that are one number (the per-currency list of confirmed money is not one). */
type Figure = Exclude<keyof StatsTotals, "amountsConfirmed">;

/** The four figures of the chosen period, each against the period before. */
function Periods({ report, period, onPeriod }: { report: StatsReport; period: Period; onPeriod: (p: Period) => void }) {
  const storeMoney = useStoreMoney();
  const money = (amount: number) => formatPrice(amount, storeMoney);
  const { current, previous } = report.periods[period];
  const before = periodLabel(period).before;
  const main: { label: string; key: Figure; show?: (n: number) => string }[] = [
    { label: t("visits"), key: "visits" },
    { label: t("ordersSent"), key: "ordersSent" },
    { label: t("ordersConfirmed"), key: "ordersConfirmed" },
    { label: t("amountConfirmed"), key: "amountConfirmed", show: money },
  ];
  const more: { label: string; key: Figure }[] = [
    { label: t("pageViews"), key: "pageViews" },
    { label: t("cartAdds"), key: "cartAdds" },
    { label: t("searches"), key: "searches" },
    { label: t("emptySearches"), key: "emptySearches" },
  ];
  return (
    <section aria-labelledby="periods-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="periods-title" className="text-lg font-semibold">
          {t("summary")}
        </h2>
        <fieldset className="m-0 inline-flex min-w-0 rounded-lg border border-slate-300 bg-white p-0.5">
          <legend className="sr-only">{t("period")}</legend>
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={p === period}
              onClick={() => onPeriod(p)}
              className={`min-h-11 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
                p === period ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {periodLabel(p).label}
            </button>
          ))}
        </fieldset>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="stats-periods">
        {main.map(({ label, key, show }) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{(show ?? n)(current[key])}</dd>
            <dd className="text-xs text-slate-600">{t("versus", { change: changeLabel(current[key], previous[key]), before })}</dd>
            {key === "amountConfirmed" && (
              <OtherCurrencies amounts={current.amountsConfirmed} currency={storeMoney.currency} locale={storeMoney.locale} />
            )}
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-4">
        {more.map(({ label, key }) => (
          <div key={key} className="flex flex-wrap justify-between gap-x-2 sm:block">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums">{n(current[key])}</dd>
            {key === "cartAdds" && report.cartAddsCapped[period] && <CappedNote />}
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Money confirmed in another currency than the store's today (orders placed before it changed its money),
 * each on its own: an amount in one currency is never added to another's.
 */
function OtherCurrencies({ amounts, currency, locale }: { amounts: StatsTotals["amountsConfirmed"]; currency: string; locale: string }) {
  const others = amounts.filter((a) => a.currency !== currency);
  if (!others.length) return null;
  return (
    <dd className="mt-1 text-sm text-slate-700" data-testid="other-currencies">
      {t("otherCurrencies", { amounts: others.map((a) => formatAmount(a.amount, a.currency, locale)).join(t("and")) })}
    </dd>
  );
}

/** Next to a figure that stopped counting some events (worker/lib/store-throttle.ts): it is a floor, and why. */
function CappedNote() {
  return (
    <dd data-testid="capped-note" className="basis-full text-xs text-amber-800">
      {t("capped")}
    </dd>
  );
}

function Footer({ weeklyEmail }: { weeklyEmail: boolean }) {
  const save = useWeeklyEmail();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("weeklyTitle")}
      </h2>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={weeklyEmail}
          disabled={save.isPending}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: (on) => toast.success(on ? t("weeklyOn") : t("weeklyOff")),
              onError: (err) => toast.error(err.message),
            })
          }
          className="size-5 accent-brand-700"
        />
        <span>{t("weeklyLabel")}</span>
      </label>
      <p className="text-slate-600">{t("privacy")}</p>
    </section>
  );
}
