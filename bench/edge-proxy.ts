/**
 * Shared by the Lighthouse benches: `vite preview` sends files uncompressed, while Cloudflare compresses
 * text on its edge, so pages are measured through this small local proxy that gzips text the way the
 * edge does; and Lighthouse's mobile performance run (its default settings) in Debian's Chromium.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";
import lighthouse from "lighthouse";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Forwards to the app and gzips text answers for clients that accept it, as Cloudflare's edge does. */
export async function gzipProxy(target: string): Promise<{ url: string; close: () => void }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host, "accept-encoding": "identity" },
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const compress = /gzip/.test(String(req.headers["accept-encoding"] ?? "")) && /text|javascript|json|svg|css|xml/.test(type);
        const headers = { ...answer.headers };
        if (compress) {
          delete headers["content-length"];
          headers["content-encoding"] = "gzip";
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        (compress ? answer.pipe(createGzip()) : answer).pipe(res);
      },
    );
    outgoing.on("error", () => res.destroy());
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's measure of the machine's speed during the run (higher is faster; it expects ~1000+ for its default 4× CPU slowdown). */
  benchmarkIndex: number;
}

/** One Lighthouse mobile performance run (Moto G Power–class device, simulated slow 4G, 4× CPU). */
export async function lighthouseRun(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error("Lighthouse returned no result");
  const { lhr } = result;
  // LH_SAVE=<folder> keeps every report, to read its audits (LCP element, blocking time, unused bytes).
  if (process.env.LH_SAVE) {
    mkdirSync(process.env.LH_SAVE, { recursive: true });
    const stamp = Date.now();
    writeFileSync(join(process.env.LH_SAVE, `lighthouse-${stamp}.json`), JSON.stringify(lhr));
    // The page load's trace, for the main thread's tasks (open it in Chrome DevTools' Performance panel).
    const { Trace } = result.artifacts as { Trace?: unknown };
    if (Trace) writeFileSync(join(process.env.LH_SAVE, `trace-${stamp}.json`), JSON.stringify(Trace));
  }
  if (lhr.runtimeError) console.warn(`  lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    si: audit("speed-index"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export function lighthouseVersion(): string {
  const manifest = new URL(import.meta.resolve("lighthouse/package.json"));
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
