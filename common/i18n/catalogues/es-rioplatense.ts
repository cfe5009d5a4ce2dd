/**
 * Spanish of Argentina and Uruguay (common/store-locale.ts saysTalle): the
 * messages that name a garment's size say "talle" (masculine: "un talle",
 * "este talle") instead of "talla"; everything else is ./es.ts. These are
 * today's Argentine strings, so Argentine pages keep their words.
 */
import type { MessageKey } from "./es";

export const esRioplatense = {
  "product.size": "Talle",
  "product.sizes": "Talles",
  "product.sizeGuide": "Guía de talles",
  "product.messageSize": "Talle: (elige uno: {sizes})",
  "meta.productSizes": "Talles: {sizes}",
  "feed.sizes": "Talles: {sizes}.",
  "feed.sizeVariant": "Talle {size}",
  "cart.noMoreStock": "No hay más stock de este talle.",
  "cart.lineSize": "Talle: {size}",
  "picker.title": "Selecciona un talle",
  "picker.titleFor": "Selecciona un talle para {product}",
  "picker.colorAndSize": "Elige color y talle de {product}",
  "picker.chooseSize": "Elige un talle.",
  "buyer.notePlaceholder": "Horario, talle alternativo…",
  "order.chooseSize": "Elige un talle de {product}.",
  "order.noSuchSize": "El talle {size} no existe para {product}.",
} as const satisfies Partial<Record<MessageKey, string>>;
