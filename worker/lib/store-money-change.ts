import { and, eq, sql } from "drizzle-orm";
import type { DeliverySettings } from "../../common/checkout";
import { currencyDigits } from "../../common/store-locale";
import { type Db, inGlobalDatabase, type ShopDb } from "../db/client";
import { products, storeCheckout, users } from "../db/schema";
import { ApiError } from "./errors";
import { storeMoneyOf } from "./store-locale";
import { nextStoreVersion } from "./store-version";

export const MONEY_CHANGE_BUSY = "Tu tienda cambió mientras guardabas. Revisa la moneda y el idioma y vuelve a intentarlo.";

/** A delivery's costs with every price multiplied by `factor` (100 into cents, 1/100 out of them, rounded). */
export function rescaleDelivery(delivery: DeliverySettings, factor: number): DeliverySettings {
  const scale = (v: number) => Math.round(v * factor);
  const { shipping } = delivery;
  return {
    ...delivery,
    shipping: {
      ...shipping,
      zones: shipping.zones.map((z) => ({ ...z, cost: scale(z.cost) })),
      freeFrom: shipping.freeFrom === null ? null : scale(shipping.freeFrom),
    },
  };
}

/**
 * Changes the store's currency and shoppers' language. Prices are not converted: each keeps its number
 * ("12.500" pesos become "12,500.00" when the store moves to Mexican pesos), so where the new money keeps
 * cents and the old one did not (or the other way round) the stored integers are rescaled, products and
 * delivery costs alike, in one batch with the change and the store's new version. The batch only applies
 * while the store's version is the one read: a save that landed meanwhile makes it read again.
 * The prices and delivery costs are the shop's rows (`shopDb`, shopDatabase). Where the shop lives in another
 * database than the account, the change applies first (guarded by the version as here) and the rescale follows
 * as one batch of the shop's database: a price saved between the two would be rescaled with the others.
 */
export async function changeStoreMoney(db: Db, shopDb: ShopDb, userId: string, target: { currency: string; locale: string }) {
  const together = inGlobalDatabase(shopDb);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = (await db
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
    const checkout = await shopDb
      .select({ delivery: storeCheckout.delivery })
      .from(storeCheckout)
      .where(eq(storeCheckout.userId, userId))
      .get();
    const shift = currencyDigits(target.currency) - storeMoneyOf(row).money.digits;
    const factor = 10 ** shift;
    const version = row.storeVersion;
    // Every statement holds only while the store is still at the version read; the change, last, moves it on.
    // The batch runs alone, so either all of it applies or none does.
    const unchanged = together
      ? sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.storeVersion} = ${version})`
      : undefined;
    const change = db
      .update(users)
      .set({ storeCurrency: target.currency, storeLocale: target.locale, storeVersion: nextStoreVersion(userId) })
      .where(and(eq(users.id, userId), eq(users.storeVersion, version)))
      .returning({ id: users.id });
    const rescale = shift
      ? [
          shopDb
            .update(products)
            .set({ price: sql`round(${products.price} * ${factor})` })
            .where(and(eq(products.userId, userId), unchanged)),
          ...(checkout
            ? [
                shopDb
                  .update(storeCheckout)
                  .set({ delivery: JSON.stringify(rescaleDelivery(JSON.parse(checkout.delivery) as DeliverySettings, factor)) })
                  .where(and(eq(storeCheckout.userId, userId), unchanged)),
              ]
            : []),
        ]
      : [];
    if (!together) {
      if (!(await change).length) continue;
      if (rescale.length) await shopDb.batch(rescale as unknown as [(typeof rescale)[number]]);
      return;
    }
    const results = await db.batch([...rescale, change] as unknown as [typeof change]);
    const changed = results.at(-1) as { id: string }[];
    if (changed.length) return;
  }
  throw new ApiError(409, MONEY_CHANGE_BUSY);
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
    if (error instanceof Error && /malformed JSON/i.test(`${error.message} ${String(error.cause ?? "")}`))
      throw new ApiError(409, MONEY_CHANGED);
    throw error;
  }
}
