/**
 * The store's customers, read from its orders (worker/lib/orders.ts keeps them): one row per buyer, found by
 * the WhatsApp they gave or, without one, by the name they typed. A buyer may ask the store to forget them:
 * their name, WhatsApp, address and notes are erased from every order of theirs in one statement, which holds
 * only while none of those orders is still in progress (an order on its way needs its address).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Customer } from "../../common/customers";
import { FINAL_STATUSES } from "../../common/order-status";
import { formatWhatsappNumber } from "../../common/phone";
import type { Db } from "../db/client";
import { orders } from "../db/schema";
import { ApiError } from "./errors";

export const CUSTOMER_NOT_FOUND = "No encontramos ese cliente en tus pedidos.";
export const CUSTOMER_HAS_OPEN_ORDERS =
  "Este cliente tiene pedidos en curso: entrégalos o cancélalos antes de borrar sus datos, así no pierdes su dirección.";

/** The buyer of an order, as the customer list groups them. */
const buyerKey = sql<string>`coalesce(${orders.buyerPhone}, 'n:' || lower(trim(${orders.buyerName})))`;
const finalStatuses = sql.raw(FINAL_STATUSES.map((s) => `'${s}'`).join(", "));

interface Group {
  key: string;
  currency: string | null;
  name: string;
  phone: string | null;
  orders: number;
  open: number;
  spent: number;
  last: number;
  lastCode: string;
}

/** Every buyer of the seller's orders (those still in the database), latest buyer first. */
export async function listCustomers(shopDb: Db, sellerId: string): Promise<Customer[]> {
  // SQLite: with max(), the bare columns (name, phone, code) come from the row that holds the maximum, so each
  // group shows the name and number of the buyer's latest order.
  const groups = await shopDb.all<Group>(sql`
    SELECT ${buyerKey} AS key, ${orders.currency} AS currency, ${orders.buyerName} AS name, ${orders.buyerPhone} AS phone,
           count(*) AS orders,
           sum(${orders.status} NOT IN (${finalStatuses})) AS open,
           coalesce(sum(CASE WHEN ${orders.status} != 'cancelado' THEN ${orders.total} END), 0) AS spent,
           max(${orders.createdAt}) AS last, ${orders.code} AS lastCode
    FROM ${orders}
    WHERE ${orders.sellerId} = ${sellerId} AND ${orders.buyerName} IS NOT NULL
    GROUP BY key, currency`);
  const customers = new Map<string, Customer & { lastAt: number }>();
  for (const g of groups.sort((a, b) => b.last - a.last)) {
    const currency = g.currency ?? "ARS";
    const known = customers.get(g.key);
    if (!known) {
      const digits = g.phone?.replace(/\D/g, "");
      customers.set(g.key, {
        key: g.key,
        name: g.name,
        whatsapp: digits ? { digits, label: formatWhatsappNumber(g.phone) } : null,
        orders: g.orders,
        openOrders: g.open,
        spent: g.spent > 0 ? [{ currency, amount: g.spent }] : [],
        lastOrderAt: new Date(g.last).toISOString(),
        lastOrderCode: g.lastCode,
        lastAt: g.last,
      });
      continue;
    }
    known.orders += g.orders;
    known.openOrders += g.open;
    if (g.spent > 0) known.spent.push({ currency, amount: g.spent });
  }
  return [...customers.values()]
    .sort((a, b) => b.lastAt - a.lastAt)
    .map(({ lastAt: _, ...customer }) => ({ ...customer, spent: customer.spent.sort((a, b) => b.amount - a.amount) }));
}

/**
 * Erases what identifies a buyer from every order of theirs: name, WhatsApp, address, reference and note (the
 * lines, amounts and statuses stay, for the store's accounts). Refused (409) while one of their orders is still
 * in progress, checked in the same statement that erases. Answers how many orders were erased.
 */
export async function forgetCustomer(shopDb: Db, sellerId: string, key: string): Promise<number> {
  const theirs = and(eq(orders.sellerId, sellerId), sql`${buyerKey} = ${key}`);
  const erased = await shopDb
    .update(orders)
    .set({ buyerName: null, buyerPhone: null, deliveryStreet: null, deliveryLocality: null, deliveryReference: null, note: null })
    .where(
      and(
        theirs,
        sql`NOT EXISTS (SELECT 1 FROM ${orders} AS o WHERE o.seller_id = ${sellerId}
              AND coalesce(o.buyer_phone, 'n:' || lower(trim(o.buyer_name))) = ${key}
              AND o.status NOT IN (${finalStatuses}))`,
      ),
    )
    .returning({ id: orders.id });
  if (erased.length) return erased.length;
  const left = await shopDb.select({ status: orders.status }).from(orders).where(theirs);
  if (!left.length) throw new ApiError(404, CUSTOMER_NOT_FOUND);
  if (left.some((o) => !(FINAL_STATUSES as readonly string[]).includes(o.status))) throw new ApiError(409, CUSTOMER_HAS_OPEN_ORDERS);
  return 0;
}
