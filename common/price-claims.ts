/**
 * Every price claim the screens make ("Desde $ 120 por imagen", "Ahorras
 * 32%", the store plan's price), computed for the visitor's country from what
 * that country is charged and can buy: the ARS list through Mercado Pago in
 * Argentina, whole US cents through dLocal Go elsewhere, and only the packs
 * sold there. The Worker serves them (GET /api/payments/prices) and the
 * landing, the sign-in screens, /home and /credits read the same functions.
 */
import { imagesLabel } from "./credits";
import {
  chargeFor,
  COUNTRY_CURRENCY,
  CURRENCY_INFO,
  formatMoney,
  localeOf,
  packAvailableIn,
  PACKS,
  type PaymentRoute,
  paymentRouteFor,
  PROVIDER_NAMES,
  STORE_PLAN,
  storePlanCountry,
  type Money,
  type Pack,
  type Rates,
} from "./packs";

/** What one image of a pack costs as charged in the country's route (ARS in Argentina, US dollars elsewhere). */
export function perImageCharge(pack: Pack, country: string | null): Money {
  const charged = chargeFor(pack, paymentRouteFor(country));
  return { amount: charged.amount / pack.images, currency: charged.currency };
}

// Prices per image compared in millionths, so 4.40 / 50 and 8.80 / 100 are the same price.
const micro = (money: Money) => Math.round(money.amount * 1_000_000);

/**
 * 'Ahorras N%' of a pack against buying single images, as charged in the country: 0 for a pack the
 * country cannot buy, and 0 for a pack no cheaper per image than a smaller one sold there, so two packs
 * at the same price per image never both claim the same saving.
 */
export function packSavingsPercent(pack: Pack, country: string | null): number {
  if (!packAvailableIn(pack, country)) return 0;
  const unit = micro(perImageCharge(pack, country));
  const smaller = PACKS.filter((p) => p.images < pack.images && packAvailableIn(p, country));
  if (smaller.some((p) => micro(perImageCharge(p, country)) <= unit)) return 0;
  const single = micro(perImageCharge(PACKS[0]!, country));
  return Math.max(0, Math.round((1 - unit / single) * 100));
}

/**
 * How a pack's saving reads on its card: its own 'Ahorras N%', or, for a pack no cheaper per image than a
 * smaller one that claims a saving (the 100 pack, at the 50 pack's price per image), that same saving
 * said as the same ("Ahorras 32%, igual que 50 imágenes"), so a bigger pack never looks cheaper per image
 * than it is, nor as if it saved nothing. Null when there is nothing to claim.
 */
export function packSavingsText(pack: Pack, country: string | null): string | null {
  const saving = packSaving(pack, country);
  if (!saving) return null;
  return saving.sameAs ? `Ahorras ${saving.percent}%, igual que ${imagesLabel(saving.sameAs.credits)}` : `Ahorras ${saving.percent}%`;
}

/**
 * The saving packSavingsText says, as numbers, for screens that say it in another language: its percent and,
 * when it is a smaller pack's saving at the same price per image, that pack's images.
 */
export interface PackSaving {
  percent: number;
  sameAs: { images: number; credits: number } | null;
}

export function packSaving(pack: Pack, country: string | null): PackSaving | null {
  if (!packAvailableIn(pack, country)) return null;
  const own = packSavingsPercent(pack, country);
  if (own > 0) return { percent: own, sameAs: null };
  const unit = micro(perImageCharge(pack, country));
  const same = PACKS.find(
    (p) =>
      p.images < pack.images &&
      packAvailableIn(p, country) &&
      micro(perImageCharge(p, country)) === unit &&
      packSavingsPercent(p, country) > 0,
  );
  return same ? { percent: packSavingsPercent(same, country), sameAs: { images: same.images, credits: same.credits } } : null;
}

/**
 * What a charge comes to in the money of `home` (the seller's country), at the given rates (units per US
 * dollar): an estimate, since the provider converts at payment time. Null when the charge already is in
 * that money, or the country, its currency or a rate is unknown.
 */
export function chargeEstimate(charged: Money, home: string | null, rates: Rates): Money | null {
  const currency = home ? COUNTRY_CURRENCY[home] : undefined;
  if (!currency || currency === charged.currency) return null;
  const to = rates[currency];
  const from = charged.currency === "USD" ? 1 : rates[charged.currency];
  if (!to || !from || !Number.isFinite(to) || !Number.isFinite(from) || to <= 0 || from <= 0) return null;
  return { amount: Math.round((charged.amount / from) * to * 100) / 100, currency };
}

