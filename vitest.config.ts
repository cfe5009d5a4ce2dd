import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { linguiCatalogues } from "./scripts/lingui-catalogues-plugin.ts";
import { storeAssets } from "./scripts/store-assets-plugin.ts";
import { wranglerConfigWithoutDevVars } from "./scripts/test-vars.ts";
import { workerPackages } from "./scripts/worker-packages.ts";

// Three layers: worker tests inside workerd against real D1/R2/DO, web unit
// tests in Node, and end-to-end tests driving the built app in Chromium.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      projects: [
        {
          plugins: [
            // The store pages import their cart script and stylesheet from it (as in vite.config.ts).
            storeAssets(),
            cloudflareTest({
              // A copy of wrangler.toml away from the developer's .dev.vars: the Worker tests run on the
              // bindings below, never on a real provider's key kept there (scripts/test-vars.ts).
              wrangler: { configPath: wranglerConfigWithoutDevVars("./wrangler.toml", "node_modules/.cache/vidriera-worker-tests") },
              miniflare: {
                // A second shop database, at the same migrations as DB (test/worker/fresh-storage.ts): a shop with
                // shard 1 keeps its rows there (test/worker/shop-database.test.ts). Merged with wrangler.toml's DB.
                d1Databases: { SHOP_DB_1: "vidriera-shop-1" },
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  SESSION_SECRET: "test-session-secret-that-is-long-enough-1234",
                  GOOGLE_SIGN_IN: "simulated",
                  // Sign-ups and password changes hash at the test cost (worker/lib/password-cost.ts): at the
                  // production cost the hundreds of them were about half of this project's CPU.
                  PASSWORD_COST: "tests",
                  // Generation routes answer 202 after this long, so hanging-provider tests stay quick.
                  GENERATION_WAIT_MS: "2000",
                },
              },
            }),
          ],
          test: {
            name: "worker",
            // The files share a runtime: each vitest worker starts one workerd and loads the Worker's modules into it
            // once, not once per file (about 2.5 CPU seconds a file, half of this project's CPU). fresh-storage.ts
            // empties D1 and R2 before each file; docs/testing.md, "Worker tests: the rules", says what else a file owes.
            isolate: false,
            // The Worker's modules load through vite's module runner: bundling the packages
            // (hundreds of small files) once with esbuild makes that load a few modules instead of hundreds. Every
            // specifier the source imports, subpaths too: one left out would load a second copy of its package beside
            // the bundled one, and drizzle's and hono's instanceof checks would fail across the two.
            deps: { optimizer: { ssr: { enabled: true, include: workerPackages(import.meta.dirname) } } },
            // scrypt and image codecs are CPU-heavy; on a shared 2-core box with files in parallel a store
            // preview took 32 s (load average 16): the budget bounds a stuck test, not a slow one.
            testTimeout: 120_000,
            include: ["test/worker/**/*.test.ts"],
            // capture-logs: the Worker's JSON log lines are kept for the tests to read, not printed. fresh-storage: an
            // empty database at the current schema and an empty bucket for each file.
            setupFiles: ["./test/worker/capture-logs.ts", "./test/worker/fresh-storage.ts"],
          },
        },
        {
          // The seller app's catalogues import as compiled messages there too (web/i18n).
          plugins: [linguiCatalogues()],
          test: {
            name: "web",
            include: ["web/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
            environment: "node",
            // Each of vitest's processes runs file after file in one module graph, as the Worker project does: a
            // fresh graph per file was about a third of this project's CPU (48.5 -> 35.0 CPU s, 93 files). So a file
            // puts back what it stubs (vi.unstubAllGlobals, vi.restoreAllMocks in a hook) and passes in any order
            // (--sequence.shuffle.files).
            isolate: false,
          },
        },
        {
          test: {
            name: "e2e",
            include: ["e2e/**/*.test.ts"],
            globalSetup: ["./e2e/global-setup.ts"],
            environment: "node",
            // Several files at once (E2E_WORKERS, default 3), each with one Chromium (e2e/chromium.ts useChromium)
            // shared by its tests, against the one app of e2e/global-setup.ts: a file shares nothing else with the
            // others (README, "End-to-end tests: the rules"). Most of a screen test's time is waiting on the app
            // and the browser, so three at a time fill two cores; E2E_WORKERS=1 runs one file at a time.
            maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
            // Each of those Node processes runs file after file instead of starting afresh for each (the runner and
            // playwright-core loaded once): 42 -> 24 CPU seconds for the project. The helpers in e2e/ keep no state.
            isolate: false,
            // Its own group: `vitest run` over every project may then give the worker project another maxWorkers.
            sequence: { groupOrder: 1 },
            // Budgets for a shared 2-core machine running at half speed or worse (npm run test:stress):
            // tests wait for states, and these only bound a test that is really stuck. Tests that
            // generate images set their own, from GENERATION_MS.
            testTimeout: 180_000,
            hookTimeout: 300_000,
            // expect.poll waits for a state too; its 1 s default failed account-deletion under load (a wrong
            // password's alert comes after a scrypt hash, several seconds on a busy box).
            expect: { poll: { timeout: 60_000 } },
          },
        },
      ],
    },
  };
});
