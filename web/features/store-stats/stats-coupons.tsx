import type { CouponFigure } from "../../../common/store-stats";
import { formatAmount } from "../../../common/store-money";
import { sellerLocale } from "../../i18n/language";
import { t } from "./texts";

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
        {t("couponsTitle")}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">{t("couponsHint")}</p>
      <table className="mt-3 w-full text-sm" aria-label={t("couponsTable")}>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="pb-1 font-medium">
              {t("couponsCode")}
            </th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">
              {t("couponsOrders")}
            </th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">
              {t("couponsDiscounted")}
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
