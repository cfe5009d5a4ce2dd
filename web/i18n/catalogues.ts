/**
 * Every folder's catalogue of one language, compiled (scripts/lingui-catalogues-plugin.ts) and prefixed with
 * its folder's name. Each language is its own chunk (the import() in ./language.ts), which a Spanish seller
 * never loads.
 */
import type { Messages } from "@lingui/core";
import type { SellerLanguage } from "../../common/seller-language";
import { prefixed } from "./texts";

type Folders = Record<string, Messages>;

/** `../features/auth/texts/pt-BR.ts` → `auth`; `../ui/texts/en.ts` → `ui`. */
export function folderOf(path: string): string {
  const match = /\/(?:features\/)?([\w-]+)\/texts\/[\w-]+\.ts$/.exec(path);
  if (!match) throw new Error(`not a catalogue path: ${path}`);
  return match[1]!;
}

export function merged(folders: Folders): Messages {
  return Object.assign({}, ...Object.entries(folders).map(([path, messages]) => prefixed(folderOf(path), messages)));
}

const loaders: Record<Exclude<SellerLanguage, "es">, () => Promise<Messages>> = {
  "pt-BR": () => import("./catalogues-pt-BR").then((m) => m.messages),
  en: () => import("./catalogues-en").then((m) => m.messages),
};

export function loadCatalogue(language: Exclude<SellerLanguage, "es">): Promise<Messages> {
  return loaders[language]();
}
