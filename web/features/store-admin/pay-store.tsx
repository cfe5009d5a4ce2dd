import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { PayStoreCard } from "./pay-store-card";
import { StorePreview } from "./pay-store-preview";
import { Button } from "../../ui/button";
import { countryQuery } from "../../lib/payment-queries";
import { useSession } from "../../lib/session";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

const STEPS = 3;

const advantages = (sizes: string) => [
  { title: t("advantageOpenTitle"), text: t("advantageOpenText") },
  { title: t("featureWhatsappTitle"), text: t("advantageWhatsappText") },
  { title: t("advantageStockTitle"), text: t("advantageStockText", { sizes }) },
  { title: t("featureLinkTitle"), text: t("advantageLinkText") },
  { title: t("advantageNoFeesTitle"), text: t("advantageNoFeesText") },
  { title: t("advantageDesignTitle"), text: t("advantageDesignText") },
];

const BACK_LINK =
  "inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";

/** /pay-mi-tienda: the three-step intro (preview, advantages, the plan) that ends in the payment. */
export function PayStoreScreen() {
  const { user } = useSession();
  const country = useQuery(countryQuery);
  const [step, setStep] = useState(1);
  const { sizes } = useSellerExamples();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-center justify-between gap-2">
        <Link to="/product-pricing" className={BACK_LINK}>
          ← {t("back")}
        </Link>
        <p className="text-sm font-medium text-slate-500" aria-live="polite">
          {t("stepOf", { step, steps: STEPS })}
        </p>
      </div>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("yourVirtualStore")}</h1>
        <div className="mt-3 flex gap-2" aria-hidden>
          {Array.from({ length: STEPS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the steps of a progress bar are their positions
            <span key={i} className={`h-1.5 flex-1 rounded-full ${i < step ? "bg-brand-600" : "bg-slate-200"}`} />
          ))}
        </div>
      </header>

      {step === 1 && (
        <section aria-labelledby="step-title" className="space-y-3">
          <h2 id="step-title" className="text-lg font-semibold">
            {t("storeWillLook")}
          </h2>
          <StorePreview user={user} />
        </section>
      )}

      {step === 2 && (
        <section aria-labelledby="step-title" className="space-y-3">
          <h2 id="step-title" className="text-lg font-semibold">
            {t("whatYouGain")}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {advantages(sizes).map((a) => (
              <li key={a.title} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold">{a.title}</p>
                <p className="mt-1 text-sm text-slate-600">{a.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {step === 3 && (
        <section aria-labelledby="step-title" className="space-y-4">
          <h2 id="step-title" className="text-center text-lg font-semibold">
            {t("lastStep")}
          </h2>
          <PayStoreCard user={user} country={country.isPending ? undefined : country.data} />
        </section>
      )}

      {/* Only buttons that can be pressed: no 'Anterior' on the first step, no 'Continuar' on the last. */}
      <div className="flex justify-between gap-2">
        {step > 1 ? (
          <Button variant="secondary" onClick={() => setStep((s) => Math.max(1, s - 1))}>
            {t("previous")}
          </Button>
        ) : (
          <span />
        )}
        {step < STEPS && <Button onClick={() => setStep((s) => Math.min(STEPS, s + 1))}>{t("continueButton")}</Button>}
      </div>
    </div>
  );
}

/** /pay-mi-tienda-3: the plan card alone, for sellers who already know what they are buying. */
export function PayStoreCardScreen() {
  const { user } = useSession();
  const country = useQuery(countryQuery);
  const router = useRouter();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <button type="button" onClick={() => router.history.back()} className={BACK_LINK}>
        ← {t("back")}
      </button>
      <header className="text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("payYourStore")}</p>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("activateMyStore")}</h1>
        <p className="mt-2 text-slate-600">{t("oneTimePayment")}</p>
      </header>
      <PayStoreCard user={user} country={country.isPending ? undefined : country.data} />
    </div>
  );
}
