import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Product } from "../../../common/product";
import type { Size } from "../../../common/product";
import type { ColorStock } from "../../../common/variants";
import { api, unwrap } from "../../lib/api";
import { ordersQuery } from "../../lib/orders";
import { productsQuery, sessionQuery } from "../../lib/queries";
import { cacheAnswer } from "../../lib/cache-answer";
import { t } from "./texts";

export const storeCreateFallback = () => t("storeCreateFailed");
export const pricingSaveFallback = () => t("pricingSaveFailed");

export interface StorePayload {
  storeName: string;
  phoneNumber: string;
  countryCode: string;
  /** The link the seller saw and chose; left out, the store keeps its own. */
  storeLink?: string;
  /** Argentina: keep the number as a landline (no mobile 9). */
  landline?: boolean;
  /** Only an inline data image is sent (spec section 7). */
  storeLogo?: string;
}

/** POST /api/auth/mi-tienda; the answer is the seller, whose session copy it replaces. */
export function useSaveStore(fallback = storeCreateFallback()) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: StorePayload) => (await unwrap(api.auth["mi-tienda"].$post({ json: payload }), fallback)).user,
    onSuccess: (user) => cacheAnswer(queryClient, sessionQuery.queryKey, user),
    // A link claimed meanwhile by another store: the field asks again and shows the free ones.
    onError: () => queryClient.invalidateQueries({ queryKey: ["slug-preview"] }),
  });
}

/** The link the seller will really get for a name (the next free one when it is taken). */
export const slugPreviewQuery = (link: string) =>
  queryOptions({
    queryKey: ["slug-preview", link],
    queryFn: () => unwrap(api.auth["mi-tienda"]["slug-preview"].$get({ query: { link } }), t("linkCheckFailed")),
    staleTime: 15_000,
  });

export interface PricingItem {
  id: string;
  /** As typed ("12.500"): the Worker parses it (common/price.ts). */
  price: string | number;
  /** 'Publicar' / 'Ocultar'. */
  published?: boolean;
  /** Sent when the seller renamed the product or changed its description. */
  name?: string;
  description?: string;
  sizes: Size[];
  /** Sent when the product has or had colours: an empty list takes them away. */
  colors?: ColorStock[];
  /** Units of a product without colours nor sizes; null: not counted. */
  stock?: number | null;
  storeImageURLs?: string[];
  /** Sent only when changed; "" clears it. */
  category?: string | null;
}

export function useUpdatePricing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (products: PricingItem[]) =>
      (await unwrap(api.products["update-pricing"].$post({ json: { products } }), pricingSaveFallback())).products,
    onSuccess: async (products) => {
      await cacheAnswer(queryClient, productsQuery(userId).queryKey, products);
      // New stock may settle (or cause) an order's stock conflict.
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
    },
  });
}

export interface AdminProductUpdate {
  id: string;
  name: string;
  price?: string | number;
  published?: boolean;
  sizes?: Size[];
  colors?: ColorStock[];
  /** Units of a product without colours nor sizes; null: not counted. */
  stock?: number | null;
  storeImageURLs?: string[];
}

export async function updateProduct(update: AdminProductUpdate, fallback: string): Promise<Product> {
  return (await unwrap(api.products.update.$put({ json: update }), fallback)).product;
}

export const publishFallback = () => t("publishFailed");

/** 'Publicar' / 'Ocultar': the Worker refuses to publish a product without a price. */
export function usePublishProduct(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; published: boolean }) =>
      (await unwrap(api.products.publish.$post({ json: input }), publishFallback())).product,
    onSuccess: (product) =>
      cacheAnswer(queryClient, productsQuery(userId).queryKey, (list: Product[] | undefined) =>
        list?.map((p) => (p.id === product.id ? product : p)),
      ),
  });
}
