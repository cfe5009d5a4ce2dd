/**
 * The tests run on their own values, whatever a developer keeps in .dev.vars.
 *
 * wrangler reads the .dev.vars beside the config it is given, and `vite build`
 * copies it next to the built Worker. A developer who put IMAGE_PROVIDER=gemini
 * and a real key there to try the real model would then send every test
 * generation to the paid provider, and see tests fail that expect the offline
 * studio: the suite would pass or fail by what one machine keeps in a file git
 * ignores. So the Worker tests read a copy of wrangler.toml from a folder of its
 * own, where no .dev.vars is found, and the local app of the end-to-end tests
 * and benches gets a .dev.vars written from nothing but the values it is given.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

// The keys of wrangler.toml that hold a path, resolved by wrangler against the config's folder.
const PATH_KEYS = ["main", "migrations_dir", "directory"];

/** Writes `configPath` to `intoDir` with its paths made absolute, and answers the copy's path. */
export function wranglerConfigWithoutDevVars(configPath: string, intoDir: string): string {
  const from = dirname(resolve(configPath));
  let text = readFileSync(configPath, "utf8");
  for (const key of PATH_KEYS) {
    text = text.replace(new RegExp(`^(${key}\\s*=\\s*)"([^"]+)"`, "gm"), (line, head: string, value: string) =>
      isAbsolute(value) ? line : `${head}${JSON.stringify(join(from, value))}`,
    );
  }
  mkdirSync(intoDir, { recursive: true });
  const copy = join(intoDir, "wrangler.toml");
  writeFileSync(copy, text);
  return copy;
}

/** A .dev.vars with exactly these values (a built Worker's, for `vite preview` or `wrangler dev`). */
export function writeDevVars(path: string, vars: Record<string, string>) {
  const lines = Object.entries(vars).map(([key, value]) => {
    if (/[\r\n]/.test(value)) throw new Error(`${key}: a .dev.vars value is one line`);
    return `${key}=${value}`;
  });
  writeFileSync(path, `# Written by scripts/test-vars.ts for this run; the developer's .dev.vars does not apply.\n${lines.join("\n")}\n`);
}
