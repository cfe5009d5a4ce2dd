import { Hono } from "hono";
import { landingPageFile, SELLER_LANGUAGE_TAGS } from "../../common/seller-language";
import type { Env } from "../env";
import { navigationSellerLanguage } from "../lib/seller-language";

/**
 * The SPA's own policy (public/_headers), which the Worker's default (worker/lib/security.ts, nothing allowed)
 * would otherwise replace on a page it serves: test/worker/landing-language.test.ts holds the two equal.
 */
export const SPA_CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data: blob: https://lh3.googleusercontent.com; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * "/": the prerendered landing in the visitor's language (scripts/prerender-landing.ts makes one page per
 * language; index.html is the Spanish one). Every other path of the SPA is left to the assets as before.
 */
export const landingPages = new Hono<Env>().get("/", async (c) => {
  const language = navigationSellerLanguage(c);
  const path = language === "es" ? "/" : `/${landingPageFile(language).replace(/\.html$/, "")}`;
  // The browser's own conditional headers go along: each language's page has its own ETag.
  const asset = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url), { headers: c.req.raw.headers }));
  const response = new Response(asset.body, asset);
  response.headers.append("Vary", "Accept-Language, Cookie");
  response.headers.set("Content-Language", SELLER_LANGUAGE_TAGS[language]);
  response.headers.set("Content-Security-Policy", SPA_CONTENT_SECURITY_POLICY);
  return response;
});
