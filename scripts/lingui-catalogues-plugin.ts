/**
 * Vite plugin: `import messages from "./texts/pt-BR.ts?lingui"` gives that catalogue compiled for
 * @lingui/core (ICU MessageFormat parsed at build time by @lingui/message-utils), so the seller's browser gets
 * only the runtime and ready messages, never the ICU parser, and each language is its own chunk
 * (docs/i18n.md, "The seller's language"). A catalogue is a data module (`export default { key: "text" }`,
 * type-only imports) that Node loads as it is.
 */
import { statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const SUFFIX = "?lingui";

/** Every message of a catalogue module compiled; a message that does not parse fails the build, naming it. */
export async function compiledCatalogue(file: string): Promise<Record<string, unknown>> {
  // The modification time in the URL makes Node read an edited catalogue again in `npm run dev`.
  const url = `${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`;
  const { default: catalogue } = (await import(url)) as { default: Record<string, string> };
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalogue)) {
    try {
      compiled[key] = compileMessage(message);
    } catch (err) {
      throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${(err as Error).message}`);
    }
  }
  return compiled;
}

export function linguiCatalogues(): Plugin {
  return {
    name: "vidriera:lingui-catalogues",
    enforce: "pre",
    resolveId: {
      // Only these imports reach the hook (the build resolves thousands of others).
      filter: { id: /\?lingui$/ },
      async handler(source, importer) {
        const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
        return resolved ? `${resolved.id}${SUFFIX}` : null;
      },
    },
    load: {
      filter: { id: /\?lingui$/ },
      async handler(id) {
        const file = id.slice(0, -SUFFIX.length);
        this.addWatchFile(file);
        return `export default ${JSON.stringify(await compiledCatalogue(file))};`;
      },
    },
  };
}
