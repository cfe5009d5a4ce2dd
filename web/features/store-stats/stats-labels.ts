/**
 * The statistics' words and numbers in the seller's language (./texts): the periods, a change against the
 * period before, a conversion and where visits came from. The weekly e-mail keeps its own (common/store-stats.ts).
 */
import { changeText, type Period, SOURCE_LABELS, type Source } from "../../../common/store-stats";
import { sellerLocale } from "../../i18n/language";
import { t } from "./texts";

/** A plain number as the seller writes it ("1.234" in Spanish, "1,234" in English). */
export const n = (value: number) => value.toLocaleString(sellerLocale());

export function periodLabel(period: Period): { label: string; before: string } {
  if (period === "today") return { label: t("periodToday"), before: t("beforeToday") };
  if (period === "7d") return { label: t("period7d"), before: t("before7d") };
  return { label: t("period30d"), before: t("before30d") };
}

/** "+12 %", "−5 %", or the words for the same and for a first time. */
export function changeLabel(current: number, previous: number): string {
  const text = changeText(current, previous);
  if (text === "igual") return t("changeSame");
  if (text === "nuevo") return t("changeNew");
  return text;
}

/** Orders per view as a percentage with one decimal ("2,5 %"), or "—" without views. */
export function conversionLabel(orders: number, views: number): string {
  if (views <= 0) return "—";
  return `${(Math.round((orders / views) * 1000) / 10).toLocaleString(sellerLocale())} %`;
}

/** Brands keep their names; the other sources are words. */
export function sourceLabel(source: Source): string {
  if (source === "qr") return t("sourceQr");
  if (source === "directo") return t("sourceDirect");
  if (source === "otros") return t("sourceOthers");
  return SOURCE_LABELS[source];
}
