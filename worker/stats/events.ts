/**
 * What the store counts, told from the request alone: no cookie is set or
 * read for shoppers, no address or other personal data is kept. A view is an
 * arrival (a "visit") when it comes from outside the store; its source comes
 * from the link's `?ref=`, else the referrer, else the in-app browser's name.
 */
import { SHARE_REFS, type ShareRef } from "../../common/store";
import type { Source } from "../../common/store-stats";
import { cleanText } from "../../common/text";

/**
 * "cancelled": an order cancelled, which takes it back from the orders sent, and its confirmation (units 1 and
 * its amount) when it had been confirmed; "cancelled_line": each of its products taken back from the products
 * ordered. "cart_capped": cart adds were refused in that hour (worker/lib/store-throttle.ts), so the figure
 * has a cap.
 */
export const EVENT_KINDS = [
  "view",
  "search",
  "cart",
  "order",
  "order_line",
  "confirmed",
  "cancelled",
  "cancelled_line",
  "cart_capped",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One thing that happened in a store. Only these fields are ever stored. */
export interface StoreEvent {
  kind: EventKind;
  /** The product (a product page, a cart add, an order line), or "" for the store as a whole. */
  product: string;
  /** Where an arrival came from; "" for a view inside the store and for every other kind. */
  source: Source | "";
  /** A search's words (normalised, see searchWords); "" otherwise. */
  words: string;
  /** A view that arrived from outside the store. */
  entry: boolean;
  /** A search that found nothing. */
  empty: boolean;
  /** Units: 1 for a view, search or cart add; the quantity of an order line; 1 for a whole order (a cancelled one: 1 if it had been confirmed). */
  units: number;
  /** In `currency`'s minor unit: an order's total, a line's amount, a confirmed (or confirmed then cancelled) order's total; 0 otherwise. */
  amount: number;
  /** ISO 4217 of `amount` (the order's own currency) for an order's events; "" for the others. */
  currency: string;
}

export const event = (kind: EventKind, fields: Partial<Omit<StoreEvent, "kind">> = {}): StoreEvent => ({
  kind,
  product: "",
  source: "",
  words: "",
  entry: false,
  empty: false,
  units: 1,
  amount: 0,
  currency: "",
  ...fields,
});

/**
 * Requests that no person made: crawlers, link-preview fetchers (WhatsApp's,
 * Facebook's, Telegram's), monitors, scripts and headless browsers. A missing
 * User-Agent counts as one. "Cubot" is a phone brand, not a bot.
 */
const BOT_AGENT =
  /(?<!cu)bot\b|crawl|spider|slurp|facebookexternalhit|facebookcatalog|meta-external|whatsapp\/|telegram|discord|skypeuri|slack|embedly|preview|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|curl\/|wget\/|python|java\/|okhttp|go-http|node-fetch|undici|axios|httpclient|libwww|scrapy|phantomjs|puppeteer|playwright|selenium|autocannon|^node$/i;

export function isObviousBot(headers: Headers): boolean {
  const agent = headers.get("user-agent")?.trim() ?? "";
  return agent === "" || BOT_AGENT.test(agent);
}

/** A page fetched ahead in case the person opens it (speculation rules, link prefetch) is not a view yet. */
export function isPrefetch(headers: Headers): boolean {
  return /prefetch|prerender/i.test(`${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-moz") ?? ""}`);
}

const REFERRER_SOURCES: [RegExp, Source][] = [
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/, "facebook"],
  [/(^|\.)(whatsapp\.com|whatsapp\.net|wa\.me)$/, "whatsapp"],
  // google.com, google.com.ar, www.google.cl…; the Android Google app sends android-app://com.google.android.googlequicksearchbox.
  [/(^|\.)google(\.[a-z]{2,3}){1,2}$|^com\.google\.android\.googlequicksearchbox$/, "google"],
  [/(^|\.)(tiktok\.com|musical\.ly)$/, "tiktok"],
];

/** Instagram's, Facebook's and TikTok's in-app browsers name themselves; their referrer is often missing. */
const IN_APP_SOURCES: [RegExp, Source][] = [
  [/\bInstagram\b/, "instagram"],
  [/\bFBAN\/|\bFBAV\/|\bFB_IAB\//, "facebook"],
  [/musical_ly|BytedanceWebview|\bTikTok\b/, "tiktok"],
];

const isShareRef = (ref: string | null): ref is ShareRef => (SHARE_REFS as readonly string[]).includes(ref ?? "");

/**
 * Whether a view of `storePath` (the store's /u/<username>) arrived from
 * outside the store, and from where. A view reached from another of the
 * store's own pages is not an arrival (its source is "").
 */
export function visitOf(url: URL, headers: Headers, storePath: string): { entry: boolean; source: Source | "" } {
  const refererText = headers.get("referer");
  let referer: URL | null = null;
  try {
    referer = refererText ? new URL(refererText) : null;
  } catch {
    referer = null;
  }
  const inside = referer?.origin === url.origin && (referer.pathname === storePath || referer.pathname.startsWith(`${storePath}/`));
  const ref = url.searchParams.get("ref")?.toLowerCase() ?? null;
  if (isShareRef(ref)) return { entry: !inside, source: inside ? "" : ref };
  if (inside) return { entry: false, source: "" };
  if (referer && referer.origin !== url.origin) {
    const host = referer.hostname.toLowerCase();
    return { entry: true, source: REFERRER_SOURCES.find(([pattern]) => pattern.test(host))?.[1] ?? "otros" };
  }
  const agent = headers.get("user-agent") ?? "";
  const app = IN_APP_SOURCES.find(([pattern]) => pattern.test(agent))?.[1];
  if (app) return { entry: true, source: app };
  // No referrer: a typed or saved link, a WhatsApp chat (the app opens the browser without one), a QR without ?ref.
  return { entry: true, source: referer ? "otros" : "directo" };
}

export const SEARCH_WORDS_MAX = 60;

/**
 * A search as the seller reads it: cleaned, lower case, at most 60
 * characters. Words that look like an e-mail or a phone number are not kept
 * (the search still counts): a shopper may type their own by mistake.
 */
export function searchWords(q: string): string {
  const words = cleanText(q).toLocaleLowerCase("es").slice(0, SEARCH_WORDS_MAX).trim();
  if (words.includes("@") || /\d{6,}/.test(words.replace(/[\s.\-()+]/g, ""))) return "";
  return words;
}
