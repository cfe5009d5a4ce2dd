import type { StatsReport } from "../../../common/store-stats";
import { sellerLocale } from "../../i18n/language";
import { t } from "./texts";

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat(sellerLocale(), { day: "numeric", month: "numeric", timeZone: "UTC" }).format(asDate(day));
const longDay = (day: string) =>
  new Intl.DateTimeFormat(sellerLocale(), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(asDate(day));
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

const WIDTH = 300;
const HEIGHT = 72;

/** One row of 30 bars (a day each), scaled to its own busiest day; every bar names its day and count. */
function Bars({
  days,
  pick,
  title,
  say,
  color,
}: {
  days: StatsReport["days"];
  pick: (d: StatsReport["days"][number]) => number;
  title: string;
  /** "1 visita", "12 visitas". */
  say: (n: number) => string;
  color: string;
}) {
  const values = days.map(pick);
  const max = Math.max(1, ...values);
  const total = values.reduce((sum, v) => sum + v, 0);
  const step = WIDTH / days.length;
  return (
    <figure className="space-y-1">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">{title}</span>
        <span className="text-slate-600">{t("in30Days", { total: say(total) })}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t("chartLabel", { title, total: say(total), most: say(Math.max(0, ...values)) })}
        className="h-20 w-full"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-300" strokeWidth="1" />
        {days.map((d, i) => {
          const h = values[i]! ? Math.max(2, (values[i]! / max) * (HEIGHT - 4)) : 0;
          return (
            <rect key={d.day} x={i * step + step * 0.15} y={HEIGHT - 1 - h} width={step * 0.7} height={h} rx="1" className={color}>
              <title>{`${longDay(d.day)}: ${say(values[i]!)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}

/** Visits and orders sent, day by day, for the last 30 days. */
export function StatsChart({ days }: { days: StatsReport["days"] }) {
  return (
    <section aria-labelledby="stats-chart-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="stats-chart-title" className="mb-3 text-lg font-semibold">
        {t("dayByDay")}
      </h2>
      <div className="space-y-4">
        <Bars days={days} pick={(d) => d.visits} title={t("visits")} say={(count) => t("visitsCount", { count })} color="fill-brand-600" />
        <Bars
          days={days}
          pick={(d) => d.orders}
          title={t("ordersSent")}
          say={(count) => t("ordersCount", { count })}
          color="fill-emerald-600"
        />
        <p aria-hidden className="flex justify-between text-xs text-slate-500">
          <span>{dayLabel(days[0]!.day)}</span>
          <span>{dayLabel(days[15]!.day)}</span>
          <span>{t("today")}</span>
        </p>
      </div>
    </section>
  );
}
