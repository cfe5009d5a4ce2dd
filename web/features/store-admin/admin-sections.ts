/**
 * The sections of /mi-tienda-admin, by what the seller does there: one at a
 * time, picked by `?seccion=` so each has its own link (and the back button
 * works). Small and import-free: the router reads it in the entry chunk.
 */
export const ADMIN_SECTIONS = ["productos", "pedidos", "entrega-y-pagos", "compartir", "datos"] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const DEFAULT_ADMIN_SECTION: AdminSection = "productos";

function isAdminSection(value: unknown): value is AdminSection {
  return ADMIN_SECTIONS.some((s) => s === value);
}

/** An unknown or missing `seccion` is the default one, so old links to /mi-tienda-admin keep working. */
export function validateAdminSearch(search: Record<string, unknown>): { seccion?: AdminSection } {
  return isAdminSection(search.seccion) && search.seccion !== DEFAULT_ADMIN_SECTION ? { seccion: search.seccion } : {};
}
