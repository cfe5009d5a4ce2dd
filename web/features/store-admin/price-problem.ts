/**
 * Why a typed price cannot be saved, in the seller's language. common/price.ts answers in Spanish (the Worker
 * and the Spanish screens say it so, byte for byte); a Portuguese or English seller reads the same reason from
 * this folder's catalogue, with the store's own examples.
 */
import { maxPrice, PRICE_INVALID, PRICE_NEGATIVE, PRICE_NO_CENTS, PRICE_TOO_HIGH, priceMessages } from "../../../common/price";
import { priceExample } from "../../../common/store-locale";
import { formatPrice, formatPriceNumber, numberSeparators, type StoreMoney } from "../../../common/store-money";
import { sellerLanguage } from "../../i18n/language";
import { sellerPriceTip } from "./seller-examples";
import { t } from "./texts";

export function priceProblem(error: string, money: StoreMoney): string {
  if (sellerLanguage() === "es") return error;
  const spanish = priceMessages(money);
  const example = priceExample(money);
  const { units } = sellerPriceTip(money);
  if (error === spanish.invalid || error === PRICE_INVALID) return t("priceInvalid", { example });
  if (error === spanish.noCents || error === PRICE_NO_CENTS)
    return t("priceNoCents", { units, example: formatPriceNumber(12_500, { ...money, digits: 0 }) });
  if (error === spanish.tooHigh || error === PRICE_TOO_HIGH) return t("priceTooHigh", { max: formatPrice(maxPrice(money), money) });
  if (error === PRICE_NEGATIVE) return t("priceNegative");
  if (error === spanish.wrongDecimal) {
    return t("priceWrongDecimal", { sign: numberSeparators(money.locale).decimal === "," ? "comma" : "point", example });
  }
  // "¿1.299 es mil doscientos…?": a price that reads two ways.
  return t("priceTwoWays", { example });
}
