/**
 * `npm run bench:batch`: batches through the real HTTP API of the built
 * Worker under `wrangler dev`, with Gemini played by a fake on loopback that
 * enforces its own limits (4 calls at once, 60 in any minute) and answers 429
 * with Retry-After past them. The app's gate is set to the same limits
 * (PROVIDER_LIMITS=gemini=4/60).
 *
 * Main run: 21 sellers, 200 pictures (one seller with 100, twenty with 5,
 * confirmed just after the big one); a drawer generation made in the middle.
 * Prints: pictures made and failed (on a 429 or otherwise), the 429s the fake
 * answered, throughput against the fake's limit, how long the small sellers'
 * pictures waited (in admissions and seconds) next to first-come-first-served
 * replayed on the same admissions, the drawer generation's wait, then
 * `check:ledger` on the database it used.
 *
 * Fault run (a fresh app): 2 sellers, 40 pictures; the fake fails every call
 * for a minute (HTTP 500), and the whole server is killed mid-batch (wrangler
 * and workerd, SIGKILL: the local queue's messages in memory are lost) and
 * started again on the same state. Prints what ended how, that nothing was
 * charged twice or lost and every failure refunded, and `check:ledger`.
 *
 * Its rows reach the performance table (docs/performance.md) through recordRow (bench/results.ts) when `npm run bench` runs it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OFFLINE_ENV } from "../scripts/local-state.ts";
import { startLocalApp } from "../scripts/local-app.ts";
import { iterations, recordRow } from "./results.ts";
import { checkLedger, percentile, samplePhotoJpeg } from "./sample-photo.ts";

const IN_FLIGHT = 4;
const PER_MINUTE = 60;
/** What the fake takes per image: four at once then make 80 a minute, so its per-minute limit is what binds. */
const LATENCY_MS = 3000;
/** BENCH_QUICK=1 (bench/results.ts): one seller with 20 and four with 5, to prove the machinery in minutes. */
const BIG = iterations(100, 20);
const SMALL_SELLERS = iterations(20, 4);
const SMALL = 5;
const HOW = "npm run bench:batch";

const photo = new Uint8Array(readFileSync(join(import.meta.dirname, "../../shared/fixtures/foto-producto.jpg")));
/**
 * What the fake answers: a 512×640 picture. Every answer is decoded and re-encoded (and given renditions) on
 * the one thread all of the local Worker's objects share; with the 1200×1500 photo that work alone held this
 * box under 30 pictures a minute, and the bench would measure the image codecs, not the batch's flow.
 */
const answerImage = Buffer.from(await samplePhotoJpeg(512, 640)).toString("base64");

// --- The fake Gemini: its own limits, 429 + Retry-After past them, and a switch to fail every call. ---
interface Fake {
  base: string;
  accepted: number;
  tooMany: number;
  failed: number;
  peakInFlight: number;
  failing: boolean;
  close: () => void;
}

async function fakeGemini(): Promise<Fake> {
  const arrivals: number[] = [];
  let inFlight = 0;
  const fake = { accepted: 0, tooMany: 0, failed: 0, peakInFlight: 0, failing: false } as Fake;
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    for await (const _ of request) {
      // the photo and prompt: read and dropped
    }
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    if (!request.url?.includes(":generateContent") || request.headers["x-goog-api-key"] !== "bench-key") {
      send(404, { error: { code: 404, message: "unknown", status: "NOT_FOUND" } });
      return;
    }
    const now = Date.now();
    while (arrivals.length && arrivals[0]! <= now - 60_000) arrivals.shift();
    if (inFlight >= IN_FLIGHT || arrivals.length >= PER_MINUTE) {
      fake.tooMany++;
      const retryAfter = inFlight >= IN_FLIGHT ? 1 : Math.max(1, Math.ceil((arrivals[0]! + 60_000 - now) / 1000));
      send(
        429,
        { error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" } },
        { "retry-after": String(retryAfter) },
      );
      return;
    }
    arrivals.push(now);
    inFlight++;
    fake.peakInFlight = Math.max(fake.peakInFlight, inFlight);
    await new Promise((r) => setTimeout(r, LATENCY_MS));
    inFlight--;
    if (fake.failing) {
      fake.failed++;
      send(500, { error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } });
      return;
    }
    fake.accepted++;
    send(200, {
      candidates: [
        { content: { role: "model", parts: [{ inlineData: { mimeType: "image/jpeg", data: answerImage } }] }, finishReason: "STOP" },
      ],
    });
  });
  // Sockets kept alive longer than workerd keeps them, as a real API's front end does: a connection the fake
  // closed under a request being sent would read as the provider failing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => server.close();
  return fake;
}

