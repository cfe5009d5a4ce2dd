/**
 * /u/<username>/arrepentimiento: an Argentine store's 'Botón de arrepentimiento' (Resolución 424/2020 of the
 * Secretaría de Comercio Interior). A plain HTML form, no sign-in and no script: the order's code, a name and a
 * contact. Sending it saves the request (worker/lib/withdrawals.ts) and answers at once with its code, the
 * identification code the resolution has the store give, and a button that tells the store on WhatsApp, the
 * channel its orders travel by; the seller also sees it in Pedidos. In the store's language.
 */
import { type Context, Hono } from "hono";
import { storeCss, storeCssHash } from "virtual:store-assets";
import { shopText } from "../../common/i18n";
import type { MessageKey } from "../../common/i18n/catalogues/es";
import type { ShopText } from "../../common/shop-text";
import { storePath, withdrawalPath } from "../../common/store";
import { database, shopDatabase } from "../db/client";
import type { Env } from "../env";
import { KiB, limitBody } from "../lib/body-limit";
import { clientAddress } from "../lib/client-address";
import { ApiError } from "../lib/errors";
import { esc } from "../lib/html";
import { errorName, log } from "../lib/log";
import { findStore, type StoreRecord } from "../lib/store-data";
import { readStoreLocale } from "../lib/store-locale";
import { attempt } from "../lib/throttle";
import { offersWithdrawal, requestWithdrawal, type WithdrawalInput, type WithdrawalRequest, withdrawalForm } from "../lib/withdrawals";
import { renderErrorPage, whatsappContactUrl } from "./render";

/** Its own stylesheet, and a form that posts only to itself; no script at all. */
const WITHDRAWAL_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${storeCssHash}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": WITHDRAWAL_CSP,
      // A buyer's name and contact may be on the answer: never in a shared cache.
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  });
}

function page(store: StoreRecord, shop: ShopText, main: string): string {
  const { t } = shop;
  return [
    `<!doctype html><html lang="${esc(shop.locale)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(t("withdrawal.title"))} | ${esc(store.name)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${storeCss}</style></head>`,
    '<body><header class="top"><div class="wrap head">',
    `<h1><a href="${esc(storePath(store.username))}">${esc(store.name)}</a></h1>`,
    "</div></header>",
    `<main class="wrap">${main}</main>`,
    `<footer class="foot"><p>${esc(t("store.madeWith"))} <a href="/">Vidriera</a></p></footer>`,
    "</body></html>",
  ].join("");
}

type Problems = Partial<Record<keyof WithdrawalInput, MessageKey>>;

function formPage(
  store: StoreRecord,
  shop: ShopText,
  values: Partial<Record<keyof WithdrawalInput, string>>,
  problems: Problems,
  notice?: string,
): string {
  const { t } = shop;
  const field = (name: keyof WithdrawalInput, label: MessageKey, hint: MessageKey | null, attrs: string) => {
    const problem = problems[name];
    const hintId = `${name}-hint`;
    return [
      `<label>${esc(t(label))}`,
      `<input name="${name}" value="${esc(values[name] ?? "")}" ${attrs} required${problem || hint ? ` aria-describedby="${hintId}"` : ""}${problem ? ' aria-invalid="true"' : ""}>`,
      problem
        ? `<span class="err" id="${hintId}">${esc(t(problem))}</span>`
        : hint
          ? `<span class="hint" id="${hintId}">${esc(t(hint))}</span>`
          : "",
      "</label>",
    ].join("");
  };
  return page(
    store,
    shop,
    [
      `<form class="form" method="post" action="${esc(withdrawalPath(store.username))}" novalidate>`,
      `<h1>${esc(t("withdrawal.title"))}</h1>`,
      `<p>${esc(t("withdrawal.intro", { store: store.name }))}</p>`,
      notice ? `<p class="err" role="alert">${esc(notice)}</p>` : "",
      field("order", "withdrawal.order", "withdrawal.orderHint", 'maxlength="20" autocomplete="off" autocapitalize="characters"'),
      field("name", "withdrawal.name", null, 'maxlength="80" autocomplete="name"'),
      field("contact", "withdrawal.contact", "withdrawal.contactHint", 'maxlength="120" autocomplete="tel"'),
      `<button class="btn" type="submit">${esc(t("withdrawal.submit"))}</button>`,
      "</form>",
      `<p class="back"><a href="${esc(storePath(store.username))}">${esc(t("withdrawal.back"))}</a></p>`,
    ].join(""),
  );
}

