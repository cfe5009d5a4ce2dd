/**
 * The seller's messages in the seller's language (./translate.ts says how): the Worker answers errors and
 * writes e-mails with it. The seller's app loads one language's catalogue in its own chunk instead
 * (web/i18n/seller-message.ts), so this module, with both catalogues, is the Worker's.
 */
import type { SellerLanguage } from "../../seller-language";
import en from "./en";
import ptBR from "./pt-BR";
import { type SellerCatalogue, translateSellerMessage } from "./translate";

export const SELLER_MESSAGE_CATALOGUES: Readonly<Record<Exclude<SellerLanguage, "es">, SellerCatalogue>> = { "pt-BR": ptBR, en };

/** A Spanish message in the seller's language; itself when Spanish, or when no translation is found. */
export function sellerMessage(spanish: string, language: SellerLanguage): string {
  if (language === "es") return spanish;
  return translateSellerMessage(spanish, SELLER_MESSAGE_CATALOGUES[language]) ?? spanish;
}

/** Whether another language has this message: the Worker logs the ones it sends in Spanish for lack of one. */
export function hasSellerMessage(spanish: string, language: SellerLanguage): boolean {
  return language === "es" || translateSellerMessage(spanish, SELLER_MESSAGE_CATALOGUES[language]) !== null;
}
