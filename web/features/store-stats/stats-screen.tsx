import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { formatAmount, formatPrice } from "../../../common/store-money";
import { useStoreMoney } from "../../lib/store-money";
import { changeText, PERIOD_LABELS, PERIODS, type Period, type StatsReport, type StatsTotals } from "../../../common/store-stats";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { NoStoreYet } from "../../ui/no-store";
import { Spinner } from "../../ui/spinner";
import { StatsChart } from "./stats-chart";
import { CouponStats } from "./stats-coupons";
import { ProductLists } from "./stats-lists";
import { statsQuery, useWeeklyEmail } from "./stats-queries";
import { FirstVisits } from "./stats-share";

/** /estadisticas: what happened in the seller's store (visits, orders, products, sources, searches). */
export function StatsScreen() {
  const { user } = useSession();
  if (!user) return null;
  if (!user.username) return <NoStoreYet hint="Crea tu tienda y compártela para ver aquí cuántos la visitan y qué te piden." />;
  return <Stats username={user.username} />;
}

function Stats({ username }: { username: string }) {
  const stats = useQuery(statsQuery);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Estadísticas</h1>
          <p className="text-sm text-slate-600">Qué pasa en tu tienda: visitas, pedidos y lo que buscan tus clientes.</p>
        </div>
        <Link to="/mi-tienda-admin" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
          ← Volver a Mi Tienda
        </Link>
      </header>
      {stats.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> Cargando estadísticas…
        </p>
      )}
      {stats.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="text-sm">{stats.error.message}</p>
          <Button variant="secondary" busy={stats.isFetching} onClick={() => void stats.refetch()}>
            Reintentar
          </Button>
        </div>
      )}
      {stats.isSuccess && <Report report={stats.data} username={username} />}
    </div>
  );
}

function Report({ report, username }: { report: StatsReport; username: string }) {
  const [period, setPeriod] = useState<Period>("7d");
  const storeMoney = useStoreMoney();
  const noVisits = report.periods["30d"].current.visits === 0 && report.periods["30d"].current.pageViews === 0;
  return (
    <>
      {noVisits && <FirstVisits username={username} />}
      <Periods report={report} period={period} onPeriod={setPeriod} />
      {report.sampled && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Tu tienda tuvo tantas visitas que algunas cifras son estimaciones: se cuenta una muestra y se multiplica.
        </p>
      )}
      <StatsChart days={report.days} />
      <ProductLists report={report} />
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
  const before = PERIOD_LABELS[period].before;
  const main: { label: string; key: Figure; show?: (n: number) => string }[] = [
    { label: "Visitas", key: "visits" },
    { label: "Pedidos enviados", key: "ordersSent" },
    { label: "Pedidos confirmados", key: "ordersConfirmed" },
    { label: "Dinero confirmado", key: "amountConfirmed", show: money },
  ];
  const more: { label: string; key: Figure }[] = [
    { label: "Páginas vistas", key: "pageViews" },
    { label: "Agregados al carrito", key: "cartAdds" },
    { label: "Búsquedas", key: "searches" },
    { label: "Búsquedas sin resultado", key: "emptySearches" },
  ];
  return (
    <section aria-labelledby="periods-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="periods-title" className="text-lg font-semibold">
          Resumen
        </h2>
        <fieldset className="m-0 inline-flex min-w-0 rounded-lg border border-slate-300 bg-white p-0.5">
          <legend className="sr-only">Período</legend>
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
              {PERIOD_LABELS[p].label}
            </button>
          ))}
        </fieldset>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="stats-periods">
        {main.map(({ label, key, show }) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{(show ?? ((n: number) => n.toLocaleString("es-AR")))(current[key])}</dd>
            <dd className="text-xs text-slate-600">
              {changeText(current[key], previous[key])} frente a {before}
            </dd>
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
            <dd className="font-semibold tabular-nums">{current[key].toLocaleString("es-AR")}</dd>
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
      y {others.map((a) => formatAmount(a.amount, a.currency, locale)).join(" y ")} de pedidos en otra moneda
    </dd>
  );
}

/** Next to a figure that stopped counting some events (worker/lib/store-throttle.ts): it is a floor, and why. */
function CappedNote() {
  return (
    <dd data-testid="capped-note" className="basis-full text-xs text-amber-800">
      Algunas cifras tienen un tope para frenar visitas automáticas.
    </dd>
  );
}

function Footer({ weeklyEmail }: { weeklyEmail: boolean }) {
  const save = useWeeklyEmail();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Resumen semanal y privacidad
      </h2>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={weeklyEmail}
          disabled={save.isPending}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: (on) => toast.success(on ? "Te enviaremos el resumen cada lunes." : "Ya no te enviaremos el resumen semanal."),
              onError: (err) => toast.error(err.message),
            })
          }
          className="size-5 accent-brand-700"
        />
        <span>Recibir cada lunes por correo el resumen de la semana (solo si tu tienda tuvo visitas)</span>
      </label>
      <p className="text-slate-600">
        Contamos sin cookies y sin guardar datos de tus clientes (ni direcciones IP, ni nombres): solo qué páginas se ven, de dónde llegan,
        qué se busca y qué se pide. Tus propias visitas a tu tienda y las de robots no se cuentan.
      </p>
    </section>
  );
}
