import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderStatus } from "../../../common/order-status";
import type { StockShortage } from "../../../common/store-cart";
import { api, ApiFailure, unwrap } from "../../lib/api";
import { ordersQuery } from "../../lib/orders";
import { productsQuery } from "../../lib/queries";
import { cacheAnswer } from "../../lib/cache-answer";
import { t } from "./texts";

/** The lines a 409 on confirming names as short (worker/routes/orders.ts), or null for any other failure. */
export function stockShortages(err: unknown): StockShortage[] | null {
  if (!(err instanceof ApiFailure) || err.status !== 409) return null;
  const list = err.details?.shortages;
  return Array.isArray(list) && list.length > 0 ? (list as StockShortage[]) : null;
}

/** Moves an order to its next status (PUT /api/orders/:id/status); confirming takes its stock. */
export function useOrderStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: OrderStatus }) =>
      (await unwrap(api.orders[":id"].status.$put({ param: { id }, json: { status } }), t("moveFailed"))).order,
    onSuccess: async (order) => {
      await cacheAnswer(queryClient, ordersQuery.queryKey, (list) => list?.map((o) => (o.id === order.id ? order : o)));
      if (order.stockTaken) {
        // Confirming took stock: the product list shows it, and other new orders may now be short.
        void queryClient.invalidateQueries({ queryKey: productsQuery(userId).queryKey });
        void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
      }
    },
    onError: async (err, { id }) => {
      // Refused for stock: the order's card shows what is short until the seller adjusts it or cancels.
      const shortages = stockShortages(err);
      if (!shortages) return;
      await cacheAnswer(queryClient, ordersQuery.queryKey, (list) => list?.map((o) => (o.id === id ? { ...o, shortages } : o)));
      void queryClient.invalidateQueries({ queryKey: productsQuery(userId).queryKey });
    },
  });
}
