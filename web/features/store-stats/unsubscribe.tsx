import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Brand } from "../../ui/brand";
import { Button } from "../../ui/button";
import { FormError } from "../../ui/form-field";
import { useUnsubscribe } from "./stats-queries";
import { t } from "./texts";

/**
 * /estadisticas/baja#token=…: the weekly e-mail's link, signed in or not. A tap
 * (never the visit alone: mail scanners open links) turns the e-mail off; the
 * token travels in the fragment, so it never reaches a server log.
 */
export function UnsubscribeScreen() {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "");
  const unsubscribe = useUnsubscribe();
  return (
    <main className="flex min-h-screen flex-col px-6 py-8 sm:px-12">
      <Brand />
      <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center gap-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{t("unsubscribeTitle")}</h1>
        {unsubscribe.isSuccess ? (
          <p role="status" className="text-slate-700">
            {t("unsubscribeDone")}
          </p>
        ) : token ? (
          <>
            <p className="text-slate-700">{t("unsubscribeAsk")}</p>
            {unsubscribe.isError && <FormError>{unsubscribe.error.message}</FormError>}
            <Button busy={unsubscribe.isPending} className="min-h-11 w-full" onClick={() => unsubscribe.mutate(token)}>
              {t("unsubscribeButton")}
            </Button>
          </>
        ) : (
          <FormError>{t("unsubscribeBroken")}</FormError>
        )}
        <Link to="/estadisticas" className="inline-block py-3 text-center font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t("goToStats")}
        </Link>
      </div>
    </main>
  );
}
