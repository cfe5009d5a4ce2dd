/**
 * The seller app's texts, through Lingui (@lingui/core), as the store's are (docs/i18n.md, "The seller's
 * language"). Each folder of screens keeps its own catalogues in `texts/`: `es.ts` is the source, and
 * `pt-BR.ts` and `en.ts` translate it key by key. The Spanish messages travel with their screen's chunk, so
 * Spanish costs what the inline strings did; another language is one chunk of its own (./catalogues.ts),
 * loaded once at start (./language.ts) and never by a Spanish seller.
 */
import { type Messages, setupI18n } from "@lingui/core";

export const i18n = setupI18n({ locale: "es", messages: { es: {} } });

export type Values = Record<string, string | number>;
export type Text<K extends string> = (key: K, values?: Values) => string;

/**
 * A folder's translator: `const t = sellerTexts<keyof typeof source>("auth", spanish)` in its texts.ts, then
 * `t("signIn")`. Keys are kept as `<folder>.<key>`, the names other languages' chunks use.
 */
export function sellerTexts<K extends string>(folder: string, spanish: Messages): Text<K> {
  i18n.load("es", prefixed(folder, spanish));
  return (key, values) => i18n._(`${folder}.${key}`, values);
}

export function prefixed(folder: string, messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${folder}.${key}`, message]));
}
