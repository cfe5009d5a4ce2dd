import type { AdminSection } from "./admin-sections";

/**
 * The code of the admin's sections other than 'Productos', each its own chunk: the WhatsApp number's
 * countries, the ways to pay and the store's languages were a third of a megabyte every first open of the
 * products had to download and parse. The router asks for the section's chunk with the screen's (in
 * parallel), and the screen asks for the same promise when it shows the section.
 */
export const SECTION_CODE = {
  "entrega-y-pagos": () =>
    Promise.all([import("./checkout-settings"), import("./store-locale-settings")]).then(([checkout, locale]) => ({
      CheckoutSettingsCard: checkout.CheckoutSettingsCard,
      StoreLocaleCard: locale.StoreLocaleCard,
    })),
  compartir: () => import("./store-share").then((m) => ({ StoreShareCard: m.StoreShareCard })),
  datos: () => import("./store-info").then((m) => ({ StoreInfoCard: m.StoreInfoCard })),
};

/** Starts downloading a section's code, if it has its own. */
export function preloadSection(section: AdminSection | undefined): void {
  if (section && section in SECTION_CODE) void SECTION_CODE[section as keyof typeof SECTION_CODE]();
}
