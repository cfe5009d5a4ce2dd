import { useQuery } from "@tanstack/react-query";
import type { User } from "../../../common/user";
import { BatchActivity } from "../../ui/batch-activity";
import { JobActivity } from "../../ui/job-activity";
import { RouteLink } from "../../lib/route-links";
import { ProductStudio } from "./product-studio";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { imagesText } from "./amounts";
import { t } from "./texts";

const CTA =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

export function HomeScreen() {
  const { user } = useSession();
  const products = useQuery({ ...productsQuery(user?.id ?? ""), enabled: !!user });
  if (!user) return null;
  // A first visit starts where the tutorial points: 'Añadir Producto' comes before the store card.
  const firstSteps = products.isSuccess && products.data.length === 0;
  return (
    <div className="space-y-6 sm:space-y-8">
      <PromoBanner />
      <section className="grid gap-4 lg:grid-cols-[1fr_minmax(0,24rem)]">
        <div className="rounded-2xl bg-gradient-to-r from-brand-700 to-fuchsia-600 p-5 text-white shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold sm:text-3xl">{user.name ? t("helloName", { name: user.name }) : t("hello")}</h1>
          <p className="mt-2 text-white/90">
            {t("balanceBefore")} <strong data-testid="home-credits">{imagesText(user.credits)}</strong> {t("balanceAfter")}
          </p>
        </div>
        {!firstSteps && <StoreCard user={user} />}
      </section>
      <BatchActivity />
      <JobActivity />
      <ProductStudio user={user} />
      {firstSteps && <StoreCard user={user} />}
    </div>
  );
}

/**
 * The price per image as this seller's country is charged (GET /api/payments/prices): pesos from the list
 * in Argentina, dollars elsewhere; nothing until the country is known, rather than another country's price.
 */
function PromoBanner() {
  const claims = useQuery(priceClaimsQuery);
  const claim = claims.isPlaceholderData ? null : claims.data?.fromPerImage;
  return (
    <aside
      aria-label={t("news")}
      className="flex flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:gap-6"
    >
      <p className="flex items-center gap-3 font-semibold text-amber-950">
        <svg aria-hidden viewBox="0 0 24 24" className="size-6 shrink-0 text-amber-500" fill="currentColor">
          <path d="M9.94 14.06 8 20l-1.94-5.94L0 12l6.06-1.94L8 4l1.94 6.06L16 12l-6.06 2.06ZM19 9l-1-3-1 3-3 1 3 1 1 3 1-3 3-1-3-1Zm-1 8-.67 2L15 19.67l2.33.66L18 22l.67-1.67L21 19.67 18.67 19 18 17Z" />
        </svg>
        <span data-testid="home-banner-price">
          {claim ? t("improvedImagesPrice", { price: `${claim.charAt(0).toLowerCase()}${claim.slice(1)}` }) : t("improvedImages")}
        </span>
      </p>
      <p className="text-sm text-amber-900 sm:border-l sm:border-amber-200 sm:pl-6">{t("improvedImagesText")}</p>
    </aside>
  );
}

/**
 * With a username the seller already has a store: welcome and 'Ir a Tu Tienda'.
 * Otherwise the invitation to create one. Each button appears once its screen exists.
 */
function StoreCard({ user }: { user: User }) {
  if (user.username) {
    return (
      <section
        aria-labelledby="store-title"
        className="flex flex-col justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <div>
          <h2 id="store-title" className="text-lg font-semibold">
            {t("welcome", { name: user.name || user.username })}
          </h2>
          {/* What is true: a paid store is active; an unpaid one is public but in trial mode (DECISIONS.md, "Store plan"). */}
          <p className="mt-1 text-sm text-slate-600" data-testid="store-status">
            {user.paidMiTienda ? t("storeActive") : t("storeTrial")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RouteLink to="/mi-tienda-admin" className={`${CTA} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`}>
            {t("goToStore")}
          </RouteLink>
          {!user.paidMiTienda && (
            <RouteLink
              to="/pay-mi-tienda"
              className={`${CTA} border border-red-300 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}
            >
              {t("payNow")}
            </RouteLink>
          )}
        </div>
      </section>
    );
  }
  return <TryStoreCard />;
}

/** 'Prueba Tu Tienda': the invitation, with what the plan costs said before anything is created. */
function TryStoreCard() {
  const claims = useQuery(priceClaimsQuery).data!;
  return (
    <section aria-labelledby="store-title" className="flex flex-col justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6">
      <div>
        <h2 id="store-title" className="text-lg font-semibold">
          {t("tryStore")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("tryStoreText")}</p>
        <p className="mt-2 text-sm text-slate-600" data-testid="store-plan-terms">
          {t("storePlanTerms", { price: claims.storePlan })}
        </p>
      </div>
      <RouteLink
        to="/mi-tienda"
        className={`${CTA} self-start bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`}
        fallback={<p className="text-sm font-medium text-brand-700">{t("createStoreSoon")}</p>}
      >
        {t("createStore")}
      </RouteLink>
    </section>
  );
}
