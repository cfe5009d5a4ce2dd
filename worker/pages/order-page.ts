/**
 * /pedido/<token>: the buyer's page of one order, reached only through its
 * private link (256 random bits; no list, no search, no account). It shows
 * that order and its store and nothing else: the lines, the delivery, how to
 * pay and where the order is. Never indexed, never cached, and the link is
 * not passed on as a referrer to the pages it links to.
 */
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { orderCss, orderCssHash, orderScript, orderScriptHash, storeCss, storeCssHash } from "virtual:store-assets";
import { renderSVG } from "uqr";
import { deliveryCostText, type PaymentDetails, payMethodOf } from "../../common/checkout";
import { shopText } from "../../common/i18n";
import { statusPath } from "../../common/order-status";
import { payDetailRows, pixCode } from "../../common/pay-details";
import { localVariantLabel, type ShopText } from "../../common/shop-text";
import { SHOPPER_TEXT } from "../../common/shopper-text";
import { storePath } from "../../common/store";
import { addressText, deliveryName, type Order } from "../../common/store-cart";
import { STORE_LOCALES, storeMoney } from "../../common/store-locale";
import { ARS_MONEY, formatPrice, fromMinor } from "../../common/store-money";
import { storeTimeZone } from "../../common/store-stats";
import { database, everyShopDatabase, type ShopDb } from "../db/client";
import { orders, users } from "../db/schema";
import type { Env } from "../env";
import { errorName, log } from "../lib/log";
import { type OrderRow, toOrder } from "../lib/orders";
import { readStoreLocale } from "../lib/store-locale";
import { esc } from "../lib/html";
import { whatsappContactUrl, withdrawalLink } from "./render";

/**
 * An unknown link, an order of a deleted store past its kept days, or an order archived months after it ended
 * (worker/lib/archive-orders.ts: its page is no longer kept). No store is known from the link then, so it reads
 * in Argentine Spanish.
 */
