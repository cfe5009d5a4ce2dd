import { useQuery } from "@tanstack/react-query";
import { imagesLabel } from "../../../common/credits";
import type { User } from "../../../common/user";
import { BatchActivity } from "../../ui/batch-activity";
import { JobActivity } from "../../ui/job-activity";
import { RouteLink } from "../../lib/route-links";
import { ProductStudio } from "./product-studio";
import { storePlanTerms } from "../../../common/price-claims";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";

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
          <h1 className="text-2xl font-bold sm:text-3xl">¡Hola{user.name ? `, ${user.name}` : ""}!</h1>
          <p className="mt-2 text-white/90">
            Tienes <strong data-testid="home-credits">{imagesLabel(user.credits)}</strong> disponibles para crear fotos profesionales de tus
            productos.
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
      aria-label="Novedades"
      className="flex flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:gap-6"
    >
      <p className="flex items-center gap-3 font-semibold text-amber-950">
        <svg aria-hidden viewBox="0 0 24 24" className="size-6 shrink-0 text-amber-500" fill="currentColor">
          <path d="M9.94 14.06 8 20l-1.94-5.94L0 12l6.06-1.94L8 4l1.94 6.06L16 12l-6.06 2.06ZM19 9l-1-3-1 3-3 1 3 1 1 3 1-3 3-1-3-1Zm-1 8-.67 2L15 19.67l2.33.66L18 22l.67-1.67L21 19.67 18.67 19 18 17Z" />
        </svg>
        <span data-testid="home-banner-price">
          {claim ? `Imágenes mejoradas ${claim.charAt(0).toLowerCase()}${claim.slice(1)}` : "Imágenes mejoradas"}
        </span>
      </p>
      <p className="text-sm text-amber-900 sm:border-l sm:border-amber-200 sm:pl-6">
        Mejoramos la calidad de las fotos generadas: ahora son más nítidas y realistas.
      </p>
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
            Te damos la bienvenida, {user.name || user.username}
          </h2>
          {/* What is true: a paid store is active; an unpaid one is public but in trial mode (DECISIONS.md, "Store plan"). */}
          <p className="mt-1 text-sm text-slate-600" data-testid="store-status">
            {user.paidMiTienda
              ? "Tu tienda virtual está activa. Administra tus productos, precios y pedidos."
              : "Tu tienda virtual ya se puede visitar, pero tus clientes ven el aviso 'Tienda en modo prueba' hasta que pagues el plan."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RouteLink to="/mi-tienda-admin" className={`${CTA} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`}>
            Ir a Tu Tienda
          </RouteLink>
          {!user.paidMiTienda && (
            <RouteLink
              to="/pay-mi-tienda"
              className={`${CTA} border border-red-300 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}
            >
              Pagar ahora
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
          Prueba Tu Tienda
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Crea tu tienda virtual con link propio: tus clientes arman el carrito y te envían el pedido por WhatsApp.
        </p>
        <p className="mt-2 text-sm text-slate-600" data-testid="store-plan-terms">
          {storePlanTerms(claims.storePlan)}
        </p>
      </div>
      <RouteLink
        to="/mi-tienda"
        className={`${CTA} self-start bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`}
        fallback={<p className="text-sm font-medium text-brand-700">Muy pronto vas a poder crearla desde acá.</p>}
      >
        Crear
      </RouteLink>
    </section>
  );
}
