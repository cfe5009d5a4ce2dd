import type { QueryClient } from "@tanstack/react-query";
import { appConfigQuery } from "./config";
import { ordersQuery } from "./orders";
import { priceClaimsQuery } from "./payment-queries";
import { productsQuery, sessionQuery } from "./queries";
import { hadSession } from "./session";

/** Screens that show the seller's products as soon as they open. */
const PRODUCT_SCREENS = ["/home", "/mi-tienda-admin", "/product-pricing", "/lote"];

/**
 * A signed-in screen opened fresh used to wait for its own code before asking for the session, and for the
 * session before asking for its data: three round trips one after another, 4 to 6 s on a phone. Asked here
 * as the app starts, they travel beside the screen's code. Only for a browser that had a session: a visitor
 * is not made to ask for one. The screen shows these answers as it mounts, and still reads its data again then
 * (a change made meanwhile elsewhere), as it always did.
 */
export function startFirstLoad(queryClient: QueryClient, path: string): void {
  // The landing is prerendered HTML; its island asks for what it shows.
  if (path === "/") return;
  void queryClient.prefetchQuery(appConfigQuery);
  if (!hadSession()) return;
  queryClient.fetchQuery(sessionQuery).then(
    (user) => {
      if (!user) return;
      void queryClient.prefetchQuery(priceClaimsQuery);
      // The menu's count of new orders, on every screen of a seller with a store.
      if (user.username) void queryClient.prefetchQuery(ordersQuery);
      if (PRODUCT_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`)))
        void queryClient.prefetchQuery(productsQuery(user.id));
    },
    // The guard reads the same query and says what went wrong.
    () => undefined,
  );
}
