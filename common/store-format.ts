/**
 * The two formatting rules the public store's cart script needs, apart from
 * the rest of common/store.ts so the script does not carry the country list.
 */

/** Prices in stores are whole Argentine pesos with dots for thousands: "$15.000". */
export function formatArs(value: number): string {
  const whole = Math.round(Number.isFinite(value) ? value : 0);
  const sign = whole < 0 ? "-" : "";
  return `${sign}$${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}
