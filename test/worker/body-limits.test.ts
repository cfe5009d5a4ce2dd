import { describe, expect, it } from "vitest";
import { app } from "../../worker/index";
import { Browser, register } from "./browser";

interface Limited {
  maxBodyBytes?: number;
}

/** Every route of the app that can carry a body (all but GET/HEAD), with the limit its handlers declare. */
function routesWithBodies() {
  const byRoute = new Map<string, { method: string; path: string; limit: number | undefined }>();
  for (const route of app.routes) {
    if (route.method === "GET" || route.method === "HEAD" || route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const entry = byRoute.get(key) ?? { method: route.method, path: route.path, limit: undefined };
    const declared = (route.handler as Limited).maxBodyBytes;
    if (declared !== undefined) entry.limit = declared;
    byRoute.set(key, entry);
  }
  return [...byRoute.values()];
}

/** A concrete path for a pattern: any id will do, the limit answers before anything looks it up. */
function concrete(path: string) {
  return path.replace(":provider", "mercadopago").replace(/:[A-Za-z]+/g, "x");
}

describe("body limits", () => {
  const routes = routesWithBodies();

  it("finds the app's routes with bodies", () => {
    // A sanity floor so a change in how Hono lists routes cannot make this file test nothing.
    expect(routes.length).toBeGreaterThan(20);
  });

  it("every route that accepts a body declares a limit fitted to it", () => {
    const missing = routes.filter((r) => r.limit === undefined).map((r) => `${r.method} ${r.path}`);
    expect(
      missing,
      `These routes read a request body without a limit. Put limitBody(<bytes>) (or noBody() / smallJson()) from ` +
        `worker/lib/body-limit.ts as the route's first middleware, sized to the largest body it really takes: ${missing.join(", ")}`,
    ).toEqual([]);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 413 with a Spanish error one byte over its limit",
    async (_, route) => {
      const browser = new Browser();
      await register(browser);
      const size = (route.limit ?? 5 * 1024 * 1024) + 1;
      const response = await browser.request(concrete(route.path), {
        method: route.method,
        headers: { "content-type": "application/json" },
        body: `{"x":"${"a".repeat(size - 8)}"}`,
      });
      expect(response.status, `${route.method} ${route.path} read an oversized body (answered ${response.status})`).toBe(413);
      const body = (await response.json()) as { error: string };
      expect(body.error).toMatch(/^[A-ZÁÉÍÓÚ¡¿].*[a-záéíóúñ]/);
    },
  );
});