// --- The app, sellers and batches through the HTTP API. ---
type App = Awaited<ReturnType<typeof startLocalApp>>;

async function startApp(fake: Fake, state: string, fromBuild?: string): Promise<App> {
  return startLocalApp(state, {
    server: "wrangler",
    keepState: true,
    restartable: true,
    fromBuild,
    vars: {
      IMAGE_PROVIDER: "gemini",
      GEMINI_API_KEY: "bench-key",
      GEMINI_BASE_URL: fake.base,
      PROVIDER_LIMITS: `gemini=${IN_FLIGHT}/${PER_MINUTE}`,
      // The drawer's request waits its image: its answer time is what is measured.
      GENERATION_WAIT_MS: "120000",
    },
  });
}

interface Seller {
  cookie: string;
  productIds: string[];
}

async function newSeller(base: string, n: number, products: number, credits: "free" | "pack-100"): Promise<Seller> {
  const headers = { "content-type": "application/json", origin: base, "cf-connecting-ip": `198.51.100.${n + 1}` };
  const signup = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `lote-${n}-${Date.now()}@example.com`, password: "bench-password" }),
  });
  if (signup.status !== 201) throw new Error(`register: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  if (credits === "pack-100") {
    // Bought like any seller buys: the simulated checkout approved through its signed webhook.
    const checkout = await fetch(`${base}/api/payments/create-preference`, {
      method: "POST",
      headers: { ...headers, cookie, "x-vidriera-country": "AR" },
      body: JSON.stringify({ packId: "pack-100" }),
    });
    const { preference } = (await checkout.json()) as { preference: { init_point: string } };
    const session = new URL(preference.init_point).searchParams.get("session")!;
    const decided = await fetch(`${base}/api/payments/simulated/checkout`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session, decision: "approve" }).toString(),
      redirect: "manual",
    });
    if (decided.status !== 303) throw new Error(`simulated payment: ${decided.status}`);
  }
  const productIds: string[] = [];
  for (let i = 0; i < products; i += 10) {
    const form = new FormData();
    for (let k = i; k < Math.min(products, i + 10); k++)
      form.append("images", new Blob([photo], { type: "image/jpeg" }), `prenda-${k}.jpg`);
    const upload = await fetch(`${base}/api/products/upload-images`, { method: "POST", headers: { cookie, origin: base }, body: form });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    productIds.push(...((await upload.json()) as { products: { id: string }[] }).products.map((p) => p.id));
  }
  return { cookie, productIds };
}

interface BatchView {
  id: string;
  finished: boolean;
  done: number;
  failed: number;
  cancelled: number;
  items: { id: string; state: string; error: string | null }[];
}

async function confirmBatch(base: string, seller: Seller, productIds: string[]): Promise<BatchView> {
  const response = await fetch(`${base}/api/batches`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: seller.cookie },
    body: JSON.stringify({ productIds, kind: "ad", includeModel: true }),
  });
  if (response.status !== 201) throw new Error(`batch: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { batch: BatchView }).batch;
}

async function viewOf(base: string, seller: Seller, id: string): Promise<BatchView | null> {
  try {
    const response = await fetch(`${base}/api/batches/${id}`, { headers: { cookie: seller.cookie } });
    return response.ok ? ((await response.json()) as { batch: BatchView }).batch : null;
  } catch {
    return null; // the server is being restarted
  }
}

