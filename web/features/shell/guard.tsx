import { Navigate } from "@tanstack/react-router";
import { AppShell } from "./app-shell";
import { FullPageSpinner } from "../../ui/spinner";
import { useSession } from "../../lib/session";

/** Every signed-in screen: a spinner while the session loads, then the app or /register. */
export function SignedInGuard() {
  const { user, loading } = useSession();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/register" replace />;
  return <AppShell user={user} />;
}

/** /login and /register: a seller who is already signed in goes straight to /home. */
export function SignedOutOnly({ children }: { children: React.ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <FullPageSpinner />;
  if (user) return <Navigate to="/home" replace />;
  return children;
}
