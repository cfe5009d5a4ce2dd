import { Navigate } from "@tanstack/react-router";
import { AppShell } from "./app-shell";
import { Button } from "../../ui/button";
import { FullPageSpinner } from "../../ui/spinner";
import { hadSession, useSession } from "../../lib/session";
import { sessionFallback } from "../../lib/queries";
import { t } from "./texts";

/**
 * Every signed-in screen: a spinner while the session loads, then the app, or /register for a visitor
 * (/login for a seller whose session on this browser ended, say by a recovery elsewhere). When the
 * session cannot be read at all (the server or the connection failed, after retries), the seller is
 * not sent to /register as if signed out: the screen says so and offers 'Reintentar'.
 */
export function SignedInGuard() {
  const { user, loading, failure, retrying, retry } = useSession();
  if (loading) return <FullPageSpinner />;
  if (failure) {
    return (
      <div className="grid min-h-screen place-items-center p-6">
        <div role="alert" className="max-w-sm rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{t("sessionFailed")}</p>
          {failure.message !== sessionFallback() && <p className="mt-1 text-sm text-red-700">{failure.message}</p>}
          <Button variant="secondary" className="mt-4" busy={retrying} onClick={retry}>
            {t("retry")}
          </Button>
        </div>
      </div>
    );
  }
  if (!user) return <Navigate to={hadSession() ? "/login" : "/register"} replace />;
  return <AppShell user={user} />;
}

/** /login and /register: a seller who is already signed in goes straight to /home. */
export function SignedOutOnly({ children }: { children: React.ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <FullPageSpinner />;
  if (user) return <Navigate to="/home" replace />;
  return children;
}