async function allFinished(base: string, batches: { seller: Seller; id: string }[], boundMs: number): Promise<BatchView[]> {
  const bound = Date.now() + boundMs;
  for (;;) {
    const views = await Promise.all(batches.map((b) => viewOf(base, b.seller, b.id)));
    if (views.every((v) => v?.finished)) return views as BatchView[];
    if (Date.now() > bound) throw new Error("batches not finished in time");
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function queryD1<T>(state: string, sql: string): T[] {
  const run = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--json", "--persist-to", state, "--command", sql], {
    env: { ...OFFLINE_ENV, CI: "true" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { results: T[] }[])[0]!.results;
}

function record(row: string, what: string, figure: string, budget: string, over: boolean) {
  recordRow({ row, what, figure, budget, over, how: HOW });
}

const p95 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const problems: string[] = [];

// ================================ Main run ================================
const fake = await fakeGemini();
const mainState = mkdtempSync(join(tmpdir(), "bench-batch-"));
const faultState = mkdtempSync(join(tmpdir(), "bench-batch-fault-"));
process.on("exit", () => {
  for (const dir of [mainState, faultState]) rmSync(dir, { recursive: true, force: true });
});
let app = await startApp(fake, mainState);
const buildDir = app.buildDir;
const base = app.baseURL;
try {
  console.log(`fake Gemini at ${fake.base}: ${IN_FLIGHT} at once, ${PER_MINUTE} a minute, ${LATENCY_MS} ms an image; gate set alike`);
  const setup = performance.now();
  const big = await newSeller(base, 0, BIG, "pack-100");
  const smalls = await Promise.all(Array.from({ length: SMALL_SELLERS }, (_, i) => newSeller(base, i + 1, SMALL + 1, "free")));
  console.log(`${SMALL_SELLERS + 1} sellers with their photos ready in ${s(performance.now() - setup)}`);

  const started = Date.now();
  const bigBatch = await confirmBatch(base, big, big.productIds);
  await new Promise((r) => setTimeout(r, 2000));
  const smallBatches = await Promise.all(smalls.map((seller) => confirmBatch(base, seller, seller.productIds.slice(0, SMALL))));
  const batches = [{ seller: big, id: bigBatch.id }, ...smalls.map((seller, i) => ({ seller, id: smallBatches[i]!.id }))];

  // The drawer, in the middle of the run: a small seller's sixth product, generated while they all wait.
  while (fake.accepted < (BIG + SMALL * SMALL_SELLERS) / 2) await new Promise((r) => setTimeout(r, 500));
  const drawerStarted = performance.now();
  const drawerAt = Date.now();
  const drawer = await fetch(`${base}/api/products/generate-ad/${smalls[0]!.productIds[SMALL]}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: smalls[0]!.cookie },
    body: JSON.stringify({ includeModel: true }),
  });
  await drawer.arrayBuffer();
  const drawerMs = performance.now() - drawerStarted;
  const timing = (step: string) =>
    Number(new RegExp(`(?:^|, )${step};dur=(\\d+)`).exec(drawer.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  const providerMs = timing("provider");
  const gateMs = timing("gate");

  const views = await allFinished(base, batches, 20 * 60_000);
  const ended = Date.now();
  const workerLog = app.output();
  app.stop();
  await new Promise((r) => setTimeout(r, 3000));

  const items = views.flatMap((v) => v.items);
  const made = items.filter((i) => i.state === "done").length;
  const failed = items.filter((i) => i.state === "failed");
  const rows = queryD1<{ id: string; batch: string; user: string; created: number; started: number | null; finished: number | null }>(
    mainState,
    `SELECT i.id, i.batch_id AS batch, i.user_id AS user, b.created_at AS created, i.started_at AS started, j.finished_at AS finished
     FROM batch_items i JOIN batches b ON b.id = i.batch_id LEFT JOIN generation_jobs j ON j.id = i.id`,
  );
  const admissions = rows.filter((r) => r.started !== null).sort((a, b) => a.started! - b.started!);
  const firstStart = admissions[0]!.started!;
  const lastEnd = Math.max(...rows.map((r) => r.finished ?? 0));
  const perMinute = (made / (lastEnd - firstStart)) * 60_000;

  // Waits of the small sellers' pictures: admissions that went by, and seconds, from their batch's confirmation.
  const bigUser = rows.find((r) => r.batch === bigBatch.id)!.user;
  const small = rows.filter((r) => r.user !== bigUser && r.started !== null);
  const admissionsBefore = (at: number) => admissions.filter((a) => a.started! < at).length;
  const rrAdmissions = small.map((r) => admissionsBefore(r.started!) - admissionsBefore(r.created));
  const rrSeconds = small.map((r) => r.started! - r.created);
  const firstOfEach = [...new Set(small.map((r) => r.batch))].map((batch) =>
    Math.min(...small.filter((r) => r.batch === batch).map((r) => admissionsBefore(r.started!) - admissionsBefore(r.created))),
  );
  // First-come-first-served replayed: the same admission times, handed out in the order the pictures were confirmed.
  const fifo = [...rows].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  const fifoStart = new Map(fifo.map((r, k) => [r.id, admissions[k]?.started ?? Number.NaN]));
  const fcfsAdmissions = small.map((r) => fifo.findIndex((f) => f.id === r.id) - admissionsBefore(r.created));
  const fcfsSeconds = small.map((r) => fifoStart.get(r.id)! - r.created);
  const smallBatchIds = new Set(small.map((r) => r.batch));
  const fcfsFirst = [...smallBatchIds].map((batch) =>
    Math.min(...small.filter((r) => r.batch === batch).map((r) => fifo.findIndex((f) => f.id === r.id) - admissionsBefore(r.created))),
  );

  console.log(`\nMain run: ${items.length} pictures from ${batches.length} sellers, ${s(ended - started)} from the first confirmation`);
  console.log(
    `  made ${made}, failed ${failed.length} (${failed.filter((f) => /saturado/.test(f.error ?? "")).length} as busy after 429s)`,
  );
  console.log(`  fake answered ${fake.accepted} images, ${fake.tooMany} × 429, peak ${fake.peakInFlight} at once`);
  console.log(
    `  throughput ${perMinute.toFixed(1)} a minute = ${((perMinute / PER_MINUTE) * 100).toFixed(0)}% of the fake's ${PER_MINUTE}`,
  );
  console.log(
    `  small sellers' pictures, round-robin: p95 ${p95(rrAdmissions)} admissions, ${s(p95(rrSeconds))}; first picture of each: at most ${Math.max(...firstOfEach)} admissions`,
  );
  console.log(
    `  the same, first-come-first-served replayed: p95 ${p95(fcfsAdmissions)} admissions, ${s(p95(fcfsSeconds))}; first picture of each: at least ${Math.min(...fcfsFirst)} admissions`,
  );
  console.log(
    `  drawer generation mid-run: answered ${drawer.status} in ${s(drawerMs)}: waited ${s(gateMs)} in the gate, the provider's call ${s(providerMs)}, the rest of the pipeline ${s(drawerMs - providerMs - gateMs)}`,
  );
  // Why a picture failed, in the Worker's own words (its log lines name reasons and error classes only).
  const why = workerLog
    .split("\n")
    .filter((line) =>
      /"(job failed|provider attempt failed|provider paused by a 429|gate permits taken back after their lease)"/.test(line),
    );
  if (why.length)
    console.log(
      `  Worker log:\n${why
        .slice(0, 12)
        .map((line) => `    ${line}`)
        .join("\n")}`,
    );
  const ledger = checkLedger(mainState);
  console.log(`\nnpm run check:ledger -- --persist-to <main run>\n${ledger.output.replace(/^/gm, "  ")}`);

  const allMade = made === items.length && failed.length === 0;
  const fastEnough = perMinute >= 0.9 * PER_MINUTE;
  if (!allMade) problems.push(`${items.length - made} pictures not made`);
  if (!fastEnough) problems.push(`throughput ${perMinute.toFixed(1)}/min under 90% of ${PER_MINUTE}/min`);
  if (!ledger.ok) problems.push("check:ledger (main run) reports a broken invariant");
  record(
    "batch:throughput",
    `Batch: ${items.length} pictures from ${batches.length} sellers (one with ${BIG}, ${SMALL_SELLERS} with ${SMALL}) through a fake provider limited to ${IN_FLIGHT} at once and ${PER_MINUTE} a minute (429 + Retry-After past them)`,
    `${made} of ${items.length} made, ${failed.length} failed, ${fake.tooMany} × 429 answered; ${perMinute.toFixed(1)}/min = ${((perMinute / PER_MINUTE) * 100).toFixed(0)}% of the limit`,
    "all made, none failed on a 429, ≥ 90% of the limit",
    !allMade || !fastEnough,
  );
  record(
    "batch:fairness",
    "Batch: wait of the small sellers' pictures from their confirmation, round-robin vs first-come-first-served replayed on the same admissions",
    `p95 ${p95(rrAdmissions)} admissions / ${s(p95(rrSeconds))}, first of each ≤ ${Math.max(...firstOfEach)} admissions (FCFS: p95 ${p95(fcfsAdmissions)} / ${s(p95(fcfsSeconds))}, first of each ≥ ${Math.min(...fcfsFirst)})`,
    // One turn of every seller, plus the calls already let through when it came.
    `first picture of each seller within one round (≤ ${batches.length + IN_FLIGHT} admissions)`,
    Math.max(...firstOfEach) > batches.length + IN_FLIGHT,
  );
  // Under first-come-first-served the drawer's call would have waited for every picture not yet begun.
  const queuedAhead = rows.filter((r) => (r.started ?? Number.POSITIVE_INFINITY) > drawerAt).length;
  record(
    "batch:drawer",
    `Batch: a drawer generation made in the middle of the run (the fake takes ${LATENCY_MS / 1000} s an image), its time beyond the provider's call`,
    `answered in ${s(drawerMs)}: waited ${s(gateMs)} in the gate, provider ${s(providerMs)}, the rest of the pipeline ${s(drawerMs - providerMs - gateMs)} (first-come-first-served: behind the ${queuedAhead} pictures not yet begun, ${s((queuedAhead / perMinute) * 60_000)} at the measured pace)`,
    "≤ 10 s beyond the provider's call",
    drawerMs - providerMs > 10_000,
  );
  record("batch:ledger", "Batch: check:ledger on the main run's database", ledger.ok ? "all ok" : "BROKEN", "all ok", !ledger.ok);
} finally {
  app.stop();
}

// ================================ Fault run ================================
fake.accepted = fake.tooMany = fake.failed = 0;
app = await startApp(fake, faultState, buildDir);
try {
  const fb = app.baseURL;
  const sellers = [await newSeller(fb, 50, 20, "pack-100"), await newSeller(fb, 51, 20, "pack-100")];
  const batches = [];
  for (const seller of sellers) batches.push({ seller, id: (await confirmBatch(fb, seller, seller.productIds)).id });
  const started = Date.now();
  while (fake.accepted < 8) await new Promise((r) => setTimeout(r, 250));
  // The provider fails every call for a minute...
  fake.failing = true;
  console.log(`\nFault run: 40 pictures; the fake fails every call for 60 s from ${s(Date.now() - started)}`);
  await new Promise((r) => setTimeout(r, 20_000));
  // ...and 20 s into it, the whole server dies at once and comes back on the same state.
  const killedAt = Date.now();
  await app.restart();
  console.log(`  server killed (SIGKILL) at ${s(killedAt - started)} and up again after ${s(Date.now() - killedAt)}`);
  await new Promise((r) => setTimeout(r, Math.max(0, 60_000 - (Date.now() - killedAt) - 20_000)));
  fake.failing = false;
  const views = await allFinished(fb, batches, 15 * 60_000);
  app.stop();
  await new Promise((r) => setTimeout(r, 3000));
  const items = views.flatMap((v) => v.items);
  const made = items.filter((i) => i.state === "done").length;
  const failed = items.filter((i) => i.state === "failed").length;
  const [money] = queryD1<{ charges: number; charged_twice: number; refunds: number; refunded_twice: number }>(
    faultState,
    `SELECT (SELECT COUNT(*) FROM credit_ledger l JOIN batch_items i ON l.idempotency_key = 'job:' || i.id) AS charges,
            (SELECT COUNT(*) FROM (SELECT idempotency_key FROM credit_ledger WHERE idempotency_key LIKE 'job:%' GROUP BY idempotency_key HAVING COUNT(*) > 1)) AS charged_twice,
            (SELECT COUNT(*) FROM credit_ledger l JOIN batch_items i ON l.idempotency_key = 'refund:' || i.id) AS refunds,
            (SELECT COUNT(*) FROM (SELECT idempotency_key FROM credit_ledger WHERE idempotency_key LIKE 'refund:%' GROUP BY idempotency_key HAVING COUNT(*) > 1)) AS refunded_twice`,
  );
  const ledger = checkLedger(faultState);
  console.log(
    `  ended: ${made} made, ${failed} failed (the fake answered ${fake.failed} × 500 during the outage), ${items.length - made - failed} left`,
  );
  console.log(
    `  money: ${money!.charges} charges for ${items.length} pictures, ${money!.charged_twice} charged twice, ${money!.refunds} refunds for ${failed} failures, ${money!.refunded_twice} refunded twice`,
  );
  console.log(`\nnpm run check:ledger -- --persist-to <fault run>\n${ledger.output.replace(/^/gm, "  ")}`);
  const sound =
    made + failed === items.length &&
    money!.charges === items.length &&
    money!.charged_twice === 0 &&
    money!.refunds === failed &&
    ledger.ok;
  if (!sound) problems.push("fault run: something was lost, charged twice or not refunded");
  record(
    "batch:fault",
    "Batch fault run: 40 pictures, the provider failing every call for a minute and the whole server killed (SIGKILL) mid-batch and restarted",
    `${made} made, ${failed} failed and refunded once each, ${items.length - made - failed} lost, ${money!.charged_twice} charged twice; check:ledger ${ledger.ok ? "all ok" : "BROKEN"}`,
    "nothing lost, nothing charged twice, every failure refunded",
    !sound,
  );
} finally {
  app.stop();
  fake.close();
}

if (problems.length) {
  console.log(`\nPROBLEMS:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
