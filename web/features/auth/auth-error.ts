import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { googleErrorMessage, type AuthScreen } from "../../../common/google-errors";

export function validateAuthSearch(search: Record<string, unknown>): { error?: string } {
  return typeof search.error === "string" && search.error ? { error: search.error } : {};
}

/**
 * Reads the `?error=` Google sign-in sent back, turns it into the spec's
 * message for this screen, and replaces the URL so a reload does not show it again.
 */
export function useGoogleReturnError(screen: AuthScreen, code: string | undefined): string | null {
  const navigate = useNavigate();
  const [message] = useState(() => (code ? googleErrorMessage(code, screen) : null));
  useEffect(() => {
    if (!code) return;
    console.error(`Google sign-in returned error: ${code}`);
    void navigate({ to: `/${screen}`, search: {}, replace: true });
  }, [code, navigate, screen]);
  return message;
}
