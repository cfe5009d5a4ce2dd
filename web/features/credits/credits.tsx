import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
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
import { priceClaims } from "../../../common/price-claims";
import { PackCard } from "./credits-pack-card";
import { CreditHistory } from "./credit-history";
import { Button } from "../../ui/button";
import { useCheckout } from "../../lib/payment-checkout";
import { countryPriceLabel } from "./payment-labels";
import { countryQuery, exchangeRatesQuery } from "../../lib/payment-queries";
import { useSession } from "../../lib/session";
import { imagesLabel, packTexts } from "./credit-labels";
import { rich } from "./rich-text";
import { t } from "./texts";

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
  const claimOf = (pack: Pack) => ({ ...claims.packs.find((p) => p.id === pack.id)!, ...packTexts(pack, claims.packs, PACKS, code, home) });
  // The money the big prices are in: the seller's own when they are estimates, else what is charged.
  const currency = claims.packs[0]!.estimate && home ? COUNTRY_CURRENCY[home]! : route === "mercadopago" ? "ARS" : "USD";
  const chosen = PACKS.find((p) => p.id === selected && packAvailableIn(p, code));
  const chosenClaim = chosen && claimOf(chosen);

  function pay(pack: Pack | undefined) {
    if (!user) return toast.error(t("loginToBuy"));
    if (!pack) return toast.error(t("chooseAPack"));
    // The provider depends on the country: wait for it rather than guess.
    if (country.isPending) return;
    checkout.mutate({ purpose: "credits", packId: pack.id, route, prices: pack });
  }

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("buyTitle")}</h1>
        {user && <p className="text-slate-600">{rich((v) => t("youHave", v), { images: <strong>{imagesLabel(user.credits)}</strong> })}</p>}
      </header>

      <section aria-labelledby="why-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="why-title" className="font-semibold">
          {t("whyTitle")}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t("whyBody")}</p>
      </section>

      <section aria-labelledby="packs-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="packs-title" className="text-lg font-semibold">
            {t("choosePack")}
          </h2>
          <p className="text-sm text-slate-600" data-testid="country-price-label">
            {country.isPending ? t("detectingCountry") : countryPriceLabel(home, route, currency)}
          </p>
        </div>
        <fieldset>
          <legend className="sr-only">{t("packsLegend")}</legend>
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
          {chosen && chosenClaim
            ? chosenClaim.estimate
              ? rich((v) => t("chosenEstimate", v), {
                  images: <strong>{imagesLabel(chosen.credits)}</strong>,
                  estimate: <strong>{chosenClaim.estimate}</strong>,
                  price: chosenClaim.price,
                })
              : rich((v) => t("chosen", v), {
                  images: <strong>{imagesLabel(chosen.credits)}</strong>,
                  price: <strong>{chosenClaim.price}</strong>,
                })
            : t("choosePackToContinue")}
        </p>
        <Button
          className="px-8 py-3 text-base"
          busy={checkout.isPending}
          disabled={country.isPending}
          onClick={() => pay(chosen)}
          data-testid="pay-bottom"
        >
          {checkout.isPending ? t("processing") : t("pay")}
        </Button>
      </div>

      <CreditHistory />

      <p className="text-sm text-slate-500">{t("paidNotShown")}</p>
    </div>
  );
}
