import { compileMessage } from "@lingui/message-utils/compileMessage";

/**
 * A message's arguments as "name:type" (plural and select branches included), from Lingui's compiled form:
 * what a translation must keep of its source. Used by the catalogue tests of shoppers and sellers.
 */
export function placeholders(message: string): string[] {
  const found = new Set<string>();
  // A compiled message is a list of tokens: text, or [name, type?, format?] where a plural's format holds lists again.
  const tokens = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const token of list) {
      if (!Array.isArray(token)) continue;
      const [name, type, format] = token as [string, string | undefined, unknown];
      found.add(`${name}:${type ?? "text"}`);
      if (format && typeof format === "object") for (const branch of Object.values(format)) tokens(branch);
    }
  };
  tokens(compileMessage(message));
  return [...found].sort();
}
