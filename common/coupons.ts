/**
 * A store's discount codes ("cupones") as the seller saves them and the cart applies them: what a code may look
 * like, and what it takes off an order. Shared by the Worker (which prices the order and claims the use) and the
 * cart script (which shows the discounted total before the order is sent), so both compute the same discount.
 */
import { cleanText } from "./text";

export const COUPON_KINDS = ["percent", "amount", "free_shipping"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_CODE_MIN_LENGTH = 3;
export const COUPON_CODE_MAX_LENGTH = 20;
export const MAX_COUPONS = 100;
export const MAX_COUPON_USES = 100_000;

/**
 * A code as compared and kept: typed text cleaned of invisible characters, spaces and dashes dropped, accents
 * taken off and upper case ("  invierno-10\u200B" is "INVIERNO10"), so a shopper's way of typing it still finds it.
 * Only letters A to Z and digits remain valid: anything else makes the code invalid, never silently another one.
 */
export function normalizeCouponCode(typed: string): string {
  return cleanText(typed)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\s\-_.]/g, "")
    .toUpperCase();
}

export const isValidCouponCode = (code: string) =>
  code.length >= COUPON_CODE_MIN_LENGTH && code.length <= COUPON_CODE_MAX_LENGTH && /^[A-Z0-9]+$/.test(code);

/** What the cart and the order know of a coupon. Amounts are in minor units of `currency`. */
export interface CouponTerms {
  code: string;
  kind: CouponKind;
  value: number;
  currency: string;
  minimum: number | null;
}

/** A coupon as the seller's screen lists it. */
export interface Coupon extends CouponTerms {
  id: string;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  uses: number;
  active: boolean;
  /**
   * An amount or minimum written in a money the store no longer sells in: it does not apply until the seller
   * saves it again (its figures are not converted, so no code silently changes what it takes off).
   */
  otherMoney: boolean;
}

/**
 * What a coupon takes off the lines' `subtotal` (never more than it): a percentage rounded to the unit the store
 * keeps, or the fixed amount. Free shipping takes nothing off the lines: it waives the delivery's cost instead.
 */
export function linesDiscount(coupon: Pick<CouponTerms, "kind" | "value">, subtotal: number): number {
  if (coupon.kind === "percent") return Math.min(subtotal, Math.round((subtotal * coupon.value) / 100));
  if (coupon.kind === "amount") return Math.min(subtotal, coupon.value);
  return 0;
}

/** The delivery cost an order pays with this coupon: free shipping makes a known or to-be-agreed cost zero. */
export const couponDeliveryCost = (coupon: Pick<CouponTerms, "kind"> | null, cost: number | null) =>
  coupon?.kind === "free_shipping" ? 0 : cost;
