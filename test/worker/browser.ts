import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { app } from "../../worker/index";
import type { Bindings } from "../../worker/env";

export const ORIGIN = "https://vidriera.test";

export type Fetcher = (request: Request) => Promise<Response>;

/** The deployed Worker, as a browser reaches it. */
export const viaWorker: Fetcher = (request) => exports.default.fetch(request);

/** The same app with some bindings replaced, e.g. to configure the real Google against a fake one. */
export function withBindings(overrides: Partial<Bindings>): Fetcher {
  return (request) => app.fetch(request, { ...env, ...overrides }, createExecutionContext()) as Promise<Response>;
}

/**
 * A minimal browser: keeps cookies (honouring Path and deletion), sends the
 * same-origin headers a real browser sends, and does not follow redirects
 * so tests can read each hop.
 */
let browsers = 0;

export class Browser {
  private cookies = new Map<string, { value: string; path: string }>();

  /** Each browser comes from its own address unless a test shares one on purpose (throttling). */
  constructor(
    private readonly fetcher: Fetcher = viaWorker,
    readonly address = `198.18.${++browsers >> 8}.${browsers & 255}`,
  ) {}

  async request(path: string, init: RequestInit & { origin?: string | null } = {}): Promise<Response> {
    const url = new URL(path, ORIGIN);
    const headers = new Headers(init.headers);
    headers.set("cf-connecting-ip", this.address);
    const method = init.method ?? "GET";
    if (method !== "GET" && init.origin !== null) headers.set("origin", init.origin ?? ORIGIN);
    const cookie = this.cookieHeader(url.pathname);
    if (cookie) headers.set("cookie", cookie);
    const response = await this.fetcher(new Request(url, { ...init, headers, redirect: "manual" }));
    this.store(response);
    return response;
  }

  json(method: string, path: string, body?: unknown): Promise<Response> {
    return this.request(path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, path = "/") {
    this.cookies.set(name, { value, path });
  }

  private cookieHeader(pathname: string) {
    return [...this.cookies]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const expired = attributes.some(
        (a) => a.toLowerCase() === "max-age=0" || (a.toLowerCase().startsWith("expires=") && Date.parse(a.slice(8)) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name!);
      else this.cookies.set(name!, { value, path });
    }
  }
}

export async function register(browser: Browser, email = `seller-${crypto.randomUUID()}@example.com`, password = "una-clave-segura") {
  const response = await browser.json("POST", "/api/auth/register", { email, password });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return { email, password, user: ((await response.json()) as { user: { id: string } }).user };
}

export async function count(table: string, where = "1 = 1", ...params: unknown[]) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}
