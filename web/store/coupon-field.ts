/**
 * The cart's "¿Tienes un cupón?": the shopper types a code and applies it; the store answers its terms
 * (POST /api/coupons/check) and the cart shows the discounted total from them with the same function the Worker
 * prices the order with (common/coupons.ts). Only the code travels with the order: the Worker reads the terms
 * again and claims the use, and a refusal then keeps the cart as it is.
 */
import { type CouponTerms, linesDiscount } from "../../common/coupons";
import type { ShopText } from "../../common/shop-text";
import { formatPrice } from "../../common/store-money";
import { el } from "./dom";

export interface CouponField {
  /** The applied coupon's terms and what it takes off `subtotal` now (null: none applies to this cart). */
  applied(subtotal: number): { terms: CouponTerms; linesOff: number } | null;
  /** The code to send with the order, when one is applied. */
  code(): string | null;
  clear(): void;
}

export function couponField(before: HTMLElement, username: string, shop: ShopText, changed: () => void): CouponField {
  const { t } = shop;
  let terms: CouponTerms | null = null;
  const box = el("div", "coupon");
  const label = el("label", "", t("cart.couponLabel"));
  label.htmlFor = "cart-coupon";
  const input = el("input");
  input.id = "cart-coupon";
  input.autocomplete = "off";
  input.autocapitalize = "characters";
  input.spellcheck = false;
  input.maxLength = 40;
  const button = el("button", "btn ghost", t("cart.couponApply"));
  button.type = "button";
  const row = el("div", "coupon-row");
  row.append(input, button);
  const status = el("p", "coupon-status");
  status.id = "cart-coupon-status";
  status.setAttribute("role", "status");
  input.setAttribute("aria-describedby", status.id);
  box.append(label, row, status);
  before.before(box);

  function show(next: CouponTerms | null, message = "", error = false) {
    terms = next;
    input.readOnly = next !== null;
    button.textContent = next ? t("cart.couponRemove") : t("cart.couponApply");
    status.textContent = message;
    status.classList.toggle("error", error);
    changed();
  }

  async function apply() {
    const code = input.value.trim();
    if (!code) return;
    button.disabled = true;
    try {
      const response = await fetch("/api/coupons/check", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, code }),
      });
      const body = (await response.json().catch(() => ({}))) as { coupon?: CouponTerms; error?: string };
      if (body.coupon) {
        input.value = body.coupon.code;
        show(body.coupon);
      } else show(null, body.error || t("cart.couponUnknown"), true);
    } catch {
      show(null, t("cart.offline"), true);
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", () => {
    if (terms) {
      input.value = "";
      show(null);
    } else void apply();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      if (!terms) void apply();
    }
  });

  return {
    applied(subtotal) {
      if (!terms) return null;
      // Below its minimum the code stays typed and says from what amount it applies; the total has no discount.
      const short = terms.minimum !== null && subtotal < terms.minimum;
      const message = short ? t("cart.couponMinimum", { amount: formatPrice(terms.minimum!, shop.money) }) : "";
      if (status.textContent !== message) {
        status.textContent = message;
        status.classList.toggle("error", short);
      }
      return short ? null : { terms, linesOff: linesDiscount(terms, subtotal) };
    },
    code: () => terms?.code ?? null,
    clear() {
      input.value = "";
      terms = null;
      input.readOnly = false;
      button.textContent = t("cart.couponApply");
      status.textContent = "";
    },
  };
}
