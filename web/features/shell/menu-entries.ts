/**
 * The menu's entries and when each shows (spec section 2, "Menu"): the store
 * admin only for a seller with a username on desktop; 'Pedidos' (with its
 * badge of new orders) and 'Estadísticas' for a seller with a store;
 * 'Cupones' beside them; 'Comprar imágenes' in the mobile drawer only with a username (the header
 * always has its own 'Comprar imágenes' button).
 */
import { t } from "./texts";

export type MenuLayout = "desktop" | "mobile";
export type MenuPath = "/home" | "/images" | "/mi-tienda-admin" | "/pedidos" | "/estadisticas" | "/cupones" | "/credits" | "/settings";

export interface MenuEntry {
  to: MenuPath;
  label: string;
  /** A count shown beside the label: the orders still new. */
  badge?: "new-orders";
}

export function menuEntries(user: { username: string | null }, layout: MenuLayout): MenuEntry[] {
  const hasStore = Boolean(user.username);
  const entries: (MenuEntry | false)[] = [
    { to: "/home", label: t("entryProducts") },
    { to: "/images", label: t("entryImages") },
    (layout === "mobile" || hasStore) && { to: "/mi-tienda-admin", label: t("entryStore") },
    hasStore && { to: "/pedidos", label: t("entryOrders"), badge: "new-orders" },
    hasStore && { to: "/estadisticas", label: t("entryStats") },
    hasStore && { to: "/cupones", label: t("entryCoupons") },
    (layout === "desktop" || hasStore) && { to: "/credits", label: t("entryBuyImages") },
    { to: "/settings", label: t("entrySettings") },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}
