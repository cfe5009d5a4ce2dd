/**
 * First impression, measured on the built app served locally (scripts/local-app.ts):
 *
 * 1. Lighthouse's performance category for the landing "/", with its default mobile settings
 *    (Moto G Power–class device, simulated slow 4G and 4× CPU slowdown), in Debian's Chromium,
 *    offline. Several runs; the median is reported, since Lighthouse varies run to run.
 * 2. The JavaScript a signed-in seller's browser really downloads to show /home, gzip, as
 *    Chromium requested it (complements bench/bundle-size.ts, which reads the build's import graph).
 *
 * `vite preview` sends files uncompressed, while Cloudflare compresses text on its edge; Lighthouse
 * would score transfer sizes no visitor sees. So the app is measured through a small local proxy
 * that gzips text the way the edge does.
 *
 * `npm run bench:landing` (add `-- 5` for five Lighthouse runs). Exits non-zero when the median
 * score is under 95 or /home's JavaScript is over 170 KiB.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGzip, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { startLocalApp } from "../scripts/local-app.ts";

const RUNS = Number(process.argv[2] ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TARGET_SCORE = 95;
const HOME_JS_BUDGET_KIB = 170;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const stateDir = mkdtempSync(join(tmpdir(), "vidriera-lighthouse-"));
const app = await startLocalApp(stateDir);
const edge = await gzipProxy(app.baseURL);
let failed = false;
try {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const runs: { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${edge.url}/`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!result) throw new Error("Lighthouse returned no result");
      const { lhr } = result;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        si: audit("speed-index"),
      });
      if (lhr.runtimeError) console.warn(`  run ${i + 1}: ${lhr.runtimeError.message}`);
    }
  } finally {
    await chrome.kill();
  }
  const score = median(runs.map((r) => r.score));
  console.log(`Landing "/", Lighthouse ${lighthouseVersion()} mobile (simulated slow 4G, 4× CPU), ${RUNS} runs`);
  console.log(`  performance score: median ${score} (runs: ${runs.map((r) => r.score).join(", ")})  target ${TARGET_SCORE}+`);
  console.log(
    `  median FCP ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s, LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s, ` +
      `TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, ` +
      `Speed Index ${(median(runs.map((r) => r.si)) / 1000).toFixed(2)} s`,
  );
  failed ||= score < TARGET_SCORE;

  const homeJs = await homeJavaScript(app.baseURL, join(stateDir, "dist/client"));
  const total = homeJs.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  console.log(
    `/home as a signed-in seller: ${total.toFixed(1)} KiB of JavaScript (gzip) in ${homeJs.length} files  budget ${HOME_JS_BUDGET_KIB} KiB`,
  );
  console.log(`  ${homeJs.map((f) => `${f.path} ${(f.gzip / 1024).toFixed(1)}`).join(", ")}`);
  failed ||= total > HOME_JS_BUDGET_KIB;
} finally {
  edge.close();
  app.stop();
}
process.exit(failed ? 1 : 0);

/** Forwards to the app and gzips text answers for clients that accept it, as Cloudflare's edge does. */
async function gzipProxy(target: string): Promise<{ url: string; close: () => void }> {
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
        const compress = /gzip/.test(String(req.headers["accept-encoding"] ?? "")) && /text|javascript|json|svg|css/.test(type);
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

function lighthouseVersion(): string {
  const manifest = new URL(import.meta.resolve("lighthouse/package.json"));
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** Signs up in a real Chromium, loads /home fresh, and sizes every script it fetched from the build. */
async function homeJavaScript(baseURL: string, clientDir: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem("vidriera-tutorial-visto", "1"));
    const page = await context.newPage();
    await page.goto("/register");
    await page.getByLabel("Email").fill(`bench-${Date.now()}@example.com`);
    await page.getByLabel("Contraseña").fill("mi-clave-segura");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL("**/home");

    // The same session in a new context: an empty cache, so every script /home needs is fetched.
    const fresh = await (
      await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: await context.storageState() })
    ).newPage();
    const scripts = new Set<string>();
    fresh.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
    });
    await fresh.goto("/home", { waitUntil: "networkidle" });
    await fresh.getByText("No hay productos", { exact: true }).waitFor();
    return [...scripts].map((path) => ({ path, gzip: gzipSync(readFileSync(join(clientDir, path))).length }));
  } finally {
    await browser.close();
  }
}
