import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { StatsReport } from "../../common/store-stats";
import type { Bindings } from "../../worker/env";
import { app } from "../../worker/index";
import type { StoreEvent } from "../../worker/stats/events";
import { Browser, type Fetcher } from "./browser";

/** A phone's browser, as shoppers arrive: the Worker counts only requests a person's browser could make. */
export const PHONE_CHROME =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.200 Mobile Safari/537.36";
export const INSTAGRAM_APP =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; es_AR; es; scale=3.00; 1170x2532; 622123240)";
export const FACEBOOK_APP =
  "Mozilla/5.0 (Linux; Android 13; moto g54 5G Build/T1TDS33.58-45-3; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.102 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/487.0.0.43.109;]";

/**
 * The app with `overrides`, answering only once everything it left for after the answer (waitUntil) is
 * done: a test reads the statistics right after a request and finds it counted, or not, for good.
 */
export function settled(overrides: Partial<Bindings> = {}): Fetcher {
  return async (request) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, { ...env, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
}

/** A shopper on a phone: every request carries a phone browser's User-Agent unless the test gives another. */
export class Shopper extends Browser {
  constructor(
    fetcher: Fetcher = settled(),
    readonly agent: string = PHONE_CHROME,
    address?: string,
  ) {
    super(fetcher, address);
  }

  override request(path: string, init: RequestInit & { origin?: string | null } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("user-agent")) headers.set("user-agent", this.agent);
    return super.request(path, { ...init, headers });
  }

  /** A page as the browser opens it: 200, its body read. */
  async visit(path: string, headers: Record<string, string> = {}) {
    const response = await this.request(path, { headers });
    expect(response.status, path).toBe(200);
    return { response, html: await response.text() };
  }

  /** What the cart script sends (navigator.sendBeacon) when a product goes into the cart. */
  cartAdd(store: string, product: string) {
    return this.json("POST", "/api/stats/events", { store, product });
  }
}

export async function reportOf(browser: Browser): Promise<StatsReport> {
  const response = await browser.request("/api/stats");
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { report: StatsReport }).report;
}

/** Events put straight into a store's twin object at a given time (days before today, for the periods). */
export async function recordAt(storeId: string, events: StoreEvent[], at: number) {
  await env.STORE_STATS.get(env.STORE_STATS.idFromName(storeId)).record(events.map((e) => ({ ...e, at })));
}
