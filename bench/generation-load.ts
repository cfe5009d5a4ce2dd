/**
 * 50 generations at once from 10 sellers, with the offline studio provider, on a production build served
 * locally (`wrangler dev`: the built Worker in workerd, local D1, R2 and Durable Objects, on loopback).
 *
 * Ten sellers sign up (exactly the sign-up throttle's 10 per address per hour: every request comes from
 * loopback) and get the 500 free credits; each uploads one 900×1200 photo (the size the app's client-side
 * compression sends) through the products API. Then all 50 requests go out together, 5 per seller, over the
 * spec's endpoints in turn: generate-ad, back, baby, kid, girl-kid, outfit, personalize and
 * generate-product-and-image ('modify' needs a generated image first, so it is left out). A request
 * answered 202 is followed at GET /api/jobs/:id until the job succeeds or fails, all within TIME_LIMIT
 * seconds (default 300), after which the bench fails. Routes wait 55 s for the image before answering 202
 * (the app's default); GENERATION_WAIT_MS shortens that to exercise the polling path.
 *
 * It prints the wall time, per-job latency (request sent → final state seen), succeeded / failed /
 * refunded counts, each seller's balance against 500 − 50 × its succeeded jobs, negative balances and
 * unfinished jobs (both must be none), each gallery's size against the seller's succeeded jobs, and
 * workerd's resident memory (Linux /proc) before, during and after the burst.
 *
 * Then the no-waiter run (issue 12): NO_WAITER_JOBS more jobs (default 20, 2 per seller) go out together and
 * every client disconnects as soon as all of them are charged, so no request waits on any job. Nothing polls
 * the jobs either: the bench watches each seller's running jobs in D1 (GET /api/jobs, which never calls a
 * job's object) until none is left, then reads each job once. It prints the time from the first request to
 * the last job finished against the work itself (the studio's picture time, summed, over its STUDIO_SLOTS
 * slots), the provider attempts and heartbeat resumptions in the Worker's log (when the local server prints
 * it), and fails if a job is left running, fails or is charged wrongly. After the app stops, the same span
 * is read from D1 by the server's own clock (first job charged → last job finished), which the bench's
 * polling cannot stretch; more than twice the work plus 15 s (one heartbeat) fails too. Then the
 * jobs and refunds are counted in the D1 it used (stateDir/v3/d1, where both the Vite plugin's
 * persistState and `wrangler --persist-to` keep it), and `npm run check:ledger` runs on that directory.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CREDITS_PER_IMAGE, SIGNUP_CREDITS } from "../common/credits.ts";
import { STUDIO_SLOTS } from "../worker/providers/studio-slots.ts";
import { OFFLINE_ENV } from "../scripts/local-state.ts";
import { startLocalApp } from "../scripts/local-app.ts";
import { recordRow } from "./results.ts";
import { checkLedger, distinctJpeg, memoryMiB, percentile, processEnded, samplePhotoJpeg, workerdPid } from "./sample-photo.ts";

const SELLERS = 10;
const JOBS_PER_SELLER = 5;
/** The no-waiter run: jobs whose clients are gone (spread over the sellers; each has 250 credits left). */
const NO_WAITER_JOBS = Number(process.env.NO_WAITER_JOBS ?? 20);
const TIME_LIMIT_MS = Number(process.env.TIME_LIMIT ?? 300) * 1000;

interface Seller {
  n: number;
  id: string;
  cookie: string;
  productId: string;
}

/** One generation request of the spec's API: its endpoint and body. */
interface Plan {
  kind: string;
  path: (productId: string) => string;
  body: () => object;
}

const photo = await samplePhotoJpeg(900, 1200);
const photoBase64 = Buffer.from(photo).toString("base64");

