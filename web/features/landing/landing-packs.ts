/**
 * The landing's price claims, read from the one pack table (common/packs.ts)
 * so the marketing page never promises a price the checkout does not charge.
 */
import { chargedUSD, formatMoney, formatUSDPerImage, PACKS, savingsPercent } from "../../../common/packs";

export { fromPriceClaim } from "../../../common/packs";

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
    // As charged: whole cents (the one-image pack is US$ 0.13), exactly as /credits shows it.
    price: formatMoney({ amount: chargedUSD(pack), currency: "USD" }),
    perImage: `${formatUSDPerImage(chargedUSD(pack) / pack.images)} por imagen`,
    savings: savingsPercent(pack),
    featured: pack.featured === true,
  }));
}
