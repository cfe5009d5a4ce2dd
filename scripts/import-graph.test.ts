import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  featureBoundaryViolations,
  importCycles,
  readImportGraph,
  WORKER_LAYERS,
  workerLayerViolations,
  type ImportGraph,
} from "./import-graph.ts";

const root = join(import.meta.dirname, "..");
const graph = readImportGraph(root, ["web", "worker", "common"]);
const sample = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe("the SPA's layout (web/)", () => {
  // i18n/: the seller's language, below every screen (features, ui and lib all translate through it).
  it("holds only features/, ui/, lib/, i18n/, store/ and the entry files", () => {
    expect(readdirSync(join(root, "web")).sort()).toEqual([
      "features",
      "i18n",
      "lib",
      "main.tsx",
      "router.tsx",
      "store",
      "styles.css",
      "ui",
    ]);
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

describe("worker/'s layers", () => {
  it("place every folder of worker/ in one layer", () => {
    const folders = readdirSync(join(root, "worker"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(WORKER_LAYERS.flat().sort()).toEqual(folders.sort());
  });

  it("only point down: no lib, job, provider or batch imports a route, a page or a batch above it", () => {
    expect(workerLayerViolations(graph)).toEqual([]);
  });

  it("the rule names an import that points up, and lets one within a layer or down through", () => {
    const planted = sample({
      "worker/lib/orders.ts": ["worker/routes/pricing.ts", "worker/lib/chunks.ts", "worker/db/schema.ts", "worker/env.ts"],
      "worker/jobs/provider-gate.ts": ["worker/batches/start-item.ts", "worker/lib/log.ts"],
      "worker/stats/weekly.ts": ["worker/pages/render.ts", "worker/payments/log.ts", "worker/email/select.ts"],
      "common/store.ts": ["worker/lib/html.ts"],
      "worker/index.ts": ["worker/routes/pricing.ts"],
      "worker/routes/orders.ts": ["worker/pages/render.ts", "common/store.ts"],
    });
    expect(workerLayerViolations(planted)).toEqual([
      "worker/lib/orders.ts -> worker/routes/pricing.ts",
      "worker/jobs/provider-gate.ts -> worker/batches/start-item.ts",
      "worker/stats/weekly.ts -> worker/pages/render.ts",
      "common/store.ts -> worker/lib/html.ts",
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
