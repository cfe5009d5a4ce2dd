/**
 * Balances, movements and pack claims in the seller's language (./texts). The landing and the server keep
 * their own Spanish (common/credits.ts, common/price-claims.ts); the numbers come from the same functions.
 */
import { CREDITS_PER_IMAGE, imagesFromCredits } from "../../../common/credits";
import { CURRENCY_INFO, type Pack } from "../../../common/packs";
import { formatPerImage, type PackClaim, perImageCharge } from "../../../common/price-claims";
import { sellerLanguage, sellerLocale } from "../../i18n/language";
import { t } from "./texts";

/** A balance in whole images: "1 imagen", "10 imágenes". */
export const imagesLabel = (credits: number) => t("images", { count: imagesFromCredits(credits) });

/** An amount moved, exact ("1,5 imágenes"): a movement is not a balance to spend, so nothing is rounded away. */
export function imagesCountLabel(credits: number): string {
  const images = Math.abs(credits) / CREDITS_PER_IMAGE;
  return images === 1 ? t("oneImage") : t("imagesExact", { count: images.toLocaleString(sellerLocale(), { maximumFractionDigits: 2 }) });
}

export function movementLabel(reason: string): string {
  const labels: Record<string, () => string> = {
    signup_bonus: () => t("movementSignup"),
    generation: () => t("movementGeneration"),
    generation_refund: () => t("movementRefund"),
    purchase: () => t("movementPurchase"),
    store_plan: () => t("movementStorePlan"),
    store_plan_as_credits: () => t("movementStorePlanAsCredits"),
    account_closed: () => t("movementClosed"),
  };
  return labels[reason]?.() ?? t("movementOther");
}

/**
 * A currency's name for the seller: the Spanish names the app always used ("pesos argentinos"), and in
 * another language the one the browser's Intl knows ("Brazilian reals").
 */
export function currencyName(currency: string): string {
  if (sellerLanguage() === "es") return CURRENCY_INFO[currency]?.name ?? currency;
  try {
    return new Intl.DisplayNames([sellerLocale()], { type: "currency", style: "long" }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/**
 * A pack's card texts in the seller's language. Its saving as common/price-claims.ts packSavingsText claims
 * it: its own, or the same as a smaller pack at the same price per image.
 */
export function packTexts(
  pack: Pack,
  claims: readonly PackClaim[],
  packs: readonly Pack[],
  country: string | null,
  home: string | null,
): { title: string; perImage: string; savingsText: string | null } {
  const claim = claims.find((c) => c.id === pack.id)!;
  // Compared in millionths, as common/price-claims.ts does: 4.40 / 50 and 8.80 / 100 are the same price.
  const micro = (p: Pack) => Math.round(perImageCharge(p, country).amount * 1_000_000);
  const unit = micro(pack);
  let savingsText: string | null = null;
  if (claim.available && claim.savings > 0) savingsText = t("savings", { percent: claim.savings });
  else if (claim.available && claim.savingsText) {
    const same = packs.find((p) => {
      const other = claims.find((c) => c.id === p.id)!;
      return p.images < pack.images && other.available && other.savings > 0 && micro(p) === unit;
    });
    if (same) savingsText = t("savingsSame", { percent: claims.find((c) => c.id === same.id)!.savings, images: imagesLabel(same.credits) });
  }
  return {
    title: imagesLabel(pack.credits),
    perImage: t("perImage", { price: formatPerImage(perImageCharge(pack, country), home) }),
    savingsText,
  };
}
