/**
 * Runs a small throw-away Worker (built with the same Vite + Cloudflare plugin
 * as the app and served by `vite preview` from a temp folder) for as long as
 * `use` needs it. The studio bench and the landing examples use it to run the
 * studio pipeline inside workerd, where it ships.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { createBuilder, preview, type InlineConfig } from "vite";
import { LOCAL_OBSERVABILITY_OFF } from "./local-state.ts";

export const repoRoot = resolve(import.meta.dirname, "..");
export const providersDir = join(repoRoot, "worker/providers");

export async function withScratchWorker<T>(
  name: string,
  entrySource: string,
  /** `stateDir` holds the scratch Worker's local D1, R2 and Durable Objects (under v3/), for a look from Node. */
  use: (baseUrl: string, stateDir: string) => Promise<T>,
  /** More of wrangler.json (Durable Object bindings and their migrations, say). */
  wranglerExtra: Record<string, unknown> = {},
  /** Where to keep that state instead of the temp folder: a later scratch Worker given the same path finds it. */
  statePath?: string,
): Promise<T> {
  process.env.WRANGLER_SEND_METRICS = "false";
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  Object.assign(process.env, LOCAL_OBSERVABILITY_OFF);
  const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync(join(repoRoot, "wrangler.toml"), "utf8"))![1]!;
  const work = mkdtempSync(join(tmpdir(), `${name}-`));
  writeFileSync(join(work, "entry.ts"), entrySource);
  writeFileSync(
    join(work, "wrangler.json"),
    JSON.stringify({
      name,
      main: "entry.ts",
      compatibility_date: compatibilityDate,
      compatibility_flags: ["nodejs_compat"],
      ...wranglerExtra,
    }),
  );
  // Rooted in the scratch folder, so neither the app's SPA nor its dist/ is involved.
  const config: InlineConfig = {
    configFile: false,
    root: work,
    logLevel: "warn",
    plugins: [
      cloudflare({
        configPath: join(work, "wrangler.json"),
        persistState: { path: statePath ?? join(work, "state") },
        inspectorPort: false,
      }),
    ],
    preview: { port: 0, host: "127.0.0.1" },
  };
  try {
    await (await createBuilder(config)).buildApp();
    const server = await preview(config);
    try {
      return await use(server.resolvedUrls!.local[0]!.replace(/\/$/, ""), statePath ?? join(work, "state"));
    } finally {
      await server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