export const ORDER_PAGE_MISSING =
  "Este pedido ya no está disponible o su enlace está incompleto. Revisa el enlace que te mandó la tienda; si el pedido es de hace varios meses, escríbele a la tienda por WhatsApp.";

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The page runs only its own inline copy script and shows only our own images; it may be framed by nobody. */
const ORDER_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${orderScriptHash}'`,
  `style-src 'sha256-${storeCssHash}' 'sha256-${orderCssHash}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function headers(): Headers {
  return new Headers({
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": ORDER_CSP,
    // Someone's order: never in a search engine, a shared cache, or another site's referrer logs.
    "x-robots-tag": "noindex, nofollow",
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
  });
}

interface PageStore {
  name: string;
  username: string | null;
  phone: string;
  imageUrl: string | null;
  /** An Argentine store's order page shows its 'Botón de arrepentimiento' too. */
  countryCode?: string | null;
}

function head(title: string, locale: string): string {
  return [
    `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${esc(title)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${storeCss}</style><style>${orderCss}</style></head>`,
  ].join("");
}

/**
 * A value the buyer types into their bank's app, with its 'Copiar' button (shown by the page's script; without
 * it the value stays selectable). The button's description is the value itself.
 */
function copyable(id: string, shown: string, copied: string, what: string, done: string, shop: ShopText): string {
  return `<span id="${id}">${esc(shown)}</span> <button type="button" class="copy" data-copy="${esc(copied)}" data-done="${esc(done)}" aria-describedby="${id}" hidden>${esc(shop.t("pay.copy"))}<span class="sr"> ${esc(what)}</span></button>`;
}

/** The rows whose value the buyer types into their bank's or wallet's app: those get a 'Copiar' button. */
const TYPED_ROWS = [
  "pay.alias",
  "pay.clabe",
  "pay.account",
  "pay.key",
  "pay.phone",
  "pay.till",
  "pay.paybill",
  "pay.paybillAccount",
  "pay.rut",
] as const;

/**
 * "Pix copia e cola" for the order's total and code: the text to paste in the bank's app (with its 'Copiar'
 * button, and selectable without the script), and the same code as a QR to scan from another phone.
 */
function pixBlock(code: string, amount: string, shop: ShopText): string {
  const { t } = shop;
  const qr = renderSVG(code, { ecc: "M", border: 4, pixelSize: 4, whiteColor: "#ffffff", blackColor: "#000000" }).replace(
    "<svg ",
    `<svg role="img" aria-label="${esc(t("pay.pixQr", { amount }))}" `,
  );
  return [
    '<div class="pix">',
    `<p class="pix-label">${esc(t("pay.pixCode"))}</p>`,
    `<p class="pix-code">${copyable("pay-pix", code, code, t("pay.pixCode"), t("pay.copiedWhat", { what: t("pay.pixCode") }), shop)}</p>`,
    `<div class="pix-qr">${qr}</div>`,
    "</div>",
  ].join("");
}

/** How to pay, in the store's language: the way, its details (copyable where the buyer types them), the total to send. */
function paymentBlock(payment: PaymentDetails | null, order: Order, shop: ShopText): { html: string; copies: boolean } {
  const { t } = shop;
  if (!payment) {
    return { html: `<section class="box"><h2>${esc(t("pay.title"))}</h2><p>${esc(t("pay.storeWillTell"))}</p></section>`, copies: false };
  }
  const method = payMethodOf(payment);
  const typed = new Set<string>(TYPED_ROWS.map((key) => t(key)));
  const rows: [string, string][] = [[t("pay.method"), esc(t(`pay.${method.kind}`))]];
  for (const [label, value] of payDetailRows(method, t)) {
    // Argentina's CBU/CVU row is named by its kind ("CBU", "CVU"), not by a catalogue label.
    const copy = typed.has(label) || (method.kind === "ar_transfer" && label !== t("pay.holder"));
    const id = `pay-${rows.length}`;
    rows.push([
      label,
      copy
        ? copyable(
            method.kind === "ar_transfer" ? arId(label) : id,
            value,
            value,
            arWhat(label),
            t("pay.copiedWhat", { what: label }),
            shop,
          )
        : esc(value),
    ]);
  }
  const toAgree = order.delivery?.kind === "envio" && order.delivery.cost === null;
  const transfer = !["cash", "mercadopago", "pix"].includes(method.kind);
  // The amount to send, as digits a bank's app takes; not while the delivery cost is still to be agreed.
  if (transfer && !toAgree) {
    const amount = fromMinor(order.total, shop.money).toFixed(shop.money.digits);
    rows.push([
      t("cart.total"),
      copyable(
        "pay-total",
        formatPrice(order.total, shop.money),
        amount,
        t("pay.totalLabel"),
        t("pay.copiedWhat", { what: t("cart.total") }),
        shop,
      ),
    ]);
  }
  const list = `<dl class="pay">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;
  const link =
    method.kind === "mercadopago"
      ? `<p class="pay-link"><a class="btn" href="${esc(method.link)}" rel="noopener noreferrer" target="_blank">${esc(t("pay.withMercadoPago"))}</a></p>`
      : "";
  const pix =
    method.kind === "pix"
      ? pixBlock(
          pixCode(method, { total: order.total, code: order.code, currency: shop.money.currency }),
          formatPrice(order.total, shop.money),
          shop,
        )
      : "";
  const copies = transfer || method.kind === "pix";
  // The copy script's own words are Spanish (web/store/order-copy.ts): the page hands it others when they differ.
  const words =
    t("pay.copied") === SHOPPER_TEXT.copied && t("pay.copyFailed") === SHOPPER_TEXT.copyFailed
      ? ""
      : ` data-copied="${esc(t("pay.copied"))}" data-failed="${esc(t("pay.copyFailed"))}"`;
  const status = copies ? `<p id="copy-status" class="copy-status" role="status"${words}></p>` : "";
  return { html: `<section class="box"><h2>${esc(t("pay.title"))}</h2>${list}${pix}${status}${link}</section>`, copies };
}

/**
 * A dead order asks for no money: once it is cancelled, or its store closed its account, the page shows no
 * way to pay (no link, code, QR or account) and says why, so nobody pays a store that will not deliver.
 */
