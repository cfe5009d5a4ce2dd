/**
 * Where each language's catalogues are: one chunk per language (./catalogues-pt-BR.ts, ./catalogues-en.ts),
 * loaded by ./language.ts at start, which a Spanish seller never loads.
 */
import type { Messages } from "@lingui/core";
import type { SellerLanguage } from "../../common/seller-language";

const loaders: Record<Exclude<SellerLanguage, "es">, () => Promise<Messages>> = {
  "pt-BR": () => import("./catalogues-pt-BR").then((m) => m.messages),
  en: () => import("./catalogues-en").then((m) => m.messages),
};

export function loadCatalogue(language: Exclude<SellerLanguage, "es">): Promise<Messages> {
  return loaders[language]();
}
