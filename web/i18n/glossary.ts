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

export const SELLER_GLOSSARY: readonly SellerTerm[] = [
  // Spanish says "talle" in Argentina and Uruguay and "talla" elsewhere: its messages choose by the seller's country.
  { concept: "size (of a garment)", words: { es: "talle", "pt-BR": "tamanho", en: "size" }, usedIn: "store-admin.addSize" },
  { concept: "stock", words: { es: "stock", "pt-BR": "estoque", en: "stock" }, usedIn: "store-admin.stockTotalTile" },
  { concept: "delivery cost", words: { es: "envío", "pt-BR": "frete", en: "delivery" }, usedIn: "store-admin.shippingCost" },
  { concept: "colour", words: { es: "color", "pt-BR": "cor", en: "colour" }, usedIn: "store-admin.addColour" },
  { concept: "store", words: { es: "tienda", "pt-BR": "loja", en: "store" }, usedIn: "store-admin.shareTitle" },
  { concept: "order", words: { es: "pedido", "pt-BR": "pedido", en: "order" }, usedIn: "store-admin.seeOrders" },
  { concept: "price", words: { es: "precio", "pt-BR": "preço", en: "price" }, usedIn: "store-admin.noPrice" },
];
