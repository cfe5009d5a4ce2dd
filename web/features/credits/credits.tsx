import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { imagesLabel } from "../../../common/credits";
import {
  COUNTRY_CURRENCY,
  FIXED_RATES,
  normalizeCountry,
  packAvailableIn,
  PACKS,
  paymentRouteFor,
  type Pack,
  type Rates,
} from "../../../common/packs";
import { CHOOSE_A_PACK, LOGIN_TO_BUY } from "../../../common/payments";
import { priceClaims } from "../../../common/price-claims";
import { PackCard } from "./credits-pack-card";
import { CreditHistory } from "./credit-history";
import { Button } from "../../ui/button";
import { useCheckout } from "../../lib/payment-checkout";
import { countryPriceLabel } from "./payment-labels";
import { countryQuery, exchangeRatesQuery } from "../../lib/payment-queries";
import { useSession } from "../../lib/session";

/** /credits: why images cost, the pack grid in the seller's money, and 'Pagar'. */
export function CreditsScreen() {
  const { user } = useSession();
  const country = useQuery(countryQuery);
  const rates = useQuery(exchangeRatesQuery);
  const checkout = useCheckout();
  const [selected, setSelected] = useState<Pack["id"] | null>(null);

  useEffect(() => {
    if (rates.isError) console.error("exchange rates unavailable; prices shown in USD", rates.error);
  }, [rates.isError, rates.error]);

  const code = country.data ?? null;
  const route = paymentRouteFor(code);
  // Prices never wait for live rates: the fixed table stands in while they load; a failure means no estimate.
  const table: Rates = rates.isError ? {} : (rates.data ?? FIXED_RATES);
  // Where the edge cannot place the seller, their store's country writes the numbers and the estimate in their money.
  const home = code ?? normalizeCountry(user?.countryCode);
  const claims = priceClaims(code, { home, rates: table });
  const claimOf = (pack: Pack) => claims.packs.find((p) => p.id === pack.id)!;
  // The money the big prices are in: the seller's own when they are estimates, else what is charged.
  const currency = claims.packs[0]!.estimate && home ? COUNTRY_CURRENCY[home]! : route === "mercadopago" ? "ARS" : "USD";
  const chosen = PACKS.find((p) => p.id === selected && packAvailableIn(p, code));
  const chosenClaim = chosen && claimOf(chosen);

  function pay(pack: Pack | undefined) {
    if (!user) return toast.error(LOGIN_TO_BUY);
    if (!pack) return toast.error(CHOOSE_A_PACK);
    // The provider depends on the country: wait for it rather than guess.
    if (country.isPending) return;
    checkout.mutate({ purpose: "credits", packId: pack.id, route, prices: pack });
  }

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Comprar imágenes</h1>
        {user && (
          <p className="text-slate-600">
            Tienes <strong>{imagesLabel(user.credits)}</strong>.
          </p>
        )}
      </header>

      <section aria-labelledby="why-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="why-title" className="font-semibold">
          ¿Por qué se cobran las imágenes?
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Cada imagen la genera una inteligencia artificial que corre en servidores con un costo por imagen. Por eso cada imagen generada o
          modificada usa 1 de tus imágenes (la Calidad Pro, 2). Compras solo lo que usas: sin suscripciones y sin vencimiento.
        </p>
      </section>

      <section aria-labelledby="packs-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="packs-title" className="text-lg font-semibold">
            Elige tu pack
          </h2>
          <p className="text-sm text-slate-600" data-testid="country-price-label">
            {country.isPending ? "Detectando tu país…" : countryPriceLabel(home, route, currency)}
          </p>
        </div>
        <fieldset>
          <legend className="sr-only">Packs de imágenes</legend>
          <ul className="grid gap-4 pt-3 sm:grid-cols-2 lg:grid-cols-4">
            {PACKS.map((pack) => {
              const available = packAvailableIn(pack, code);
              return (
                <PackCard
                  key={pack.id}
                  claim={claimOf(pack)}
                  available={available}
                  selected={selected === pack.id}
                  busy={checkout.isPending}
                  onSelect={() => setSelected(pack.id)}
                  onPay={() => pay(pack)}
                />
              );
            })}
          </ul>
        </fieldset>
      </section>

      <div className="flex flex-col items-stretch gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {chosen && chosenClaim ? (
            <>
              Elegiste <strong>{imagesLabel(chosen.credits)}</strong> por{" "}
              {chosenClaim.estimate ? (
                <>
                  unos <strong>{chosenClaim.estimate}</strong> (se cobran {chosenClaim.price}).
                </>
              ) : (
                <>
                  <strong>{chosenClaim.price}</strong>.
                </>
              )}
            </>
          ) : (
            "Elige un pack para continuar."
          )}
        </p>
        <Button
          className="px-8 py-3 text-base"
          busy={checkout.isPending}
          disabled={country.isPending}
          onClick={() => pay(chosen)}
          data-testid="pay-bottom"
        >
          {checkout.isPending ? "Procesando..." : "Pagar"}
        </Button>
      </div>

      <CreditHistory />

      <p className="text-sm text-slate-500">
        Si ya pagaste y tus imágenes todavía no aparecen, espera unos minutos y recarga la página: el proveedor puede tardar en confirmar el
        pago.
      </p>
    </div>
  );
}
