import { queryOptions } from "@tanstack/react-query";
import { shopText } from "../../../common/i18n";
import type { ShopText } from "../../../common/shop-text";
import { api, unwrap } from "../../lib/api";
import { t } from "./texts";

// In the orders feature, not web/lib: the catalogues it loads stay out of the app's first screen.
/**
 * The store's language and money as the order list answers them: prices on the cards, and the replies
 * the seller sends its buyers, which are in the store's language (the seller previews what buyers read).
 */
export const ordersShopQuery = queryOptions({
  queryKey: ["orders", "shop"],
  queryFn: async (): Promise<ShopText> => {
    const { store } = await unwrap(api.orders.$get(), t("loadFailed"));
    return shopText(store.locale, store.money);
  },
  staleTime: 5 * 60_000,
});
