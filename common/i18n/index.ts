/**
 * The shoppers' texts in the store's language, through Lingui
 * (@lingui/core): ICU MessageFormat catalogues (./catalogues), compiled once
 * per locale with @lingui/message-utils, plurals by the locale's own
 * Intl.PluralRules. The Worker and the seller's app import this module (all
 * catalogues; size does not matter there). The cart script never does: the
 * page hands it the compiled messages of its store's locale only
 * (cartMessages), read by web/store/i18n.ts with @lingui/core alone.
 * docs/i18n.md says why Lingui and how to add a language.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { ShopText } from "../shop-text";
import { type ShopperLanguage, saysTalle, shopperLanguage } from "../store-locale";
import type { StoreMoney } from "../store-money";
import { en } from "./catalogues/en";
import { type Catalogue, es, type MessageKey } from "./catalogues/es";
import { esRioplatense } from "./catalogues/es-rioplatense";
import { id } from "./catalogues/id";
import { ms } from "./catalogues/ms";
import { ptBR } from "./catalogues/pt-BR";

export type { Catalogue, MessageKey };
export const MESSAGE_KEYS = Object.keys(es) as MessageKey[];

/** Every language's catalogue, keyed as common/store-locale.ts SHOPPER_LANGUAGES. */
export const CATALOGUES: Readonly<Record<ShopperLanguage, Catalogue>> = { es, "pt-BR": ptBR, en, id, ms };

/** The messages a locale reads: its language's catalogue, with "talle" where the locale says it. */
export function catalogueFor(locale: string): Catalogue {
  const language = shopperLanguage(locale);
  return language === "es" && saysTalle(locale) ? { ...es, ...esRioplatense } : CATALOGUES[language];
}

/** The keys the cart script shows (cart, size picker, buyer form, delivery, ways to pay): all it is sent. */
export const CART_KEY_PREFIXES = [
  "cart.",
  "picker.",
  "buyer.",
  "checkout.",
  "delivery.",
  "pay.",
  "product.soldOut",
  "product.sizeGuide",
] as const;
export const CART_KEYS = MESSAGE_KEYS.filter((key) => CART_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)));

const compiled = new Map<string, Messages>();

/** A locale's catalogue compiled for Lingui (JSON-safe), cached per locale. */
export function compiledMessages(locale: string): Messages {
  let messages = compiled.get(locale);
  if (!messages) {
    const catalogue = catalogueFor(locale);
    messages = Object.fromEntries(MESSAGE_KEYS.map((key) => [key, compileMessage(catalogue[key])]));
    compiled.set(locale, messages);
  }
  return messages;
}

/** What the store page puts in its data block for the cart script: the cart's messages in the store's locale. */
export function cartMessages(locale: string): Messages {
  const all = compiledMessages(locale);
  return Object.fromEntries(CART_KEYS.map((key) => [key, all[key]!]));
}

export type Values = Record<string, string | number>;

export interface Translator {
  locale: string;
  t(key: MessageKey, values?: Values): string;
}

const translators = new Map<string, Translator>();

/** Formats a store's texts: `t("cart.added", { product: "Remera" })`. Numbers in plurals follow the locale. */
export function translator(locale: string): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    const i18n: I18n = setupI18n({ locale, messages: { [locale]: compiledMessages(locale) } });
    translator = { locale, t: (key, values) => i18n._(key, values) };
    translators.set(locale, translator);
  }
  return translator;
}

/** A store's locale, money and messages together (common/shop-text.ts), for the Worker's pages and messages. */
export function shopText(locale: string, money: StoreMoney): ShopText {
  return { locale, money, t: translator(locale).t };
}
