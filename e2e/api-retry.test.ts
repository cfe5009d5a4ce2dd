/**
 * The test's own API calls (`page.request`, e2e/chromium.ts newPage) send a request once more when the
 * connection it went out on is reset before any answer, as a browser does on a reused connection; an HTTP
 * error is still the test's to read. A server of the test's own resets the first connection it is given.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { newPage, useChromium } from "./chromium";

const chromium = useChromium();

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** Resets the first `resets` requests' connections; answers the others with `status`. */
async function resettingServer(resets: number, status = 200): Promise<{ origin: string; seen: () => number }> {
  let seen = 0;
  server = createServer((request, response) => {
    seen += 1;
    if (seen <= resets) {
      request.socket.resetAndDestroy();
      return;
    }
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ request: seen }));
  });
  await new Promise<void>((listening) => server!.listen(0, "127.0.0.1", listening));
  return { origin: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen: () => seen };
}

describe("page.request", () => {
  it("sends a request once more when its connection is reset before the answer", async () => {
    const { origin, seen } = await resettingServer(1);
    const { context, page } = await newPage(chromium.browser, { baseURL: origin });
    const response = await page.request.get("/api/auth/profile");
    expect(await response.json()).toEqual({ request: 2 });
    expect(seen()).toBe(2);
    await context.close();
  });

  it("gives up after that one retry, and never retries an HTTP error", async () => {
    const reset = await resettingServer(2);
    const { context, page } = await newPage(chromium.browser, { baseURL: reset.origin });
    await expect(page.request.post("/api/orders", { data: { lines: [] } })).rejects.toThrow(/ECONNRESET/);
    expect(reset.seen()).toBe(2);
    await new Promise<void>((done) => server!.close(() => done()));

    const failing = await resettingServer(0, 503);
    const answer = await page.request.get(`${failing.origin}/api/config`);
    expect(answer.status()).toBe(503);
    expect(failing.seen()).toBe(1);
    await context.close();
  });
});
