/**
 * 'Estadísticas' per discount code: the orders of the last 30 days that used each code and what it took off,
 * read from the shop's own orders (each keeps its code, discount and currency), so the figures are exact.
 * A cancelled order used nothing. Amounts stay per currency: a store that changed its money has one row per
 * code and currency, never one sum of two moneys.
 */
import { and, count, desc, eq, gte, isNotNull, ne, sql, sum } from "drizzle-orm";
import type { CouponFigure } from "../../common/store-stats";
import type { Db } from "../db/client";
import { orders } from "../db/schema";

const LISTED = 10;
const DAYS = 30;

export async function couponFigures(shopDb: Db, sellerId: string, now = Date.now()): Promise<CouponFigure[]> {
  const currency = sql<string>`coalesce(${orders.currency}, 'ARS')`;
  const rows = await shopDb
    .select({ code: orders.couponCode, currency, orders: count(), discount: sum(orders.discount) })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        isNotNull(orders.couponCode),
        ne(orders.status, "cancelado"),
        gte(orders.createdAt, new Date(now - DAYS * 24 * 60 * 60 * 1000)),
      ),
    )
    .groupBy(orders.couponCode, currency)
    .orderBy(desc(count()), orders.couponCode)
    .limit(LISTED);
  return rows.map((r) => ({ code: r.code!, currency: r.currency, orders: r.orders, discount: Number(r.discount ?? 0) }));
}
