/**
 * The money a shop's prices are written in, kept in the shop's own database (shop_money) beside the prices and
 * delivery costs it describes. Why there and not only on the account (users.store_currency, in the global
 * database): a shop in another database cannot change the account and its prices in one batch, so between the two
 * batches the account named one currency while the prices were still in the other. Here the rescale of the
 * prices and the move of this row are ONE batch of the shop's database, and every write that depends on the
 * prices' money checks this row in its own batch:
 * - an order is inserted only while `version` is the one it was priced at (`sameShopVersion`), so its lines,
 *   delivery and currency are one snapshot; an order that lost the race is priced again;
 * - a price or delivery cost typed in one currency is saved only while the shop is still in it (`sameShopCurrency`).
 * A change of currency never waits for open orders: each keeps the currency and amounts it was placed with.
 */
import { eq, sql } from "drizzle-orm";
import type { DeliverySettings } from "../../common/checkout";
import { currencyDigits } from "../../common/store-money";
import type { ShopDb } from "../db/client";
import { products, shopMoney, storeCheckout, users } from "../db/schema";

/** The hundredths a rescale to whole units rounded away, per zone by name and for the free-shipping threshold. */
export interface DeliveryCents {
  zones: Record<string, number>;
  freeFrom: number | null;
}

export interface ShopMoneyRow {
  currency: string;
  version: number;
  deliveryCents: DeliveryCents | null;
}

/** The shop's row, or null for a shop that never changed its money since it opened (its prices are in the account's). */
export async function readShopMoney(shopDb: ShopDb, userId: string): Promise<ShopMoneyRow | null> {
  const row = await shopDb.select().from(shopMoney).where(eq(shopMoney.userId, userId)).get();
  if (!row) return null;
  return {
    currency: row.currency,
    version: row.version,
    deliveryCents: row.deliveryCents ? (JSON.parse(row.deliveryCents) as DeliveryCents) : null,
  };
}

/**
 * The currency an order is priced in and the version its insert checks. `accountCurrency` must be read BEFORE
 * this: a change creates the shop's row before it changes the account, so a shop without a row had not started
 * one when the account was read.
 */
export async function orderMoneySnapshot(shopDb: ShopDb, userId: string, accountCurrency: string) {
  const row = await readShopMoney(shopDb, userId);
  return row ? { currency: row.currency, version: row.version } : { currency: accountCurrency, version: 0 };
}

const GUARD = "shop money changed";

/**
 * A statement that fails its whole batch when the shop's money moved past `version`. json() of a text that is
 * not JSON raises "malformed JSON"; its argument names a column, so SQLite evaluates it only where the CASE needs
 * it. It reads the shop's users row (every shop database has one: worker/lib/shops.ts placeShop), so a shop
 * without a shop_money row is at version 0.
 */
