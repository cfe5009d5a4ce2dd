/**
 * The public store page for a store of 60 products, on a production build
 * served locally (`vite preview`: the built Worker in workerd, local D1, R2
 * and Cache API):
 *
 * - bytes a shopper downloads before any image: the HTML (with its inline
 *   stylesheet and the cart's data block) and the cart script, gzip;
 * - time per request for the page from the edge cache, for the page rendered
 *   from D1 (every request follows a price change), and for a static file of
 *   the same size served by the same Worker's assets, and their ratios.
 *
 * The static file must exist before the asset server starts, so a first run
 * builds the store to learn its page and a second run serves that page's exact
 * bytes as a static file beside the live one.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startLocalApp } from "../scripts/local-app.ts";
import { percentile, samplePhotoJpeg } from "./sample-photo.ts";
import { changeFirstPrice, PRODUCTS, seedStore } from "./seed-store.ts";

const WARMUP = 20;
const RUNS = Number(process.env.RUNS ?? 200);
const STATIC_FILE = "bench-static.html";
const KiB = 1024;
const BUDGETS = { cartScript: 15 * KiB, page: 60 * KiB, cachedRatio: 1.5 };

async function timed(url: string, expect?: (r: Response) => void): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  expect?.(response);
  return ms;
}

const cacheIs = (state: "HIT" | "MISS") => (r: Response) => {
  if (r.headers.get("x-store-cache") !== state) throw new Error(`expected a cache ${state}, got ${r.headers.get("x-store-cache")}`);
};

const gz = (data: string | Uint8Array) => gzipSync(data).length;
const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;
const photo = await samplePhotoJpeg(360, 450);

// --- Run 1: the page's bytes ---
const first = await startLocalApp(mkdtempSync(join(tmpdir(), "store-bench-")));
let html: string;
let script: string;
try {
  const seeded = await seedStore(first.baseURL, photo);
  html = await (await fetch(`${first.baseURL}/u/${seeded.username}`)).text();
  const src = /<script src="([^"]+)"/.exec(html)![1]!;
  script = await (await fetch(`${first.baseURL}${src}`)).text();
} finally {
  first.stop();
}
const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
const data = /<script type="application\/json" id="store-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
const pageGzip = gz(html) + gz(script);
const cards = html.match(/<li class="card">/g)?.length ?? 0;
if (cards !== PRODUCTS) throw new Error(`the page lists ${cards} products, not ${PRODUCTS}`);

console.log(`store page of ${PRODUCTS} products: bytes before images (gzip, as sent compressed)`);
console.log(`  HTML document            ${kib(html.length).padStart(10)} raw  ${kib(gz(html)).padStart(9)} gzip`);
console.log(`    of which inline CSS    ${kib(css.length).padStart(10)} raw  ${kib(gz(css)).padStart(9)} gzip (alone)`);
console.log(`    of which cart data     ${kib(data.length).padStart(10)} raw  ${kib(gz(data)).padStart(9)} gzip (alone)`);
console.log(
  `  cart script              ${kib(script.length).padStart(10)} raw  ${kib(gz(script)).padStart(9)} gzip   budget ${kib(BUDGETS.cartScript)} ${gz(script) <= BUDGETS.cartScript ? "ok" : "OVER"}`,
);
console.log(
  `  whole page before images ${"".padStart(10)}      ${kib(pageGzip).padStart(9)} gzip   budget ${kib(BUDGETS.page)} ${pageGzip <= BUDGETS.page ? "ok" : "OVER"}`,
);

// --- Run 2: time, with the same bytes also served as a static asset ---
const second = await startLocalApp(mkdtempSync(join(tmpdir(), "store-bench-")), { staticFiles: { [STATIC_FILE]: html } });
try {
  const seeded = await seedStore(second.baseURL, photo);
  const page = `${second.baseURL}/u/${seeded.username}`;
  const staticUrl = `${second.baseURL}/${STATIC_FILE}`;
  const staticBody = await (await fetch(staticUrl)).text();
  if (staticBody !== html) throw new Error("the static file is not the page's bytes");
  const livePage = await (await fetch(page)).text();

  const samples = { static: [] as number[], cached: [] as number[], uncached: [] as number[] };
  let price = 1000;
  // Interleaved, so drift in the machine's load hits all three alike.
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const s = await timed(staticUrl);
    await timed(page);
    const c = await timed(page, cacheIs("HIT"));
    await changeFirstPrice(seeded, ++price);
    const u = await timed(page, cacheIs("MISS"));
    if (run < WARMUP) continue;
    samples.static.push(s);
    samples.cached.push(c);
    samples.uncached.push(u);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const s = stats(samples.static);
  const c = stats(samples.cached);
  const u = stats(samples.uncached);
  const line = (name: string, v: { p50: number; p95: number }) =>
    `  ${name.padEnd(44)} p50 ${v.p50.toFixed(2).padStart(6)} ms   p95 ${v.p95.toFixed(2).padStart(6)} ms   ${(v.p50 / s.p50).toFixed(2)}× static`;
  console.log(
    `\ntime per request, ${RUNS} of each after ${WARMUP} warm-ups, sequential, loopback (page ${kib(livePage.length)}, static file ${kib(staticBody.length)})`,
  );
  console.log(line("static file of the same size (Worker assets)", s));
  console.log(line("store page from the edge cache", c));
  console.log(line("store page rendered from D1 (after a save)", u));
  const ratio = c.p50 / s.p50;
  console.log(
    `  cached page / static file: ${ratio.toFixed(2)}×   budget ${BUDGETS.cachedRatio}×  ${ratio <= BUDGETS.cachedRatio ? "ok" : "OVER"}`,
  );
} finally {
  second.stop();
}
