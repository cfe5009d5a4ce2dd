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
 * `npm run bench:landing` (five Lighthouse runs; `-- 3` for three). Exits non-zero when the median
 * score is under 95 or /home's JavaScript is over 170 KiB.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright-core";
import { startLocalApp } from "../scripts/local-app.ts";
import { iterations, recordRow } from "./results.ts";
import { CHROME_FLAGS, CHROMIUM, gzipProxy, type LighthouseRun, lighthouseRun, lighthouseVersion, median } from "./edge-proxy.ts";

const RUNS = process.argv[2] ? Number(process.argv[2]) : iterations(5, 1, process.env.LH_RUNS);
const TARGET_SCORE = 95;
const HOME_JS_BUDGET_KIB = 170;

const stateDir = mkdtempSync(join(tmpdir(), "vidriera-lighthouse-"));
const app = await startLocalApp(stateDir);
const edge = await gzipProxy(app.baseURL);
let failed = false;
try {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
  });
  const runs: LighthouseRun[] = [];
  try {
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(`${edge.url}/`, chrome.port));
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
  recordRow({
    row: "landing:lighthouse",
    what: `Landing, Lighthouse ${lighthouseVersion()} mobile performance (simulated slow 4G, 4× CPU, local Chromium, through a gzip proxy as Cloudflare compresses)`,
    figure:
      `median ${score} of ${RUNS} (${runs.map((r) => r.score).join(", ")}); FCP ${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s, ` +
      `LCP ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s, TBT ${median(runs.map((r) => r.tbt)).toFixed(0)} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}`,
    budget: `${TARGET_SCORE}+`,
    over: score < TARGET_SCORE,
    how: "npm run bench:landing",
  });

  const homeJs = await homeJavaScript(app.baseURL, join(app.buildDir, "client"));
  const total = homeJs.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  console.log(
    `/home as a signed-in seller: ${total.toFixed(1)} KiB of JavaScript (gzip) in ${homeJs.length} files  budget ${HOME_JS_BUDGET_KIB} KiB`,
  );
  console.log(`  ${homeJs.map((f) => `${f.path} ${(f.gzip / 1024).toFixed(1)}`).join(", ")}`);
  failed ||= total > HOME_JS_BUDGET_KIB;
  recordRow({
    row: "landing:home-js",
    what: "/home as a signed-in seller: JavaScript Chromium downloads with an empty cache (gzip)",
    figure: `${total.toFixed(1)} KiB in ${homeJs.length} files`,
    budget: `${HOME_JS_BUDGET_KIB} KiB`,
    over: total > HOME_JS_BUDGET_KIB,
    how: "npm run bench:landing",
  });
} finally {
  edge.close();
  app.stop();
}
process.exit(failed ? 1 : 0);

/** Signs up in a real Chromium, loads /home fresh, and sizes every script it fetched from the build. */
async function homeJavaScript(baseURL: string, clientDir: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    // A Spanish-speaking seller: the app follows the browser's language, and this reads its Spanish labels.
    const context = await browser.newContext({ baseURL, locale: "es-AR", viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem("vidriera-tutorial-visto", "1"));
    const page = await context.newPage();
    await page.goto("/register");
    await page.getByLabel("Email").fill(`bench-${Date.now()}@example.com`);
    await page.getByLabel("Contraseña").fill("mi-clave-segura");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await page.waitForURL("**/home");

    // The same session in a new context: an empty cache, so every script /home needs is fetched.
    const fresh = await (
      await browser.newContext({
        baseURL,
        locale: "es-AR",
        viewport: { width: 390, height: 844 },
        storageState: await context.storageState(),
      })
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
