/**
 * The retail words each shopper language uses, fixed so every message says
 * the same thing the same way (a test checks the catalogues use them, and
 * docs/i18n.md shows this table). Chosen as the big local shops write them:
 * Tiendanube/Nuvemshop and Mercado Libre in Spanish and Portuguese, Jumia and
 * Kilimall in English, Tokopedia and Shopee in Indonesian and Malay.
 */
import type { ShopperLanguage } from "../store-locale";
import type { MessageKey } from "./catalogues/es";

export interface GlossaryTerm {
  /** What the word names, in English. */
  concept: string;
  words: Record<ShopperLanguage | "es-AR", string>;
  /** A message that must use the word (case-insensitive), in every language. */
  usedIn: MessageKey;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    concept: "size (of a garment)",
    words: { es: "talla", "es-AR": "talle", "pt-BR": "tamanho", en: "size", id: "ukuran", ms: "saiz" },
    usedIn: "product.size",
  },
  {
    concept: "colour",
    words: { es: "color", "es-AR": "color", "pt-BR": "cor", en: "colour", id: "warna", ms: "warna" },
    usedIn: "product.color",
  },
  {
    concept: "cart",
    words: { es: "carrito", "es-AR": "carrito", "pt-BR": "carrinho", en: "cart", id: "keranjang", ms: "troli" },
    usedIn: "cart.open",
  },
  {
    concept: "add to cart",
    words: {
      es: "añadir al carrito",
      "es-AR": "añadir al carrito",
      "pt-BR": "adicionar ao carrinho",
      en: "add to cart",
      id: "tambah ke keranjang",
      ms: "tambah ke troli",
    },
    usedIn: "product.addToCart",
  },
  {
    concept: "home delivery",
    words: {
      es: "envío a domicilio",
      "es-AR": "envío a domicilio",
      "pt-BR": "entrega em casa",
      en: "home delivery",
      id: "dikirim ke rumah",
      ms: "penghantaran ke rumah",
    },
    usedIn: "delivery.shipping",
  },
  {
    concept: "pick-up at the shop",
    words: {
      es: "retiro en el local",
      "es-AR": "retiro en el local",
      "pt-BR": "retirada na loja",
      en: "pick-up at the shop",
      id: "ambil di toko",
      ms: "ambil di kedai",
    },
    usedIn: "delivery.pickup",
  },
  {
    concept: "delivery cost added to a total",
    words: { es: "envío", "es-AR": "envío", "pt-BR": "frete", en: "delivery", id: "ongkir", ms: "penghantaran" },
    usedIn: "cart.plusShipping",
  },
  {
    concept: "order",
    words: { es: "pedido", "es-AR": "pedido", "pt-BR": "pedido", en: "order", id: "pesanan", ms: "pesanan" },
    usedIn: "message.code",
  },
  {
    concept: "stock",
    words: { es: "stock", "es-AR": "stock", "pt-BR": "estoque", en: "stock", id: "stok", ms: "stok" },
    usedIn: "cart.doneStep2",
  },
  {
    concept: "sold out",
    words: { es: "sin stock", "es-AR": "sin stock", "pt-BR": "esgotado", en: "sold out", id: "stok habis", ms: "habis stok" },
    usedIn: "product.soldOut",
  },
  {
    concept: "shop",
    words: { es: "tienda", "es-AR": "tienda", "pt-BR": "loja", en: "shop", id: "toko", ms: "kedai" },
    usedIn: "order.storeGone",
  },
  {
    concept: "free (of cost)",
    words: { es: "gratis", "es-AR": "gratis", "pt-BR": "grátis", en: "free", id: "gratis", ms: "percuma" },
    usedIn: "delivery.free",
  },
  {
    concept: "bank transfer",
    words: {
      es: "transferencia bancaria",
      "es-AR": "transferencia bancaria",
      "pt-BR": "transferência bancária",
      en: "bank transfer",
      id: "transfer bank",
      ms: "pindahan bank",
    },
    usedIn: "pay.bank_transfer",
  },
  {
    concept: "account holder",
    words: { es: "titular", "es-AR": "titular", "pt-BR": "titular", en: "account name", id: "atas nama", ms: "pemegang akaun" },
    usedIn: "pay.holder",
  },
];
