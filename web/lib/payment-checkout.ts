import { useMutation } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { chargeFor, type PaymentRoute } from "../../common/packs";
import { checkoutFailed, LOGIN_TO_BUY, missingPaymentUrl, UNEXPECTED_PAYMENT_ERROR, type PaymentPurpose } from "../../common/payments";
import { api, ApiFailure, unwrap } from "./api";

export interface CheckoutOrder {
  purpose: PaymentPurpose;
  packId?: string;
  route: PaymentRoute;
  /** The item's list prices; the body's `credits` carries what the screen said would be charged. */
  prices: { priceUSD: number; priceARS: number };
}

/** Opens the provider's checkout for the order and returns its address (spec section 7, "Payments and credits"). */
export async function openCheckout(order: CheckoutOrder): Promise<string> {
  const json = { purpose: order.purpose, packId: order.packId, credits: chargeFor(order.prices, order.route).amount };
  try {
    if (order.route === "mercadopago") {
      const body = await unwrap(api.payments["create-preference"].$post({ json }), "");
      if (!body.preference?.init_point) throw new Error(missingPaymentUrl("mercadopago"));
      return body.preference.init_point;
    }
    const body = await unwrap(api.payments["create-dlocal-payment"].$post({ json }), "");
    if (!body.redirect_url) throw new Error(missingPaymentUrl("dlocalgo"));
    return body.redirect_url;
  } catch (err) {
    if (err instanceof ApiFailure) {
      // Signed out (e.g. in another tab): the spec words it per purpose.
      if (err.status === 401 && order.purpose === "credits") throw new Error(LOGIN_TO_BUY);
      throw new Error(err.message || (err.status ? checkoutFailed(err.status) : UNEXPECTED_PAYMENT_ERROR));
    }
    if (err instanceof Error && err.message) throw err;
    throw new Error(UNEXPECTED_PAYMENT_ERROR);
  }
}

/** Pays: opens the checkout and leaves for it; every failure is a toast in Spanish. */
export function useCheckout() {
  return useMutation({
    mutationFn: openCheckout,
    onSuccess: (url) => window.location.assign(url),
    onError: (err) => toast.error(err.message || UNEXPECTED_PAYMENT_ERROR),
  });
}
