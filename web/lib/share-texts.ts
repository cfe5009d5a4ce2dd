/**
 * What the admin's share buttons send: a WhatsApp message (wa.me lets the seller pick the chats or a
 * status) and a text for Instagram, whose bio and stories take a copied link, not a share link. Both
 * carry the store's shared address (common/store.ts storeShareUrl, with the `?ref=` of where it goes), built
 * in one place; the admin's share card and the statistics' first-visits card both send these.
 */
export function whatsappShareUrl(storeName: string, url: string): string {
  const text = `¡Hola! Te invito a ver ${storeName}: elige lo que te gusta y pídelo por WhatsApp desde acá 👉 ${url}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export function instagramText(storeName: string, url: string): string {
  return `🛍️ ${storeName} ya tiene tienda online: mira los productos, arma tu pedido y envíalo por WhatsApp. ${url}`;
}

export const INSTAGRAM_COPIED = "Texto copiado: pégalo en tu bio de Instagram o en una historia con el sticker «Enlace».";
