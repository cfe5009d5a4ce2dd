import { eq } from "drizzle-orm";
import { DEFAULT_DELIVERY, DEFAULT_PAYMENTS, type DeliverySettings, type PaymentSettings } from "../../common/checkout";
import type { Db } from "../db/client";
import { storeCheckout } from "../db/schema";

export interface CheckoutSettings {
  delivery: DeliverySettings;
  payments: PaymentSettings;
}

/** A store's delivery and payment settings as saved (validated on the way in), or the defaults of a store that never set them. */
export async function readCheckout(db: Db, sellerId: string): Promise<CheckoutSettings> {
  const row = await db
    .select({ delivery: storeCheckout.delivery, payments: storeCheckout.payments })
    .from(storeCheckout)
    .where(eq(storeCheckout.userId, sellerId))
    .get();
  if (!row) return { delivery: DEFAULT_DELIVERY, payments: DEFAULT_PAYMENTS };
  return { delivery: JSON.parse(row.delivery) as DeliverySettings, payments: JSON.parse(row.payments) as PaymentSettings };
}
