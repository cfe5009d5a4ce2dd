/**
 * What every shopper-facing text needs of its store: the locale, the money
 * prices are kept and shown in, and the store's messages (common/i18n on the
 * Worker, web/store/i18n.ts in the cart script). Types only, so the cart
 * script carries no catalogue through this file.
 */
import type { MessageKey } from "./i18n/catalogues/es";
import type { StoreMoney } from "./store-money";

export type Text = (key: MessageKey, values?: Record<string, string | number>) => string;

export interface ShopText {
  /** BCP 47: `lang` of the pages, dates and numbers. */
  locale: string;
  money: StoreMoney;
  t: Text;
}

/** 'Remera (Color: Negro, Talle: M)' in the store's words (common/variants.ts variantLabel is the seller's). */
export function localVariantLabel(shop: ShopText, name: string, color: string | null | undefined, size: string | null | undefined): string {
  const parts = [color ? shop.t("cart.lineColor", { color }) : null, size ? shop.t("cart.lineSize", { size }) : null].filter(Boolean);
  return parts.length ? shop.t("message.variant", { name, details: parts.join(", ") }) : name;
}
