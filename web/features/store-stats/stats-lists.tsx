import type { ReactNode } from "react";
import { conversionText, type ProductFigure, SOURCE_LABELS, type StatsReport } from "../../../common/store-stats";

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
const n = (value: number) => value.toLocaleString("es-AR");

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
            Producto
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

const conversion = { head: "Conversión", value: (p: ProductFigure) => conversionText(p.orders, p.views) };

export function ProductLists({ report }: { report: StatsReport }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card id="top-viewed" title="Lo más visto" hint="Últimos 30 días. La conversión es cuántos pedidos por cada 100 visitas al producto.">
        {report.topViewed.length ? (
          <ProductTable
            label="Lo más visto"
            products={report.topViewed}
            columns={[{ head: "Visitas", value: (p) => n(p.views) }, { head: "Pedidos", value: (p) => n(p.orders) }, conversion]}
          />
        ) : (
          <Empty>Nadie abrió todavía la página de un producto.</Empty>
        )}
      </Card>
      <Card id="top-ordered" title="Lo más pedido" hint="Pedidos enviados por WhatsApp en los últimos 30 días, sin contar los cancelados.">
        {report.topOrdered.length ? (
          <ProductTable
            label="Lo más pedido"
            products={report.topOrdered}
            columns={[{ head: "Pedidos", value: (p) => n(p.orders) }, { head: "Unidades", value: (p) => n(p.units) }, conversion]}
          />
        ) : (
          <Empty>Todavía no hay pedidos en estos 30 días.</Empty>
        )}
      </Card>
      <Card id="never-ordered" title="Vistos pero nunca pedidos" hint="Los miran y no los piden: revisa la foto, el precio o los talles.">
        {report.viewedNeverOrdered.length && report.cartAddsCapped["30d"] ? (
          <p data-testid="capped-note" className="mb-2 text-xs text-amber-800">
            Algunas cifras tienen un tope para frenar visitas automáticas: «Al carrito» puede ser mayor.
          </p>
        ) : null}
        {report.viewedNeverOrdered.length ? (
          <ProductTable
            label="Vistos pero nunca pedidos"
            products={report.viewedNeverOrdered}
            columns={[
              { head: "Visitas", value: (p) => n(p.views) },
              { head: "Al carrito", value: (p) => n(p.cartAdds) },
            ]}
          />
        ) : (
          <Empty>Ningún producto visto se quedó sin pedidos.</Empty>
        )}
      </Card>
      <Card id="sources" title="De dónde llegan tus visitas" hint="Últimos 30 días.">
        <Sources sources={report.sources} />
      </Card>
      <Card
        id="empty-searches"
        title="Buscaron y no encontraron"
        hint="Lo que tus clientes buscaron en tu tienda sin resultados: quizás valga la pena sumarlo."
      >
        {report.emptySearches.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {report.emptySearches.map((s) => (
              <li key={s.words} className="flex justify-between gap-3 py-2">
                <span className="font-medium break-words">«{s.words}»</span>
                <span className="text-slate-600 tabular-nums whitespace-nowrap">
                  {s.searches === 1 ? "1 búsqueda" : `${n(s.searches)} búsquedas`}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>Todo lo que buscaron en tu tienda tuvo resultados.</Empty>
        )}
      </Card>
    </div>
  );
}

function Sources({ sources }: { sources: StatsReport["sources"] }) {
  const total = sources.reduce((sum, s) => sum + s.visits, 0);
  if (!total) return <Empty>Sin visitas en estos 30 días.</Empty>;
  return (
    <ul className="space-y-2 text-sm">
      {sources.map((s) => {
        const share = Math.round((s.visits / total) * 100);
        return (
          <li key={s.source}>
            <div className="flex justify-between gap-3">
              <span className="font-medium">{SOURCE_LABELS[s.source]}</span>
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
