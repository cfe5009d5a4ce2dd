/**
 * /pedido/<token>: the buyer's page of one order, reached only through its
 * private link (256 random bits; no list, no search, no account). It shows
 * that order and its store and nothing else: the lines, the delivery, how to
 * pay and where the order is. Never indexed, never cached, and the link is
 * not passed on as a referrer to the pages it links to.
 */
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { orderCss, orderCssHash, storeCss, storeCssHash } from "virtual:store-assets";
import { renderSVG } from "uqr";
import { deliveryCostText, type PaymentDetails, payMethodOf } from "../../common/checkout";
import { shopText } from "../../common/i18n";
import { statusPath } from "../../common/order-status";
import { payDetailRows, pixCode } from "../../common/pay-details";
import { localVariantLabel, type ShopText } from "../../common/shop-text";
import { storePath } from "../../common/store";
import { deliveryName, type Order } from "../../common/store-cart";
import { storeTimeZone } from "../../common/store-stats";
import { formatPrice } from "../../common/store-money";
import { database } from "../db/client";
import { orders, users } from "../db/schema";
import type { Env } from "../env";
import { errorName, log } from "../lib/log";
import { toOrder } from "../lib/orders";
import { readStoreLocale } from "../lib/store-locale";
import { esc } from "../lib/html";
import { whatsappContactUrl } from "./render";

export const ORDER_PAGE_MISSING = "Este pedido no existe o su enlace está incompleto. Revisa el enlace que te mandó la tienda.";

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The page runs no script and shows only our own images; it may be framed by nobody. */
const ORDER_CSP = [
  "default-src 'none'",
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
 * "Pix copia e cola" for the order's total and code: the text to paste in the bank's app, selectable
 * (the page runs no script), and the same code as a QR to scan from another phone.
 */
function pixBlock(code: string, amount: string, shop: ShopText): string {
  const qr = renderSVG(code, { ecc: "M", border: 4, pixelSize: 4, whiteColor: "#ffffff", blackColor: "#000000" }).replace(
    "<svg ",
    `<svg role="img" aria-label="${esc(shop.t("pay.pixQr", { amount }))}" `,
  );
  return [
    '<div class="pix">',
    `<label for="pix-code">${esc(shop.t("pay.pixCode"))}</label>`,
    `<textarea id="pix-code" class="pix-code" readonly rows="4" spellcheck="false">${esc(code)}</textarea>`,
    `<div class="pix-qr">${qr}</div>`,
    "</div>",
  ].join("");
}

function paymentBlock(order: Order, shop: ShopText): string {
  const { t } = shop;
  const payment: PaymentDetails | null = order.payment;
  if (!payment) {
    return `<section class="box"><h2>${esc(t("pay.title"))}</h2><p>${esc(t("pay.storeWillTell"))}</p></section>`;
  }
  const method = payMethodOf(payment);
  const pixOrder = { total: order.total, code: order.code, currency: shop.money.currency };
  // The Pix code gets its own block below; the other details are rows.
  const rows: [string, string][] = [[t("pay.method"), t(`pay.${method.kind}`)], ...payDetailRows(method, t)];
  const list = `<dl class="pay">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`;
  const link =
    method.kind === "mercadopago"
      ? `<p class="pay-link"><a class="btn" href="${esc(method.link)}" rel="noopener noreferrer" target="_blank">${esc(t("pay.withMercadoPago"))}</a></p>`
      : "";
  const pix = method.kind === "pix" ? pixBlock(pixCode(method, pixOrder), formatPrice(order.total, shop.money), shop) : "";
  return `<section class="box"><h2>${esc(t("pay.title"))}</h2>${list}${pix}${link}</section>`;
}

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

/** The buyer's page in the store's language and money (an Argentine store's reads as it always has). */
export function renderOrderPage(order: Order, store: PageStore, timeZone: string, shop: ShopText): string {
  const { t } = shop;
  const price = (minor: number) => formatPrice(minor, shop.money);
  const format = new Intl.DateTimeFormat(shop.locale, { dateStyle: "long", timeStyle: "short", timeZone });
  const when = (iso: string) => format.format(new Date(iso));
  const items = order.lines
    .map(
      (l) =>
        `<li><span>${esc(localVariantLabel(shop, l.name, l.color, l.size))} × ${l.quantity}</span><span>${l.unitPrice > 0 ? price(l.unitPrice * l.quantity) : esc(t("orderPage.askPrice"))}</span></li>`,
    )
    .join("");
  const delivery = order.delivery;
  const toAgree = delivery?.kind === "envio" && delivery.cost === null;
  const sums = [
    ...(delivery ? [[t("cart.subtotal"), price(order.subtotal)]] : []),
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
  const storeLink = store.username ? `<a href="${esc(storePath(store.username))}">${esc(store.name)}</a>` : esc(store.name);
  const contact = store.phone
    ? `<a class="btn wa" href="${esc(`${whatsappContactUrl(store.phone)}?text=${encodeURIComponent(t("orderPage.writeMessage", { store: store.name, code: order.code }))}`)}" rel="noopener noreferrer" target="_blank">${esc(t("orderPage.writeStore"))}</a>`
    : "";
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
    statusBlock(order, when, shop),
    `<section class="box"><h2>${esc(t("orderPage.items"))}</h2><ul class="items">${items}</ul><dl class="sum">${sums}${total}</dl></section>`,
    `<section class="box"><h2>${esc(t("orderPage.delivery"))}</h2><p>${esc(deliveryText)}</p>${pickup}${order.buyer?.note ? `<p class="when">${esc(t("orderPage.yourNote", { note: order.buyer.note }))}</p>` : ""}</section>`,
    paymentBlock(order, shop),
    contact,
    "</main>",
    `<footer class="foot">${esc(t("store.madeWith"))} <a href="/">Vidriera</a></footer>`,
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

async function orderPage(c: Context<Env>): Promise<Response> {
  const token = c.req.param("token") ?? "";
  if (!TOKEN.test(token)) return missing();
  try {
    const db = database(c.env.DB);
    const row = await db
      .select({
        order: orders,
        store: {
          name: users.name,
          username: users.username,
          phone: users.phone,
          imageUrl: users.imageUrl,
          countryCode: users.countryCode,
          deletedAt: users.deletedAt,
        },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.sellerId))
      .where(eq(orders.token, token))
      .get();
    // A deleted store's orders stay for its accounts, not for anyone holding a link.
    if (!row || row.store.deletedAt) return missing();
    const store = {
      name: row.store.name || row.store.username || "Tienda",
      username: row.store.username,
      phone: row.store.phone ?? "",
      imageUrl: row.store.imageUrl?.startsWith("/img/") ? row.store.imageUrl : null,
    };
    const zone = storeTimeZone(row.store);
    const locale = await readStoreLocale(db, row.order.sellerId);
    const shop = shopText(locale!.locale, locale!.money);
    return new Response(renderOrderPage(toOrder(row.order), store, zone, shop), { headers: headers() });
  } catch (err) {
    log("error", "order page failed", { requestId: c.get("requestId"), error: errorName(err) });
    return new Response("Error al cargar el pedido", { status: 500, headers: headers() });
  }
}

/** /pedido/:token, the buyer's page (see the top of this file). */
export const orderPages = new Hono<Env>().get("/:token", orderPage);
