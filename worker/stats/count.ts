/**
 * Where the store's events are counted: a page served (from the edge cache or
 * rendered), a cart add the cart script reports, an order sent, an order's
 * status moved by the seller. Each builds its events from the request alone
 * and hands them to the engine after the answer (waitUntil): counting never
 * delays a shopper. The seller's own visits (their signed session cookie on
 * their own store, checked without D1) and obvious bots are left out.
 */
import type { Context } from "hono";
import type { OrderStatus } from "../../common/order-status";
import type { OrderLine } from "../../common/store-cart";
import type { Env } from "../env";
import { errorName, log } from "../lib/log";
import { orderLines } from "../lib/orders";
import { signedSession } from "../lib/sessions";
import { MAX_EVENTS_PER_REQUEST } from "./engine";
import { event, isObviousBot, isPrefetch, searchWords, type StoreEvent, visitOf } from "./events";
import { countingOff, statsEngine } from "./select";

/** Runs `work` after the answer; a caller without an execution context (a script) just lets it run. */
function afterAnswer(c: Context<Env>, work: Promise<void>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    void work;
  }
}

/** Whether the request carries the store owner's own signed session. */
async function isSellerOf(c: Context<Env>, storeId: string): Promise<boolean> {
  const session = await signedSession(c).catch(() => "invalid" as const);
  return typeof session !== "string" && session.userId === storeId;
}

function record(c: Context<Env>, storeId: string, events: StoreEvent[], { skipSeller }: { skipSeller: boolean }) {
  if (countingOff(c.env) || !events.length) return;
  afterAnswer(
    c,
    (async () => {
      try {
        if (skipSeller && (await isSellerOf(c, storeId))) return;
        await statsEngine(c.env).record(storeId, events.slice(0, MAX_EVENTS_PER_REQUEST));
      } catch (err) {
        // A lost count is not worth a shopper's error: it is logged and the page stays served.
        log("warn", "store event not counted", { requestId: c.get("requestId"), error: errorName(err) });
      }
    })(),
  );
}

/** Whether a person (not a crawler, a preview fetcher or a prefetch) made this request. */
const byPerson = (c: Context<Env>) => !isObviousBot(c.req.raw.headers) && !isPrefetch(c.req.raw.headers);

/**
 * A store page that was answered (200 from the cache or rendered, or a 304 to
 * a browser that still had it): a view, and on the first page of a search,
 * the search with whether it found anything (`results`, when known; a 304
 * repeats a search already counted, so it counts only the view).
 */
export function countStoreView(
  c: Context<Env>,
  page: {
    storeId: string;
    storePath: string;
    productId: string | null;
    search: { q: string; page: number } | null;
    results: number | null;
  },
) {
  if (c.req.method !== "GET" || !byPerson(c)) return;
  const visit = visitOf(new URL(c.req.url), c.req.raw.headers, page.storePath);
  const events = [event("view", { product: page.productId ?? "", ...visit })];
  if (page.search?.q && page.search.page === 1 && page.results !== null) {
    events.push(event("search", { words: searchWords(page.search.q), empty: page.results === 0 }));
  }
  record(c, page.storeId, events, { skipSeller: true });
}

/** 'Añadir al carrito' in a store, as the cart script reports it. */
export function countCartAdd(c: Context<Env>, storeId: string, productId: string) {
  if (!byPerson(c)) return;
  record(c, storeId, [event("cart", { product: productId })], { skipSeller: true });
}

/** Cart adds were refused this hour (the store's first refusal of it): the figure has a cap, and the seller is told. */
export function countCartAddsCapped(c: Context<Env>, storeId: string) {
  record(c, storeId, [event("cart_capped")], { skipSeller: false });
}

/** One event of `kind` per product of the lines: its units and amount, in the order the lines name them. */
function perProduct(kind: "order_line" | "cancelled_line", lines: OrderLine[], currency: string): StoreEvent[] {
  const byProduct = new Map<string, { units: number; amount: number }>();
  for (const line of lines) {
    const sum = byProduct.get(line.productId) ?? { units: 0, amount: 0 };
    sum.units += line.quantity;
    sum.amount += line.quantity * line.unitPrice;
    byProduct.set(line.productId, sum);
  }
  return [...byProduct].map(([product, sum]) => event(kind, { product, ...sum, currency }));
}

/**
 * An order saved before WhatsApp opens: the order with its total, and one
 * line per product (how many orders carried it and how many units). Counted
 * whoever sends it: an order is the seller's business even when they try
 * their own store. An order has at most 50 lines, well within the 250 points
 * Analytics Engine takes per request (MAX_EVENTS_PER_REQUEST), so every product counts.
 */
export function countOrderSent(c: Context<Env>, storeId: string, lines: OrderLine[], total: number, currency: string) {
  record(c, storeId, [event("order", { amount: total, currency }), ...perProduct("order_line", lines, currency)], { skipSeller: false });
}

/**
 * Every change of an order's status goes through here (nuevo → confirmado →
 * pagado → enviado / listo → entregado, or cancelado), once, by the request
 * that moved it: reaching 'confirmado' counts the order as confirmed with its
 * total (delivery included). A cancelled order is no sale: cancelling takes it
 * back from the orders sent and its products from the products ordered (the
 * same 24 its sending counted), and, when it had been confirmed (its stock
 * was taken then), its confirmation and money too.
 */
export function orderStatusChanged(
  c: Context<Env>,
  order: { sellerId: string; total: number; currency: string | null; stockTakenAt: Date | null; lines: string },
  next: OrderStatus,
) {
  // Each amount with its order's own currency: the report never adds one currency's amounts to another's.
  const currency = order.currency ?? "ARS";
  if (next === "confirmado") record(c, order.sellerId, [event("confirmed", { amount: order.total, currency })], { skipSeller: false });
  else if (next === "cancelado") {
    const confirmed = order.stockTakenAt !== null;
    const cancelled = event("cancelled", { units: confirmed ? 1 : 0, amount: confirmed ? order.total : 0, currency });
    record(c, order.sellerId, [cancelled, ...perProduct("cancelled_line", orderLines(order), currency)], { skipSeller: false });
  }
}
