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

/**
 * worker/'s layers, top to bottom. A file imports only from its own layer or the ones below it (and common/,
 * below them all): routes answer requests; pages render what shoppers see; batches, statistics and payments
 * are the app's background and money flows; jobs run one generation; lib, providers and e-mail are the
 * services those are made of; db is the schema. worker/index.ts (the composition root) and worker/env.ts (the
 * bindings' types, imported type-only by every layer) stand outside the layers.
 */
export const WORKER_LAYERS: readonly (readonly string[])[] = [
  ["routes"],
  ["pages"],
  ["batches"],
  ["stats", "payments"],
  ["jobs"],
  ["lib", "providers", "email"],
  ["db"],
];

const OUTSIDE_LAYERS = new Set(["worker/index.ts", "worker/env.ts"]);

/** The layer of a worker/ file (0 = top), common/ below every layer, undefined outside both. */
function layerOf(path: string): number | undefined {
  if (path.startsWith("common/")) return WORKER_LAYERS.length;
  const folder = /^worker\/([^/]+)\//.exec(path)?.[1];
  if (!folder) return undefined;
  const index = WORKER_LAYERS.findIndex((layer) => layer.includes(folder));
  if (index < 0) throw new Error(`worker/${folder}/ is in no layer: add it to WORKER_LAYERS (scripts/import-graph.ts)`);
  return index;
}

/** "from -> to" for every import in worker/ or common/ that points from a lower layer up to a higher one. */
export function workerLayerViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    if (OUTSIDE_LAYERS.has(from)) continue;
    const source = layerOf(from);
    if (source === undefined) continue;
    for (const to of targets) {
      if (OUTSIDE_LAYERS.has(to)) continue;
      const target = layerOf(to);
      if (target !== undefined && target < source) violations.push(`${from} -> ${to}`);
    }
  }
  return violations;
}
