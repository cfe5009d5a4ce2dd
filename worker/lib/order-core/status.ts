/**
 * Moving an order along its statuses (nuevo → confirmado → … or cancelado): the one way an order's status,
 * history and stock marks change. Confirming takes its units off stock and cancelling a confirmed order gives
 * them back, in the same batch as the move, which applies only from the status read: two tabs cannot both
 * move it, nor take or give stock twice. Cancelling an order that holds a discount code's use gives that use back,
 * once, in the same batch (a cancelled order is final, so the use is never claimed again).
 */
import { and, eq, sql } from "drizzle-orm";
import { moveProblem, type OrderStatus, type StatusStep } from "../../../common/order-status";
import { shortageText, type StockShortage } from "../../../common/store-cart";
import type { Db, ShopDb } from "../../db/client";
import { orders } from "../../db/schema";
import { returnCouponUse } from "../coupons";
import { ApiError } from "../errors";
import { orderLines, type OrderRow, shortagesOf } from "../orders";
import { writeAcross } from "../shop-writes";
import { isStockBelowZero, returnStock, takeStock } from "../stock";
import { storeChanged } from "../store-version";

export const ORDER_NOT_FOUND = "Pedido no encontrado.";
export const STOCK_SHORT_PREFIX = "No hay stock suficiente para confirmar este pedido:";
export const ORDER_MOVED_MEANWHILE = "El pedido cambió mientras tanto. Recarga la lista.";

/** The 409 of a refused confirmation: the message names what is short, `shortages` lets the card show it. */
function stockConflict(short: StockShortage[]): ApiError {
  const what = short.length ? short.map(shortageText).join("; ") : "otro pedido confirmado al mismo tiempo tomó ese stock";
  return new ApiError(409, `${STOCK_SHORT_PREFIX} ${what}. Ajusta el stock o cancela el pedido.`, { shortages: short });
}

async function shortages(shopDb: Db, order: OrderRow): Promise<StockShortage[]> {
  return (await shortagesOf(shopDb, order.sellerId, [order])).get(order.id) ?? [];
}

/**
 * Moves the seller's order `orderId` to `next`. Answers the order as it is after, and whether this call is
 * the one that moved it (two tabs moving it at once both succeed; only one counts it in the statistics).
 * The order and the stock are the shop's rows (`shopDb`); the store's version, renewed with the stock, is global.
 */
export async function moveOrder(
  db: Db,
  shopDb: ShopDb,
  sellerId: string,
  orderId: string,
  next: OrderStatus,
): Promise<{ order: OrderRow; moved: boolean }> {
  const where = and(eq(orders.id, orderId), eq(orders.sellerId, sellerId));
  const order = await shopDb.select().from(orders).where(where).get();
  if (!order) throw new ApiError(404, ORDER_NOT_FOUND);
  if (next === order.status) return { order, moved: false };
  const problem = moveProblem(order, next);
  if (problem) throw new ApiError(409, problem);

  const now = Date.now();
  const step = JSON.stringify({ status: next, at: new Date(now).toISOString() } satisfies StatusStep);
  const stock = { id: order.id, sellerId: order.sellerId, status: order.status, lines: orderLines(order) };
  const takes = next === "confirmado" && order.stockTakenAt === null;
  const gives = next === "cancelado" && order.stockTakenAt !== null && order.stockReturnedAt === null;
  const couponBack = next === "cancelado" && order.couponId !== null && order.couponReturnedAt === null;
  // Before the move: it applies only while the order is still in the status read, so one cancellation gives it back.
  const coupon = couponBack ? [returnCouponUse(shopDb, { id: order.id, couponId: order.couponId!, status: order.status })] : [];
  const move = shopDb
    .update(orders)
    .set({
      status: next,
      history: sql`json_insert(${orders.history}, '$[#]', json(${step}))`,
      ...(takes ? { stockTakenAt: sql`coalesce(${orders.stockTakenAt}, ${now})` } : {}),
      ...(gives ? { stockReturnedAt: sql`coalesce(${orders.stockReturnedAt}, ${now})` } : {}),
      ...(couponBack ? { couponReturnedAt: sql`coalesce(${orders.couponReturnedAt}, ${now})` } : {}),
    })
    .where(and(where, eq(orders.status, order.status)))
    .returning({ id: orders.id });
  let moved: boolean;
  // The order's move and its stock are one batch in the shop's database (all or nothing: a line that would
  // go below zero fails it); the store's version follows it (worker/lib/shop-writes.ts).
  const bumped = [storeChanged(db, sellerId)];
  if (takes) {
    // A quick, readable refusal; the CHECK holds it when another confirmation takes the stock meanwhile.
    const short = await shortages(shopDb, order);
    if (short.length) throw stockConflict(short);
    try {
      const results = await writeAcross(db, shopDb, { shop: [...takeStock(shopDb, stock), move], after: bumped });
      moved = (results.shop.at(-1) as { id: string }[]).length > 0;
    } catch (err) {
      if (!isStockBelowZero(err)) throw err;
      throw stockConflict(await shortages(shopDb, order));
    }
  } else if (gives) {
    const results = await writeAcross(db, shopDb, { shop: [...returnStock(shopDb, stock), ...coupon, move], after: bumped });
    moved = (results.shop.at(-1) as { id: string }[]).length > 0;
  } else if (coupon.length) {
    const results = await shopDb.batch([coupon[0]!, move]);
    moved = (results.at(-1) as { id: string }[]).length > 0;
  } else {
    moved = (await move).length > 0;
  }
  const updated = (await shopDb.select().from(orders).where(where).get())!;
  if (updated.status !== next) throw new ApiError(409, ORDER_MOVED_MEANWHILE);
  return { order: updated, moved };
}
