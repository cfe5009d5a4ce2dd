/**
 * What the generation pipeline (Worker route, ledger debit, Durable Object,
 * R2 write, D1 rows) adds on top of the image provider's own time, with the
 * offline studio provider, on a production build served locally.
 *
 * Per request: overhead = time seen by the client − the provider's time,
 * which the route reports in its Server-Timing header (locally workerd's
 * clock advances during CPU work, so the provider can be timed in place),
 * with the route's other steps beside it: `start` (plan, debit, handing the
 * job to its object), `gate` (the provider's gate, a Durable Object of its own,
 * and the studio's line in its isolate, before the call), `store` (the image to R2, transcoded to JPEG first when
 * the provider answers PNG) and `record` (the object's storage and the D1
 * batch), and `worker` (the Worker's whole time for the request); what is left
 * is the rest in the Worker (the session, the route's reads, the RPC hops) and
 * outside it (HTTP and the local server in front of workerd).
 *
 * CPU: the workerd process's CPU time (Linux /proc, every thread) while each
 * request is answered, and after it until workerd is idle again (the renditions
 * the queue's consumer makes, a second later). Locally workerd also runs D1,
 * R2 and the queue itself, so this is an upper bound for the Worker's own CPU
 * time, which Cloudflare limits per invocation (30 s by default on Workers Paid).
 * Each request waits for the previous one's background work to end, as a seller's
 * generations, seconds apart, would.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalApp } from "../scripts/local-app.ts";
import { iterations, QUICK, recordRow } from "./results.ts";
import { cpuMs, percentile, samplePhotoJpeg, waitUntilIdle, workerdPids } from "./sample-photo.ts";

const WARMUP = 2;
const RUNS = iterations(20, 5, process.env.RUNS);
const IMAGES_PER_SELLER = 10;
const BUDGET_P50_MS = 50;
/** The queue's consumer waits up to max_batch_timeout (1 s, wrangler.toml) before it starts. */
const QUEUE_BATCH_MS = 1_000;

const state = mkdtempSync(join(tmpdir(), "job-bench-"));
const app = await startLocalApp(state, { server: process.env.BENCH_SERVER === "vite" ? "vite" : "wrangler" });
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

const STEPS = ["start", "gate", "provider", "store", "record", "worker"] as const;

try {
  const pid = workerdPids();
  const samples = {
    total: [] as number[],
    overhead: [] as number[],
    rest: [] as number[],
    outside: [] as number[],
    cpuAnswer: [] as number[],
    cpuAfter: [] as number[],
  };
  const steps = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<(typeof STEPS)[number], number[]>;
  let seller = await newSellerWithProduct(0);
  for (let run = 0; run < WARMUP + RUNS; run++) {
    if (run > 0 && run % IMAGES_PER_SELLER === 0) seller = await newSellerWithProduct(run);
    // The previous generation's renditions (and the upload's) are done: nothing else runs in workerd.
    await waitUntilIdle(pid, QUEUE_BATCH_MS + 500);
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const response = await fetch(`${base}/api/products/generate-ad/${seller.productId}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: seller.cookie },
      body: JSON.stringify({ includeModel: true }),
    });
    await response.arrayBuffer();
    const total = performance.now() - started;
    const cpuAnswered = cpuMs(pid);
    if (response.status !== 200) throw new Error(`generate-ad: ${response.status}`);
    const timing = response.headers.get("server-timing") ?? "";
    const step = (name: string) => Number(new RegExp(`(?:^|, )${name};dur=(\\d+)`).exec(timing)?.[1] ?? Number.NaN);
    await waitUntilIdle(pid, QUEUE_BATCH_MS + 500);
    const cpuAfter = cpuMs(pid);
    if (run < WARMUP) continue;
    const values = STEPS.map(step);
    if (values.some(Number.isNaN)) throw new Error(`Server-Timing lacks a step: "${timing}"`);
    for (const [i, name] of STEPS.entries()) steps[name].push(values[i]!);
    samples.total.push(total);
    samples.overhead.push(total - step("provider"));
    const [start, gate, provider, store, record, worker] = values as [number, number, number, number, number, number];
    samples.rest.push(worker - start - gate - provider - store - record);
    samples.outside.push(total - worker);
    samples.cpuAnswer.push(cpuAnswered - cpuBefore);
    samples.cpuAfter.push(cpuAfter - cpuAnswered);
  }
  const p = (values: number[], q: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      q,
    );
  const line = (name: string, values: number[]) =>
    `  ${name.padEnd(44)} p50 ${p(values, 50).toFixed(0).padStart(5)} ms   p95 ${p(values, 95).toFixed(0).padStart(5)} ms`;
  console.log(
    `generation pipeline overhead, studio provider, 1200×1600 photo, ${RUNS} sequential generate-ad requests after ${WARMUP} warm-ups${QUICK ? " (quick)" : ""}`,
  );
  console.log(line("request, as the client sees", samples.total));
  console.log(line("provider (Server-Timing)", steps.provider));
  console.log(line("pipeline overhead (request − provider)", samples.overhead));
  console.log("  of which, per step (Server-Timing):");
  console.log(line("  start: plan, debit, job to its object", steps.start));
  console.log(line("  gate: provider's gate, studio's line", steps.gate));
  console.log(line("  store: image to R2 (JPEG)", steps.store));
  console.log(line("  record: object storage + D1 batch", steps.record));
  console.log(line("  rest in the Worker: session, reads, RPC hops", samples.rest));
  console.log(line("  outside the Worker: HTTP, the local server", samples.outside));
  console.log("workerd CPU time per generation (all threads; includes local D1, R2 and the queue):");
  console.log(line("while the request is answered", samples.cpuAnswer));
  console.log(line("after the answer (renditions, from the queue)", samples.cpuAfter));

  const overheadP50 = p(samples.overhead, 50);
  const cpuTotal = samples.cpuAnswer.map((v, i) => v + samples.cpuAfter[i]!);
  recordRow({
    row: "jobs:overhead",
    what: "Generation pipeline overhead over the provider (route + ledger + the provider's gate + Durable Object + R2 + D1), studio provider, 1200×1600 photo",
    figure:
      `p50 ${overheadP50.toFixed(0)} ms, p95 ${p(samples.overhead, 95).toFixed(0)} ms (${RUNS} runs; p50 per step: start ${p(steps.start, 50).toFixed(0)}, ` +
      `gate ${p(steps.gate, 50).toFixed(0)}, ` +
      `store ${p(steps.store, 50).toFixed(0)}, record ${p(steps.record, 50).toFixed(0)}, rest of the Worker ${p(samples.rest, 50).toFixed(0)}, ` +
      `outside it ${p(samples.outside, 50).toFixed(0)} ms)`,
    budget: `p50 < ${BUDGET_P50_MS} ms`,
    over: overheadP50 >= BUDGET_P50_MS,
    how: "npm run bench:jobs",
  });
  recordRow({
    row: "jobs:cpu",
    what: "CPU time per generation, studio provider (workerd process, so an upper bound for the Worker's: it also runs local D1, R2 and the queue)",
    figure:
      `p50 ${p(cpuTotal, 50).toFixed(0)} ms, p95 ${p(cpuTotal, 95).toFixed(0)} ms: answering ${p(samples.cpuAnswer, 50).toFixed(0)} ms ` +
      `(the studio's picture included), renditions afterwards ${p(samples.cpuAfter, 50).toFixed(0)} ms (p50)`,
    budget: "30 s per invocation (Workers Paid default)",
    over: p(cpuTotal, 95) > 30_000,
    how: "npm run bench:jobs",
  });
} finally {
  app.stop();
}
