import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api";
import { cacheAnswer } from "../../lib/cache-answer";
import type { PayMethodInput } from "../../../common/pay-methods";
import type { PayMethodDraft } from "./pay-method-fields";
import { t } from "./texts";

export const checkoutSaveFallback = () => t("checkoutSaveFailed");

/** 'Entrega y pagos' as saved (GET /api/checkout-settings). */
export const checkoutSettingsQuery = queryOptions({
  queryKey: ["checkout-settings"],
  queryFn: () => unwrap(api["checkout-settings"].$get(), t("checkoutLoadFailed")),
});

export type CheckoutSettings = Awaited<ReturnType<NonNullable<typeof checkoutSettingsQuery.queryFn>>>;

/** What the form sends: prices as typed ("3.500"), read by the Worker's one price parser. */
export interface CheckoutForm {
  delivery: {
    pickup: { enabled: boolean; address: string | null };
    shipping: { enabled: boolean; zones: { name: string; cost: string }[]; freeFrom: string };
  };
  payments: {
    transfer: { alias: string; cbu: string; holder: string } | null;
    mercadoPago: { link: string } | null;
    cash: boolean;
  };
  /** The ways to pay of a store outside Argentina (Argentina keeps `payments`, its settings as always). */
  payMethods: PayMethodDraft[] | null;
}

export function useSaveCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ delivery, payments, payMethods }: CheckoutForm) =>
      unwrap(
        api["checkout-settings"].$put({
          // Drafts are checked by the same schema before a save; the Worker checks them again.
          json: payMethods ? { delivery, payMethods: payMethods as unknown as PayMethodInput[] } : { delivery, payments },
        }),
        checkoutSaveFallback(),
      ),
    onSuccess: (saved) => cacheAnswer(queryClient, checkoutSettingsQuery.queryKey, saved),
  });
}