function noPaymentBlock(reason: "orderPage.noPayCancelled" | "orderPage.noPayClosed", shop: ShopText): string {
  return `<section class="box" aria-labelledby="pago"><h2 id="pago">${esc(shop.t("pay.title"))}</h2><p class="no-pay">${esc(shop.t(reason))}</p></section>`;
}

/** Argentina's rows keep the ids and descriptions their page always had. */
const arId = (label: string) => (label === "Alias" ? "pay-alias" : "pay-cbu");
const arWhat = (label: string) => (label === "Alias" ? "alias" : label);

function statusBlock(order: Order, when: (iso: string) => string, shop: ShopText): string {
  const { t } = shop;
  if (order.status === "cancelado") {
    const at = order.history.findLast((s) => s.status === "cancelado")?.at;
    return `<section class="box cancelled" aria-labelledby="estado"><h2 id="estado">${esc(t("orderPage.status"))}</h2><p class="news">${esc(t("buyerStatus.cancelado"))}</p>${at ? `<p class="when">${esc(when(at))}</p>` : ""}</section>`;
  }
  const path = statusPath(order.delivery?.kind ?? order.buyer?.delivery ?? null);
  const reached = path.indexOf(order.status);
  const steps = path
    .map((status, i) => {
      const at = order.history.findLast((s) => s.status === status)?.at;
      const state = i === reached ? "now" : i < reached ? "done" : "";
      const current = i === reached ? ' aria-current="step"' : "";
      // A step the seller went past without marking (paid on delivery) is simply not dated.
      return `<li class="step ${state}"${current}><span>${esc(t(`status.${status}`))}${at && i <= reached ? `<small>${esc(when(at))}</small>` : ""}</span></li>`;
    })
    .join("");
  return `<section class="box" aria-labelledby="estado"><h2 id="estado">${esc(t("orderPage.status"))}</h2><p class="news">${esc(t(`buyerStatus.${order.status}`))}</p><ol class="steps">${steps}</ol></section>`;
}

/**
 * The store deleted its account while this order was open: the buyer is told, with until when this page
 * stays and the store's WhatsApp (kept for that) to reach it.
 */
function closedStoreBlock(until: Date, format: Intl.DateTimeFormat, shop: ShopText): string {
  return `<section class="box" role="note" aria-labelledby="cerrada"><h2 id="cerrada">${esc(shop.t("orderPage.closedTitle"))}</h2><p>${esc(shop.t("orderPage.closedText", { date: format.format(until) }))}</p></section>`;
}

