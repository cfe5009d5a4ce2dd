/**
 * The amounts the batch screens name (images, credits, the time left), in the seller's language. In Spanish
 * they read exactly as common/batches.ts and common/credits.ts write them (batch-labels.test.ts holds them to it).
 */
import { affordableItems, batchCredits } from "../../../common/batches";
import { imagesFromCredits } from "../../../common/credits";
import type { Quality } from "../../../common/generation";
import { sellerLocale } from "../../i18n/language";
import { t } from "./texts";

const number = (n: number) => n.toLocaleString(sellerLocale());

/** '1 crédito', '2.500 créditos'. */
export const creditsText = (credits: number) => t("credits", { count: credits, amount: number(credits) });

/** '1 imagen', '20 imágenes': pictures of a batch. */
export const picturesText = (count: number) => t("images", { count, amount: number(count) });

/** A balance of credits as the images it buys ('2469 imágenes': a balance is written ungrouped, as always). */
export function imagesText(credits: number): string {
  const count = imagesFromCredits(credits);
  return t("images", { count, amount: String(count) });
}

/** '20 imágenes · 1.000 créditos'. */
export const batchPriceText = (count: number, quality: Quality) =>
  t("batchPrice", { pictures: picturesText(count), credits: creditsText(batchCredits(count, quality)) });

/** What the seller reads when the balance does not cover the batch. */
export function notEnoughText(count: number, quality: Quality, balance: number): string {
  const covered = affordableItems(balance, count, quality);
  const values = { credits: creditsText(batchCredits(count, quality)), pictures: picturesText(count), balance: creditsText(balance) };
  return covered === 0 ? t("notEnoughNone", values) : t("notEnoughSome", { ...values, covered: picturesText(covered) });
}

/** 'Falta aprox. 3 min', or null while the Worker cannot tell yet. */
export function timeLeftText(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return t("timeLeftUnderMinute");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t("timeLeftMinutes", { minutes: String(minutes) });
  const hours = String(Math.floor(minutes / 60));
  const rest = minutes % 60;
  return rest ? t("timeLeftHoursMinutes", { hours, minutes: String(rest) }) : t("timeLeftHours", { hours });
}
