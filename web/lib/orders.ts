/**
 * The seller's orders (GET /api/orders), one query for every screen that reads or refreshes them: the
 * 'Pedidos' screen, the menu's badge of new orders, the store admin's summary, and the store screens
 * whose stock changes can settle or cause an order's stock conflict.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { newOrdersCount } from "../../common/store-cart";
import { api, unwrap } from "./api";
import { t } from "./texts";

export const ordersQuery = queryOptions({
  queryKey: ["orders"],
  queryFn: async () => (await unwrap(api.orders.$get(), t("ordersFailed"))).orders,
  refetchInterval: 60_000,
});

/** How many orders wait for the seller (status 'Nuevo'); 0 while unknown, and never asked for without a store. */
export function useNewOrdersCount(hasStore: boolean): number {
  const orders = useQuery({ ...ordersQuery, enabled: hasStore, select: newOrdersCount });
  return orders.data ?? 0;
}