/** The buyer's page in the store's language and money (an Argentine store's reads as it always has). */
export function renderOrderPage(order: Order, store: PageStore, timeZone: string, shop: ShopText, closedUntil: Date | null = null): string {
  const { t } = shop;
  const price = (minor: number) => formatPrice(minor, shop.money);
  const format = new Intl.DateTimeFormat(shop.locale, { dateStyle: "long", timeStyle: "short", timeZone });
  const when = (iso: string) => format.format(new Date(iso));
  const items = order.lines
    .map(
      (l) =>
        `<li><span>${esc(localVariantLabel(shop, l.name, l.color, l.size))} × ${l.quantity}${l.code ? ` <small class="code">${esc(t("product.code", { code: l.code }))}</small>` : ""}</span><span>${l.unitPrice > 0 ? price(l.unitPrice * l.quantity) : esc(t("orderPage.askPrice"))}</span></li>`,
    )
    .join("");
  const delivery = order.delivery;
  const toAgree = delivery?.kind === "envio" && delivery.cost === null;
  const coupon = order.coupon;
  const sums = [
    ...(delivery || coupon ? [[t("cart.subtotal"), price(order.subtotal)]] : []),
    ...(coupon
      ? [
          [
            t("cart.couponLine", { code: coupon.code }),
            coupon.kind === "free_shipping" ? t("cart.couponFreeShipping") : `-${price(coupon.discount)}`,
          ],
        ]
      : []),
    ...(delivery ? [[deliveryName(delivery, shop), deliveryCostText(delivery, shop)]] : []),
  ]
    .map(([k, v]) => `<dt>${esc(k!)}</dt><dd>${esc(v!)}</dd>`)
    .join("");
  const grand = toAgree ? t("cart.plusShipping", { total: price(order.total) }) : price(order.total);
  const total = `<dt class="grand">${esc(t("cart.total"))}</dt><dd class="grand">${esc(grand)}</dd>`;
  const kindName = (kind: "envio" | "retiro") => t(kind === "envio" ? "delivery.shipping" : "delivery.pickup");
  const deliveryText = delivery
    ? `${kindName(delivery.kind)}${delivery.zone ? ` (${delivery.zone})` : ""}`
    : order.buyer
      ? kindName(order.buyer.delivery)
      : t("delivery.toAgree");
  const pickup =
    delivery?.kind === "retiro" && delivery.pickupAddress
      ? `<p>${esc(t("orderPage.pickupWhere"))} <strong>${esc(delivery.pickupAddress)}</strong></p>`
      : "";
  const address = delivery?.address
    ? `<p>${esc(t("buyer.addressLabel"))}: <strong>${esc(addressText(delivery.address))}</strong></p>${
        delivery.address.postalCode ? `<p>${esc(t("buyer.postalCode"))}: <strong>${esc(delivery.address.postalCode)}</strong></p>` : ""
      }${delivery.address.reference ? `<p>${esc(t("buyer.referenceLabel"))}: ${esc(delivery.address.reference)}</p>` : ""}`
    : "";
  const storeLink = store.username ? `<a href="${esc(storePath(store.username))}">${esc(store.name)}</a>` : esc(store.name);
  const contact = store.phone
    ? `<a class="btn wa" href="${esc(`${whatsappContactUrl(store.phone)}?text=${encodeURIComponent(t("orderPage.writeMessage", { store: store.name, code: order.code }))}`)}" rel="noopener noreferrer" target="_blank">${esc(t("orderPage.writeStore"))}</a>`
    : "";
  const dead = order.status === "cancelado" ? "orderPage.noPayCancelled" : closedUntil ? "orderPage.noPayClosed" : null;
  const pay = dead ? { html: noPaymentBlock(dead, shop), copies: false } : paymentBlock(order.payment, order, shop);
  return [
    head(t("orderPage.title", { code: order.code, store: store.name }), shop.locale),
    "<body>",
    '<header class="top"><div class="wrap head">',
    store.imageUrl
      ? `<img class="logo" src="${esc(store.imageUrl)}" alt="${esc(t("store.logoAlt", { store: store.name }))}" width="72" height="72">`
      : `<span class="logo initial" aria-hidden="true">${esc(store.name.trim().charAt(0).toUpperCase() || "T")}</span>`,
    `<div class="id"><p class="meta">${esc(t("orderPage.yourOrderIn"))}</p><p class="store-name"><strong>${storeLink}</strong></p></div>`,
    "</div></header>",
    '<main class="wrap order">',
    `<div><h1>${esc(t("orderPage.heading", { code: order.code }))}</h1><p class="when">${esc(t("orderPage.madeOn", { date: when(order.createdAt) }))}${order.buyer ? ` · ${esc(t("orderPage.inNameOf", { name: order.buyer.name }))}` : ""}</p></div>`,
    closedUntil ? closedStoreBlock(closedUntil, new Intl.DateTimeFormat(shop.locale, { dateStyle: "long", timeZone }), shop) : "",
    statusBlock(order, when, shop),
    `<section class="box"><h2>${esc(t("orderPage.items"))}</h2><ul class="items">${items}</ul><dl class="sum">${sums}${total}</dl></section>`,
    `<section class="box"><h2>${esc(t("orderPage.delivery"))}</h2><p>${esc(deliveryText)}</p>${pickup}${address}${order.buyer?.note ? `<p class="when">${esc(t("orderPage.yourNote", { note: order.buyer.note }))}</p>` : ""}</section>`,
    pay.html,
    contact,
    "</main>",
    `<footer class="foot">${store.username ? withdrawalLink({ username: store.username, countryCode: store.countryCode ?? null }, shop) : ""}<p>${esc(t("store.madeWith"))} <a href="/">Vidriera</a></p></footer>`,
    pay.copies ? `<script>${orderScript}</script>` : "",
    "</body></html>",
  ].join("");
}

