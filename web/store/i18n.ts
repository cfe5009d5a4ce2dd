/**
 * The cart script's texts: the compiled messages of the store's locale that
 * the page puts in its data block (common/i18n cartMessages), read with
 * @lingui/core alone, so the script carries no catalogue and no ICU parser
 * (about 2.4 KB gzip for the runtime; docs/i18n.md). Nothing of another
 * language ever reaches the shopper's phone.
 */
import { type Messages, setupI18n } from "@lingui/core";
import type { MessageKey } from "../../common/i18n/catalogues/es";

export type CartText = (key: MessageKey, values?: Record<string, string | number>) => string;

/** `t("cart.added", { product })` in the store's locale; a key the page did not send reads as itself. */
export function cartTranslator(locale: string, messages: Messages): CartText {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key, values) => i18n._(key, values);
}
