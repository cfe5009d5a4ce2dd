/**
 * The signed-in seller's store money (its currency and locale, from the session's user): every price the
 * seller types is read with it and every price shown is written with it.
 */
import { formatPrice, ARS_MONEY, type StoreMoney } from "../../common/store-money";
import { parsePrice } from "../../common/price";
import { useSession } from "./session";

export function useStoreMoney(): StoreMoney {
  return useSession().user?.storeMoney ?? ARS_MONEY;
}

/** The symbol a price field shows before the number: "$", "R$", "S/", "Rp". */
export function currencySymbol(money: StoreMoney): string {
  const parts = new Intl.NumberFormat(money.locale, { style: "currency", currency: money.currency }).formatToParts(1);
  return parts.find((p) => p.type === "currency")?.value ?? money.currency;
}

/** The price as the store will show it, or null while the text is empty or not a price. */
export function pricePreviewIn(value: unknown, money: StoreMoney): string | null {
  const parsed = parsePrice(value, money);
  return "price" in parsed && parsed.price > 0 ? formatPrice(parsed.price, money) : null;
}

/** The stored integer a typed price stands for; 0 while empty or not a price (the screen shows why). */
export function typedPriceIn(value: string, money: StoreMoney): number {
  const parsed = parsePrice(value, money);
  return "price" in parsed ? parsed.price : 0;
}