const PLANS: Plan[] = [
  { kind: "ad", path: (id) => `/api/products/generate-ad/${id}`, body: () => ({ includeModel: true }) },
  { kind: "back", path: (id) => `/api/products/back-image/${id}`, body: () => ({}) },
  { kind: "baby", path: (id) => `/api/products/baby-image/${id}`, body: () => ({}) },
  { kind: "kid", path: (id) => `/api/products/kid-image/${id}`, body: () => ({}) },
  { kind: "girl-kid", path: (id) => `/api/products/girl-kid-image/${id}`, body: () => ({}) },
  { kind: "outfit", path: (id) => `/api/products/outfit-image/${id}`, body: () => ({}) },
  {
    kind: "personalized",
    path: (id) => `/api/products/personalize/${id}`,
    body: () => ({ gender: "female", age: "adult", skinTone: "medium" }),
  },
  { kind: "product", path: () => "/api/products/generate-product-and-image", body: () => ({ image: photoBase64, includeModel: true }) },
];

interface Outcome {
  seller: number;
  kind: string;
  /** running: not settled within the time limit; rejected: the request failed without starting a job. */
  status: "succeeded" | "failed" | "running" | "rejected";
  ms: number;
  answeredWith: number;
  detail?: string;
}

type JobState = { status: "running" | "succeeded" | "failed"; error: string | null };

const state = mkdtempSync(join(tmpdir(), "generation-load-"));
// Kept after the app stops, for the ledger check; removed however the bench ends.
process.on("exit", () => rmSync(state, { recursive: true, force: true }));
// GENERATION_WAIT_MS=5000 npm run bench:load:jobs: routes answer 202 sooner, so the jobs are followed at /api/jobs/:id.
const waitMs = process.env.GENERATION_WAIT_MS;
const app = await startLocalApp(state, { keepState: true, server: "wrangler", vars: waitMs ? { GENERATION_WAIT_MS: waitMs } : {} });
const base = app.baseURL;
const json = { "content-type": "application/json", origin: base };

async function newSeller(n: number): Promise<Seller> {
  const signup = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: `bench-load-${n}@example.com`, password: "bench-password" }),
  });
  if (signup.status !== 201) throw new Error(`register ${n}: ${signup.status} ${await signup.text()}`);
  const { user } = (await signup.json()) as { user: { id: string; credits: number } };
  if (user.credits !== SIGNUP_CREDITS) throw new Error(`seller ${n} starts with ${user.credits} credits, not ${SIGNUP_CREDITS}`);
  const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
  const form = new FormData();
  // Each seller's own photo, as in real life.
  const bytes = distinctJpeg(photo, n);
  form.append("images", new Blob([bytes], { type: "image/jpeg" }), "remera.jpg");
  const upload = await fetch(`${base}/api/products/upload-images`, { method: "POST", headers: { cookie, origin: base }, body: form });
  if (upload.status !== 201) throw new Error(`upload ${n}: ${upload.status} ${await upload.text()}`);
  const { products } = (await upload.json()) as { products: { id: string }[] };
  return { n, id: user.id, cookie, productId: products[0]!.id };
}