/** The cheapest price per image among the packs the country can buy, as charged. */
export function cheapestImageCharge(country: string | null): Money {
  const sold = PACKS.filter((p) => packAvailableIn(p, country)).map((p) => perImageCharge(p, country));
  return sold.reduce((best, p) => (p.amount < best.amount ? p : best));
}

/**
 * "US$ 0,088", "$ 120": a price per image written as the country writes numbers. A price under one unit
 * keeps its third decimal: rounding it up would claim more than is paid, down less.
 */
export function formatPerImage(money: Money, country: string | null): string {
  if (money.currency === "ARS" || money.amount >= 1) return formatMoney(money, country);
  const locale = localeOf(country) ?? "en-US";
  const digits = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(money.amount);
  return `${CURRENCY_INFO[money.currency]?.symbol ?? money.currency} ${digits}`;
}

export interface PackClaim {
  id: Pack["id"];
  /** "10 imágenes". */
  title: string;
  /** The pack's price as charged: "$ 1.200", "US$ 1,25". */
  price: string;
  /** What that charge comes to in the seller's money, when it is charged in another: "$ 1.650,59". */
  estimate: string | null;
  /** "US$ 0,125 por imagen". */
  perImage: string;
  savings: number;
  /** "Ahorras 32%", "Ahorras 32%, igual que 50 imágenes", or null. */
  savingsText: string | null;
  /** The same claims as numbers and bare prices, for the seller's screens in another language. */
  images: number;
  /** "US$ 0,125": perImage's price alone. */
  perImagePrice: string;
  saving: PackSaving | null;
  available: boolean;
  featured: boolean;
}

export interface PriceClaims {
  country: string | null;
  /** "Desde $ 120 por imagen". */
  fromPerImage: string;
  /** "$ 120": fromPerImage's price alone, for the seller's screens in another language. */
  fromPerImagePrice: string;
  /** Who collects the prices (currencyNote's subject), for the same screens. */
  route: PaymentRoute;
  packs: PackClaim[];
  /** In which money the prices are and who collects them. */
  currencyNote: string;
  /** The store plan as charged: "$ 2.000". */
  storePlan: string;
}

/**
 * Every claim for a country, as charged there (country null: unknown, priced in dollars). `home` is the
 * seller's own country when the edge does not know where they are (their store's): numbers are written
 * as there ("US$ 1,25" for an Argentine) and each price gets an estimate in that country's money at `rates`.
 */
export function priceClaims(country: string | null, options: { home?: string | null; rates?: Rates } = {}): PriceClaims {
  const route = paymentRouteFor(country);
  const home = country ?? options.home ?? null;
  const plan = chargeFor(STORE_PLAN, paymentRouteFor(storePlanCountry(country)));
  const estimate = (charged: Money) => {
    const local = options.rates ? chargeEstimate(charged, home, options.rates) : null;
    return local ? formatMoney(local, home) : null;
  };
  const fromPerImagePrice = formatPerImage(cheapestImageCharge(country), home);
  return {
    country,
    fromPerImage: `Desde ${fromPerImagePrice} por imagen`,
    fromPerImagePrice,
    route,
    packs: PACKS.map((pack) => ({
      id: pack.id,
      title: imagesLabel(pack.credits),
      price: formatMoney(chargeFor(pack, route), home),
      estimate: estimate(chargeFor(pack, route)),
      perImage: `${formatPerImage(perImageCharge(pack, country), home)} por imagen`,
      perImagePrice: formatPerImage(perImageCharge(pack, country), home),
      images: pack.images,
      saving: packSaving(pack, country),
      savings: packSavingsPercent(pack, country),
      savingsText: packSavingsText(pack, country),
      available: packAvailableIn(pack, country),
      featured: pack.featured === true,
    })),
    currencyNote:
      route === "mercadopago"
        ? `Precios en pesos argentinos. Pagas con ${PROVIDER_NAMES.mercadopago}.`
        : `Precios en dólares estadounidenses. Pagas con ${PROVIDER_NAMES.dlocalgo} desde cualquier país: el importe se convierte a tu moneda al momento del pago.`,
    storePlan: formatMoney(plan, home),
  };
}

/**
 * What the store plan is, where the store is offered (landing, /home, store setup): free to create and
 * try, a one-time payment to remove the trial notice, and no commission on sales, ever.
 */
export function storePlanTerms(price: string): string {
  return `Crearla y probarla es gratis. El Plan Mi Tienda es un pago único de ${price} que quita el aviso 'Tienda en modo prueba'. Sin comisiones por venta: lo que vendes es todo tuyo.`;
}
