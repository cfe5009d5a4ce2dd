/** A store's Mercado Pago payment link: only Mercado Pago's own hosts, completed as a seller types it. */

/**
 * Mercado Pago's own sites, one per country it operates in (Mercado Libre's sites MLA, MLB, MLC, MCO,
 * MLM, MPE, MLU: Argentina, Brazil, Chile, Colombia, Mexico, Peru, Uruguay; Chile's is mercadopago.cl),
 * its global mercadopago.com, and its short links. A link elsewhere (mercadopago.com.de, a look-alike)
 * could pass for Mercado Pago and take the buyer's money.
 */
export const MERCADOPAGO_DOMAINS = [
  "mercadopago.com",
  "mercadopago.com.ar",
  "mercadopago.com.br",
  "mercadopago.cl",
  "mercadopago.com.co",
  "mercadopago.com.mx",
  "mercadopago.com.pe",
  "mercadopago.com.uy",
] as const;
export const MERCADOPAGO_SHORT_HOSTS = ["mpago.la", "mpago.li"] as const;

/**
 * The payment link as the store saves it, completed the way a seller types it ("mpago.la/2xYz9Ab" is
 * https://mpago.la/2xYz9Ab), or null when it is not Mercado Pago's: https only, on its own hosts.
 */
export function mercadoPagoLink(value: string): string | null {
  const typed = value.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed.replace(/^\/+/, "")}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const ours =
    (MERCADOPAGO_SHORT_HOSTS as readonly string[]).includes(host) ||
    MERCADOPAGO_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
  return url.protocol === "https:" && ours && !url.username && !url.password && !url.port ? url.toString() : null;
}

export const isMercadoPagoLink = (value: string): boolean => mercadoPagoLink(value) !== null;

export const MERCADOPAGO_LINK_INVALID =
  "Pega un link de pago de Mercado Pago (empieza con https://mpago.la/ o https://link.mercadopago.com.ar/).";
