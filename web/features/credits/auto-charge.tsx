import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AUTO_CHARGE_DONE, LOGIN_FOR_PAGE } from "../../../common/payments";
import { Brand } from "../../ui/brand";
import { FullPageSpinner, Spinner } from "../../ui/spinner";
import { api, unwrap } from "../../lib/api";
import { autoChargeError } from "./payment-labels";
import { sessionQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";

/** Without a user the page explains, then goes to /login after this long (spec section 9). */
export const REDIRECT_AFTER_MS = 3000;

/** /auto-charge: activates the store plan with 500 credits, once (the server refuses to charge twice). */
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
          <Charge />
        ) : (
          <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {LOGIN_FOR_PAGE}
          </p>
        )}
      </div>
    </main>
  );
}

function Charge() {
  const queryClient = useQueryClient();
  const charge = useMutation({
    mutationFn: () => unwrap(api.credits["auto-charge"].$post(), ""),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQuery.queryKey, user),
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
          <p className="font-semibold">{charge.data.message || AUTO_CHARGE_DONE}</p>
          {charge.data.charged && <p className="mt-1 text-sm">Tu Tienda está activa.</p>}
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
      <p className="font-semibold text-slate-800">Procesando Cargo Automático</p>
    </div>
  );
}

function BackHome() {
  return (
    <Link
      to="/"
      className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      Volver al inicio
    </Link>
  );
}
