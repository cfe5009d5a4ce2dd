import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { STORE_PLAN } from "../../../common/packs";
import type { User } from "../../../common/user";
import { Brand } from "../../ui/brand";
import { Button } from "../../ui/button";
import { FullPageSpinner, Spinner } from "../../ui/spinner";
import { api, unwrap } from "../../lib/api";
import { autoChargeError } from "./payment-labels";
import { sessionQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { cacheAnswer } from "../../lib/cache-answer";
import { imagesLabel } from "./credit-labels";
import { rich } from "./rich-text";
import { t } from "./texts";

/** Without a user the page explains, then goes to /login after this long (spec section 9). */
export const REDIRECT_AFTER_MS = 3000;

/**
 * /auto-charge: activates the store plan with 500 credits (10 images), once (the server refuses to charge
 * twice), and only after the seller has read what it costs and said yes: the whole welcome gift is never
 * spent by following a link.
 */
export function AutoChargeScreen() {
  const { user, loading } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (loading || user) return;
    const timer = setTimeout(() => void navigate({ to: "/login" }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading, user, navigate]);

  if (loading) return <FullPageSpinner />;
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md space-y-6 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <div className="flex justify-center">
          <Brand to="/" />
        </div>
        {user ? (
          <ConfirmThenCharge user={user} />
        ) : (
          <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {t("loginForPage")}
          </p>
        )}
      </div>
    </main>
  );
}

/** What the plan costs in the seller's own balance, what stays, and a yes or a no before anything is spent. */
function ConfirmThenCharge({ user }: { user: User }) {
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed) return <Charge />;
  if (user.paidMiTienda) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          {t("alreadyActive")}
        </p>
        <BackHome />
      </div>
    );
  }
  const enough = user.credits >= STORE_PLAN.credits;
  return (
    <section aria-labelledby="confirm-plan" className="space-y-4 text-left">
      <h1 id="confirm-plan" className="text-center text-xl font-bold">
        {t("confirmTitle")}
      </h1>
      <p className="text-slate-700">{rich((v) => t("confirmCost", v), { images: <strong>{imagesLabel(STORE_PLAN.credits)}</strong> })}</p>
      <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700" data-testid="plan-balance">
        {enough
          ? t("enough", { balance: imagesLabel(user.credits), left: imagesLabel(user.credits - STORE_PLAN.credits) })
          : t("notEnough", { balance: imagesLabel(user.credits) })}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          to="/mi-tienda-admin"
          className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("cancel")}
        </Link>
        {enough ? (
          <Button onClick={() => setConfirmed(true)}>{t("activateFor", { images: imagesLabel(STORE_PLAN.credits) })}</Button>
        ) : (
          <Link
            to="/credits"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t("buyTitle")}
          </Link>
        )}
      </div>
    </section>
  );
}

function Charge() {
  const queryClient = useQueryClient();
  const charge = useMutation({
    mutationFn: () => unwrap(api.credits["auto-charge"].$post(), ""),
    onSuccess: ({ user }) => cacheAnswer(queryClient, sessionQuery.queryKey, user),
  });
  // React may run effects twice in development; one request per visit is enough (and the server is idempotent anyway).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    charge.mutate();
  }, [charge]);

  if (charge.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">{charge.data.message || t("autoChargeDone")}</p>
          {charge.data.charged && <p className="mt-1 text-sm">{t("storeIsActive")}</p>}
        </div>
        <BackHome />
      </div>
    );
  }
  if (charge.isError) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {autoChargeError(charge.error)}
        </p>
        <BackHome />
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-brand-700">
      <Spinner className="size-8" />
      <p className="font-semibold text-slate-800">{t("autoCharging")}</p>
    </div>
  );
}

function BackHome() {
  return (
    <Link
      to="/"
      className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {t("backHome")}
    </Link>
  );
}
