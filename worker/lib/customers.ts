/**
 * The store's customers, read from its orders (worker/lib/orders.ts keeps them): one row per buyer, found by
 * the WhatsApp they gave or, without one, by the name they typed. A buyer may ask the store to forget them:
 * their name, WhatsApp, address and notes are erased from every order of theirs in one statement, which holds
 * only while none of those orders is still in progress (an order on its way needs its address).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
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

/** What of an order the customer list reads (an order row of D1, or one the archival moved to R2). */
export interface CustomerOrder {
  buyerName: string | null;
  buyerPhone: string | null;
  currency: string | null;
  status: string;
  total: number;
  code: string;
  createdAt: Date;
}

/** The buyer an order belongs to, as `buyerKey` computes it in SQL (SQLite's trim of spaces, lower of ASCII only). */
export function customerKey(order: Pick<CustomerOrder, "buyerName" | "buyerPhone">): string | null {
  if (order.buyerPhone) return order.buyerPhone;
  if (order.buyerName === null) return null;
  return `n:${order.buyerName.replace(/^ +| +$/g, "").replace(/[A-Z]/g, (c) => c.toLowerCase())}`;
}

const FINAL: readonly string[] = FINAL_STATUSES;

/** Groups orders into customers, latest buyer first: the one rule for 'Clientes' and the export's clientes.csv. */
export function customersOf(list: readonly CustomerOrder[]): Customer[] {
  const customers = new Map<string, Customer>();
  // Newest first, so each buyer's name and number are those of their latest order.
  for (const o of [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const key = customerKey(o);
    if (key === null || o.buyerName === null) continue;
    let customer = customers.get(key);
    if (!customer) {
      const digits = o.buyerPhone?.replace(/\D/g, "");
      customer = {
        key,
        name: o.buyerName,
        whatsapp: digits ? { digits, label: formatWhatsappNumber(o.buyerPhone) } : null,
        orders: 0,
        openOrders: 0,
        spent: [],
        lastOrderAt: o.createdAt.toISOString(),
        lastOrderCode: o.code,
      };
      customers.set(key, customer);
    }
    customer.orders++;
    if (!FINAL.includes(o.status)) customer.openOrders++;
    if (o.status === "cancelado") continue;
    const currency = o.currency ?? "ARS";
    const spend = customer.spent.find((s) => s.currency === currency);
    if (spend) spend.amount += o.total;
    else customer.spent.push({ currency, amount: o.total });
  }
  return [...customers.values()].map((c) => ({ ...c, spent: c.spent.sort((a, b) => b.amount - a.amount) }));
}

/** Every buyer of the seller's orders still in the database, latest buyer first. */
export async function listCustomers(shopDb: Db, sellerId: string): Promise<Customer[]> {
  const rows = await shopDb
    .select({
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      currency: orders.currency,
      status: orders.status,
      total: orders.total,
      code: orders.code,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), isNotNull(orders.buyerName)));
  return customersOf(rows);
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
