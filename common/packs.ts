/**
 * The one pack table and the pricing rules (spec section 9, DECISIONS.md
 * "Credits and prices"). The landing, /credits and the server all read these,
 * so a price shown is the price charged.
 */
import { CREDITS_PER_IMAGE } from "./credits";

export interface Pack {
  id: "pack-1" | "pack-10" | "pack-50" | "pack-100";
  images: number;
  credits: number;
  priceUSD: number;
  /** Argentina pays in pesos through Mercado Pago, from this list. */
  priceARS: number;
  /** Flagged 'Más elegido'. */
  featured?: boolean;
}

export const PACKS: readonly Pack[] = [
  { id: "pack-1", images: 1, credits: 1 * CREDITS_PER_IMAGE, priceUSD: 0.125, priceARS: 120 },
  { id: "pack-10", images: 10, credits: 10 * CREDITS_PER_IMAGE, priceUSD: 1.25, priceARS: 1200 },
  { id: "pack-50", images: 50, credits: 50 * CREDITS_PER_IMAGE, priceUSD: 4.4, priceARS: 6000, featured: true },
  { id: "pack-100", images: 100, credits: 100 * CREDITS_PER_IMAGE, priceUSD: 8.8, priceARS: 12000 },
];

/** The store plan: a one-time payment (DECISIONS.md). */
export const STORE_PLAN = { priceUSD: 2, priceARS: 2000, credits: 500 } as const;

/** Packs 3 and 4 are not sold in these countries (spec section 5). */
export const PACKS_RESTRICTED_IN = ["CO", "EC", "GT", "MX", "PA", "PE", "PY", "UY"] as const;

export const COUNTRY_CURRENCY: Record<string, string> = {
  AR: "ARS", BR: "BRL", CL: "CLP", CO: "COP", MX: "MXN", PE: "PEN", UY: "UYU", PY: "PYG",
  BO: "BOB", DO: "DOP", GT: "GTQ", CR: "CRC", MY: "MYR", ID: "IDR", KE: "KES", NG: "NGN",
};

/** Units per 1 USD: the spec's fixed table, used offline and whenever live rates are missing. */
export const FIXED_RATES: Record<string, number> = {
  BRL: 6.65227, CLP: 1083.9528, COP: 4689.8892, MXN: 21.85355, PEN: 3.96795, UYU: 47.26736, ARS: 1320.473,
  PYG: 8281.6755, BOB: 11.536, DOP: 61.527, EUR: 1.0294, GTQ: 8.18511, CRC: 536.19994, MYR: 4.64839,
  IDR: 17419.6107, KES: 137.45974, NGN: 2867.1485,
};

/** Savings against buying single images, computed from the prices (never typed in). */
export function savingsPercent(pack: Pack): number {
  const single = PACKS[0]!.priceUSD / PACKS[0]!.images;
  return Math.max(0, Math.round((1 - pack.priceUSD / pack.images / single) * 100));
}

/** The cheapest price per image across packs, for the landing's "desde" claim. */
export function cheapestImagePriceUSD(): number {
  return Math.min(...PACKS.map((p) => p.priceUSD / p.images));
}
