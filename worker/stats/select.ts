import type { Bindings } from "../env";
import { AnalyticsEngineStats } from "./analytics-engine";
import type { StatsEngine } from "./engine";
import { LocalStats } from "./local-twin";

/**
 * Analytics Engine when the account and its SQL API token are configured (the
 * binding comes from wrangler.toml), otherwise the twin Durable Object, which
 * keeps real counts on any host (`npm run dev`, the tests, a deployment that
 * has not set the token yet).
 */
export function statsEngine(env: Bindings): StatsEngine {
  const { CLOUDFLARE_ACCOUNT_ID: accountId, CLOUDFLARE_ANALYTICS_API_TOKEN: apiToken, STORE_EVENTS: dataset } = env;
  if (accountId && apiToken && dataset)
    return new AnalyticsEngineStats(dataset, { accountId, apiToken, baseUrl: env.CLOUDFLARE_API_BASE_URL });
  return new LocalStats(env.STORE_STATS);
}

/** STATS_COUNTING=off: nothing is counted (bench:stats compares the store page with and without counting). */
export const countingOff = (env: Bindings) => env.STATS_COUNTING === "off";
