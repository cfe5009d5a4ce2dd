import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useLoadedValue } from "../../lib/loaded-value";
import toast from "react-hot-toast";
import { Button } from "../../ui/button";
import { QueryStatus } from "../../ui/query-status";
import { type CheckoutForm, type CheckoutSettings, checkoutSaveFallback, checkoutSettingsQuery, useSaveCheckout } from "./checkout-queries";
import { DeliveryFields } from "./delivery-fields";
import { PaymentFields, paymentProblems } from "./payment-fields";
import { parsePrice } from "../../../common/price";
import { deliveryDraft } from "./delivery-draft";
import type { StoreMoney } from "../../../common/store-money";
import { payMethodDraft } from "./pay-method-fields";
import { PayMethodsFields, payMethodsProblem } from "./pay-methods-fields";
import { priceProblem } from "./price-problem";
import { t } from "./texts";

/** Argentina's stores keep their settings as always (transfer with CBU/alias, Mercado Pago, cash). */
const keepsArgentineSettings = (saved: CheckoutSettings) => saved.countryPayMethods.includes("ar_transfer");

/** The saved settings as the form edits them: prices as text, empty fields as "". */
function toForm(saved: CheckoutSettings): CheckoutForm {
  const { transfer, mercadoPago, cash } = saved.payments;
  return {
    delivery: deliveryDraft(saved.delivery, saved.money),
    payments: {
      transfer: transfer ? { alias: transfer.alias ?? "", cbu: transfer.cbu ?? "", holder: transfer.holder } : null,
      mercadoPago,
      cash,
    },
    payMethods: keepsArgentineSettings(saved) ? null : saved.payMethods.map(payMethodDraft),
  };
}

/** The first reason the form cannot be saved, in the words the Worker would answer. */
function formProblem(form: CheckoutForm, money: StoreMoney): string | null {
  const { pickup, shipping } = form.delivery;
  if (!pickup.enabled && !shipping.enabled) return t("offerOneDelivery");
  if (shipping.enabled) {
    if (shipping.zones.some((z) => !z.name.trim())) return t("nameEachZone");
    for (const typed of [...shipping.zones.map((z) => z.cost), shipping.freeFrom]) {
      const price = parsePrice(typed, money);
      if ("error" in price) return priceProblem(price.error, money);
    }
  }
  if (form.payMethods) return payMethodsProblem(form.payMethods);
  const payment = Object.values(paymentProblems(form.payments))[0];
  return payment ?? null;
}

/** /mi-tienda-admin, 'Entrega y pagos': zones and their costs, free delivery, pick-up, and the ways to pay. */
export function CheckoutSettingsCard() {
  const saved = useQuery(checkoutSettingsQuery);
  return (
    <section aria-labelledby="checkout-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="checkout-title" className="text-lg font-semibold">
        {t("sectionCheckout")}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t("checkoutIntro")}</p>
      <QueryStatus query={saved} />
      {saved.isSuccess && <CheckoutSettingsForm saved={saved.data} />}
    </section>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function CheckoutSettingsForm({ saved }: { saved: CheckoutSettings }) {
  const initial = toForm(saved);
  // Settings read again later (another tab's save, a refetch on focus) fill the form only while the seller
  // has changed nothing in it: nothing typed is replaced by a late load.
  const { value: form, set: setForm, reset } = useLoadedValue(initial, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const [tried, setTried] = useState(false);
  const noChangesId = useId();
  const save = useSaveCheckout();
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const problem = formProblem(form, saved.money);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    setTried(true);
    if (problem) {
      // Each error is said once: a field's at the field (and the cursor goes there), the rest in a toast.
      const atField = form.payMethods
        ? problem === t("payMethodsProblem")
        : Object.values(paymentProblems(form.payments)).includes(problem);
      if (atField) requestAnimationFrame(() => focusFirstInvalid(formElement));
      else toast.error(problem);
      return;
    }
    try {
      reset(toForm(await save.mutateAsync(form)));
      toast.success(t("checkoutSaved"));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : checkoutSaveFallback());
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
      <DeliveryFields value={form.delivery} onChange={(delivery) => setForm({ ...form, delivery })} />
      {form.payMethods ? (
        <PayMethodsFields
          offered={saved.countryPayMethods}
          value={form.payMethods}
          onChange={(payMethods) => setForm({ ...form, payMethods })}
          tried={tried}
        />
      ) : (
        <PaymentFields value={form.payments} onChange={(payments) => setForm({ ...form, payments })} tried={tried} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending} disabled={!dirty} aria-describedby={dirty ? undefined : noChangesId}>
          {t("saveCheckout")}
        </Button>
        {/* A grey button says why. */}
        {!dirty && (
          <p id={noChangesId} className="self-center text-sm text-slate-500">
            {t("noChangesToSave")}
          </p>
        )}
        {dirty && (
          <Button variant="secondary" disabled={save.isPending} onClick={() => reset(initial)}>
            {t("discardChanges")}
          </Button>
        )}
      </div>
    </form>
  );
}
