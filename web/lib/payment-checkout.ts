import { useMutation } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { chargeFor, type PaymentRoute, PROVIDER_NAMES } from "../../common/packs";
import type { PaymentPurpose } from "../../common/payments";
import { api, ApiFailure, unwrap } from "./api";
import { t } from "./texts";

/** The provider answered without a checkout address; its name is a brand, the same in every language. */
const missingPaymentUrl = (route: PaymentRoute) => t("missingPaymentUrl", { provider: PROVIDER_NAMES[route] });

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
      if (err.status === 401 && order.purpose === "credits") throw new Error(t("loginToBuy"));
      throw new Error(err.message || (err.status ? t("checkoutFailed", { status: err.status }) : t("unexpectedPaymentError")));
    }
    if (err instanceof Error && err.message) throw err;
    throw new Error(t("unexpectedPaymentError"));
  }
}

/** Pays: opens the checkout and leaves for it; every failure is a toast in the seller's language. */
export function useCheckout() {
  return useMutation({
    mutationFn: openCheckout,
    onSuccess: (url) => window.location.assign(url),
    onError: (err) => toast.error(err.message || t("unexpectedPaymentError")),
  });
}
