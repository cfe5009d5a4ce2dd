/**
 * Which language the seller reads: the one chosen (in Configuración, or on the landing), remembered in this
 * browser and on the account; else the browser's own (navigator.languages). Set once at start, before the
 * first screen renders: a change reloads the app (chooseSellerLanguage).
 */
import {
  isSellerLanguage,
  SELLER_LANGUAGE_COOKIE,
  SELLER_LANGUAGE_PARAM,
  type SellerLanguage,
  SELLER_LANGUAGE_TAGS,
  sellerLanguageOf,
} from "../../common/seller-language";
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

/** The browser's own languages, in its order of preference. */
export function browserLanguages(): readonly string[] {
  return typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
}

/**
 * On "/", the language the Worker served the prerendered landing in (worker/routes/landing.ts): the
 * app hydrates that HTML, so it must speak the same. `/?lang=en` (a version's own address, the landing's
 * switch) is a choice, remembered like one.
 */
function landingLanguage(): SellerLanguage | null {
  if (typeof document === "undefined" || location.pathname !== "/") return null;
  const asked = new URLSearchParams(location.search).get(SELLER_LANGUAGE_PARAM);
  if (isSellerLanguage(asked)) remember(asked);
  const served = document.getElementById("landing-static")?.dataset.language;
  return isSellerLanguage(served) ? served : null;
}

/** The language this browser should show: the landing's, else the stored choice, else the browser's languages. */
export function browserSellerLanguage(): SellerLanguage {
  return landingLanguage() ?? storedChoice() ?? sellerLanguageOf(browserLanguages());
}

/** Stores a choice in this browser, and in its cookie for the Worker; false when the browser keeps nothing. */
function remember(language: SellerLanguage): boolean {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = `${SELLER_LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the account still remembers it.
  }
  return storedChoice() === language;
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
  // A choice stored before the cookie existed reaches the Worker from now on.
  const stored = storedChoice();
  if (stored && !document.cookie.includes(`${SELLER_LANGUAGE_COOKIE}=${stored}`)) remember(stored);
  document.documentElement.lang = SELLER_LANGUAGE_TAGS[language];
}

/** Remembers a choice in this browser and shows the app in it (a reload, so every screen reads it at once). */
export function chooseSellerLanguage(language: SellerLanguage, { reload = true } = {}): void {
  remember(language);
  if (reload && language !== active) location.reload();
}

/**
 * The signed-in seller's language, remembered on the account: on a device that does not know it yet, it is
 * stored here and the app shows in it. Reloads only when this browser did keep it (so never twice: the next
 * start finds it stored), and never for an account that has not chosen.
 */
export function followAccountLanguage(account: SellerLanguage | null | undefined): void {
  if (!account || storedChoice() === account) return;
  if (remember(account) && account !== active) location.reload();
}
