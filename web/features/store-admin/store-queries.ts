import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Product } from "../../../common/product";
import type { OrderStatus } from "../../../common/store-cart";
import type { Size } from "../../../common/product";
import { api, unwrap } from "../../lib/api";
import { productsQuery, sessionQuery } from "../../lib/queries";

export const STORE_CREATE_FALLBACK = "Error al crear la tienda. Intenta nuevamente.";
export const PRICING_SAVE_FALLBACK = "Error al guardar los cambios";

export interface StorePayload {
  storeName: string;
  phoneNumber: string;
  countryCode: string;
  /** Only an inline data image is sent (spec section 7). */
  storeLogo?: string;
}

/** POST /api/auth/mi-tienda; the answer is the seller, whose session copy it replaces. */
export function useSaveStore(fallback = STORE_CREATE_FALLBACK) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: StorePayload) => (await unwrap(api.auth["mi-tienda"].$post({ json: payload }), fallback)).user,
    onSuccess: (user) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}

/** The link the seller will really get for a name (the next free one when it is taken). */
export const slugPreviewQuery = (name: string) =>
  queryOptions({
    queryKey: ["slug-preview", name],
    queryFn: () => unwrap(api.auth["mi-tienda"]["slug-preview"].$get({ query: { name } }), "No se pudo comprobar el enlace."),
    staleTime: 15_000,
  });

export interface PricingItem {
  id: string;
  price: number;
  sizes: Size[];
  storeImageURLs?: string[];
  /** Sent only when changed; "" clears it. */
  category?: string | null;
}

export function useUpdatePricing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (products: PricingItem[]) =>
      (await unwrap(api.products["update-pricing"].$post({ json: { products } }), PRICING_SAVE_FALLBACK)).products,
    onSuccess: (products) => queryClient.setQueryData(productsQuery(userId).queryKey, products),
  });
}

export interface AdminProductUpdate {
  id: string;
  name: string;
  price?: number;
  sizes?: Size[];
  storeImageURLs?: string[];
}

export async function updateProduct(update: AdminProductUpdate, fallback: string): Promise<Product> {
  return (await unwrap(api.products.update.$put({ json: update }), fallback)).product;
}

export const ordersQuery = queryOptions({
  queryKey: ["orders"],
  queryFn: async () => (await unwrap(api.orders.$get(), "No se pudieron cargar los pedidos.")).orders,
  refetchInterval: 60_000,
});

export function useOrderStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: OrderStatus }) =>
      (await unwrap(api.orders[":id"].status.$put({ param: { id }, json: { status } }), "No se pudo cambiar el estado del pedido.")).order,
    onSuccess: (order) => {
      queryClient.setQueryData(ordersQuery.queryKey, (list) => list?.map((o) => (o.id === order.id ? order : o)));
      // Confirming took stock: the product list shows it.
      if (order.stockTaken) void queryClient.invalidateQueries({ queryKey: productsQuery(userId).queryKey });
    },
  });
}