/** Sends one generation and follows its job to the end, or to the time limit. */
async function generate(seller: Seller, plan: Plan, deadline: number): Promise<Outcome> {
  const started = performance.now();
  const done = (status: Outcome["status"], answeredWith: number, detail?: string): Outcome => ({
    seller: seller.n,
    kind: plan.kind,
    status,
    ms: performance.now() - started,
    answeredWith,
    detail,
  });
  let response: Response;
  try {
    response = await fetch(`${base}${plan.path(seller.productId)}`, {
      method: "POST",
      headers: { ...json, cookie: seller.cookie },
      body: JSON.stringify(plan.body()),
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
  } catch (err) {
    return done("rejected", 0, String(err));
  }
  const body = (await response.json().catch(() => ({}))) as { jobId?: string; error?: string };
  if (response.status === 200) return done("succeeded", 200);
  if (!body.jobId) return done("rejected", response.status, body.error);
  if (response.status !== 202) return done("failed", response.status, body.error);

  while (Date.now() < deadline) {
    const wait = Math.min(25, Math.floor((deadline - Date.now()) / 1000));
    let job: JobState;
    try {
      const poll = await fetch(`${base}/api/jobs/${body.jobId}?wait=${wait}`, {
        headers: { cookie: seller.cookie },
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      if (poll.status !== 200) return done("running", 202, `GET /api/jobs/${body.jobId}: ${poll.status} ${await poll.text()}`);
      job = ((await poll.json()) as { job: JobState }).job;
    } catch {
      break;
    }
    if (job.status !== "running") return done(job.status, 202, job.error ?? undefined);
  }
  return done("running", 202, `still running after ${TIME_LIMIT_MS / 1000} s`);
}

const profileOf = async (seller: Seller) =>
  ((await (await fetch(`${base}/api/auth/profile`, { headers: { cookie: seller.cookie } })).json()) as { user: { credits: number } }).user;
const galleryOf = async (seller: Seller) =>
  (
    (await (await fetch(`${base}/api/products/images/by-user/${seller.id}`, { headers: { cookie: seller.cookie } })).json()) as {
      images: { imageId: string }[];
    }
  ).images.map((image) => image.imageId);
/** The seller's running and recently failed jobs, read from D1 by the API: no job's object is asked. */
const jobListOf = async (seller: Seller) =>
  ((await (await fetch(`${base}/api/jobs`, { headers: { cookie: seller.cookie } })).json()) as { jobs: { id: string; status: string }[] })
    .jobs;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The no-waiter run's jobs and its work (picture time over the slots), for the server-side times read from D1 at the end. */
const noWaiterJobIds: string[] = [];
/** What the performance table's rows say of each run, filled in as the runs end. */
const summary = { burst: "", noWaiter: "" };
let noWaiterWorkMs = 0;

/**
 * Issue 12: jobs whose sellers closed the tab at once. Fires NO_WAITER_JOBS generations, disconnects every
 * client once all are charged (each seller's balance shows it), and follows only D1 until none is running.
 */
async function noWaiterRun(sellers: Seller[]) {
  const plan = sellers.map((seller, i) => ({
    seller,
    jobs: Math.floor(NO_WAITER_JOBS / SELLERS) + (i < NO_WAITER_JOBS % SELLERS ? 1 : 0),
  }));
  const before = new Map<number, { credits: number; gallery: Set<string>; failed: Set<string> }>();
  for (const { seller } of plan)
    before.set(seller.n, {
      credits: (await profileOf(seller)).credits,
      gallery: new Set(await galleryOf(seller)),
      failed: new Set((await jobListOf(seller)).map((job) => job.id)),
    });
  const logBefore = app.output().length;

  const started = performance.now();
  const deadline = Date.now() + TIME_LIMIT_MS;
  const tabs: AbortController[] = [];
  const sent: Promise<unknown>[] = [];
  for (const { seller, jobs } of plan)
    for (let k = 0; k < jobs; k++) {
      const tab = new AbortController();
      tabs.push(tab);
      const request = PLANS[k % 2]!;
      sent.push(
        fetch(`${base}${request.path(seller.productId)}`, {
          method: "POST",
          headers: { ...json, cookie: seller.cookie },
          body: JSON.stringify(request.body()),
          signal: tab.signal,
        })
          .then((response) => response.body?.cancel())
          .catch(() => undefined),
      );
    }
  // Every job charged (its debit and its job row are one batch): then every client goes at once.
  const charged = async () =>
    (
      await Promise.all(
        plan.map(async ({ seller, jobs }) => (await profileOf(seller)).credits <= before.get(seller.n)!.credits - CREDITS_PER_IMAGE * jobs),
      )
    ).every(Boolean);
  while (!(await charged()) && Date.now() < deadline) await sleep(100);
  for (const tab of tabs) tab.abort();
  await Promise.all(sent);
  const closedAt = performance.now();

  // Nobody waits: only D1 is read until no job of the run is running.
  const running = async () =>
    (await Promise.all(plan.map(async ({ seller }) => (await jobListOf(seller)).filter((job) => job.status === "running").length))).reduce(
      (a, b) => a + b,
      0,
    );
  let left = await running();
  while (left > 0 && Date.now() < deadline) {
    await sleep(250);
    left = await running();
  }
  const finishedAt = performance.now();

  let succeeded = 0;
  let failed = 0;
  let pictureMs = 0;
  for (const { seller, jobs } of plan) {
    const was = before.get(seller.n)!;
    const made = (await galleryOf(seller)).filter((id) => !was.gallery.has(id));
    const newlyFailed = (await jobListOf(seller)).filter((job) => job.status === "failed" && !was.failed.has(job.id));
    succeeded += made.length;
    noWaiterJobIds.push(...made, ...newlyFailed.map((job) => job.id));
    failed += newlyFailed.length;
    for (const id of made) {
      const { job } = (await (await fetch(`${base}/api/jobs/${id}`, { headers: { cookie: seller.cookie } })).json()) as {
        job: { timing: { provider: number } | null };
      };
      pictureMs += job.timing?.provider ?? 0;
    }
    const credits = (await profileOf(seller)).credits;
    if (made.length + newlyFailed.length !== jobs)
      problems.push(`no-waiter run, seller ${seller.n}: ${jobs} jobs, ${made.length} succeeded and ${newlyFailed.length} failed`);
    if (credits !== was.credits - CREDITS_PER_IMAGE * made.length)
      problems.push(`no-waiter run, seller ${seller.n}: balance ${credits}, expected ${was.credits - CREDITS_PER_IMAGE * made.length}`);
  }
  const log = app.output().slice(logBefore);
  const lines = (message: string) => log.split("\n").filter((line) => line.includes(`"message":"${message}"`));
  const attempts = lines("provider attempt");
  const workMs = pictureMs / STUDIO_SLOTS;
  noWaiterWorkMs = workMs;
  const wallMs = finishedAt - started;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  console.log(`\nno-waiter run: ${NO_WAITER_JOBS} generations fired at once, every client gone once all were charged`);
  console.log(`  clients disconnected                        ${seconds(closedAt - started)} after the first request`);
  console.log(`  all finished                                ${seconds(wallMs)} after the first request (${left} still running)`);
  console.log(
    `  the work: studio picture time ${seconds(pictureMs)} over ${STUDIO_SLOTS} slots = ${seconds(workMs)}; finished in ${(wallMs / workMs).toFixed(2)}× the work`,
  );
  console.log(`  succeeded ${succeeded}, failed ${failed}`);
  summary.noWaiter = `${succeeded} of ${NO_WAITER_JOBS} succeeded, ${failed} failed; all finished ${seconds(wallMs)} after the first request for ${seconds(workMs)} of studio work over ${STUDIO_SLOTS} slots`;
  if (log.includes('"message":"job started"'))
    console.log(
      `  Worker log: ${attempts.length} provider attempts (${attempts.filter((line) => !/"attempt":1[,}]/.test(line)).length} beyond the first), ${lines("job resumed by heartbeat").length} heartbeat resumptions, ${lines("job deadline reached").length} deadlines`,
    );
  else console.log("  Worker log: not printed by the local server in this run");
  if (left > 0) problems.push(`no-waiter run: ${left} jobs still running after ${TIME_LIMIT_MS / 1000} s`);
  if (failed > 0) problems.push(`no-waiter run: ${failed} jobs failed`);
  if (lines("job resumed by heartbeat").length > 0) problems.push("no-waiter run: jobs stalled until their heartbeat resumed them");
}

/** Reads the D1 the app used, after it stopped (the same files check:ledger reads). */
function queryD1<T>(sql: string): T[] {
  const run = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--json", "--persist-to", state, "--command", sql], {
    env: { ...OFFLINE_ENV, CI: "true" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { results: T[] }[])[0]!.results;
}

const problems: string[] = [];
let workerd = 0;
try {
  workerd = workerdPid();
  const setupStarted = performance.now();
  const sellers: Seller[] = [];
  for (let n = 0; n < SELLERS; n++) sellers.push(await newSeller(n));
  console.log(`${SELLERS} sellers signed up with a photo each in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  const memory = { before: memoryMiB(workerd, "VmRSS"), peak: 0 };
  const sampler = setInterval(() => (memory.peak = Math.max(memory.peak, memoryMiB(workerd, "VmRSS"))), 200);
  const burstStarted = performance.now();
  const deadline = Date.now() + TIME_LIMIT_MS;
  const outcomes = await Promise.all(
    sellers.flatMap((seller) =>
      Array.from({ length: JOBS_PER_SELLER }, (_, k) =>
        generate(seller, PLANS[(seller.n * JOBS_PER_SELLER + k) % PLANS.length]!, deadline),
      ),
    ),
  );
  const wallMs = performance.now() - burstStarted;
  clearInterval(sampler);
  memory.peak = Math.max(memory.peak, memoryMiB(workerd, "VmRSS"));
  const memoryAfter = memoryMiB(workerd, "VmRSS");

  const count = (status: Outcome["status"], seller?: number) =>
    outcomes.filter((o) => o.status === status && (seller === undefined || o.seller === seller)).length;
  const latencies = outcomes
    .filter((o) => o.status === "succeeded" || o.status === "failed")
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const seconds = (value: number | undefined) => (value === undefined ? "-" : `${(value / 1000).toFixed(1)} s`);

  console.log(`\n${outcomes.length} generations fired at once (${SELLERS} sellers × ${JOBS_PER_SELLER}), studio provider, 900×1200 photos`);
  console.log(`  wall time, first request to last job settled   ${seconds(wallMs)}`);
  console.log(
    `  per-job latency (sent → final state)           p50 ${seconds(percentile(latencies, 50))}   p99 ${seconds(percentile(latencies, 99))}   max ${seconds(latencies.at(-1))}`,
  );
  const answered = (code: number) => outcomes.filter((o) => o.answeredWith === code).length;
  console.log(
    `  first answers                                  200 ×${answered(200)}, 202 ×${answered(202)} (followed at /api/jobs/:id), other ×${outcomes.length - answered(200) - answered(202)}`,
  );
  console.log(
    `  succeeded ${count("succeeded")}, failed ${count("failed")}, not finished ${count("running")}, rejected without a job ${count("rejected")}`,
  );
  summary.burst =
    `${count("succeeded")} of ${outcomes.length} succeeded, ${count("failed")} failed; last settled at ${seconds(wallMs)} (p50 ${seconds(percentile(latencies, 50))}); ` +
    `workerd ${memory.before.toFixed(0)} → ${memoryAfter.toFixed(0)} MiB (peak ${memory.peak.toFixed(0)} MiB)`;
  for (const o of outcomes.filter((o) => o.status !== "succeeded"))
    console.log(`    seller ${o.seller} ${o.kind}: ${o.status} (${o.answeredWith}) ${o.detail ?? ""}`);
  const byKind = new Map<string, number[]>();
  for (const o of outcomes) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o.ms]);
  console.log(
    `  by kind (count, median latency): ${[...byKind]
      .map(
        ([kind, ms]) =>
          `${kind} ${ms.length} ${seconds(
            percentile(
              [...ms].sort((a, b) => a - b),
              50,
            ),
          )}`,
      )
      .join(", ")}`,
  );
  console.log(
    `  workerd resident memory: ${memory.before.toFixed(0)} MiB before the burst, peak ${memory.peak.toFixed(0)} MiB during it, ${memoryAfter.toFixed(0)} MiB after`,
  );

  console.log(`\n  seller  succeeded  failed  balance  expected  gallery`);
  for (const seller of sellers) {
    const headers = { cookie: seller.cookie };
    const { user } = (await (await fetch(`${base}/api/auth/profile`, { headers })).json()) as { user: { credits: number } };
    const { images } = (await (await fetch(`${base}/api/products/images/by-user/${seller.id}`, { headers })).json()) as {
      images: unknown[];
    };
    const succeeded = count("succeeded", seller.n);
    const expected = SIGNUP_CREDITS - CREDITS_PER_IMAGE * succeeded;
    console.log(
      `  ${String(seller.n).padStart(6)}  ${String(succeeded).padStart(9)}  ${String(count("failed", seller.n)).padStart(6)}  ${String(user.credits).padStart(7)}  ${String(expected).padStart(8)}  ${String(images.length).padStart(7)}`,
    );
    if (user.credits < 0) problems.push(`seller ${seller.n} has a negative balance (${user.credits})`);
    // A job still running holds its debit, so its seller's balance cannot match yet.
    if (count("running", seller.n) === 0 && user.credits !== expected)
      problems.push(`seller ${seller.n}: balance ${user.credits}, expected ${expected}`);
    if (images.length !== succeeded)
      problems.push(`seller ${seller.n}: ${images.length} images in the gallery for ${succeeded} succeeded jobs`);
  }
  if (count("running")) problems.push(`${count("running")} jobs not finished within ${TIME_LIMIT_MS / 1000} s`);
  if (count("rejected")) problems.push(`${count("rejected")} requests failed without starting a job`);

  await noWaiterRun(sellers);
} finally {
  app.stop();
}

if (workerd) await processEnded(workerd);
const jobs = queryD1<{ status: string; n: number }>(`SELECT status, COUNT(*) AS n FROM generation_jobs GROUP BY status ORDER BY status`);
const [refunds] = queryD1<{ n: number }>(`SELECT COUNT(*) AS n FROM credit_ledger WHERE idempotency_key LIKE 'refund:%'`);
const failedInD1 = jobs.find((j) => j.status === "failed")?.n ?? 0;
console.log(
  `\nin D1 after the run (${state}/v3/d1): jobs ${jobs.map((j) => `${j.status} ${j.n}`).join(", ") || "none"}; refunded ${refunds!.n}`,
);
if (refunds!.n !== failedInD1) problems.push(`${failedInD1} failed jobs but ${refunds!.n} refunds`);
if (noWaiterJobIds.length) {
  // The server's own clock: the first no-waiter job charged to the last one finished, free of the bench's polling.
  const [span] = queryD1<{ first: number; last: number }>(
    `SELECT MIN(created_at) AS first, MAX(finished_at) AS last FROM generation_jobs WHERE id IN (${noWaiterJobIds.map((id) => `'${id}'`).join(",")})`,
  );
  const ms = span!.last - span!.first;
  console.log(
    `no-waiter run in D1: first job charged to last job finished ${(ms / 1000).toFixed(1)} s, for ${(noWaiterWorkMs / 1000).toFixed(1)} s of work (${(ms / noWaiterWorkMs).toFixed(2)}×)`,
  );
  // A stalled job shows as a heartbeat (15 s) or the deadline (120 s) on top of the work; slack for a loaded box.
  if (ms > 2 * noWaiterWorkMs + 15_000) problems.push(`no-waiter run: all finished ${(ms / 1000).toFixed(1)} s after the first charge`);
}
if (jobs.some((j) => j.status === "running")) problems.push("jobs left running in D1");

const ledger = checkLedger(state);
console.log(`\nnpm run check:ledger -- --persist-to ${state}\n${ledger.output.replace(/^/gm, "  ")}`);
if (!ledger.ok) problems.push("check:ledger reports a broken invariant");

const balances = problems.some((p) => /balance|gallery/.test(p))
  ? "a balance or gallery did NOT match"
  : "every balance and gallery as charged";
recordRow({
  row: "load-jobs:burst",
  what: `${SELLERS * JOBS_PER_SELLER} concurrent generations from ${SELLERS} sellers, studio provider, 900×1200 photos`,
  figure: `${summary.burst}; ${balances}; check:ledger ${ledger.ok ? "ok" : "FAILED"}`,
  budget: "nothing lost, no negative balance",
  over: problems.some((p) => !p.startsWith("no-waiter")),
  how: "npm run bench:load:jobs",
});
recordRow({
  row: "load-jobs:no-waiter",
  what: `No-waiter run: ${NO_WAITER_JOBS} more generations whose clients all disconnect once charged, followed only through D1`,
  figure: summary.noWaiter || "not run",
  budget: "every job finishes, none on its deadline",
  over: !summary.noWaiter || problems.some((p) => p.startsWith("no-waiter")),
  how: "npm run bench:load:jobs",
});
if (problems.length) {
  console.error(`\nFAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
