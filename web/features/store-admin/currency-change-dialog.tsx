import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { CURRENCY_INFO } from "../../../common/packs";
import { currencyLabel } from "../../../common/store-locale-options";
import { useSession } from "../../lib/session";
import { productsQuery } from "../../lib/queries";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { checkoutSettingsQuery, useSaveCheckout } from "./checkout-queries";
import { type CurrencyChange, currencyChange } from "./currency-change";
import { deliveryDraft } from "./delivery-draft";
import { payMethodDraft } from "./pay-method-fields";
import { STORE_LOCALE_SAVE_FALLBACK, STORE_LOCALE_SAVED, type StoreLocale, useSaveStoreLocale } from "./store-locale-queries";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const list = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(", ")} y ${names.at(-1)}` : (names[0] ?? ""));

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
      toast.success(STORE_LOCALE_SAVED);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : STORE_LOCALE_SAVE_FALLBACK);
    }
  }

  return (
    <Dialog open={open} onClose={() => !apply.isPending && onClose()} title={`¿Vender en ${currencyLabel(currency)}?`}>
      {!loaded && (products.isError || checkout.isError) ? (
        <div role="alert" className="text-sm text-red-700">
          <p>No pudimos revisar tus precios y formas de pago antes del cambio.</p>
          <Button
            variant="secondary"
            className="mt-2 min-h-11"
            busy={products.isFetching || checkout.isFetching}
            onClick={() => void Promise.all([products.refetch(), checkout.refetch()])}
          >
            Reintentar
          </Button>
        </div>
      ) : !change ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> Revisando tus precios y formas de pago…
        </p>
      ) : (
        <ChangeSummary
          change={change}
          shown={shown ?? change}
          currency={currency}
          useDefaults={useDefaults}
          onUseDefaults={setUseDefaults}
        />
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" className="min-h-11" disabled={apply.isPending} onClick={onClose}>
          Cancelar
        </Button>
        <Button className="min-h-11" busy={apply.isPending} disabled={!change} onClick={() => change && void confirm(change)}>
          Cambiar a {currency}
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
  useDefaults,
  onUseDefaults,
}: {
  change: CurrencyChange;
  /** The same change with its prices as the shoppers will read them. */
  shown: CurrencyChange;
  currency: string;
  useDefaults: boolean;
  onUseDefaults: (on: boolean) => void;
}) {
  const id = useId();
  const money = CURRENCY_INFO[currency]?.name ?? currency;
  const payNames = change.oldPayMethods.map((m) => m.name);
  const drops = dropped(change).length > 0;
  const offers = [change.oldLanguage && "el idioma", drops && "las formas de pago"].filter(Boolean) as string[];
  return (
    <div className="space-y-3 text-slate-700" data-testid="currency-change">
      <p>Los precios no se convierten con el tipo de cambio: cada uno conserva su número en {money}.</p>
      {change.roundedPrices > 0 ? (
        <div data-testid="currency-change-prices">
          <p>
            <strong>{plural(change.roundedPrices, "precio pierde", "precios pierden")} los centavos</strong>: los {money} no los usan, así
            que se redondean al entero más cercano.
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
          Por ejemplo, <strong>{shown.sample.before}</strong> pasa a ser <strong>{shown.sample.after}</strong>.
        </p>
      )}
      {change.roundedCosts > 0 && <p>También se redondean {plural(change.roundedCosts, "costo de envío", "costos de envío")}.</p>}
      {payNames.length > 0 && (
        <p data-testid="currency-change-pay">
          Tus clientes pueden pagar con {list(payNames)}, que no {payNames.length === 1 ? "existe" : "existen"} en {change.country}: no{" "}
          {payNames.length === 1 ? "sirve" : "sirven"} para cobrar en {money}.
          {!drops && " Es tu única forma de pago: agrega otra en 'Entrega y pagos' y quítala allí."}
        </p>
      )}
      {change.oldLanguage && <p data-testid="currency-change-language">Tus clientes leen tu tienda en {change.oldLanguage.label}.</p>}
      {offers.length > 0 && (
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
            <span className="font-semibold">
              Usar {list(offers)} de {change.country}
            </span>
            <span className="block text-sm text-slate-600">
              {[change.oldLanguage && `Tu tienda pasa a ${change.oldLanguage.nextLabel}`, drops && `quitamos ${list(payNames)}`]
                .filter(Boolean)
                .join(" y ")}
              .
            </span>
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
        throw new Error("Cambiamos la moneda, pero no pudimos quitar las formas de pago de antes: quítalas en 'Entrega y pagos'.");
      }
    },
  });
}
