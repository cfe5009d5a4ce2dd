/**
 * The tables of docs/i18n.md, made from the code they describe (the
 * countries' table and the glossary), so the page cannot drift: a test
 * compares them, and rewrites them when run with UPDATE_DOCS=1.
 */
import { PAY_METHOD_NAMES } from "../pay-methods";
import { COUNTRIES } from "../store";
import { COUNTRY_LOCALES, shopperLanguage, storeMoney } from "../store-locale";
import { formatPrice } from "../store-money";
import { GLOSSARY } from "./glossary";

export const COUNTRIES_MARKERS = ["<!-- countries:start (common/i18n/docs-tables.ts) -->", "<!-- countries:end -->"] as const;
export const GLOSSARY_MARKERS = ["<!-- glossary:start (common/i18n/glossary.ts) -->", "<!-- glossary:end -->"] as const;

/** A sample price in each money: 12.500 whole units, or 1.299,90 where prices have cents. */
const sample = (digits: 0 | 2) => (digits ? 129_990 : 12_500);

export function countriesTable(): string {
  const rows = COUNTRIES.map((country) => {
    const row = COUNTRY_LOCALES[country.code]!;
    const price = formatPrice(sample(row.digits), storeMoney(row.currency, row.locale)).replace(/[\u00a0\u202f]/g, " ");
    const ways = row.payMethods.map((kind) => PAY_METHOD_NAMES[kind]).join(", ");
    return `| ${country.flag} ${country.name} (${country.code}) | ${row.currency} | ${row.digits ? "cents" : "whole units"} | \`${price}\` | ${row.locale} (${shopperLanguage(row.locale)}) | ${row.sizesWord ?? "—"} | ${ways} |`;
  });
  return [
    "| Country | Currency | Prices kept in | Shown as | Shoppers' locale (catalogue) | Sizes word | Ways to pay |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

export function glossaryTable(): string {
  const rows = GLOSSARY.map(
    (t) =>
      `| ${t.concept} | ${t.words.es} | ${t.words["es-AR"]} | ${t.words["pt-BR"]} | ${t.words.en} | ${t.words.id} | ${t.words.ms} | \`${t.usedIn}\` |`,
  );
  return [
    "| Concept | es | es-AR / es-UY | pt-BR | en | id | ms | checked in |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** The document with the text between each pair of markers replaced. */
export function withTables(doc: string): string {
  let out = doc;
  for (const [[start, end], table] of [
    [COUNTRIES_MARKERS, countriesTable()],
    [GLOSSARY_MARKERS, glossaryTable()],
  ] as const) {
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/i18n.md lacks the markers ${start} … ${end}`);
    out = `${out.slice(0, from + start.length)}\n${table}\n${out.slice(to)}`;
  }
  return out;
}
