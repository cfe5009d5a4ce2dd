/**
 * A store's money, shoppers' language and ways to pay, as the pages, the
 * order API and the feeds need them: what the seller chose, else what the
 * store's country uses (common/store-locale.ts). Stores from before these
 * settings were set to ARS and es-AR by migration, so they sell as before;
 * their ways to pay stay those of store_checkout until the seller saves the
 * new list.
 */
import { eq } from "drizzle-orm";
import type { PaymentSettings } from "../../common/checkout";
import { type PayMethod, type PayMethodKind, payMethodsFromLegacy } from "../../common/pay-methods";
import { storeCountry } from "../../common/store";
import {
  countryLocaleOf,
  type SizesWord,
  type ShopperLanguage,
  STORE_CURRENCIES,
  STORE_LOCALES,
  saysTalle,
  shopperLanguage,
  storeMoney,
} from "../../common/store-locale";
import type { StoreMoney } from "../../common/store-money";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { readCheckout } from "./checkout";

export interface StoreLocaleSettings {
  /** ISO 3166 code of the store's country (from its phone, else its saved country, else AR). */
  country: string;
  currency: string;
  /** The shoppers' locale: `lang` of the pages and the CLDR format of prices. */
  locale: string;
  /** The catalogue the shoppers' texts come from. */
  language: ShopperLanguage;
  /** How prices are kept and shown (common/store-money.ts), for formatPrice and parsePrice. */
  money: StoreMoney;
  /** Spanish stores: "talle" in es-AR/es-UY, "talla" in the rest; null in other languages. */
  sizesWord: SizesWord | null;
  /** The ways to pay the store offers, in the cart's order. */
  payMethods: PayMethod[];
  /** Every way to pay the store's country has, for the settings to offer. */
  countryPayMethods: readonly PayMethodKind[];
}

export interface StoreLocaleRow {
  phone: string | null;
  countryCode: string | null;
  storeCurrency: string | null;
  storeLocale: string | null;
  storePayMethods: string | null;
}

/**
 * The store's money alone, from the seller's row (the session's row has these columns): what the seller
 * chose, else the country's. The price fields of the seller's routes read prices with it.
 */
export function storeMoneyOf(row: Omit<StoreLocaleRow, "storePayMethods">): {
  country: string;
  currency: string;
  locale: string;
  money: StoreMoney;
} {
  const country = storeCountry(row).code;
  const defaults = countryLocaleOf(country);
  const currency = row.storeCurrency && STORE_CURRENCIES.includes(row.storeCurrency) ? row.storeCurrency : defaults.currency;
  const locale = row.storeLocale && STORE_LOCALES.includes(row.storeLocale) ? row.storeLocale : defaults.locale;
  return { country, currency, locale, money: storeMoney(currency, locale) };
}

/**
 * The settings a row stands for: a saved currency or locale the table no longer knows falls back to the
 * country's, so a page never renders with an unknown money. `legacy` is store_checkout's payments, read
 * only while the row has no list of its own.
 */
export function storeLocaleSettings(row: StoreLocaleRow, legacy: PaymentSettings): StoreLocaleSettings {
  const { country, currency, locale, money } = storeMoneyOf(row);
  const defaults = countryLocaleOf(country);
  const language = shopperLanguage(locale);
  return {
    country,
    currency,
    locale,
    language,
    money,
    sizesWord: language === "es" ? (saysTalle(locale) ? "talle" : "talla") : null,
    // Validated by payMethodsSchema when saved, as store_checkout's JSON is by its route.
    payMethods: row.storePayMethods ? (JSON.parse(row.storePayMethods) as PayMethod[]) : payMethodsFromLegacy(legacy),
    countryPayMethods: defaults.payMethods,
  };
}

/**
 * A store's locale settings, or null when there is no such seller: the account's columns from the global
 * `db`, the ways to pay of old (store_checkout) from the shop's own database `shopDb`.
 */
export async function readStoreLocale(db: Db, sellerId: string, shopDb: Db): Promise<StoreLocaleSettings | null> {
  const row = await db
    .select({
      phone: users.phone,
      countryCode: users.countryCode,
      storeCurrency: users.storeCurrency,
      storeLocale: users.storeLocale,
      storePayMethods: users.storePayMethods,
    })
    .from(users)
    .where(eq(users.id, sellerId))
    .get();
  if (!row) return null;
  const legacy = row.storePayMethods ? null : (await readCheckout(shopDb, sellerId)).payments;
  return storeLocaleSettings(row, legacy ?? { transfer: null, mercadoPago: null, cash: false });
}
