/**
 * Light, dark or system theme (spec section 4): the choice lives in local
 * storage under one fixed key. public/boot.js applies it before the
 * first paint; this module keeps it applied while the app runs.
 */
import { useSyncExternalStore } from "react";
import { t } from "./texts";

/** public/boot.js reads the same key; a unit test keeps the two in step. */
export const THEME_STORAGE_KEY = "vidriera-theme";

export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Read when shown, in the seller's language. */
export function themeLabel(choice: ThemeChoice): string {
  return { light: t("themeLight"), dark: t("themeDark"), system: t("themeSystem") }[choice];
}

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(value ?? "") ? (value as ThemeChoice) : "system";
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): "light" | "dark" {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): fall back to the system's.
    return "system";
  }
}

function apply() {
  const dark = resolveTheme(readChoice(), matchMedia(DARK_QUERY).matches) === "dark";
  document.documentElement.classList.toggle("dark", dark);
  for (const listener of listeners) listener();
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not persisted, but still applied for this visit.
  }
  apply();
}

/** Follows the system's setting while the choice is "system", and choices made in other tabs. */
export function watchTheme() {
  matchMedia(DARK_QUERY).addEventListener("change", apply);
  window.addEventListener("storage", (event) => {
    if (event.key === THEME_STORAGE_KEY) apply();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => "system");
}
