/**
 * What changing the store's currency does, worked out before the seller confirms, so the dialog says what
 * is true: prices keep their number, but a money without cents rounds them (R$ 129,90 becomes $130, as the
 * Worker's rescale does: worker/lib/store-money-change.ts), and the ways to pay and the shoppers' language
 * of the old money's country stay unless the seller takes the new one's.
 */
import { type PayMethodKind, PAY_METHOD_NAMES } from "../../../common/pay-methods";
import { countryByCode } from "../../../common/store";
import { COUNTRY_LOCALES, currencyDigits, storeMoney } from "../../../common/store-locale";
import { localeLabel } from "../../../common/store-locale-options";
import { formatPrice } from "../../../common/store-money";

export interface CurrencyChangeInput {
  from: { currency: string; locale: string };
  to: { currency: string; locale: string };
  products: readonly { name: string; price: number | null }[];
  delivery: { shipping: { zones: readonly { cost: number }[]; freeFrom: number | null } };
  payMethods: readonly { kind: PayMethodKind }[];
}

export interface PriceExample {
  name: string;
  before: string;
  after: string;
}

export interface CurrencyChange {
  /** How many priced products lose their cents, and up to three of them as they read before and after. */
  roundedPrices: number;
  examples: PriceExample[];
  /** Delivery costs (a zone's or the free-delivery threshold) that lose their cents. */
  roundedCosts: number;
  /** What one price looks like before and after when none is rounded ("R$ 129,90 → S/ 129.90", "$12.500 → R$ 12.500,00"). */
  sample: { before: string; after: string };
  /** "Argentina": the country whose money the store moves to (in Spanish), and its code. */
  country: string;
  countryCode: string | null;
  /** The new money's country's language, when the store keeps another one that is the old money's. */
  oldLanguage: { label: string; next: string; nextLabel: string } | null;
  /** The ways to pay the store offers that the new money's country has not (Pix in pesos). */
  oldPayMethods: { kind: PayMethodKind; name: string }[];
  /** Whether dropping those leaves the store at least one way to pay. */
  canDropPayMethods: boolean;
}

/** "portugués de Brasil": a language's name as it reads inside a Spanish sentence. */
const inSentence = (locale: string) => {
  const label = localeLabel(locale);
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
};

const homeOf = (currency: string) => Object.entries(COUNTRY_LOCALES).find(([, c]) => c.currency === currency);

/** A stored integer as the Worker rescales it into the new money's digits (SQLite's round: halves away from zero). */
export function rescaledPrice(minor: number, fromCurrency: string, toCurrency: string): number {
  const shift = currencyDigits(toCurrency) - currencyDigits(fromCurrency);
  return shift === 0 ? minor : Math.round(minor * 10 ** shift);
}

const losesCents = (minor: number, from: string, to: string) => rescaledPrice(rescaledPrice(minor, from, to), to, from) !== minor;

export function currencyChange(input: CurrencyChangeInput): CurrencyChange {
  const { from, to } = input;
  const before = storeMoney(from.currency, from.locale);
  const after = storeMoney(to.currency, to.locale);
  const priced = input.products.filter((p): p is { name: string; price: number } => (p.price ?? 0) > 0);
  const rounded = priced.filter((p) => losesCents(p.price, from.currency, to.currency));
  const costs = [...input.delivery.shipping.zones.map((z) => z.cost), input.delivery.shipping.freeFrom ?? 0].filter(
    (cost) => cost > 0 && losesCents(cost, from.currency, to.currency),
  );
  // Into a money with cents the example is a round price: one rounded by an earlier change may get its cents back.
  const sampleMinor = (after.digits <= before.digits && priced[0]?.price) || 12_500 * 10 ** before.digits;
  const [countryCode, home] = homeOf(to.currency) ?? [];
  const [, oldHome] = homeOf(from.currency) ?? [];
  const offered = home?.payMethods;
  const oldPayMethods = offered
    ? input.payMethods.filter((m) => !offered.includes(m.kind)).map((m) => ({ kind: m.kind, name: PAY_METHOD_NAMES[m.kind] }))
    : [];
  // Only a language that came with the old money is flagged: one the seller chose for itself stays unremarked.
  const keepsOldLanguage = home && oldHome && to.locale === oldHome.locale && to.locale !== home.locale;
  return {
    roundedPrices: rounded.length,
    examples: rounded.slice(0, 3).map((p) => ({
      name: p.name,
      before: formatPrice(p.price, before),
      after: formatPrice(rescaledPrice(p.price, from.currency, to.currency), after),
    })),
    roundedCosts: costs.length,
    sample: {
      before: formatPrice(sampleMinor, before),
      after: formatPrice(rescaledPrice(sampleMinor, from.currency, to.currency), after),
    },
    country: countryByCode(countryCode)?.name ?? to.currency,
    countryCode: countryCode ?? null,
    oldLanguage: keepsOldLanguage ? { label: inSentence(to.locale), next: home.locale, nextLabel: inSentence(home.locale) } : null,
    oldPayMethods,
    canDropPayMethods: input.payMethods.length > oldPayMethods.length,
  };
}
