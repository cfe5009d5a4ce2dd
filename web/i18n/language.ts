/**
 * Which language the seller reads: the one chosen (in Configuración, or on the landing), remembered in this
 * browser and on the account; else the browser's own (navigator.languages). Set once at start, before the
 * first screen renders: a change reloads the app (chooseSellerLanguage).
 */
import { isSellerLanguage, type SellerLanguage, SELLER_LANGUAGE_TAGS, sellerLanguageOf } from "../../common/seller-language";
import { loadCatalogue } from "./catalogues";
import { i18n } from "./texts";

const STORAGE_KEY = "vidriera-language";

let active: SellerLanguage = "es";

/** The language the screens are in now. */
export function sellerLanguage(): SellerLanguage {
  return active;
}

/**
 * The locale for dates and plain numbers on the seller's screens (Intl): es-AR keeps Spanish screens as they
 * were; English sellers are in Kenya and Nigeria, which write dates day first as en-GB does. Amounts of money
 * are not formatted with it: they use their store's money (common/store-money.ts formatAmount).
 */
export function sellerLocale(): string {
  return SELLER_LOCALES[active];
}

const SELLER_LOCALES: Readonly<Record<SellerLanguage, string>> = { es: "es-AR", "pt-BR": "pt-BR", en: "en-GB" };

function storedChoice(): SellerLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isSellerLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language this browser should show: the stored choice, else the browser's languages. */
export function browserSellerLanguage(): SellerLanguage {
  return storedChoice() ?? sellerLanguageOf(typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]));
}

/**
 * Activates the browser's language. Spanish is there at once (its messages came with each screen); another
 * language waits for its one chunk. Sets `<html lang>`.
 */
export async function startSellerLanguage(language: SellerLanguage = browserSellerLanguage()): Promise<void> {
  if (language !== "es") {
    try {
      i18n.load(language, await loadCatalogue(language));
    } catch {
      // Its chunk did not arrive (a lost connection, a new deploy): the app still starts, in Spanish.
      language = "es";
    }
  }
  i18n.activate(language);
  active = language;
  document.documentElement.lang = SELLER_LANGUAGE_TAGS[language];
}

/** Remembers a choice in this browser and shows the app in it (a reload, so every screen reads it at once). */
export function chooseSellerLanguage(language: SellerLanguage, { reload = true } = {}): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the account still remembers it.
  }
  if (reload && language !== active) location.reload();
}
