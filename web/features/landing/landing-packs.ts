/**
 * The landing's price claims, read from the one pack table (common/packs.ts)
 * so the marketing page never promises a price the checkout does not charge.
 */
import { cheapestImagePriceUSD, CURRENCY_INFO, PACKS, savingsPercent } from "../../../common/packs";

// Dollars look as they do on /credits (formatMoney), except that a price under a cent keeps its third
// decimal: the single image costs US$ 0.125, and rounding it to 0.13 would promise a price never charged.
const { symbol, locale } = CURRENCY_INFO.USD!;
const usd = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 });

export const formatUSD = (amount: number) => `${symbol} ${usd.format(amount)}`;

export interface LandingPack {
  id: string;
  title: string;
  price: string;
  perImage: string;
  /** Savings against single images, 0 when there are none. */
  savings: number;
  featured: boolean;
}

export function landingPacks(): LandingPack[] {
  return PACKS.map((pack) => ({
    id: pack.id,
    title: pack.images === 1 ? "1 imagen" : `${pack.images} imágenes`,
    price: formatUSD(pack.priceUSD),
    perImage: `${formatUSD(pack.priceUSD / pack.images)} por imagen`,
    savings: savingsPercent(pack),
    featured: pack.featured === true,
  }));
}

/** "Desde US$ 0,088 por imagen": the cheapest real per-image price across packs. */
export function fromPriceClaim(): string {
  return `Desde ${formatUSD(cheapestImagePriceUSD())} por imagen`;
}
