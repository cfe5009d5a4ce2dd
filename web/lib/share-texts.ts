/**
 * What the admin's share buttons send: a WhatsApp message (wa.me lets the seller pick the chats or a
 * status) and a text for Instagram, whose bio and stories take a copied link, not a share link. Both
 * carry the store's shared address (common/store.ts storeShareUrl, with the `?ref=` of where it goes), built
 * in one place; the admin's share card and the statistics' first-visits card both send these. The people
 * who read them are the store's shoppers, so they come from the shoppers' catalogues in the store's locale
 * (the seller's session storeMoney.locale), like the store's pages.
 */
import { translator } from "../../common/i18n";
import { t } from "./texts";

export function whatsappShareUrl(storeName: string, url: string, locale: string): string {
  const text = translator(locale).t("share.whatsapp", { store: storeName, url });
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export function instagramText(storeName: string, url: string, locale: string): string {
  return translator(locale).t("share.instagram", { store: storeName, url });
}

/** Told to the seller, so in the seller's language (the text copied is the shoppers'). */
export const instagramCopied = () => t("instagramCopied");
