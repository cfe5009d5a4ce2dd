/**
 * The Worker's seller messages (common/i18n/seller-messages) in the app's language, for the messages a screen
 * computes itself from common/ before any request: a price's refusal under its field (common/price.ts
 * parsePrice), a pay method's number (common/pay-methods.ts), a phone number (common/phone.ts).
 * `sellerMessage(parsePrice(value, money).error)`: the Spanish as it is for a Spanish seller; for another the
 * translation the API would answer. Each language's translations come inside its own catalogue chunk
 * (./catalogues-pt-BR.ts), under SELLER_MESSAGES_PREFIX, so a Spanish seller never loads them.
 */
import type { Messages } from "@lingui/core";
import { type SellerCatalogue, translateSellerMessage } from "../../common/i18n/seller-messages/translate";
import { i18n } from "./texts";

export const SELLER_MESSAGES_PREFIX = "seller-messages.";

/** A catalogue keyed by Spanish, as the language chunk carries it (the prefix before each Spanish key). */
export function withSellerMessages(catalogue: SellerCatalogue): Messages {
  return Object.fromEntries(Object.entries(catalogue).map(([spanish, translated]) => [`${SELLER_MESSAGES_PREFIX}${spanish}`, translated]));
}

const loaded = new WeakMap<Messages, SellerCatalogue>();

function activeCatalogue(): SellerCatalogue {
  const messages = i18n.messages;
  let catalogue = loaded.get(messages);
  if (!catalogue) {
    catalogue = Object.fromEntries(
      Object.entries(messages)
        .filter(([key, value]) => key.startsWith(SELLER_MESSAGES_PREFIX) && typeof value === "string")
        .map(([key, value]) => [key.slice(SELLER_MESSAGES_PREFIX.length), value as string]),
    );
    loaded.set(messages, catalogue);
  }
  return catalogue;
}

/** A Spanish message from common/ in the language the screens are in; itself in Spanish or without a translation. */
export function sellerMessage(spanish: string): string;
export function sellerMessage(spanish: string | null | undefined): string | null | undefined;
export function sellerMessage(spanish: string | null | undefined): string | null | undefined {
  if (!spanish || i18n.locale === "es") return spanish;
  return translateSellerMessage(spanish, activeCatalogue()) ?? spanish;
}
