/**
 * The menu's entries and when each shows (spec section 2, "Menu"): the store
 * admin only for a seller with a username on desktop, 'Estadísticas' only with a
 * store; 'Comprar imágenes' in
 * the mobile drawer only with a username (the header always has its own
 * 'Comprar imágenes' button).
 */
export type MenuLayout = "desktop" | "mobile";
export type MenuPath = "/home" | "/images" | "/mi-tienda-admin" | "/estadisticas" | "/credits" | "/settings";

export interface MenuEntry {
  to: MenuPath;
  label: string;
}

export function menuEntries(user: { username: string | null }, layout: MenuLayout): MenuEntry[] {
  const hasStore = Boolean(user.username);
  const entries: (MenuEntry | false)[] = [
    { to: "/home", label: "Productos" },
    { to: "/images", label: "Imágenes" },
    (layout === "mobile" || hasStore) && { to: "/mi-tienda-admin", label: "Mi Tienda" },
    hasStore && { to: "/estadisticas", label: "Estadísticas" },
    (layout === "desktop" || hasStore) && { to: "/credits", label: "Comprar imágenes" },
    { to: "/settings", label: "Configuración" },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}
