import { and, eq, sql } from "drizzle-orm";
import type { DeliverySettings } from "../../common/checkout";
import { currencyDigits } from "../../common/store-locale";
import type { Db } from "../db/client";
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
 */
export async function changeStoreMoney(db: Db, userId: string, target: { currency: string; locale: string }) {
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
    const checkout = await db
      .select({ delivery: storeCheckout.delivery })
      .from(storeCheckout)
      .where(eq(storeCheckout.userId, userId))
      .get();
    const shift = currencyDigits(target.currency) - storeMoneyOf(row).money.digits;
    const factor = 10 ** shift;
    const version = row.storeVersion;
    // True only inside this batch, once its first statement took.
    const applied = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.storeVersion} = ${version + 1})`;
    const change = db
      .update(users)
      .set({ storeCurrency: target.currency, storeLocale: target.locale, storeVersion: nextStoreVersion(userId) })
      .where(and(eq(users.id, userId), eq(users.storeVersion, version)))
      .returning({ id: users.id });
    const rescale = shift
      ? [
          db
            .update(products)
            .set({ price: sql`round(${products.price} * ${factor})` })
            .where(and(eq(products.userId, userId), applied)),
          ...(checkout
            ? [
                db
                  .update(storeCheckout)
                  .set({ delivery: JSON.stringify(rescaleDelivery(JSON.parse(checkout.delivery) as DeliverySettings, factor)) })
                  .where(and(eq(storeCheckout.userId, userId), applied)),
              ]
            : []),
        ]
      : [];
    const [changed] = await db.batch([change, ...rescale]);
    if (changed.length) return;
  }
  throw new ApiError(409, MONEY_CHANGE_BUSY);
}
