// Fails when a package in package-lock.json names native binaries for other platforms as optional
// dependencies but the lockfile lacks some of them. npm installs only what the lockfile lists, so
// on that platform (an operator's Mac or Windows laptop) the package is left without its binding,
// and `npm ci` refuses such a lockfile outright. Run by `npm test`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type LockPackage = { version?: string; optionalDependencies?: Record<string, string> };
export type Lockfile = { packages: Record<string, LockPackage> };

// How platform packages are named (esbuild, rollup, lightningcss, @tailwindcss/oxide, workerd...).
const platformName = /(^|[-/@])(darwin|win32|windows|linux|android|freebsd|openbsd|netbsd|sunos|aix|wasm32)([-]|$)/;

export type MissingBinaries = { pkg: string; version: string; missing: string[] };

// npm resolves a dependency of node_modules/a/node_modules/b from the nearest node_modules folder up
// the path, so a nested package (wrangler's own workerd) needs binaries at its own version, not at
// whatever version another package hoisted.
function resolve(lock: Lockfile, from: string, name: string): LockPackage | undefined {
  let dir = from;
  for (;;) {
    const found = lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`];
    if (found) return found;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

export function findMissingPlatformBinaries(lock: Lockfile): MissingBinaries[] {
  const problems: MissingBinaries[] = [];
  for (const [path, pkg] of Object.entries(lock.packages)) {
    const platformDeps = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) => platformName.test(name));
    // Platform binaries are pinned to their parent's exact version; a range is satisfied by any entry.
    const missing = platformDeps
      .filter(([name, wanted]) => {
        const found = resolve(lock, path, name);
        return !found || (/^\d+\.\d+\.\d+/.test(wanted) && found.version !== wanted);
      })
      .map(([name, wanted]) => `${name}@${wanted}`);
    if (missing.length > 0) {
      problems.push({ pkg: path.replace(/^.*node_modules\//, "") || "(root)", version: pkg.version ?? "?", missing });
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? "package-lock.json";
  const problems = findMissingPlatformBinaries(JSON.parse(readFileSync(file, "utf8")) as Lockfile);
  if (problems.length === 0) {
    console.log(`check:lockfile: every platform binary named as optional is in ${file}`);
  } else {
    for (const p of problems) {
      console.error(`check:lockfile: ${p.pkg}@${p.version} lacks platform binaries in ${file}: ${p.missing.join(", ")}`);
    }
    console.error("Lock a version whose binaries the registry has for every platform (see package.json overrides).");
    process.exit(1);
  }
}
