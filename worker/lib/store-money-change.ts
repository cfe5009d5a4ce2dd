import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PayMethod } from "../../common/pay-methods";
import { type Db, inGlobalDatabase, type ShopDb } from "../db/client";
import { shopMoney, users } from "../db/schema";
import { ApiError } from "./errors";
import { isMoneyGuard, readDeliveryJson, readShopMoney, sameShopCurrency, shiftShopMoney } from "./shop-money";
import { readStoreLocale, storeMoneyOf } from "./store-locale";
import { nextStoreVersion } from "./store-version";

export const MONEY_CHANGE_BUSY = "Tu tienda cambió mientras guardabas. Revisa la moneda y el idioma y vuelve a intentarlo.";

export interface MoneyChange {
  currency: string;
  locale: string;
  /**
   * Which ways to pay the store keeps, when the seller took the new country's defaults (undefined: all). Read
   * from the store's list inside the change, so a list saved meanwhile (which moves the store's version) is
   * read again rather than overwritten.
   */
  keepPayMethods?: (methods: PayMethod[]) => PayMethod[];
}

/** The account's columns a change reads: its money (storeMoneyOf) and the store's version it moves on. */
async function readAccount(db: Db, userId: string) {
  return (await db
    .select({
      phone: users.phone,
      countryCode: users.countryCode,
      storeCurrency: users.storeCurrency,
      storeLocale: users.storeLocale,
      storeVersion: users.storeVersion,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get())!;
}

/** A statement that fails its batch unless the store is still at `version` (the one the change read). */
function sameStoreVersion(db: Db, userId: string, version: number) {
  return db
    .select({
      same: sql<number>`case when ${users.storeVersion} = ${version} then 1 else json('store version moved: ' || ${users.id}) end`,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/**
 * Changes the store's currency and shoppers' language. Prices are not converted: each keeps its number
 * ("12.500" pesos become "12,500.00" when the store moves to Mexican pesos), so where the new money keeps
 * cents and the old one did not (or the other way round) the stored integers are rescaled, products and
 * delivery costs alike, exactly back on a round trip without edits (worker/lib/shop-money.ts shiftShopMoney).
 * The prices' money moves with them in the shop's database (shop_money), which orders and price saves check,
 * so open orders never stop a change: each keeps the currency and amounts it was placed with.
 * A shop in the global database does it all in ONE batch, guarded by the store's version and the shop's. A
 * shop in its own database first gets its shop_money row (in the currency its prices are in now), then the
 * account changes (guarded by the store's version), then `alignShopMoney` moves the prices to whatever the
 * account says by then: two changes racing both end with the prices in the account's last currency, and a
 * change cut off between the two is finished by the next one.
 */
export async function changeStoreMoney(db: Db, shopDb: ShopDb, userId: string, target: MoneyChange) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await readAccount(db, userId);
    const account = storeMoneyOf(row);
    const kept = target.keepPayMethods?.((await readStoreLocale(db, userId, shopDb))!.payMethods);
    const change = db
      .update(users)
      .set({
        storeCurrency: target.currency,
        storeLocale: target.locale,
        storeVersion: nextStoreVersion(userId),
        ...(kept ? { storePayMethods: JSON.stringify(kept) } : {}),
      })
      .where(and(eq(users.id, userId), eq(users.storeVersion, row.storeVersion)))
      .returning({ id: users.id });
    if (!inGlobalDatabase(shopDb)) {
      await shopDb.insert(shopMoney).values({ userId, currency: account.currency, version: 0 }).onConflictDoNothing();
      if (!(await change).length) continue;
      await alignShopMoney(db, shopDb, userId);
      return;
    }
    const shop = (await readShopMoney(shopDb, userId)) ?? { currency: account.currency, version: 0, deliveryCents: null };
    const delivery = await readDeliveryJson(shopDb, userId);
    const moves = shop.currency === target.currency ? [] : shiftShopMoney(shopDb, userId, shop, delivery, target.currency);
    try {
      await db.batch([sameStoreVersion(db, userId, row.storeVersion), ...moves, change] as unknown as [typeof change]);
      return;
    } catch (error) {
      if (!isMoneyGuard(error)) throw error;
    }
  }
  throw new ApiError(409, MONEY_CHANGE_BUSY);
}

/**
 * Moves a shop's prices (in its own database) to the account's currency, until they agree: each move is one
 * batch of the shop's database that applies only while the shop's row is the one read.
 */
export async function alignShopMoney(db: Db, shopDb: ShopDb, userId: string) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const wanted = storeMoneyOf(await readAccount(db, userId)).currency;
    const shop = await readShopMoney(shopDb, userId);
    if (!shop || shop.currency === wanted) return;
    const delivery = await readDeliveryJson(shopDb, userId);
    try {
      await shopDb.batch(shiftShopMoney(shopDb, userId, shop, delivery, wanted) as unknown as [BatchItem<"sqlite">]);
    } catch (error) {
      if (!isMoneyGuard(error)) throw error;
    }
  }
  throw new ApiError(409, MONEY_CHANGE_BUSY);
}

/**
 * The guards of a save of prices typed in the seller's money (a product, the pricing grid, delivery costs):
 * `guard` for the global batch (the account's money, `sameMoney`) and `shopGuard` for the shop's (the prices'
 * money in shop_money), each failing its batch when a change landed between the read and the write.
 */
/** The account's row as the money guards read it (the session's user): what every product door passes them. */
export interface MoneyGuardedSeller {
  id: string;
  phone: string | null;
  countryCode: string | null;
  storeCurrency: string | null;
  storeLocale: string | null;
}

export function moneyGuards(db: Db, shopDb: ShopDb, row: MoneyGuardedSeller) {
  return { guard: [sameMoney(db, row)], shopGuard: [sameShopCurrency(shopDb, row.id, storeMoneyOf(row).currency)] };
}

export const MONEY_CHANGED = "La moneda de tu tienda cambió mientras guardabas. Revisa los precios y guarda de nuevo.";
const MONEY_GUARD = "store money changed";

/**
 * The first statement of a batch that saves prices read in the seller's money: it fails the whole batch
 * (nothing is written) when the store's currency or language is no longer the one the prices were read
 * with, because a change landed between the read and the write. `moneyGuarded` turns that into a 409.
 */
export function sameMoney(db: Db, row: { id: string; storeCurrency: string | null; storeLocale: string | null }) {
  // json() of a text that is not JSON raises "malformed JSON", which rolls the batch back. Its argument names a
  // column, so SQLite evaluates it only on the row where the CASE needs it.
  return db
    .select({
      same: sql<number>`case when ${users.storeCurrency} is ${row.storeCurrency} and ${users.storeLocale} is ${row.storeLocale} then 1 else json('${sql.raw(MONEY_GUARD)}: ' || ${users.id}) end`,
    })
    .from(users)
    .where(eq(users.id, row.id));
}

/** Runs a batch that starts with `sameMoney`, answering 409 with the reason when the money changed meanwhile. */
export async function moneyGuarded<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isMoneyGuard(error)) throw new ApiError(409, MONEY_CHANGED);
    throw error;
  }
}
