/**
 * Store statistics as both the Worker and the seller's screen read them: where
 * visitors come from, the `?ref=` that share and QR links carry, the store's
 * time zone (days are the seller's days), and the report's shape.
 */
import { SHARE_REFS, storeCountry } from "./store";

/** Where a visit came from, in the order the screen lists them: the `?ref=` sources first (common/store.ts SHARE_REFS). */
export const SOURCES = [...SHARE_REFS, "directo", "otros"] as const;
export type Source = (typeof SOURCES)[number];

export const SOURCE_LABELS: Record<Source, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  whatsapp: "WhatsApp",
  google: "Google",
  tiktok: "TikTok",
  qr: "Código QR",
  directo: "Directo (enlace escrito o guardado)",
  otros: "Otros sitios",
};

/**
 * The time zone of each country a store can be in (common/store.ts COUNTRIES):
 * 'today' and each day of the chart are the seller's days. Every offset is a
 * whole number of hours, so hourly counts add up to exact local days.
 */
export const STORE_TIME_ZONES: Record<string, string> = {
  AR: "America/Argentina/Buenos_Aires",
  BR: "America/Sao_Paulo",
  CL: "America/Santiago",
  CO: "America/Bogota",
  MX: "America/Mexico_City",
  PE: "America/Lima",
  UY: "America/Montevideo",
  PY: "America/Asuncion",
  BO: "America/La_Paz",
  DO: "America/Santo_Domingo",
  GT: "America/Guatemala",
  CR: "America/Costa_Rica",
  MY: "Asia/Kuala_Lumpur",
  ID: "Asia/Jakarta",
  KE: "Africa/Nairobi",
  NG: "Africa/Lagos",
};

export function storeTimeZone(store: { phone: string | null; countryCode: string | null }): string {
  return STORE_TIME_ZONES[storeCountry(store).code] ?? STORE_TIME_ZONES.AR!;
}

/** The counts of one period. Money per currency: one currency's amounts are never added to another's. */
export interface StatsTotals {
  /** Arrivals at the store from outside it (another site, an app, the QR, a typed or saved link). */
  visits: number;
  /** Every page shown: the store, its searches and pages, each product. */
  pageViews: number;
  searches: number;
  /** Searches that found nothing. */
  emptySearches: number;
  cartAdds: number;
  /** Orders sent by WhatsApp, but those cancelled since: a cancelled order is never counted as a sale. */
  ordersSent: number;
  /** Orders the seller confirmed, but those cancelled since, and what they bring. */
  ordersConfirmed: number;
  /** Confirmed money in the store's current currency (its minor unit); orders in another currency are not in it. */
  amountConfirmed: number;
  /**
   * Confirmed money per currency, the store's current one first: a store that changed its money has orders in
   * both, each amount in its own currency's minor unit. Empty when nothing was confirmed.
   */
  amountsConfirmed: { amount: number; currency: string }[];
}

export const PERIODS = ["today", "7d", "30d"] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, { label: string; before: string }> = {
  today: { label: "Hoy", before: "ayer" },
  "7d": { label: "7 días", before: "los 7 días anteriores" },
  "30d": { label: "30 días", before: "los 30 días anteriores" },
};

export interface ProductFigure {
  id: string;
  name: string;
  views: number;
  cartAdds: number;
  /** Orders sent that carried the product, but those cancelled since ("Lo más pedido"). */
  orders: number;
  units: number;
}

export interface StatsReport {
  /** The seller's today (YYYY-MM-DD) in `timeZone`. */
  today: string;
  timeZone: string;
  periods: Record<Period, { current: StatsTotals; previous: StatsTotals }>;
  /**
   * Whether some cart adds of the period were not counted: one address or neighbourhood passed its limit, or
   * so many addresses came that the newest shared one count (worker/lib/store-throttle.ts). The figure is then
   * a floor, and the screen says it has a cap.
   */
  cartAddsCapped: Record<Period, boolean>;
  /** The last 30 days, oldest first. */
  days: { day: string; visits: number; orders: number }[];
  /** The last 30 days. */
  topViewed: ProductFigure[];
  topOrdered: ProductFigure[];
  viewedNeverOrdered: ProductFigure[];
  sources: { source: Source; visits: number }[];
  /** What shoppers searched for and the store did not have, most searched first. */
  emptySearches: { words: string; searches: number }[];
  /** True when the engine counted a sample of a very busy store's events (Analytics Engine), so figures are estimates. */
  sampled: boolean;
  /** Whether the weekly summary e-mail goes to this seller. */
  weeklyEmail: boolean;
  /** The last 30 days' orders per discount code and currency (cancelled ones left out), most used first. */
  coupons: CouponFigure[];
}

/** One discount code's use: its orders and what it took off, in one currency's minor units. */
export interface CouponFigure {
  code: string;
  currency: string;
  orders: number;
  discount: number;
}

export const emptyTotals = (): StatsTotals => ({
  visits: 0,
  pageViews: 0,
  searches: 0,
  emptySearches: 0,
  cartAdds: 0,
  ordersSent: 0,
  ordersConfirmed: 0,
  amountConfirmed: 0,
  amountsConfirmed: [],
});

/** "+25 %", "−40 %", "igual", or "nuevo" when there was nothing before: how a figure moved against the period before. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "igual" : "nuevo";
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return "igual";
  return percent > 0 ? `+${percent} %` : `−${Math.abs(percent)} %`;
}

/** Orders per view as a percentage with one decimal ("2,5 %"), or "—" without views. */
export function conversionText(orders: number, views: number): string {
  if (views <= 0) return "—";
  return `${(Math.round((orders / views) * 1000) / 10).toLocaleString("es-AR")} %`;
}
