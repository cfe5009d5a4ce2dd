/**
 * Serves a production build in workerd through Miniflare, with workerd itself listening on the port:
 * `node scripts/serve-build.ts <build>/vidriera/wrangler.json <stateDir> <port>`.
 *
 * `wrangler dev` serves the same build behind a proxy Worker in a second workerd, with its Node process
 * relaying each request's logs: on the end-to-end tests that was about a sixth of their CPU time (the
 * proxy's workerd and wrangler's Node) for nothing a test looks at. Here the Worker's bindings come from
 * the build's own wrangler.json and .dev.vars read by wrangler's own reader (unstable_getMiniflareWorkerOptions),
 * its local D1, R2 and Durable Objects live where `wrangler dev --persist-to <stateDir>` keeps them
 * (scripts/local-state.ts applies the migrations there), and it runs on the Miniflare that wrangler itself
 * runs, so the two never disagree on options.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const [configPath, stateDir, port] = process.argv.slice(2);
if (!configPath || !stateDir || !port) throw new Error("usage: node scripts/serve-build.ts <wrangler.json> <stateDir> <port>");

const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
const { Miniflare, convertV4MiniflareOptions } = (await import(fromWrangler.resolve("miniflare"))) as typeof import("miniflare");

const root = dirname(configPath);
// Module rules cannot be carried to Miniflare's options: the build's modules are listed instead, the entry
// first, then the chunks and WebAssembly it imports (the image codecs).
const { modulesRules: _rules, ...worker } = unstable_getMiniflareWorkerOptions(configPath).workerOptions as Record<string, unknown>;
const modules = [
  { type: "ESModule", path: join(root, "index.js") },
  ...readdirSync(join(root, "assets"))
    .filter((name) => name.endsWith(".js") || name.endsWith(".wasm"))
    .map((name) => ({ type: name.endsWith(".js") ? "ESModule" : "CompiledWasm", path: join(root, "assets", name) })),
];

const miniflare = new Miniflare({
  ...convertV4MiniflareOptions({ workers: [{ name: "vidriera", ...worker, modules, modulesRoot: root }] } as never),
  host: "127.0.0.1",
  port: Number(port),
  // Where `wrangler dev --persist-to <stateDir>` keeps local D1, R2, Durable Objects and the cache.
  resourcePersistencePath: join(stateDir, "v3"),
  // The Worker logs each request itself (worker/lib/log.ts); Miniflare's own line would say it twice.
  logRequests: false,
});
await miniflare.ready;
const stop = () => void miniflare.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