export function sameShopVersion(shopDb: ShopDb, userId: string, version: number, delivery?: string | null) {
  const deliverySame =
    delivery === undefined
      ? sql`1`
      : sql`(select ${storeCheckout.delivery} from ${storeCheckout} where ${storeCheckout.userId} = ${users.id}) is ${delivery}`;
  return shopDb
    .select({
      same: sql<number>`case when coalesce((select ${shopMoney.version} from ${shopMoney} where ${shopMoney.userId} = ${users.id}), 0) = ${version} and ${deliverySame} then 1 else json('${sql.raw(GUARD)}: ' || ${users.id}) end`,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/**
 * A statement that fails its whole batch when the shop's prices are no longer in `currency` (the money a price
 * was typed in): a change that rescaled them landed between reading the money and this write.
 */
export function sameShopCurrency(shopDb: ShopDb, userId: string, currency: string) {
  return shopDb
    .select({
      same: sql<number>`case when coalesce((select ${shopMoney.currency} from ${shopMoney} where ${shopMoney.userId} = ${users.id}), ${currency}) = ${currency} then 1 else json('${sql.raw(GUARD)}: ' || ${users.id}) end`,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/** Whether a batch failed on one of these guards (or sameMoney's, which fails the same way). */
export const isMoneyGuard = (error: unknown) =>
  error instanceof Error && /malformed JSON/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`);

/**
 * Delivery costs moved from a money with `fromDigits` to one with `toDigits`: to whole units each cost is rounded
 * and its hundredths kept in `cents`; back to cents a cost still equal to the rounding of its kept hundredths gets
 * them back exactly, any other is multiplied.
 */
export function shiftDelivery(
  delivery: DeliverySettings,
  cents: DeliveryCents | null,
  fromDigits: number,
  toDigits: number,
): { delivery: DeliverySettings; cents: DeliveryCents | null } {
  if (fromDigits === toDigits) return { delivery, cents };
  const down = toDigits < fromDigits;
  const zones: Record<string, number> = {};
  const move = (cost: number, kept: number | null | undefined, keep: (v: number) => void) => {
    if (down) {
      const rounded = Math.round(cost / 100);
      if (rounded * 100 !== cost) keep(cost);
      return rounded;
    }
    return kept != null && Math.round(kept / 100) === cost ? kept : cost * 100;
  };
  let freeFrom: number | null = null;
  const shipping = delivery.shipping;
  const moved: DeliverySettings = {
    ...delivery,
    shipping: {
      ...shipping,
      zones: shipping.zones.map((z) => ({ ...z, cost: move(z.cost, cents?.zones[z.name], (v) => (zones[z.name] = v)) })),
      freeFrom: shipping.freeFrom === null ? null : move(shipping.freeFrom, cents?.freeFrom, (v) => (freeFrom = v)),
    },
  };
  const kept = down && (Object.keys(zones).length || freeFrom !== null) ? { zones, freeFrom } : null;
  return { delivery: moved, cents: kept };
}

/**
 * The statements that move a shop's prices from `from` to `to` currency, to run as one batch of the shop's
 * database (with the account's change too when they share it): the guard, the prices, the delivery costs and
 * the shop's row. `delivery` is store_checkout's JSON as read (null: the store never saved its delivery).
 */
export function shiftShopMoney(shopDb: ShopDb, userId: string, from: ShopMoneyRow, delivery: string | null, to: string) {
  const fromDigits = currencyDigits(from.currency);
  const toDigits = currencyDigits(to);
  const guard = sameShopVersion(shopDb, userId, from.version, delivery);
  const moved =
    delivery === null ? null : shiftDelivery(JSON.parse(delivery) as DeliverySettings, from.deliveryCents, fromDigits, toDigits);
  const prices =
    toDigits < fromDigits
      ? [
          shopDb
            .update(products)
            .set({
              priceCents: sql`case when ${products.price} <> round(${products.price} / 100.0) * 100 then ${products.price} end`,
              price: sql`round(${products.price} / 100.0)`,
            })
            .where(eq(products.userId, userId)),
        ]
      : toDigits > fromDigits
        ? [
            shopDb
              .update(products)
              .set({
                price: sql`case when ${products.priceCents} is not null and round(${products.priceCents} / 100.0) = ${products.price} then ${products.priceCents} else ${products.price} * 100 end`,
                priceCents: null,
              })
              .where(eq(products.userId, userId)),
          ]
        : [];
  const deliveryCents = moved ? moved.cents : from.deliveryCents;
  const row = {
    currency: to,
    version: from.version + 1,
    deliveryCents: deliveryCents ? JSON.stringify(deliveryCents) : null,
  };
  return [
    guard,
    ...prices,
    ...(moved && fromDigits !== toDigits
      ? [
          shopDb
            .update(storeCheckout)
            .set({ delivery: JSON.stringify(moved.delivery) })
            .where(eq(storeCheckout.userId, userId)),
        ]
      : []),
    shopDb
      .insert(shopMoney)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: shopMoney.userId, set: row }),
  ] as const;
}

/** store_checkout's delivery JSON as saved, or null. */
export async function readDeliveryJson(shopDb: ShopDb, userId: string): Promise<string | null> {
  const row = await shopDb.select({ delivery: storeCheckout.delivery }).from(storeCheckout).where(eq(storeCheckout.userId, userId)).get();
  return row?.delivery ?? null;
}
