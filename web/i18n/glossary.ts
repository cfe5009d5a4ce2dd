/**
 * The words a seller of each language uses for the things the app names, fixed so every screen says the same
 * thing the same way (web/i18n/catalogues.test.ts checks each is used where named; docs/i18n.md shows the
 * table). Chosen as sellers' own tools write them: Nuvemshop and Mercado Livre in Portuguese, Shopify and
 * Jumia Seller Center in English.
 */
import type { SellerLanguage } from "../../common/seller-language";

export interface SellerTerm {
  concept: string;
  words: Record<SellerLanguage, string>;
  /** A message that must use the word (case-insensitive) in every language: "<folder>.<key>". */
  usedIn: string;
}

export const SELLER_GLOSSARY: readonly SellerTerm[] = [];
