import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent, type ReactNode } from "react";
import type { AuthScreen as Screen } from "../../../common/google-errors";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { authProvidersQuery } from "../../lib/queries";
import { useSignIn } from "../../lib/session";
import { Brand } from "../../ui/brand";
import { FormError, TextField } from "../../ui/form-field";
import { Spinner } from "../../ui/spinner";
import { t } from "./texts";

/** The desktop panel's four benefits; the price is the claim for the visitor's country (GET /api/payments/prices). */
const benefits = (price: string) => [
  { title: t("benefitStudioTitle"), text: t("benefitStudioText") },
  { title: t("benefitFastTitle"), text: t("benefitFastText") },
  { title: t("benefitSavingsTitle"), text: t("benefitSavingsText", { price }) },
  { title: t("benefitSellTitle"), text: t("benefitSellText") },
];

interface Props {
  screen: Screen;
  title: string;
  subtitle: string;
  submitLabel: string;
  busyLabel: string;
  /** The message from `?error=`, already translated. */
  initialError: string | null;
  footer: ReactNode;
  passwordHint?: string;
}

/** The login and register screens: Google, e-mail and password, and the desktop benefits panel. */
export function AuthScreen({ screen, title, subtitle, submitLabel, busyLabel, initialError, footer, passwordHint }: Props) {
  const navigate = useNavigate();
  const providers = useQuery(authProvidersQuery);
  const claims = useQuery(priceClaimsQuery).data!;
  const signIn = useSignIn(screen === "login" ? "login" : "login-or-register");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [leavingForGoogle, setLeavingForGoogle] = useState(false);
  const busy = signIn.isPending || leavingForGoogle;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await signIn.mutateAsync({ email, password });
      await navigate({ to: "/home" });
    } catch (err) {
      setError(err instanceof Error ? err.message : t("unexpectedError"));
    }
  }

  function continueWithGoogle() {
    setError(null);
    if (providers.data?.google === "off") {
      setError(t("googleNotConfigured"));
      return;
    }
    setLeavingForGoogle(true);
    window.location.assign(`/api/auth/google?intent=${screen}`);
  }

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <main className="flex flex-col px-6 py-8 sm:px-12">
        <Brand />
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-slate-600">{subtitle}</p>

          <button
            type="button"
            onClick={continueWithGoogle}
            disabled={busy}
            className="mt-8 flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <GoogleLogo />
            {t("continueWithGoogle")}
          </button>
          {providers.data?.google === "off" && <p className="mt-2 text-center text-xs text-slate-500">{t("googleNotConfigured")}</p>}

          <div className="my-6 flex items-center gap-3 text-xs uppercase text-slate-400">
            <span className="h-px flex-1 bg-slate-200" />
            {t("orWithEmail")}
            <span className="h-px flex-1 bg-slate-200" />
          </div>

          <form onSubmit={submit} className="space-y-4" aria-busy={busy}>
            {error && <FormError>{error}</FormError>}
            <TextField label={t("email")} type="email" name="email" autoComplete="email" disabled={busy} value={email} onValue={setEmail} />
            <TextField
              label={t("password")}
              type="password"
              name="password"
              autoComplete={screen === "login" ? "current-password" : "new-password"}
              disabled={busy}
              value={password}
              onValue={setPassword}
              hint={passwordHint}
            />
            <button
              type="submit"
              disabled={busy}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
            >
              {signIn.isPending && <Spinner className="size-4" />}
              {signIn.isPending ? busyLabel : submitLabel}
            </button>
          </form>
          <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>
        </div>
      </main>
      <aside className="hidden bg-gradient-to-br from-brand-700 to-fuchsia-600 p-12 text-white lg:flex lg:flex-col lg:justify-center">
        <h2 className="text-3xl font-bold">{t("asideTitle")}</h2>
        <ul className="mt-10 space-y-6">
          {benefits(claims.fromPerImagePrice).map((b) => (
            <li key={b.title} className="flex gap-4">
              <span aria-hidden className="mt-1 grid size-7 shrink-0 place-items-center rounded-full bg-white/20">
                ✓
              </span>
              <div>
                <p className="font-semibold">{b.title}</p>
                <p className="text-white/80">{b.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

/** A link of the auth screens, 44 px tall even inside a sentence ('¿No tienes cuenta? Regístrate gratis'): a thumb's size. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
