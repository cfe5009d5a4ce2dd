import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { storeAssets } from "./scripts/store-assets-plugin.ts";

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
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  SESSION_SECRET: "test-session-secret-that-is-long-enough-1234",
                  GOOGLE_SIGN_IN: "simulated",
                  // Generation routes answer 202 after this long, so hanging-provider tests stay quick.
                  GENERATION_WAIT_MS: "2000",
                },
              },
            }),
          ],
          test: {
            name: "worker",
            // scrypt and image codecs are CPU-heavy; on 2 cores with files in parallel 5 s is too tight.
            testTimeout: 30_000,
            include: ["test/worker/**/*.test.ts"],
            setupFiles: ["./test/worker/apply-migrations.ts"],
            // The Worker's own JSON log lines (one per request and job step) would bury the test report;
            // test/worker/logs.test.ts reads them through its spies, which see them before this filter.
            // The offline outbox prints each e-mail for `npm run dev`; tests read the outbox itself.
            onConsoleLog: (line: string) => (line.startsWith('{"level":') || line.startsWith("\n[outbox]") ? false : undefined),
          },
        },
        {
          test: { name: "web", include: ["web/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" },
        },
        {
          test: {
            name: "e2e",
            include: ["e2e/**/*.test.ts"],
            globalSetup: ["./e2e/global-setup.ts"],
            environment: "node",
            fileParallelism: false,
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
