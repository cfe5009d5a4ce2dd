import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { routePath } from "hono/route";
import { sellerMessage, hasSellerMessage } from "../../common/i18n/seller-messages";
import {
  acceptLanguageTags,
  isSellerLanguage,
  SELLER_LANGUAGE_COOKIE,
  SELLER_LANGUAGE_HEADER,
  SELLER_LANGUAGE_PARAM,
  type SellerLanguage,
  sellerLanguageOf,
  sellerLanguageOfCountry,
} from "../../common/seller-language";
import type { Env } from "../env";
import { log } from "./log";

/**
 * The language a request asks for: the app's header (the language its screens are in), else the choice this
 * browser remembers (its cookie, sent with navigations such as Google's return), else the first of
 * Accept-Language the app speaks, else null.
 */
export function statedSellerLanguage(c: Context): SellerLanguage | null {
  const header = c.req.header(SELLER_LANGUAGE_HEADER);
  if (isSellerLanguage(header)) return header;
  const cookie = getCookie(c, SELLER_LANGUAGE_COOKIE);
  if (isSellerLanguage(cookie)) return cookie;
  const spoken = acceptLanguageTags(c.req.header("accept-language")).filter((tag) => /^(es|pt|en)(\b|[-_])/i.test(tag));
  return spoken.length ? sellerLanguageOf(spoken) : null;
}

/** The language of the seller making a request: the one it asks for, else Spanish. */
export function requestSellerLanguage(c: Context): SellerLanguage {
  return statedSellerLanguage(c) ?? "es";
}

/**
 * The language a page load asks for (the landing, "/"): its own address's (`/?lang=pt-BR`, a version's link),
 * else this browser's remembered choice, else Accept-Language. A navigation carries no app header.
 */
export function navigationSellerLanguage(c: Context): SellerLanguage {
  const asked = c.req.query(SELLER_LANGUAGE_PARAM);
  if (isSellerLanguage(asked)) return asked;
  return requestSellerLanguage(c);
}

/**
 * The language of an e-mail to a seller: the one the account chose, else the one of the request that
 * caused it (none for a cron's or a queue's), else the one of the seller's country.
 */
export function accountSellerLanguage(
  account: { sellerLanguage: string | null; countryCode: string | null },
  stated: SellerLanguage | null = null,
): SellerLanguage {
  if (isSellerLanguage(account.sellerLanguage)) return account.sellerLanguage;
  return stated ?? sellerLanguageOfCountry(account.countryCode);
}

/**
 * A Spanish message a successful answer carries (a job's failure kept in D1, a note after a payment), in
 * the requesting seller's language: errorsInSellerLanguage sees only refusals.
 */
export function inSellerLanguage<T extends string | null | undefined>(c: Context, spanish: T): T {
  return (typeof spanish === "string" ? sellerMessage(spanish, requestSellerLanguage(c)) : spanish) as T;
}

/**
 * Marks a route whose refusals a shopper reads: they are already in the store's language (common/i18n),
 * whatever language the visitor's browser asks for.
 */
export const shopperFacing: MiddlewareHandler<Env> = async (c, next) => {
  c.set("shopperFacing", true);
  await next();
};

/**
 * Every `{ error }` an API route answers, in the requesting seller's language: the routes, the validator
 * and errorResponse write Spanish, and this one exit translates it (common/i18n/seller-messages), so no
 * refusal can skip it. A Spanish answer is left untouched, byte for byte.
 */
export const errorsInSellerLanguage: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  if (c.res.status < 400 || c.get("shopperFacing")) return;
  const language = requestSellerLanguage(c);
  if (language === "es" || !c.res.headers.get("content-type")?.startsWith("application/json")) return;
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== "object" || typeof (body as { error?: unknown }).error !== "string") return;
  const spanish = (body as { error: string }).error;
  if (!hasSellerMessage(spanish, language)) {
    // The catalogue test should have caught it; the seller still reads Spanish rather than nothing.
    log("warn", "seller message without translation", {
      requestId: c.get("requestId"),
      route: routePath(c),
      language,
      status: c.res.status,
    });
  }
  const translated: Record<string, unknown> = { ...body, error: sellerMessage(spanish, language) };
  // A file's refusal lists each line's problem (the catalogue import).
  const { errors } = body as { errors?: unknown };
  if (Array.isArray(errors)) {
    translated.errors = errors.map((e: unknown) =>
      e && typeof e === "object" && typeof (e as { message?: unknown }).message === "string"
        ? { ...e, message: sellerMessage((e as { message: string }).message, language) }
        : e,
    );
  }
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  c.res = undefined;
  c.res = new Response(JSON.stringify(translated), { status, headers });
};
