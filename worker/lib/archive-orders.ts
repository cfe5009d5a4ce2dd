import { type ArchivedOrder, type ArchiveLine, gunzipLines, gzipLines } from "../../common/ledger-archive";
import { FINAL_ORDER_SQL } from "../db/schema";
import type { Bindings } from "../env";
import { type ArchiveOptions, archivedLines, commitArchive, runArchival } from "./archive";
import { ORDERS_LISTED, type OrderRow } from "./orders";

/**
 * The archival of finished orders, beside the generations' and batches' (archive.ts, archive-batches.ts): an
 * order delivered or cancelled (FINAL_STATUSES: no move leaves them) whose stock is settled (a cancelled one
 * that took stock gave it back), placed before archiveCutoff and not among the seller's latest ORDERS_LISTED
 * (what the orders screen lists), moves with its lines (a JSON column of the row) to the DATA bucket, one object
 * per seller, month and chunk (archive/<userId>/<YYYY-MM>/orders-<run>-<n>.ndjson.gz). No money moves with it.
 *
 * The object first; then ONE D1 batch writes the summary row in order_archives, counting the orders that are
 * still in the status they were read in, and deletes exactly those. The summary refuses to be written (its
 * count is NOT NULL) unless every order of the object is still there in that status, so a parallel run or a
 * status changed meanwhile makes the whole batch apply nothing: the rows stay, the object is deleted, and the
 * next run takes them as they are then.
 *
 * A deleted account's archived orders forget their buyers' data as its orders in D1 do (forgetArchivedOrders).
 */
const MAX_ORDERS_PER_OBJECT = 100;

/** Delivered, or cancelled without stock left to give back. */
const SETTLED = "(status = 'entregado' OR stock_taken_at IS NULL OR stock_returned_at IS NOT NULL)";

/**
 * The orders the archival may take, oldest first from `after` (?2, ?3), placed before the cutoff (?1), through
 * the partial index orders_final_created_idx (its condition is repeated word for word so SQLite uses it).
 */
export const ARCHIVABLE_ORDERS_SQL = `SELECT o.id, o.seller_id, o.created_at FROM orders o
  WHERE ${FINAL_ORDER_SQL} AND o.created_at < ?1 AND (o.created_at > ?2 OR (o.created_at = ?2 AND o.id > ?3))
    AND ${SETTLED}
    AND (o.created_at, o.id) < (SELECT k.created_at, k.id FROM orders k WHERE k.seller_id = o.seller_id
                                ORDER BY k.created_at DESC, k.id DESC LIMIT 1 OFFSET ${ORDERS_LISTED - 1})
  ORDER BY o.created_at, o.id LIMIT ?4`;

export const orderArchiveKey = (userId: string, month: string, run: string, n: number) =>
  `archive/${userId}/${month}/orders-${run}-${n}.ndjson.gz`;

type OrderDbRow = {
  id: string;
  seller_id: string;
  code: string;
  lines: string;
  total: number;
  subtotal: number | null;
  buyer_name: string | null;
  delivery: string | null;
  note: string | null;
  buyer_phone: string | null;
  delivery_zone: string | null;
  delivery_cost: number | null;
  pickup_address: string | null;
  delivery_street: string | null;
  delivery_locality: string | null;
  delivery_reference: string | null;
  delivery_postal_code: string | null;
  payment_method: string | null;
  payment_details: string | null;
  currency: string | null;
  locale: string | null;
  token: string | null;
  status: string;
  history: string;
  created_at: number;
  stock_taken_at: number | null;
  stock_returned_at: number | null;
  coupon_code: string | null;
  coupon_kind: string | null;
  discount: number | null;
  coupon_id: string | null;
  coupon_returned_at: number | null;
};

const orderLine = (o: OrderDbRow): ArchivedOrder => ({
  kind: "order",
  id: o.id,
  userId: o.seller_id,
  code: o.code,
  lines: JSON.parse(o.lines) as ArchivedOrder["lines"],
  total: o.total,
  subtotal: o.subtotal,
  buyerName: o.buyer_name,
  delivery: o.delivery,
  note: o.note,
  buyerPhone: o.buyer_phone,
  deliveryZone: o.delivery_zone,
  deliveryCost: o.delivery_cost,
  pickupAddress: o.pickup_address,
  deliveryStreet: o.delivery_street,
  deliveryLocality: o.delivery_locality,
  deliveryReference: o.delivery_reference,
  deliveryPostalCode: o.delivery_postal_code,
  paymentMethod: o.payment_method,
  paymentDetails: o.payment_details,
  currency: o.currency,
  locale: o.locale,
  token: o.token,
  status: o.status,
  history: JSON.parse(o.history) as ArchivedOrder["history"],
  createdAt: o.created_at,
  stockTakenAt: o.stock_taken_at,
  stockReturnedAt: o.stock_returned_at,
  ...(o.coupon_code
    ? {
        coupon: {
          id: o.coupon_id,
          code: o.coupon_code,
          kind: o.coupon_kind ?? "percent",
          discount: o.discount ?? 0,
          returnedAt: o.coupon_returned_at,
        },
      }
    : {}),
});

/** Archives up to `maxChunks` chunks of `chunk` candidate orders; answers how many orders and objects. */
export async function archiveOldOrders(env: Pick<Bindings, "DB" | "DATA">, options: ArchiveOptions = {}) {
  const run = crypto.randomUUID().slice(0, 8);
  return runArchival(
    env,
    {
      label: "archive orders",
      sql: ARCHIVABLE_ORDERS_SQL,
      sellerOf: (order: { id: string; seller_id: string; created_at: number }) => order.seller_id,
      perObject: MAX_ORDERS_PER_OBJECT,
      options,
      // Each object costs an R2 write and two D1 calls.
      defaults: { chunk: 500, maxChunks: 10, maxObjects: 50 },
      nothing: { orders: 0 },
    },
    async ({ userId, month, rows }, n) => {
      const outcome = await archiveOrderChunk(
        env,
        userId,
        month,
        rows.map((o) => o.id),
        orderArchiveKey(userId, month, run, n),
      );
      return outcome === "refused" ? outcome : { orders: outcome };
    },
  );
}

