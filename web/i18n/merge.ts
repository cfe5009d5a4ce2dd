/**
 * One language's catalogues of every folder, compiled (scripts/lingui-catalogues-plugin.ts), merged into one
 * set of messages, each key prefixed with its folder's name as the folder's texts.ts does (./texts.ts sellerTexts).
 */
import type { Messages } from "@lingui/core";
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