function donePage(store: StoreRecord, shop: ShopText, request: WithdrawalRequest): string {
  const { t } = shop;
  const message = t("withdrawal.message", { store: store.name, order: request.orderCode, code: request.code, name: request.buyerName });
  const whatsapp = store.phone ? `${whatsappContactUrl(store.phone)}?text=${encodeURIComponent(message)}` : null;
  return page(
    store,
    shop,
    [
      '<section class="form" aria-live="polite">',
      `<h1>${esc(t("withdrawal.doneTitle"))}</h1>`,
      `<p class="done-code" data-code="${esc(request.code)}">${esc(t("withdrawal.doneCode", { code: request.code }))}</p>`,
      `<p>${esc(t("withdrawal.doneNext", { store: store.name, contact: request.contact }))}</p>`,
      request.orderFound ? "" : `<p class="note">${esc(t("withdrawal.orderUnknown", { order: request.orderCode }))}</p>`,
      whatsapp ? `<a class="btn" href="${esc(whatsapp)}" rel="noopener">${esc(t("withdrawal.notify"))}</a>` : "",
      "</section>",
      `<p class="back"><a href="${esc(storePath(store.username))}">${esc(t("withdrawal.back"))}</a></p>`,
    ].join(""),
  );
}

/** The store of the link when it takes withdrawal requests (an Argentine one), with its language. */
async function withdrawalStore(c: Context<Env>): Promise<{ store: StoreRecord; shop: ShopText } | null> {
  const username = c.req.param("username")?.toLowerCase() ?? "";
  const db = database(c.env.DB);
  const store = await findStore(db, username);
  if (!store || !offersWithdrawal(store.countryCode)) return null;
  const locale = (await readStoreLocale(db, store.id, shopDatabase(c.env, store)))!;
  return { store, shop: shopText(locale.locale, locale.money) };
}

const notFound = () => html(renderErrorPage("Esta página no existe", { css: storeCss, scriptUrl: "" }), 404);

function formValues(form: FormData): Record<string, string> {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return { order: value("order"), name: value("name"), contact: value("contact") };
}

export const withdrawalPages = new Hono<Env>()
  .get("/:username/arrepentimiento", async (c) => {
    const found = await withdrawalStore(c);
    if (!found) return notFound();
    return html(formPage(found.store, found.shop, {}, {}));
  })
  .post("/:username/arrepentimiento", limitBody(8 * KiB), async (c) => {
    const found = await withdrawalStore(c);
    if (!found) return notFound();
    const { store, shop } = found;
    const form = await c.req.formData().catch(() => new FormData());
    const values = formValues(form);
    const parsed = withdrawalForm.safeParse(values);
    if (!parsed.success) {
      const problems: Problems = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof WithdrawalInput;
        problems[name] ??= issue.message as MessageKey;
      }
      return html(formPage(store, shop, values, problems), 400);
    }
    try {
      await attempt(database(c.env.DB), [["withdrawalAddress", clientAddress(c)]]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) return html(formPage(store, shop, values, {}, shop.t("withdrawal.tooMany")), 429);
      throw err;
    }
    try {
      const request = await requestWithdrawal(shopDatabase(c.env, store), store.id, parsed.data);
      log("info", "withdrawal requested", { requestId: c.get("requestId"), orderFound: request.orderFound });
      return html(donePage(store, shop, request), 201);
    } catch (err) {
      log("error", "withdrawal request failed", { requestId: c.get("requestId"), error: errorName(err) });
      return html(formPage(store, shop, values, {}, shop.t("store.loadError")), 500);
    }
  });
