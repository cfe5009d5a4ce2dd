/**
 * What a change of the store's money would do, before the seller confirms it: the prices and delivery costs that
 * lose their cents (a money of whole units rounds them), the ones a change back gives their cents again, the ways
 * to pay and the language that belong to the old country, and the new country's defaults.
 */
import { eq } from "drizzle-orm";
import type { DeliverySettings } from "../../common/checkout";
import { type PayMethod, type PayMethodKind, payMethodsOutside } from "../../common/pay-methods";
import { COUNTRY_LOCALES, countryLocaleOf } from "../../common/store-locale";
import { currencyDigits } from "../../common/store-money";
import type { Db, ShopDb } from "../db/client";
import { products } from "../db/schema";
import { readCheckout } from "./checkout";
import { readShopMoney, shiftDelivery } from "./shop-money";
import { readStoreLocale } from "./store-locale";

/** An amount with its currency: an integer of the currency's minor unit (common/store-money.ts formatAmount). */
export interface Amount {
  amount: number;
  currency: string;
}

/** One price before and after the change. */
export interface PriceChange {
  /** The product's id, or for a delivery cost the zone's name ('CABA') or "freeFrom" for the free-shipping threshold. */
  id: string;
  name: string;
  before: Amount;
  after: Amount;
}

/**
 * GET /api/store-locale/preview's answer. `prices.losingCents`: how many prices the change rounds (R$ 129,90 →
 * $ 130), with up to EXAMPLES of them; `prices.regainingCents`: how many get back the cents an earlier change
 * rounded away (a round trip without edits gives every price back exactly). `delivery`: the same for each zone's
 * cost and the free-shipping threshold. `oldCountry`: the store's ways to pay the new country has not (Pix in
 * pesos) and its language when it is not the new country's. `newCountry`: that country's defaults, which the
 * change (PUT with `countryDefaults`) applies on request.
 */
export interface MoneyChangePreview {
  from: { currency: string; locale: string; country: string };
  to: { currency: string; country: string };
  prices: { losingCents: number; regainingCents: number; examples: PriceChange[] };
  delivery: { losingCents: PriceChange[]; regainingCents: PriceChange[] };
  oldCountry: { payMethods: PayMethodKind[]; locale: string | null };
  newCountry: { country: string; currency: string; locale: string; payMethods: PayMethodKind[] };
}

export const EXAMPLES = 5;

/** The country a currency belongs to (each of ours has one), unless the seller named another. */
export function countryOfCurrency(currency: string, named?: string): string {
  if (named && COUNTRY_LOCALES[named]) return named;
  return Object.entries(COUNTRY_LOCALES).find(([, row]) => row.currency === currency)?.[0] ?? "AR";
}

/** The store's ways to pay that `country` has, for a change that takes that country's defaults. */
export function payMethodsKept(methods: readonly PayMethod[], country: string): PayMethod[] {
  const outside = payMethodsOutside(methods, countryLocaleOf(country).payMethods);
  return methods.filter((m) => !outside.includes(m.kind));
}

export async function previewMoneyChange(
  db: Db,
  shopDb: ShopDb,
  userId: string,
  target: { currency: string; country?: string },
): Promise<MoneyChangePreview> {
  const settings = (await readStoreLocale(db, userId, shopDb))!;
  // The prices are in the shop's money (shop_money), which is the account's unless a change is half-way.
  const shop = await readShopMoney(shopDb, userId);
  const from = shop?.currency ?? settings.currency;
  const fromDigits = currencyDigits(from);
  const toDigits = currencyDigits(target.currency);
  const rows = await shopDb
    .select({ id: products.id, name: products.name, price: products.price, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.userId, userId));
  const losing: PriceChange[] = [];
  let regaining = 0;
  for (const row of rows) {
    if (!row.price) continue;
    if (toDigits < fromDigits && row.price % 100 !== 0) {
      losing.push({
        id: row.id,
        name: row.name,
        before: { amount: row.price, currency: from },
        after: { amount: Math.round(row.price / 100), currency: target.currency },
      });
    } else if (toDigits > fromDigits && row.priceCents !== null && Math.round(row.priceCents / 100) === row.price) {
      regaining++;
    }
  }
  const { delivery } = await readCheckout(shopDb, userId);
  const moved = shiftDelivery(delivery, shop?.deliveryCents ?? null, fromDigits, toDigits).delivery;
  const deliveryChanges = (fromDigits === toDigits ? [] : costs(delivery, from)).flatMap(([id, before]) => {
    const after = costs(moved, target.currency).find(([other]) => other === id)![1];
    const scaled = toDigits > fromDigits ? before.amount * 100 : before.amount / 100;
    return after.amount === scaled ? [] : [{ id, name: id, before, after }];
  });
  const country = countryOfCurrency(target.currency, target.country);
  const defaults = countryLocaleOf(country);
  return {
    from: { currency: from, locale: settings.locale, country: settings.country },
    to: { currency: target.currency, country },
    prices: { losingCents: losing.length, regainingCents: regaining, examples: losing.slice(0, EXAMPLES) },
    delivery: {
      losingCents: toDigits < fromDigits ? deliveryChanges : [],
      regainingCents: toDigits > fromDigits ? deliveryChanges : [],
    },
    oldCountry: {
      payMethods: payMethodsOutside(settings.payMethods, defaults.payMethods),
      locale: settings.locale === defaults.locale ? null : settings.locale,
    },
    newCountry: { country, currency: defaults.currency, locale: defaults.locale, payMethods: [...defaults.payMethods] },
  };
}

/** Each zone's cost by the zone's name, and the free-shipping threshold as "freeFrom", in `currency`. */
function costs(delivery: DeliverySettings, currency: string): [string, Amount][] {
  const { zones, freeFrom } = delivery.shipping;
  return [
    ...zones.map((z): [string, Amount] => [z.name, { amount: z.cost, currency }]),
    ...(freeFrom === null ? [] : [["freeFrom", { amount: freeFrom, currency }] as [string, Amount]]),
  ];
}
