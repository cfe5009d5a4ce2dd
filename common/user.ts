import type { SellerLanguage } from "./seller-language";
import type { StoreMoney } from "./store-money";

/** The signed-in seller as every auth endpoint answers it: never a password or its hash. */
export interface User {
  id: string;
  email: string;
  name: string | null;
  username: string | null;
  phone: string | null;
  imageUrl: string | null;
  countryCode: string | null;
  credits: number;
  paidMiTienda: boolean;
  /** ISO 8601, when the one-time store plan was paid. */
  paidMiTiendaDate: string | null;
  /** How the store's prices are kept, typed and shown (its currency and locale): the seller's screens read prices with it. */
  storeMoney: StoreMoney;
  /** The language the seller chose to read the app in (common/seller-language.ts); null: never chosen. */
  sellerLanguage: SellerLanguage | null;
}

/** A sign-up refused by the per-address limit, whether by e-mail or through Google (each account brings free credits). */
export const TOO_MANY_SIGNUPS = "Se crearon demasiadas cuentas desde esta conexión. Inténtalo de nuevo en una hora.";
