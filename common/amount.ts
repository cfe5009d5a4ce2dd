/**
 * An amount as the seller reads it: formatted by its own currency, never by the store's current money, so an
 * order placed in reais reads "R$ 279,70" after the store moved to pesos, as the buyer's page says. Each
 * currency is written the way its home country writes it (reais as Brazil, pesos as Argentina): the seller's
 * screens are in Spanish, but "BRL 279,70" (es-AR's CLDR) would hide the symbol the buyer saw.
 */
import { COUNTRY_LOCALES, currencyDigits, storeMoney } from "./store-locale";
import { ARS_MONEY, formatPrice, type StoreMoney } from "./store-money";

const HOME_LOCALES = new Map(Object.values(COUNTRY_LOCALES).map((c) => [c.currency, c.locale]));

/**
 * How amounts in `currency` are kept and written: its digits and its home country's format. Null stands
 * for orders from before orders kept their currency, which were all in Argentine pesos.
 */
export function currencyMoney(currency: string | null | undefined): StoreMoney {
  if (!currency) return ARS_MONEY;
  const home = HOME_LOCALES.get(currency);
  // A currency no country of the table uses still reads with its own code and digits, never as another money.
  return home ? storeMoney(currency, home) : { currency, locale: "es", digits: currencyDigits(currency) };
}

/** "R$ 279,70", "$27.970", "$1,299.50": `amount` in the minor unit `currency` keeps (see currencyMoney). */
export function formatAmount(amount: number, currency: string | null | undefined): string {
  return formatPrice(amount, currencyMoney(currency));
}
