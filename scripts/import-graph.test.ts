import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { featureBoundaryViolations, importCycles, readImportGraph, type ImportGraph } from "./import-graph.ts";

const root = join(import.meta.dirname, "..");
const graph = readImportGraph(root, ["web", "worker", "common"]);
const sample = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe("the SPA's layout (web/)", () => {
  it("holds only features/, ui/, lib/, store/ and the entry files", () => {
    expect(readdirSync(join(root, "web")).sort()).toEqual(["features", "lib", "main.tsx", "router.tsx", "store", "styles.css", "ui"]);
  });

  it("reads the real imports (the router loads each screen from its feature)", () => {
    expect(graph.get("web/router.tsx")).toEqual(expect.arrayContaining(["web/features/products/home.tsx", "web/features/auth/login.tsx"]));
  });

  it("has no feature reaching into another, nor web/ui or web/lib into a feature", () => {
    expect(featureBoundaryViolations(graph)).toEqual([]);
  });

  it("the rule names a feature importing another's file, and shared code importing a feature", () => {
    const bad = sample({
      "web/features/store-admin/store-carousel.tsx": [
        "web/features/products/product-list.tsx",
        "web/ui/button.tsx",
        "web/features/store-admin/store-queries.ts",
      ],
      "web/ui/dialog.tsx": ["web/features/shell/menu-nav.tsx"],
      "web/router.tsx": ["web/features/products/home.tsx"],
    });
    expect(featureBoundaryViolations(bad)).toEqual([
      "web/features/store-admin/store-carousel.tsx -> web/features/products/product-list.tsx",
      "web/ui/dialog.tsx -> web/features/shell/menu-nav.tsx",
    ]);
  });
});

describe("imports across web/, worker/ and common/", () => {
  it("form no loop", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("a loop, type-only or not, is named file by file", () => {
    const loop = sample({
      "worker/env.ts": ["worker/jobs/generation-job.ts"],
      "worker/jobs/generation-job.ts": ["worker/env.ts", "worker/lib/log.ts"],
      "worker/lib/log.ts": [],
    });
    expect(importCycles(loop)).toEqual(["worker/env.ts -> worker/jobs/generation-job.ts -> worker/env.ts"]);
  });
});