function missing(): Response {
  const page = [
    head("Pedido no encontrado", "es-AR"),
    '<body><main class="wrap missing"><h1>Pedido no encontrado</h1>',
    `<p>${esc(ORDER_PAGE_MISSING)}</p>`,
    "</main></body></html>",
  ].join("");
  return new Response(page, { status: 404, headers: headers() });
}

/**
 * The order of a buyer's link and the shop database holding it. A link names no shop, so each shop database
 * is asked in turn (one lookup on the unique token index each; today only `DB`).
 */
async function findOrderByToken(env: Env["Bindings"], token: string): Promise<{ order: OrderRow; shopDb: ShopDb } | undefined> {
  for (const shopDb of everyShopDatabase(env)) {
    const order = await shopDb.select().from(orders).where(eq(orders.token, token)).get();
    if (order) return { order, shopDb };
  }
  return undefined;
}

async function orderPage(c: Context<Env>): Promise<Response> {
  const token = c.req.param("token") ?? "";
  if (!TOKEN.test(token)) return missing();
  try {
    const db = database(c.env.DB);
    const found = await findOrderByToken(c.env, token);
    // The store from the global database, the order from its shop's.
    const seller = found
      ? await db
          .select({
            name: users.name,
            username: users.username,
            phone: users.phone,
            imageUrl: users.imageUrl,
            countryCode: users.countryCode,
            deletedAt: users.deletedAt,
          })
          .from(users)
          .where(eq(users.id, found.order.sellerId))
          .get()
      : undefined;
    const row = found && seller ? { order: found.order, store: seller } : undefined;
    if (!row) return missing();
    if (row.store.deletedAt) {
      // A deleted store's open orders keep their page a while, with the store's contact as it was (worker/lib/account-deletion.ts).
      const until = row.order.keptUntil;
      if (!until || until.getTime() <= Date.now()) return missing();
      const phone = row.order.keptStorePhone ?? "";
      const kept = { name: row.order.keptStoreName || "Tienda", username: null, phone, imageUrl: null };
      const zone = storeTimeZone({ phone, countryCode: null });
      // The store's settings went with its account: the order reads in the locale and money it was placed in
      // (Argentine Spanish and pesos for orders from before orders kept them).
      const keptLocale = row.order.locale && STORE_LOCALES.includes(row.order.locale) ? row.order.locale : "es-AR";
      const keptMoney = row.order.currency ? storeMoney(row.order.currency, keptLocale) : ARS_MONEY;
      return new Response(renderOrderPage(toOrder(row.order), kept, zone, shopText(keptLocale, keptMoney), until), { headers: headers() });
    }
    const store = {
      name: row.store.name || row.store.username || "Tienda",
      username: row.store.username,
      phone: row.store.phone ?? "",
      imageUrl: row.store.imageUrl?.startsWith("/img/") ? row.store.imageUrl : null,
      countryCode: row.store.countryCode,
    };
    const zone = storeTimeZone(row.store);
    const locale = (await readStoreLocale(db, row.order.sellerId, found!.shopDb))!;
    // Its amounts are in the money it was placed in, even if the store sells in another one now.
    const money = row.order.currency ? storeMoney(row.order.currency, locale.locale) : ARS_MONEY;
    const shop = shopText(locale.locale, money);
    return new Response(renderOrderPage(toOrder(row.order), store, zone, shop), { headers: headers() });
  } catch (err) {
    log("error", "order page failed", { requestId: c.get("requestId"), error: errorName(err) });
    return new Response("Error al cargar el pedido", { status: 500, headers: headers() });
  }
}

/** /pedido/:token, the buyer's page (see the top of this file). */
export const orderPages = new Hono<Env>().get("/:token", orderPage);
