/**
 * What the generation pipeline (Worker route, ledger debit, Durable Object,
 * R2 write, D1 rows) adds on top of the image provider's own time, with the
 * offline studio provider, on a production build served locally.
 *
 * Per request: overhead = time seen by the client − the provider's time,
 * which the route reports in its Server-Timing header (locally workerd's
 * clock advances during CPU work, so the provider can be timed in place).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalApp } from "../scripts/local-app.ts";
import { percentile, samplePhotoJpeg } from "./sample-photo.ts";

const WARMUP = 2;
const RUNS = 20;
const IMAGES_PER_SELLER = 10;

const state = mkdtempSync(join(tmpdir(), "job-bench-"));
const app = await startLocalApp(state);
const base = app.baseURL;
const photo = await samplePhotoJpeg(1200, 1600);

async function newSellerWithProduct(n: number) {
  const headers = { "content-type": "application/json", origin: base };
  const signup = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `bench-${n}@example.com`, password: "bench-password" }),
  });
  if (signup.status !== 201) throw new Error(`register: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  const form = new FormData();
  form.append("images", new Blob([photo], { type: "image/jpeg" }), "remera.jpg");
  const upload = await fetch(`${base}/api/products/upload-images`, { method: "POST", headers: { cookie, origin: base }, body: form });
  const { products } = (await upload.json()) as { products: { id: string }[] };
  return { cookie, productId: products[0]!.id };
}

try {
  const totals: number[] = [];
  const providers: number[] = [];
  const overheads: number[] = [];
  let seller = await newSellerWithProduct(0);
  for (let run = 0; run < WARMUP + RUNS; run++) {
    if (run > 0 && run % IMAGES_PER_SELLER === 0) seller = await newSellerWithProduct(run);
    const started = performance.now();
    const response = await fetch(`${base}/api/products/generate-ad/${seller.productId}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: seller.cookie },
      body: JSON.stringify({ includeModel: true }),
    });
    await response.arrayBuffer();
    const total = performance.now() - started;
    if (response.status !== 200) throw new Error(`generate-ad: ${response.status}`);
    const provider = Number(/provider;dur=(\d+)/.exec(response.headers.get("server-timing") ?? "")?.[1]);
    if (run < WARMUP) continue;
    totals.push(total);
    providers.push(provider);
    overheads.push(total - provider);
  }
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `  ${name.padEnd(26)} p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms`;
  };
  console.log(
    `generation pipeline overhead, studio provider, 1200×1600 photo, ${RUNS} sequential generate-ad requests after ${WARMUP} warm-ups`,
  );
  console.log(line("request, as the client sees", totals));
  console.log(line("provider (Server-Timing)", providers));
  console.log(line("pipeline overhead", overheads));
} finally {
  app.stop();
}
