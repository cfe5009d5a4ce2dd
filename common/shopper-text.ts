/**
 * What the shopper reads of the delivery address, the cart's quicker path and
 * the order page's copy buttons, in one place: the cart script, the Worker's
 * checks, the WhatsApp message and the order page take these words from here,
 * so they can move to the store language's catalogue as one block.
 */

export const ADDRESS_STREET_MAX_LENGTH = 120;
export const ADDRESS_LOCALITY_MAX_LENGTH = 80;
export const ADDRESS_REFERENCE_MAX_LENGTH = 160;

export const SHOPPER_TEXT = {
  /** One choice for envío to each of the store's zones, so a single tap picks both. */
  deliveryToZone: (zone: string) => `Envío a domicilio (${zone})`,
  addressLegend: "¿A dónde te lo enviamos?",
  addressStreet: "Calle y número",
  addressStreetExample: "Av. Corrientes 1234",
  addressLocality: "Localidad",
  addressLocalityExample: "Palermo, CABA",
  addressReference: "Referencias (opcional)",
  addressReferenceExample: "Piso, depto, timbre, entre calles",
  /** The note no longer hides the address in its placeholder. */
  notePlaceholder: "Horario, talle alternativo…",
  streetRequired: "Escribe la calle y el número para el envío.",
  localityRequired: "Escribe la localidad para el envío.",
  streetTooLong: `La calle y el número no pueden tener más de ${ADDRESS_STREET_MAX_LENGTH} caracteres.`,
  localityTooLong: `La localidad no puede tener más de ${ADDRESS_LOCALITY_MAX_LENGTH} caracteres.`,
  referenceTooLong: `Las referencias no pueden tener más de ${ADDRESS_REFERENCE_MAX_LENGTH} caracteres.`,
  addressInvalid: "La dirección de envío no es válida.",
  /** In the WhatsApp message, the order page and the seller's order card. */
  addressLabel: "Dirección",
  referenceLabel: "Referencias",
  keepShopping: "Seguir comprando",
  copy: "Copiar",
  copied: "Copiado",
  copyWhat: (what: string) => `Copiar ${what}`,
  copiedWhat: (what: string) => `${what} copiado`,
  copyFailed: "No se pudo copiar: mantén presionado el texto para copiarlo.",
  totalLabel: "total",
} as const;
