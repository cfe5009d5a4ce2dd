/** The amounts the products screens name, in the seller's language; in Spanish as common/credits.ts writes them. */
import { imagesFromCredits } from "../../../common/credits";
import { t } from "./texts";

/** A number of credits as the images they buy: '1 imagen', '20 imágenes' (ungrouped, as balances always were). */
export function imagesText(credits: number): string {
  const count = imagesFromCredits(credits);
  return t("images", { count, amount: String(count) });
}
