import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { useSession } from "../../lib/session";
import { productsQuery } from "../../lib/queries";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { checkoutSettingsQuery, useSaveCheckout } from "./checkout-queries";
import { type CurrencyChange, currencyChange } from "./currency-change";
import { deliveryDraft } from "./delivery-draft";
import { payMethodDraft, payMethodName } from "./pay-method-fields";
import { rich } from "./rich-text";
import { countryName, currencyName, currencyOptionLabel, languageInSentence, listOf } from "./seller-examples";
import { t } from "./texts";
import { storeLocaleSaveFallback, storeLocaleSaved, type StoreLocale, useSaveStoreLocale } from "./store-locale-queries";

interface Props {
  saved: StoreLocale;
  currency: string;
  locale: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Asks before the store sells in another currency, and says what the change does to this store: which
 * prices lose their cents (with examples), which ways to pay and which language came with the old money,
 * and offers the new money's country's language and ways to pay instead.
 */
export function CurrencyChangeDialog({ saved, currency, locale, open, onClose }: Props) {
  const userId = useSession().user?.id ?? "";
  const products = useQuery({ ...productsQuery(userId), enabled: open && !!userId });
  const checkout = useQuery({ ...checkoutSettingsQuery, enabled: open });
  const [useDefaults, setUseDefaults] = useState(false);
  const apply = useApplyChange();
  const loaded = products.isSuccess && checkout.isSuccess;
  const changeIn = (shownIn: string) =>
    loaded
      ? currencyChange({
          from: { currency: saved.currency, locale: saved.locale },
          to: { currency, locale: shownIn },
          products: products.data,
          delivery: checkout.data.delivery,
          payMethods: checkout.data.payMethods,
        })
      : null;
  const change = changeIn(locale);
  // With the new country's language taken, the examples read as its shoppers will read them.
  const next = useDefaults ? change?.oldLanguage?.next : undefined;
  const shown = next ? changeIn(next) : change;

  async function confirm(change: CurrencyChange) {
    const defaults = useDefaults ? change : null;
    try {
      await apply.mutateAsync({ currency, locale: defaults?.oldLanguage?.next ?? locale, drop: defaults ? dropped(defaults) : [] });
      onClose();
      toast.success(storeLocaleSaved());
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : storeLocaleSaveFallback());
    }
  }

  return (
    <Dialog open={open} onClose={() => !apply.isPending && onClose()} title={t("sellInTitle", { currency: currencyOptionLabel(currency) })}>
      {!loaded && (products.isError || checkout.isError) ? (
        <div role="alert" className="text-sm text-red-700">
          <p>{t("reviewFailed")}</p>
          <Button
            variant="secondary"
            className="mt-2 min-h-11"
            busy={products.isFetching || checkout.isFetching}
            onClick={() => void Promise.all([products.refetch(), checkout.refetch()])}
          >
            {t("retry")}
          </Button>
        </div>
      ) : !change ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> {t("reviewing")}
        </p>
      ) : (
        <ChangeSummary
          change={change}
          shown={shown ?? change}
          currency={currency}
          locale={locale}
          useDefaults={useDefaults}
          onUseDefaults={setUseDefaults}
        />
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" className="min-h-11" disabled={apply.isPending} onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button className="min-h-11" busy={apply.isPending} disabled={!change} onClick={() => change && void confirm(change)}>
          {t("changeTo", { currency })}
        </Button>
      </div>
    </Dialog>
  );
}

/** The ways to pay taking the new country's defaults removes: none when that would leave the store without one. */
const dropped = (change: CurrencyChange) => (change.canDropPayMethods ? change.oldPayMethods.map((m) => m.kind) : []);

function ChangeSummary({
  change,
  shown,
  currency,
  locale,
  useDefaults,
  onUseDefaults,
}: {
  change: CurrencyChange;
  /** The same change with its prices as the shoppers will read them. */
  shown: CurrencyChange;
  currency: string;
  locale: string;
  useDefaults: boolean;
  onUseDefaults: (on: boolean) => void;
}) {
  const id = useId();
  const money = currencyName(currency);
  const payNames = change.oldPayMethods.map((m) => payMethodName(m.kind));
  const names = listOf(payNames);
  const drops = dropped(change).length > 0;
  const country = change.countryCode ? countryName({ code: change.countryCode, name: change.country }) : change.country;
  const language = change.oldLanguage ? languageInSentence(locale, change.oldLanguage.label) : "";
  const nextLanguage = change.oldLanguage ? languageInSentence(change.oldLanguage.next, change.oldLanguage.nextLabel) : "";
  const offers = change.oldLanguage && drops ? "both" : change.oldLanguage ? "language" : drops ? "pay" : null;
  return (
    <div className="space-y-3 text-slate-700" data-testid="currency-change">
      <p>{t("keepTheirNumber", { money })}</p>
      {change.roundedPrices > 0 ? (
        <div data-testid="currency-change-prices">
          <p>
            <strong>{t("pricesLoseCents", { count: change.roundedPrices })}</strong>
            {t("noCentsInMoney", { money })}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {shown.examples.map((e) => (
              <li key={e.name}>
                {e.name}: {e.before} → <strong>{e.after}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p data-testid="currency-change-prices">
          {rich((values) => t("sampleChange", values), {
            before: <strong>{shown.sample.before}</strong>,
            after: <strong>{shown.sample.after}</strong>,
          })}
        </p>
      )}
      {change.roundedCosts > 0 && <p>{t("costsRounded", { count: change.roundedCosts })}</p>}
      {payNames.length > 0 && (
        <p data-testid="currency-change-pay">
          {t("payNotThere", { names, count: payNames.length, country, money })}
          {!drops && ` ${t("onlyPayMethod")}`}
        </p>
      )}
      {change.oldLanguage && <p data-testid="currency-change-language">{t("shoppersReadIn", { language })}</p>}
      {offers && (
        <label
          htmlFor={`${id}-defaults`}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600"
        >
          <input
            id={`${id}-defaults`}
            type="checkbox"
            checked={useDefaults}
            onChange={(e) => onUseDefaults(e.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>
            <span className="font-semibold">{t("useCountryDefaults", { what: offers, country })}</span>
            <span className="block text-sm text-slate-600">{t("defaultsDetail", { what: offers, language: nextLanguage, names })}</span>
          </span>
        </label>
      )}
    </div>
  );
}

/**
 * Changes the money (and the language, if the seller took the new country's), then drops the ways to pay that
 * do not work in it. Two saves: the second reads 'Entrega y pagos' again, since its delivery costs were just
 * rescaled into the new money. If only the second fails, the money has changed and the seller is told what is left.
 */
function useApplyChange() {
  const queryClient = useQueryClient();
  const saveLocale = useSaveStoreLocale();
  const saveCheckout = useSaveCheckout();
  return useMutation({
    mutationFn: async ({ currency, locale, drop }: { currency: string; locale: string; drop: string[] }) => {
      await saveLocale.mutateAsync({ currency, locale });
      if (!drop.length) return;
      const fresh = await queryClient.fetchQuery({ ...checkoutSettingsQuery, staleTime: 0 });
      try {
        await saveCheckout.mutateAsync({
          delivery: deliveryDraft(fresh.delivery, fresh.money),
          payments: { transfer: null, mercadoPago: null, cash: false },
          payMethods: fresh.payMethods.filter((m) => !drop.includes(m.kind)).map(payMethodDraft),
        });
      } catch {
        throw new Error(t("dropFailed"));
      }
    },
  });
}
