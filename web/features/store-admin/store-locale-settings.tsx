import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useLoadedValue } from "../../lib/loaded-value";
import toast from "react-hot-toast";
import { CURRENCY_OPTIONS, LOCALE_OPTIONS } from "../../../common/store-locale-options";
import { samplePrice, storeMoney } from "../../../common/store-locale";
import { currencyOptionLabel, localeOptionLabel } from "./seller-examples";
import { t } from "./texts";
import { Button } from "../../ui/button";
import { QueryStatus } from "../../ui/query-status";
import { CurrencyChangeDialog } from "./currency-change-dialog";
import { storeLocaleSaveFallback, storeLocaleSaved, type StoreLocale, storeLocaleQuery, useSaveStoreLocale } from "./store-locale-queries";

const SELECT =
  "mt-1 w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/** /mi-tienda-admin: the money the store sells in and the language its shoppers read (the app stays in Spanish). */
export function StoreLocaleCard() {
  const saved = useQuery(storeLocaleQuery);
  return (
    <section aria-labelledby="store-locale-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="store-locale-title" className="text-lg font-semibold">
        {t("storeLocaleTitle")}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t("storeLocaleIntro")}</p>
      <QueryStatus query={saved} />
      {saved.isSuccess && <StoreLocaleForm saved={saved.data} />}
    </section>
  );
}

function StoreLocaleForm({ saved }: { saved: StoreLocale }) {
  const id = useId();
  const noChangesId = `${id}-no-changes`;
  // A later read (another tab's save) moves a choice only while the seller has not changed it here.
  const { value: currency, set: setCurrency } = useLoadedValue(saved.currency);
  const { value: locale, set: setLocale } = useLoadedValue(saved.locale);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveStoreLocale();
  const dirty = currency !== saved.currency || locale !== saved.locale;
  const example = samplePrice(storeMoney(currency, locale));

  async function send() {
    try {
      await save.mutateAsync({ currency, locale });
      toast.success(storeLocaleSaved());
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : storeLocaleSaveFallback());
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A new currency asks first, with what it does to this store's prices, ways to pay and language.
    if (currency !== saved.currency) setConfirming(true);
    else void send();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-currency`} className="text-sm font-medium text-slate-700">
            {t("currencyLabel")}
          </label>
          <select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)} className={SELECT}>
            {CURRENCY_OPTIONS.map((o) => (
              <option key={o.code} value={o.code}>
                {currencyOptionLabel(o.code)}
                {o.code === saved.defaults.currency ? ` ${t("yourCountrysCurrency")}` : ""}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-locale`} className="text-sm font-medium text-slate-700">
            {t("shoppersLanguageLabel")}
          </label>
          <select id={`${id}-locale`} value={locale} onChange={(e) => setLocale(e.target.value)} className={SELECT}>
            {LOCALE_OPTIONS.map((o) => (
              <option key={o.code} value={o.code}>
                {localeOptionLabel(o.code)}
                {o.code === saved.defaults.locale ? ` ${t("yourCountrysLanguage")}` : ""}
              </option>
            ))}
          </select>
        </div>
      </div>
      {currency !== saved.currency && (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("pricesNotConverted")}
        </p>
      )}
      <p className="text-sm text-slate-600" data-testid="store-locale-example">
        {t("priceWillShowAs", { price: example })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          className="min-h-11"
          busy={save.isPending}
          disabled={!dirty}
          aria-describedby={dirty ? undefined : noChangesId}
        >
          {t("saveStoreLocale")}
        </Button>
        {/* A grey button says why. */}
        {!dirty && (
          <p id={noChangesId} className="self-center text-sm text-slate-500">
            {t("noChangesToSave")}
          </p>
        )}
        {dirty && (
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={save.isPending}
            onClick={() => {
              setCurrency(saved.currency);
              setLocale(saved.locale);
            }}
          >
            {t("discardChanges")}
          </Button>
        )}
      </div>
      <CurrencyChangeDialog saved={saved} currency={currency} locale={locale} open={confirming} onClose={() => setConfirming(false)} />
    </form>
  );
}
