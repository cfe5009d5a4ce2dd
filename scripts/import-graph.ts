/**
 * The project's own import graph (relative imports between its .ts/.tsx files), read with TypeScript's
 * import scanner so comments and strings that merely look like imports are not counted. The rules over it
 * (import-graph.test.ts) keep the layout honest: a web feature never reaches into another feature, shared
 * code (web/ui, web/lib) never reaches into a feature, and no module imports itself through a loop.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";

/** Each file (a path relative to the root, with "/") and the project files it imports. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const toKey = (path: string) => relative(root, path).split(sep).join("/");
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName.split("?")[0]!)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => join(dirname(file), specifier))
      .flatMap((base) => {
        const found = RESOLVE_SUFFIXES.map((suffix) => base + suffix).find((path) => existsSync(path) && statSync(path).isFile());
        return found && SOURCE.test(found) ? [toKey(found)] : [];
      });
    graph.set(toKey(file), targets);
  }
  return graph;
}

const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1];
const isSharedWeb = (path: string) => /^web\/(ui|lib)\//.test(path);

/** "from -> to" for every import that crosses from one web feature into another, or from web/ui or web/lib into a feature. */
export function featureBoundaryViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const target = featureOf(to);
      if (!target) continue;
      const source = featureOf(from);
      if ((source && source !== target) || isSharedWeb(from)) violations.push(`${from} -> ${to}`);
    }
  }
  return violations;
}

/** Each import loop once, as the files around it ("a -> b -> a"). */
export function importCycles(graph: ImportGraph): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onPath.has(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(" -> "));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}
