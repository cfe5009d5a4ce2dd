import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api";
import { cacheAnswer } from "../../lib/cache-answer";
import { sessionQuery } from "../../lib/queries";
import { checkoutSettingsQuery } from "./checkout-queries";
import { t } from "./texts";

export const storeLocaleSaved = () => t("storeLocaleSaved");
export const storeLocaleSaveFallback = () => t("storeLocaleSaveFailed");

/** The store's currency and shoppers' language (GET /api/store-locale). */
export const storeLocaleQuery = queryOptions({
  queryKey: ["store-locale"],
  queryFn: () => unwrap(api["store-locale"].$get(), t("storeLocaleLoadFailed")),
});

export type StoreLocale = Awaited<ReturnType<NonNullable<typeof storeLocaleQuery.queryFn>>>;

/**
 * Saves both; then everything that reads prices in the store's money is read again: the session (its
 * storeMoney), the products (rescaled when the cents change) and 'Entrega y pagos'.
 */
export function useSaveStoreLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { currency: string; locale: string }) =>
      unwrap(api["store-locale"].$put({ json: choice }), storeLocaleSaveFallback()),
    onSuccess: async (saved) => {
      await cacheAnswer(queryClient, storeLocaleQuery.queryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
        queryClient.invalidateQueries({ queryKey: checkoutSettingsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
      ]);
    },
  });
}
