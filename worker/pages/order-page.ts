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
import { cbuKind } from "../../common/bank-account";
import { deliveryCostText, PAYMENT_LABELS, type PaymentDetails } from "../../common/checkout";
import { BUYER_STATUS_TEXT, ORDER_STATUS_LABELS, statusPath } from "../../common/order-status";
import { SHOPPER_TEXT } from "../../common/shopper-text";
import { formatArs, storePath } from "../../common/store";
import { addressText, DELIVERY_LABELS, deliveryLine, productCodeLabel, type Order } from "../../common/store-cart";
import { storeTimeZone } from "../../common/store-stats";
import { variantLabel } from "../../common/variants";
import { database } from "../db/client";
import { orders, users } from "../db/schema";
import type { Env } from "../env";
import { errorName, log } from "../lib/log";
import { toOrder } from "../lib/orders";
import { esc } from "../lib/html";
import { whatsappContactUrl } from "./render";

export const ORDER_PAGE_MISSING = "Este pedido no existe o su enlace está incompleto. Revisa el enlace que te mandó la tienda.";

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
}

function head(title: string): string {
  return [
    '<!doctype html><html lang="es-AR"><head><meta charset="utf-8">',
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
function copyable(id: string, shown: string, copied: string, what: string, done: string): string {
  return `<span id="${id}">${esc(shown)}</span> <button type="button" class="copy" data-copy="${esc(copied)}" data-done="${esc(done)}" aria-describedby="${id}" hidden>${esc(SHOPPER_TEXT.copy)}<span class="sr"> ${esc(what)}</span></button>`;
}

function paymentBlock(payment: PaymentDetails | null, order: Order): string {
  if (!payment) {
    return '<section class="box"><h2>Cómo pagar</h2><p>La tienda te dirá por WhatsApp cómo pagar.</p></section>';
  }
  const rows: [string, string][] = [["Medio", esc(PAYMENT_LABELS[payment.method])]];
  if (payment.method === "transferencia") {
    if (payment.alias) rows.push(["Alias", copyable("pay-alias", payment.alias, payment.alias, "alias", SHOPPER_TEXT.copiedWhat("Alias"))]);
    if (payment.cbu) {
      const kind = cbuKind(payment.cbu);
      rows.push([kind, copyable("pay-cbu", payment.cbu, payment.cbu, kind, SHOPPER_TEXT.copiedWhat(kind))]);
    }
    rows.push(["Titular", esc(payment.holder)]);
    // The amount to send, as digits a bank's app takes; not while the delivery cost is still to be agreed.
    const toAgree = order.delivery?.kind === "envio" && order.delivery.cost === null;
    if (!toAgree) {
      const total = formatArs(order.total);
      rows.push([
        "Total",
        copyable("pay-total", total, String(Math.round(order.total)), SHOPPER_TEXT.totalLabel, SHOPPER_TEXT.copiedWhat("Total")),
      ]);
    }
  }
  const list = `<dl class="pay">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;
  const link =
    payment.method === "mercadopago"
      ? `<p class="pay-link"><a class="btn" href="${esc(payment.link)}" rel="noopener noreferrer" target="_blank">Pagar con Mercado Pago</a></p>`
      : "";
  const status = payment.method === "transferencia" ? '<p id="copy-status" class="copy-status" role="status"></p>' : "";
  return `<section class="box"><h2>Cómo pagar</h2>${list}${status}${link}</section>`;
}

function statusBlock(order: Order, when: (iso: string) => string): string {
  if (order.status === "cancelado") {
    const at = order.history.findLast((s) => s.status === "cancelado")?.at;
    return `<section class="box cancelled" aria-labelledby="estado"><h2 id="estado">Estado</h2><p class="news">${esc(BUYER_STATUS_TEXT.cancelado)}</p>${at ? `<p class="when">${esc(when(at))}</p>` : ""}</section>`;
  }
  const path = statusPath(order.delivery?.kind ?? order.buyer?.delivery ?? null);
  const reached = path.indexOf(order.status);
  const steps = path
    .map((status, i) => {
      const at = order.history.findLast((s) => s.status === status)?.at;
      const state = i === reached ? "now" : i < reached ? "done" : "";
      const current = i === reached ? ' aria-current="step"' : "";
      // A step the seller went past without marking (paid on delivery) is simply not dated.
      return `<li class="step ${state}"${current}><span>${esc(ORDER_STATUS_LABELS[status])}${at && i <= reached ? `<small>${esc(when(at))}</small>` : ""}</span></li>`;
    })
    .join("");
  return `<section class="box" aria-labelledby="estado"><h2 id="estado">Estado</h2><p class="news">${esc(BUYER_STATUS_TEXT[order.status])}</p><ol class="steps">${steps}</ol></section>`;
}

/**
 * The store deleted its account while this order was open: the buyer is told, with until when this page
 * stays and the store's WhatsApp (kept for that) to reach it.
 */
function closedStoreBlock(until: Date, format: Intl.DateTimeFormat): string {
  return `<section class="box" role="note" aria-labelledby="cerrada"><h2 id="cerrada">La tienda cerró su cuenta</h2><p>La tienda ya no vende en Vidriera, pero este pedido sigue siendo suyo: escríbele por WhatsApp para lo que falte (la entrega o la devolución de tu pago). Esta página estará disponible hasta el ${esc(format.format(until))}.</p></section>`;
}

export function renderOrderPage(order: Order, store: PageStore, timeZone: string, closedUntil: Date | null = null): string {
  const format = new Intl.DateTimeFormat("es-AR", { dateStyle: "long", timeStyle: "short", timeZone });
  const when = (iso: string) => format.format(new Date(iso));
  const items = order.lines
    .map(
      (l) =>
        `<li><span>${esc(variantLabel(l.name, l.color, l.size))} × ${l.quantity}${l.code ? ` <small class="code">${esc(productCodeLabel(l.code))}</small>` : ""}</span><span>${l.unitPrice > 0 ? formatArs(l.unitPrice * l.quantity) : "A consultar"}</span></li>`,
    )
    .join("");
  const delivery = order.delivery;
  const toAgree = delivery?.kind === "envio" && delivery.cost === null;
  const sums = [
    ...(delivery ? [["Subtotal", formatArs(order.subtotal)]] : []),
    ...(delivery ? [[deliveryLine(delivery).split(": ")[0]!, deliveryCostText(delivery)]] : []),
  ]
    .map(([k, v]) => `<dt>${esc(k!)}</dt><dd>${esc(v!)}</dd>`)
    .join("");
  const total = `<dt class="grand">Total</dt><dd class="grand">${formatArs(order.total)}${toAgree ? " + envío" : ""}</dd>`;
  const deliveryText = delivery
    ? `${DELIVERY_LABELS[delivery.kind]}${delivery.zone ? ` (${delivery.zone})` : ""}`
    : order.buyer
      ? DELIVERY_LABELS[order.buyer.delivery]
      : "A coordinar con la tienda";
  const pickup =
    delivery?.kind === "retiro" && delivery.pickupAddress ? `<p>Dónde retirarlo: <strong>${esc(delivery.pickupAddress)}</strong></p>` : "";
  const address = delivery?.address
    ? `<p>${esc(SHOPPER_TEXT.addressLabel)}: <strong>${esc(addressText(delivery.address))}</strong></p>${
        delivery.address.reference ? `<p>${esc(SHOPPER_TEXT.referenceLabel)}: ${esc(delivery.address.reference)}</p>` : ""
      }`
    : "";
  const storeLink = store.username ? `<a href="${esc(storePath(store.username))}">${esc(store.name)}</a>` : esc(store.name);
  const contact = store.phone
    ? `<a class="btn wa" href="${esc(`${whatsappContactUrl(store.phone)}?text=${encodeURIComponent(`¡Hola ${store.name}! Te escribo por mi pedido #${order.code}.`)}`)}" rel="noopener noreferrer" target="_blank">Escribir a la tienda por WhatsApp</a>`
    : "";
  return [
    head(`Pedido #${order.code} | ${store.name}`),
    "<body>",
    '<header class="top"><div class="wrap head">',
    store.imageUrl
      ? `<img class="logo" src="${esc(store.imageUrl)}" alt="Logo de ${esc(store.name)}" width="72" height="72">`
      : `<span class="logo initial" aria-hidden="true">${esc(store.name.trim().charAt(0).toUpperCase() || "T")}</span>`,
    `<div class="id"><p class="meta">Tu pedido en</p><p class="store-name"><strong>${storeLink}</strong></p></div>`,
    "</div></header>",
    '<main class="wrap order">',
    `<div><h1>Pedido #${esc(order.code)}</h1><p class="when">Hecho el ${esc(when(order.createdAt))}${order.buyer ? ` · a nombre de ${esc(order.buyer.name)}` : ""}</p></div>`,
    closedUntil ? closedStoreBlock(closedUntil, new Intl.DateTimeFormat("es-AR", { dateStyle: "long", timeZone })) : "",
    statusBlock(order, when),
    `<section class="box"><h2>Tu pedido</h2><ul class="items">${items}</ul><dl class="sum">${sums}${total}</dl></section>`,
    `<section class="box"><h2>Entrega</h2><p>${esc(deliveryText)}</p>${pickup}${address}${order.buyer?.note ? `<p class="when">Tu nota: ${esc(order.buyer.note)}</p>` : ""}</section>`,
    paymentBlock(order.payment, order),
    contact,
    "</main>",
    '<footer class="foot">Tienda creada con <a href="/">Vidriera</a></footer>',
    order.payment?.method === "transferencia" ? `<script>${orderScript}</script>` : "",
    "</body></html>",
  ].join("");
}

function missing(): Response {
  const page = [
    head("Pedido no encontrado"),
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
    if (!row) return missing();
    if (row.store.deletedAt) {
      // A deleted store's open orders keep their page a while, with the store's contact as it was (worker/lib/account-deletion.ts).
      const until = row.order.keptUntil;
      if (!until || until.getTime() <= Date.now()) return missing();
      const phone = row.order.keptStorePhone ?? "";
      const kept = { name: row.order.keptStoreName || "Tienda", username: null, phone, imageUrl: null };
      const zone = storeTimeZone({ phone, countryCode: null });
      return new Response(renderOrderPage(toOrder(row.order), kept, zone, until), { headers: headers() });
    }
    const store = {
      name: row.store.name || row.store.username || "Tienda",
      username: row.store.username,
      phone: row.store.phone ?? "",
      imageUrl: row.store.imageUrl?.startsWith("/img/") ? row.store.imageUrl : null,
    };
    const zone = storeTimeZone(row.store);
    return new Response(renderOrderPage(toOrder(row.order), store, zone), { headers: headers() });
  } catch (err) {
    log("error", "order page failed", { requestId: c.get("requestId"), error: errorName(err) });
    return new Response("Error al cargar el pedido", { status: 500, headers: headers() });
  }
}

/** /pedido/:token, the buyer's page (see the top of this file). */
export const orderPages = new Hono<Env>().get("/:token", orderPage);
