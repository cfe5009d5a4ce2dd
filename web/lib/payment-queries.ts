import { queryOptions } from "@tanstack/react-query";
import type { Rates } from "../../common/packs";
import { priceClaims, type PriceClaims } from "../../common/price-claims";
import type { PaymentView } from "../../common/payments";
import type { User } from "../../common/user";
import { api, ApiFailure, unwrap } from "./api";
import { t } from "./texts";

/** The visitor's country as the edge sees it; a failure means unknown (spec section 8: silently). */
export const countryQuery = queryOptions({
  queryKey: ["payments", "country"],
  queryFn: async (): Promise<string | null> => {
    try {
      return (await unwrap(api.payments.country.$get(), "")).country;
    } catch {
      return null;
    }
  },
  staleTime: 10 * 60_000,
});

/**
 * The price claims for the visitor's country (GET /api/payments/prices). Until they arrive, or if they
 * fail, the claims for an unknown country (dollars), the same the prerendered landing shows.
 */
export const priceClaimsQuery = queryOptions({
  queryKey: ["payments", "prices"],
  queryFn: async (): Promise<PriceClaims> => unwrap(api.payments.prices.$get(), t("pricesFailed")),
  placeholderData: priceClaims(null),
  staleTime: 10 * 60_000,
});

/**
 * Units per USD from the server (live when refreshed, else the fixed table).
 * A failure is only logged; the screens then show USD (spec section 8).
 */
export const exchangeRatesQuery = queryOptions({
  queryKey: ["payments", "exchange-rates"],
  queryFn: async (): Promise<Rates> => {
    const { rates } = await unwrap(api.payments["exchange-rates"].$get(), t("ratesFailed"));
    return Object.fromEntries(rates.map((r) => [r.target_currency, r.value]));
  },
  staleTime: 30 * 60_000,
  retry: 1,
});

/** How often the return page asks again while the provider has not confirmed. */
export const PAYMENT_POLL_MS = 2000;
/** After this long a pending payment stops being polled; the page tells the seller to reload later. */
export const PAYMENT_POLL_LIMIT_MS = 3 * 60_000;

/** A checkout's state and the seller as they are now; polled while pending, for `pollLimitMs` after `since`. */
export const paymentQuery = (id: string, since: number) =>
  queryOptions({
    queryKey: ["payments", id],
    queryFn: async (): Promise<{ payment: PaymentView; user: User }> =>
      unwrap(api.payments[":id"].$get({ param: { id } }), t("paymentStatusFailed")),
    refetchInterval: (query) =>
      query.state.data?.payment.status === "pending" && Date.now() - since < PAYMENT_POLL_LIMIT_MS ? PAYMENT_POLL_MS : false,
    retry: (failures, err) => !(err instanceof ApiFailure && err.status === 404) && failures < 2,
  });
