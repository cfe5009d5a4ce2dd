import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { api, unwrap } from "../../lib/api";
import { sessionQuery } from "../../lib/queries";
import { Brand } from "../../ui/brand";
import { Button } from "../../ui/button";
import { FormError, TextField } from "../../ui/form-field";
import { cacheAnswer } from "../../lib/cache-answer";
import { t } from "./texts";

function RecoveryLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col px-6 py-8 sm:px-12">
      <Brand />
      <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {children}
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/login" className="inline-block py-3 font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t("backToLogin")}
          </Link>
        </p>
      </div>
    </main>
  );
}

/** '¿Olvidaste tu contraseña?': asks for the e-mail; the answer is the same whether or not it has an account. */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState("");
  const ask = useMutation({
    mutationFn: async () => (await unwrap(api.auth["password-reset"].$post({ json: { email } }), t("recoverySendFailed"))).message,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    ask.mutate();
  }
  return (
    <RecoveryLayout title={t("forgotPassword")}>
      {ask.isSuccess ? (
        <p role="status" className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900">
          {ask.data}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-600">{t("recoveryAsk")}</p>
          <form onSubmit={submit} className="mt-6 space-y-4" aria-busy={ask.isPending}>
            {ask.isError && <FormError>{ask.error.message}</FormError>}
            <TextField
              label={t("email")}
              type="email"
              name="email"
              autoComplete="email"
              disabled={ask.isPending}
              value={email}
              onValue={setEmail}
            />
            <Button type="submit" busy={ask.isPending} className="min-h-11 w-full">
              {t("recoverySend")}
            </Button>
          </form>
        </>
      )}
    </RecoveryLayout>
  );
}

/** The e-mail's link: the token travels in the fragment (#token=…), so it never reaches a server log. */
export function ResetPasswordScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "");
  const [password, setPassword] = useState("");
  const reset = useMutation({
    mutationFn: async () => (await unwrap(api.auth["password-reset"].confirm.$post({ json: { token, password } }), t("resetFailed"))).user,
    onSuccess: async (user) => {
      await cacheAnswer(queryClient, sessionQuery.queryKey, user);
      await navigate({ to: "/home" });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    reset.mutate();
  }
  if (!token) {
    return (
      <RecoveryLayout title={t("resetTitle")}>
        <FormError className="mt-6">{t("resetIncomplete")}</FormError>
        <Link to="/recuperar" className="mt-4 inline-block py-3 font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t("resetAskAgain")}
        </Link>
      </RecoveryLayout>
    );
  }
  return (
    <RecoveryLayout title={t("resetTitle")}>
      <p className="mt-2 text-slate-600">{t("resetHelp")}</p>
      <form onSubmit={submit} className="mt-6 space-y-4" aria-busy={reset.isPending}>
        {reset.isError && <FormError>{reset.error.message}</FormError>}
        <TextField
          label={t("newPassword")}
          type="password"
          name="new-password"
          autoComplete="new-password"
          minLength={8}
          disabled={reset.isPending}
          value={password}
          onValue={setPassword}
          hint={t("passwordHint")}
        />
        <Button type="submit" busy={reset.isPending} className="min-h-11 w-full">
          {t("savePassword")}
        </Button>
      </form>
    </RecoveryLayout>
  );
}
