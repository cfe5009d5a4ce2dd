import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { AuthScreen } from "../../../common/google-errors";
import { t } from "./texts";

type Key = Parameters<typeof t>[0];

/** The spec's messages for each code the Google callback sends back (worker/routes/google-auth.ts), per screen. */
const GOOGLE_ERRORS: Record<string, Record<AuthScreen, Key>> = {
  invalid_state: { login: "googleInvalidState", register: "googleInvalidState" },
  access_denied: { login: "googleDeniedLogin", register: "googleDeniedRegister" },
  email_google_conflict: { login: "googleConflictLogin", register: "googleConflictRegister" },
  google_callback_failed: { login: "googleCallbackFailed", register: "googleCallbackFailed" },
  google_not_configured: { login: "googleNotConfigured", register: "googleNotConfigured" },
  too_many_signups: { login: "googleTooManySignups", register: "googleTooManySignups" },
  too_many_starts: { login: "googleTooManyStarts", register: "googleTooManyStarts" },
};

export function googleErrorText(code: string, screen: AuthScreen): string {
  return t(GOOGLE_ERRORS[code]?.[screen] ?? (screen === "login" ? "googleOtherLogin" : "googleOtherRegister"));
}

export function validateAuthSearch(search: Record<string, unknown>): { error?: string } {
  return typeof search.error === "string" && search.error ? { error: search.error } : {};
}

/**
 * Reads the `?error=` Google sign-in sent back, turns it into the spec's
 * message for this screen, and replaces the URL so a reload does not show it again.
 */
export function useGoogleReturnError(screen: AuthScreen, code: string | undefined): string | null {
  const navigate = useNavigate();
  const [message] = useState(() => (code ? googleErrorText(code, screen) : null));
  useEffect(() => {
    if (!code) return;
    console.error(`Google sign-in returned error: ${code}`);
    void navigate({ to: `/${screen}`, search: {}, replace: true });
  }, [code, navigate, screen]);
  return message;
}
