/**
 * Bindings that exist only on Cloudflare, added to what `wrangler deploy`
 * uploads and to nothing else.
 *
 * Workers AI (`[ai] binding = "AI"`, developers.cloudflare.com/workers-ai/configuration/bindings/)
 * has no local simulation: declared in wrangler.toml, `npm run dev` and the
 * workerd tests would open a remote proxy session to Cloudflare, which needs
 * an account and the network. So wrangler.toml leaves it out and this adds it
 * to the Vite plugin's build output (dist/vidriera/wrangler.json, the file
 * `wrangler deploy` reads after `vite build`). Offline, IMAGE_PROVIDER=workers-ai
 * fails with a message saying the binding exists only when deployed.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const DEPLOY_CONFIG = "dist/vidriera/wrangler.json";

export function addDeployOnlyBindings(path = DEPLOY_CONFIG): void {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`vite build\` first.`);
  const config = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  config.ai = { binding: "AI" };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
}

/** The deployed vars (wrangler.toml's [vars], as built), for the model checks. */
export function deployVars(path = DEPLOY_CONFIG): Record<string, string> {
  if (!existsSync(path)) return {};
  const config = JSON.parse(readFileSync(path, "utf8")) as { vars?: Record<string, unknown> };
  return Object.fromEntries(Object.entries(config.vars ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
}
