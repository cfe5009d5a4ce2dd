import type { CouponFigure } from "../../../common/store-stats";
import { formatAmount } from "../../../common/store-money";
import { sellerLocale } from "../../i18n/language";

/**
 * 'Cupones': the last 30 days' orders and amount discounted per code, each amount in its own currency (a code
 * used before and after a change of money has one row per currency). Shown once some code was used.
 */
export function CouponStats({ coupons, locale }: { coupons: CouponFigure[]; locale: string }) {
  if (!coupons.length) return null;
  const n = (value: number) => value.toLocaleString(sellerLocale());
  return (
    <section aria-labelledby="coupon-stats" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="coupon-stats" className="text-lg font-semibold">
        Cupones
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">Últimos 30 días, sin los pedidos cancelados.</p>
      <table className="mt-3 w-full text-sm" aria-label="Pedidos y descuentos por cupón">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="pb-1 font-medium">
              Cupón
            </th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">
              Pedidos
            </th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">
              Descontado
            </th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={`${c.code}-${c.currency}`} className="border-t border-slate-100" data-testid="coupon-figure">
              <td className="py-2 font-mono font-semibold break-all">{c.code}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{n(c.orders)}</td>
              <td className="py-2 pl-3 text-right tabular-nums whitespace-nowrap">{formatAmount(c.discount, c.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
