import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "../../worker/index";
import { sellerLanguage } from "../i18n/language";
import { SELLER_LANGUAGE_HEADER } from "../../common/seller-language";
import { t } from "./texts";

/**
 * The one typed client for the Worker's API; every screen goes through it. Each request says the language the
 * screens are in, so `{ error }` comes back in it (worker/lib/seller-language.ts).
 */
export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
  headers: () => ({ [SELLER_LANGUAGE_HEADER]: sellerLanguage() }),
}).api;

/** An API failure with the message the server sent in the seller's language (or a fallback) and its status. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** A failed generation names its job, so the screen that showed the error can mark it as seen. */
    readonly jobId?: string,
    /** The rest of the error's body: fields the screen can act on (e.g. what is short on a refused order). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Tries a query runs before its screen shows the error (with 'Reintentar'). */
export const QUERY_TRIES = 4;

/**
 * Whether a failed query is worth trying again by itself: a lost connection or a server error (a busy
 * machine, a local server's hiccup, a deploy) often passes, so the screen a seller opened comes up
 * instead of staying blank. A 4xx is the server's answer about this request and would only repeat.
 */
export function retryTransient(failures: number, err: unknown): boolean {
  if (failures >= QUERY_TRIES - 1) return false;
  if (!(err instanceof ApiFailure)) return true;
  return err.status === 0 || err.status >= 500;
}

type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, "json"> ? (Status extends SuccessStatusCode ? Body : never) : never;

/** Awaits a client call and returns its success body, or throws ApiFailure with the server's message. */
export async function unwrap<R extends ClientResponse<unknown, number, "json">>(
  call: Promise<R>,
  fallback: string,
): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call;
  } catch {
    throw new ApiFailure(t("noConnection"), 0);
  }
  const body = (await response.json().catch(() => undefined)) as { error?: unknown; jobId?: unknown } | undefined;
  if (!response.ok) {
    const jobId = typeof body?.jobId === "string" ? body.jobId : undefined;
    const details = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    throw new ApiFailure(typeof body?.error === "string" ? body.error : fallback, response.status, jobId, details);
  }
  return body as SuccessBody<R>;
}