/**
 * One object and its D1 batch: the orders moved, or "refused" when one is gone or changed meanwhile. The orders
 * are found by their ids (`+seller_id` keeps SQLite from reading all the seller's orders through its index instead).
 */
async function archiveOrderChunk(env: Pick<Bindings, "DB" | "DATA">, userId: string, month: string, orderIds: string[], objectKey: string) {
  const { results: orders } = await env.DB.prepare(
    `SELECT * FROM orders WHERE id IN (SELECT value FROM json_each(?1)) AND +seller_id = ?2 AND ${FINAL_ORDER_SQL} AND ${SETTLED}
     ORDER BY created_at, id`,
  )
    .bind(JSON.stringify(orderIds), userId)
    .all<OrderDbRow>();
  if (orders.length === 0) return "refused" as const;
  // Each order with the status it was read in: only that row, still in that status, is deleted. Its token too: an
  // account deleted meanwhile forgets its buyers' data (token included), and the object must not keep it.
  const read = JSON.stringify(orders.map((o) => [o.id, o.status, o.token ?? ""]));
  const same = `(id, status, coalesce(token, '')) IN (
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?1)) AND ${SETTLED}`;
  const outcome = await commitArchive(
    env,
    objectKey,
    orders.map(orderLine),
    [
      env.DB.prepare(
        `INSERT INTO order_archives (object_key, user_id, month, orders, total_sum)
         SELECT ?2, ?3, ?4, CASE WHEN COUNT(*) = ?5 THEN COUNT(*) END, COALESCE(SUM(total), 0) FROM orders
         WHERE id IN (SELECT json_extract(value, '$[0]') FROM json_each(?1)) AND +seller_id = ?3 AND ${same}`,
      ).bind(read, objectKey, userId, month, orders.length),
      env.DB.prepare(`DELETE FROM orders WHERE id IN (SELECT json_extract(value, '$[0]') FROM json_each(?1)) AND ${same}`).bind(read),
    ],
    /NOT NULL constraint failed: order_archives\.orders/,
  );
  return outcome === "refused" ? outcome : orders.length;
}

/**
 * A seller's archived orders, read back from the objects order_archives names, in the shape D1 gives them
 * (the export lists them with the ones still in D1).
 */
export async function archivedOrderRows(env: Pick<Bindings, "DB" | "DATA">, userId: string): Promise<OrderRow[]> {
  const lines: ArchiveLine[] = await archivedLines(env, "order_archives", userId);
  return lines
    .filter((l): l is ArchivedOrder => l.kind === "order")
    .map((o) => ({
      id: o.id,
      sellerId: o.userId,
      code: o.code,
      lines: JSON.stringify(o.lines),
      total: o.total,
      subtotal: o.subtotal,
      buyerName: o.buyerName,
      delivery: o.delivery as OrderRow["delivery"],
      note: o.note,
      buyerPhone: o.buyerPhone,
      deliveryZone: o.deliveryZone,
      deliveryCost: o.deliveryCost,
      pickupAddress: o.pickupAddress,
      deliveryStreet: o.deliveryStreet,
      deliveryLocality: o.deliveryLocality,
      deliveryReference: o.deliveryReference,
      // Archived before orders kept a postal code: none.
      deliveryPostalCode: o.deliveryPostalCode ?? null,
      paymentMethod: o.paymentMethod as OrderRow["paymentMethod"],
      paymentDetails: o.paymentDetails,
      currency: o.currency,
      locale: o.locale,
      token: o.token,
      status: o.status as OrderRow["status"],
      history: JSON.stringify(o.history),
      createdAt: new Date(o.createdAt),
      stockTakenAt: o.stockTakenAt === null ? null : new Date(o.stockTakenAt),
      stockReturnedAt: o.stockReturnedAt === null ? null : new Date(o.stockReturnedAt),
      couponCode: o.coupon?.code ?? null,
      couponKind: (o.coupon?.kind ?? null) as OrderRow["couponKind"],
      discount: o.coupon?.discount ?? null,
      couponId: o.coupon?.id ?? null,
      couponReturnedAt: o.coupon?.returnedAt == null ? null : new Date(o.coupon.returnedAt),
      keptStoreName: null,
      keptStorePhone: null,
      keptUntil: null,
    }));
}

/**
 * When a seller deletes their account: the archived orders keep only their accounting data, as the ones in D1
 * do (worker/lib/account-deletion.ts). Each object is written again without the buyer's name, WhatsApp, note,
 * the way-to-pay details, the pick-up address and the private link; its summary (count, totals) still holds.
 */
export async function forgetArchivedOrders(env: Pick<Bindings, "DB" | "DATA">, userId: string): Promise<void> {
  const { results } = await env.DB.prepare("SELECT object_key FROM order_archives WHERE user_id = ?1")
    .bind(userId)
    .all<{ object_key: string }>();
  for (const { object_key } of results) {
    const object = await env.DATA.get(object_key);
    if (!object) continue;
    const lines = (await gunzipLines(await object.arrayBuffer())).map((line) =>
      line.kind === "order"
        ? { ...line, buyerName: null, buyerPhone: null, note: null, paymentDetails: null, pickupAddress: null, token: null }
        : line,
    );
    await env.DATA.put(object_key, await gzipLines(lines), {
      httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" },
    });
  }
}
