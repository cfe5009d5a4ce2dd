import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { User } from "../../common/user";
import { api, unwrap } from "./api";
import { sessionQuery } from "./queries";
import { cacheAnswer } from "./cache-answer";
import { t } from "./texts";

export const credentialsFallback = () => t("credentialsFailed");

/**
 * Whether this browser had a session that ended without 'Cerrar Sesión' (a password recovery on another
 * device, an expired session): that seller has an account, so the guard sends them to /login, not /register.
 */
const HAD_SESSION = "vidriera:had-session";

export function hadSession(): boolean {
  try {
    return localStorage.getItem(HAD_SESSION) === "1";
  } catch {
    return false;
  }
}

/** Signing out on purpose (or deleting the account) leaves a visitor: the spec's /register again. */
export function forgetSession() {
  try {
    localStorage.removeItem(HAD_SESSION);
  } catch {
    // Storage blocked: nothing was remembered either.
  }
}

function rememberSession() {
  try {
    localStorage.setItem(HAD_SESSION, "1");
  } catch {
    // Storage blocked: the guard falls back to /register.
  }
}

export function useSession() {
  const query = useQuery(sessionQuery);
  useEffect(() => {
    if (query.data) rememberSession();
  }, [query.data]);
  const failure = query.isError && query.data === undefined ? (query.error as Error) : null;
  return {
    user: query.data ?? null,
    loading: query.isPending,
    /** The session could not be read (after the query's own retries): not the same as signed out. */
    failure,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The one sign-in action both screens share. The register screen uses
 * login-or-register, so someone who already has an account is simply let in.
 */
export function useSignIn(mode: "login" | "login-or-register") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<User> => {
      const call =
        mode === "login" ? api.auth.login.$post({ json: credentials }) : api.auth["login-or-register"].$post({ json: credentials });
      return (await unwrap(call, credentialsFallback())).user;
    },
    onSuccess: (user) => cacheAnswer(queryClient, sessionQuery.queryKey, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.auth.logout.$delete(), t("logoutFailed")),
    onSuccess: () => {
      forgetSession();
      return cacheAnswer(queryClient, sessionQuery.queryKey, null);
    },
    // The spec keeps the seller signed in when logout fails; the reason goes to the console.
    onError: (err) => console.error("logout failed", err),
  });
}
