import type { ReactNode } from "react";
import type { ProductFigure, StatsReport } from "../../../common/store-stats";
import type { SizesWord } from "../../../common/store-locale";
import { conversionLabel, n, sourceLabel } from "./stats-labels";
import { t } from "./texts";

function Card({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint && <p className="mt-0.5 text-sm text-slate-600">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-600">{children}</p>;

/** Products with their figures in a small table: readable at 390 px, the name wraps, numbers stay aligned. */
function ProductTable({
  products,
  label,
  columns,
}: {
  products: ProductFigure[];
  label: string;
  columns: { head: string; value: (p: ProductFigure) => string }[];
}) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th scope="col" className="pb-1 font-medium">
            {t("product")}
          </th>
          {columns.map((c) => (
            <th key={c.head} scope="col" className="pb-1 pl-3 text-right font-medium whitespace-nowrap">
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {products.map((p) => (
          <tr key={p.id}>
            <th scope="row" className="py-2 text-left font-medium break-words">
              {p.name}
            </th>
            {columns.map((c) => (
              <td key={c.head} className="py-2 pl-3 text-right tabular-nums whitespace-nowrap">
                {c.value(p)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProductLists({ report, sizesWord }: { report: StatsReport; sizesWord: SizesWord }) {
  const conversion = { head: t("conversion"), value: (p: ProductFigure) => conversionLabel(p.orders, p.views) };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card id="top-viewed" title={t("topViewed")} hint={t("topViewedHint")}>
        {report.topViewed.length ? (
          <ProductTable
            label={t("topViewed")}
            products={report.topViewed}
            columns={[{ head: t("visits"), value: (p) => n(p.views) }, { head: t("ordersColumn"), value: (p) => n(p.orders) }, conversion]}
          />
        ) : (
          <Empty>{t("topViewedEmpty")}</Empty>
        )}
      </Card>
      <Card id="top-ordered" title={t("topOrdered")} hint={t("topOrderedHint")}>
        {report.topOrdered.length ? (
          <ProductTable
            label={t("topOrdered")}
            products={report.topOrdered}
            columns={[{ head: t("ordersColumn"), value: (p) => n(p.orders) }, { head: t("units"), value: (p) => n(p.units) }, conversion]}
          />
        ) : (
          <Empty>{t("topOrderedEmpty")}</Empty>
        )}
      </Card>
      <Card id="never-ordered" title={t("neverOrdered")} hint={sizesWord === "talle" ? t("neverOrderedHint") : t("neverOrderedHintTalla")}>
        {report.viewedNeverOrdered.length && report.cartAddsCapped["30d"] ? (
          <p data-testid="capped-note" className="mb-2 text-xs text-amber-800">
            {t("neverOrderedCapped")}
          </p>
        ) : null}
        {report.viewedNeverOrdered.length ? (
          <ProductTable
            label={t("neverOrdered")}
            products={report.viewedNeverOrdered}
            columns={[
              { head: t("visits"), value: (p) => n(p.views) },
              { head: t("toCart"), value: (p) => n(p.cartAdds) },
            ]}
          />
        ) : (
          <Empty>{t("neverOrderedEmpty")}</Empty>
        )}
      </Card>
      <Card id="sources" title={t("sources")} hint={t("last30Days")}>
        <Sources sources={report.sources} />
      </Card>
      <Card id="empty-searches" title={t("emptySearchesTitle")} hint={t("emptySearchesHint")}>
        {report.emptySearches.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {report.emptySearches.map((s) => (
              <li key={s.words} className="flex justify-between gap-3 py-2">
                <span className="font-medium break-words">«{s.words}»</span>
                <span className="text-slate-600 tabular-nums whitespace-nowrap">{t("searchesCount", { count: s.searches })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t("emptySearchesEmpty")}</Empty>
        )}
      </Card>
    </div>
  );
}

function Sources({ sources }: { sources: StatsReport["sources"] }) {
  const total = sources.reduce((sum, s) => sum + s.visits, 0);
  if (!total) return <Empty>{t("sourcesEmpty")}</Empty>;
  return (
    <ul className="space-y-2 text-sm">
      {sources.map((s) => {
        const share = Math.round((s.visits / total) * 100);
        return (
          <li key={s.source}>
            <div className="flex justify-between gap-3">
              <span className="font-medium">{sourceLabel(s.source)}</span>
              <span className="text-slate-600 tabular-nums">
                {n(s.visits)} · {share} %
              </span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden>
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.max(2, share)}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
