import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  acceptLanguageTags,
  isSellerLanguage,
  SELLER_LANGUAGE_COOKIE,
  SELLER_LANGUAGE_HEADER,
  SELLER_LANGUAGE_PARAM,
  type SellerLanguage,
  sellerLanguageOf,
} from "../../common/seller-language";
import type { Env } from "../env";

/**
 * The language a request's seller reads: the app's own header (the language its screens are in), else the
 * choice this browser remembers (its cookie, sent with navigations such as Google's return), else the
 * browser's Accept-Language.
 */
export function requestSellerLanguage(c: Context<Env>): SellerLanguage {
  const header = c.req.header(SELLER_LANGUAGE_HEADER);
  if (isSellerLanguage(header)) return header;
  const cookie = getCookie(c, SELLER_LANGUAGE_COOKIE);
  if (isSellerLanguage(cookie)) return cookie;
  return sellerLanguageOf(acceptLanguageTags(c.req.header("accept-language")));
}

/**
 * The language a page load asks for (the landing, "/"): its own address's (`/?lang=pt-BR`, a version's link),
 * else this browser's remembered choice, else Accept-Language. A navigation carries no app header.
 */
export function navigationSellerLanguage(c: Context<Env>): SellerLanguage {
  const asked = c.req.query(SELLER_LANGUAGE_PARAM);
  if (isSellerLanguage(asked)) return asked;
  const cookie = getCookie(c, SELLER_LANGUAGE_COOKIE);
  if (isSellerLanguage(cookie)) return cookie;
  return sellerLanguageOf(acceptLanguageTags(c.req.header("accept-language")));
}
