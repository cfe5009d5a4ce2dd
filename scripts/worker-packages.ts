/**
 * The packages the Worker and its tests import, read from their source: every bare specifier in worker/, common/
 * and test/worker/ (subpaths included, as written). The Worker tests hand this list to vitest's dependency optimizer
 * (vitest.config.ts), so a package imported tomorrow is bundled without anyone updating a list.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const IMPORT = /\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;

/**
 * Left to the runtime: its own modules, vitest's, virtual modules, the image codecs (their `.wasm` are modules of
 * their own), and a package's JSON data (plain data: nothing for the optimizer, which refuses it).
 */
const NOT_BUNDLED = /^(node:|cloudflare:|workerd:|virtual:|vitest|@jsquash\/)|\.json$/;

export function workerPackages(root: string, folders = ["worker", "common", "test/worker"]): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        for (const match of readFileSync(path, "utf8").matchAll(IMPORT)) {
          const specifier = match[1] ?? match[2]!;
          if (!specifier.startsWith(".") && !specifier.startsWith("/") && !NOT_BUNDLED.test(specifier)) found.add(specifier);
        }
      }
    }
  };
  for (const folder of folders) visit(join(root, folder));
  return [...found].sort();
}
