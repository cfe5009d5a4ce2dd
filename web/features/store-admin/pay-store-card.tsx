import { Link } from "@tanstack/react-router";
import { formatMoney, paymentRouteFor, PROVIDER_NAMES, STORE_PLAN, storePlanCountry, storePlanPrice } from "../../../common/packs";
import { imagesFromCredits } from "../../../common/credits";
import type { User } from "../../../common/user";
import { useCheckout } from "../../lib/payment-checkout";
import { RouteLink } from "../../lib/route-links";
import { Button } from "../../ui/button";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

const storeFeatures = (sizes: string) => [
  t("planOwnLink"),
  t("planWhatsappOrders"),
  t("planSizesStock", { sizes }),
  t("planCart"),
  t("planAiPhotos"),
  t("planDesign"),
];

/** The 'Plan Mi Tienda' card (country undefined while it is being detected): price, 'pago único', what it includes, who collects, and the pay button. */
export function PayStoreCard({ user, country }: { user: User; country: string | null | undefined }) {
  const checkout = useCheckout();
  const { sizes } = useSellerExamples();
  const loading = country === undefined;
  const route = paymentRouteFor(storePlanCountry(country ?? null));
  const price = storePlanPrice(country ?? null);
  const charged = route === "mercadopago" ? price : { amount: STORE_PLAN.priceUSD, currency: "USD" };

  return (
    <section
      aria-labelledby="plan-title"
      className="mx-auto w-full max-w-md rounded-3xl border-2 border-brand-600 bg-white p-6 shadow-lg sm:p-8"
    >
      <h2 id="plan-title" className="text-center text-xl font-bold">
        {t("planName")}
      </h2>
      <p className="mt-4 text-center">
        <span className="text-4xl font-extrabold" data-testid="store-plan-price">
          {formatMoney(price)}
        </span>
        <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-800">{t("oneTimeTag")}</span>
      </p>
      {charged.currency !== price.currency && (
        <p className="mt-1 text-center text-xs text-slate-500">
          {t("chargedIn", { amount: formatMoney(charged), currency: charged.currency })}
        </p>
      )}
      <p className="mt-4 rounded-xl bg-amber-50 p-3 text-center text-sm text-amber-900">
        {user.paidMiTienda ? t("noTrialNotice") : t("trialExplained")}
      </p>
      <ul className="mt-6 space-y-2 text-sm">
        {storeFeatures(sizes).map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden className="text-emerald-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>

      {user.paidMiTienda ? (
        <div className="mt-6 space-y-3 text-center">
          <p className="rounded-xl bg-emerald-50 p-3 font-semibold text-emerald-800">{t("paidTitle")}</p>
          <RouteLink to="/mi-tienda-admin" className="text-sm font-semibold text-brand-700 underline">
            {t("goToYourStore")}
          </RouteLink>
        </div>
      ) : (
        <>
          <p className="mt-6 text-center text-sm text-slate-600">{t("payWith", { provider: PROVIDER_NAMES[route] })}</p>
          <Button
            className="mt-2 w-full py-3 text-base"
            busy={checkout.isPending}
            disabled={loading}
            onClick={() => checkout.mutate({ purpose: "store_plan", route, prices: STORE_PLAN })}
          >
            {checkout.isPending ? t("processing") : t("payAmount", { amount: formatMoney(price) })}
          </Button>
          <p className="mt-4 text-center text-xs text-slate-500">
            {t("preferBalance")}{" "}
            <Link to="/auto-charge" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              {t("activateWithImages", { count: imagesFromCredits(STORE_PLAN.credits) })}
            </Link>{" "}
            {t("confirmBeforeCharging")}
          </p>
        </>
      )}
    </section>
  );
}
