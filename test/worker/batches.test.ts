import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BatchView } from "../../common/batches";
import type { Product } from "../../common/product";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import { createBatch } from "../../worker/batches/create";
import { draftProduct } from "../../worker/batches/drafts";
import { BATCH_DEAD_LETTERS, type BatchMessage } from "../../worker/batches/messages";
import { retryDelay } from "../../worker/batches/queue";
import { keepBatchesMoving, UNHELD_AFTER_MS } from "../../worker/batches/upkeep";
import worker from "../../worker/index";
import { gateStub } from "../../worker/jobs/gate-admission";
import type { GenerationJob } from "../../worker/jobs/generation-job";
import type { JobState } from "../../worker/jobs/job-types";
import { overrideGateLimitsForTests } from "../../worker/jobs/provider-gate";
import { encodeJpeg } from "../../worker/providers/codecs";
import { overrideProviderForTests } from "../../worker/providers/select";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { ProviderTransientError } from "../../worker/providers/types";
import { CANCELLED_PICTURE } from "../../worker/routes/batches";
import { Browser, count, register } from "./browser";
import { workerLogs } from "./capture-logs";
import { photoForm, photoOfSize } from "./fixtures";
import { liftFence, standFence } from "./shop-fence";
import { openStore, storeData } from "./store-helpers";
import { provider, resultBytes } from "./generation-helpers";
import { creditsOf } from "./payments-fakes";
import { until } from "./until";

/**
 * Batches end to end inside workerd: the route charges, the real local queue delivers to this Worker's
 * consumer, the studio's gate (limits set per test) begins each picture's job, and a provider under the
 * test's control answers. Messages are also delivered by hand (createMessageBatch) to play duplicates, late
 * and out-of-order deliveries and dead letters. Every test waits for states, never for a time.
 */

const STUDIO = "studio";
let studioLimits = { inFlight: 1, perMinute: 1000 };
overrideGateLimitsForTests((name) => (name === STUDIO ? studioLimits : { inFlight: 1, perMinute: 60 }));
// The next file in this runtime gets the real limits back.
afterAll(() => overrideGateLimitsForTests(undefined));

beforeEach(() => {
  studioLimits = { inFlight: 1, perMinute: 1000 };
});
/** Calls a held provider keeps: a failed test lets them all go, so the next test finds the gate empty. */
const held: { release: () => void }[] = [];
afterEach(async () => {
  // Every test leaves the studio's gate empty for the next (the gate is one object for the whole file); calls
  // that reach the provider meanwhile (a failed test's pictures still waiting) are let go too.
  await until(
    () => {
      for (const call of held.splice(0)) call.release();
      return gateStub(env, STUDIO).status(STUDIO);
    },
    (s) => s.waiting === 0 && s.inFlight === 0 && s.holding === 0,
  );
  overrideProviderForTests(undefined);
}, 120_000);

/** A seller with products whose photos are told apart by the byte their padding repeats (`fills`; byte 10 is in it). */
async function sellerWithProducts(fills: number[], browser = new Browser()) {
  const { user, email } = await register(browser);
  return { browser, user, email, ...(await uploadedProducts(browser, fills)) };
}

async function uploadedProducts(browser: Browser, fills: number[]) {
  const products: Product[] = [];
  for (let i = 0; i < fills.length; i += 10) {
    const files = fills.slice(i, i + 10).map((fill) => ({ bytes: photoOfSize("jpeg", 2048, fill), name: `remera-${fill}.jpg` }));
    const response = await browser.request("/api/products/upload-images", { method: "POST", body: photoForm(files) });
    expect(response.status).toBe(201);
    products.push(...((await response.json()) as { products: Product[] }).products);
  }
  return { ids: products.map((p) => p.id) };
}

/**
 * The test provider holds every call until the test lets it go; `calls` says which photo (by fill) each was
 * for. A held call looks at its flag on its own timer: a promise the test resolved would wake the job's code
 * in the test's context, which workerd refuses ("Cannot perform I/O on behalf of a different Durable Object").
 */
function heldProvider() {
  const calls: { fill: number; at: number; released: boolean; release: () => void }[] = [];
  provider(async (request) => {
    const call = { fill: request.source.bytes[10]!, at: Date.now(), released: false, release: () => (call.released = true) };
    calls.push(call);
    held.push(call);
    while (!call.released) await new Promise((r) => setTimeout(r, 10));
    return resultBytes(call.fill);
  });
  return calls;
}

async function newBatch(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.json("POST", "/api/batches", { kind: "ad", ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { batch: BatchView }).batch;
}

/** Lets the held calls go one at a time, each once the next has reached the provider, until `n` were made. */
async function letGo(calls: { release: () => void }[], n: number) {
  for (let k = 1; k <= n; k++) {
    await until(
      async () => calls.length,
      (length) => length >= k,
    );
    calls[k - 1]!.release();
  }
}

/** With one place at the provider: the first picture calling, the next begun and waiting for the place. */
async function oneCallingOneReady(calls: unknown[]) {
  await until(
    async () => calls.length,
    (n) => n === 1,
  );
  await until(
    () => gateStub(env, STUDIO).status(STUDIO),
    (s) => s.holding === 1,
  );
}

const viewOf = async (browser: Browser, id: string) =>
  ((await (await browser.request(`/api/batches/${id}`)).json()) as { batch: BatchView }).batch;
const finished = (browser: Browser, id: string) =>
  until(
    () => viewOf(browser, id),
    (b) => b.finished,
  );

const items = async (batchId: string) =>
  (
    await env.DB.prepare("SELECT id, status, held_at FROM batch_items WHERE batch_id = ? ORDER BY position")
      .bind(batchId)
      .all<{ id: string; status: string; held_at: number | null }>()
  ).results;
/** Every picture either begun or waiting in the gate. */
const allHeld = (batchId: string) =>
  until(
    () => items(batchId),
    (rows) => rows.every((r) => r.status !== "queued" || r.held_at !== null),
  );

const ledgerHolds = async () =>
  expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);

/** Delivers messages to this Worker's consumer by hand, as the queue would, and answers what it acked and retried. */
async function deliver(queue: string, bodies: BatchMessage[], attempts = 1, watch?: (message: Message<BatchMessage>) => void) {
  const batch = createMessageBatch<BatchMessage>(
    queue,
    bodies.map((body, i) => ({ id: `msg-${crypto.randomUUID()}-${i}`, timestamp: new Date(), attempts, body })),
  );
  if (watch) for (const message of batch.messages) watch(message);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("confirming a batch", () => {
  it("charges every picture in one step, each under its own key, and makes them all through the queue", async () => {
    const calls = provider(async (request) => resultBytes(request.source.bytes[10]!));
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const { browser, user, ids } = await sellerWithProducts([1, 2, 3]);
    const batch = await newBatch(browser, { productIds: ids });
    expect(batch).toMatchObject({ total: 3, charged: 150, refunded: 0 });
    expect(await creditsOf(user.id)).toBe(350);
    const keys = await env.DB.prepare("SELECT idempotency_key AS k, delta FROM credit_ledger WHERE user_id = ? AND reason = 'generation'")
      .bind(user.id)
      .all<{ k: string; delta: number }>();
    expect(keys.results.map((r) => r.k).sort()).toEqual(batch.items.map((item) => `job:${item.id}`).sort());
    expect(keys.results.every((r) => r.delta === -50)).toBe(true);

    const done = await finished(browser, batch.id);
    expect(done).toMatchObject({ total: 3, done: 3, failed: 0, waiting: 0 });
    expect(done.items.every((item) => item.imageUrl?.startsWith("/img/g/"))).toBe(true);
    expect(calls.map((c) => c.source.bytes[10]).sort()).toEqual([1, 2, 3]);
    expect(await count("generated_images", "user_id = ?", user.id)).toBe(3);
    await ledgerHolds();
  });

  it("a batch's pictures are what the store shows once 'Publicar todos' publishes them, unless the seller chose others", async () => {
    provider(async (request) => resultBytes(request.source.bytes[10]!));
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const browser = new Browser();
    await register(browser);
    const { username } = await openStore(browser, { phoneNumber: "+54 9 11 5555-1234" });
    const { ids } = await uploadedProducts(browser, [41, 42]);
    const [chosen, own] = [ids[1]!, ids[0]!];
    // The seller chose the second product's own photo for the store before its picture came.
    const photo = (await (await browser.request(`/api/products/get/${chosen}`)).json()) as { product: Product };
    const choice = await browser.json("POST", "/api/products/update-pricing", {
      products: [{ id: chosen, price: "", storeImageURLs: [photo.product.imageUrl] }],
    });
    expect(choice.status).toBe(200);
    const batch = await newBatch(browser, { productIds: ids });
    const done = await finished(browser, batch.id);
    const pictureOf = (id: string) => done.items.find((item) => item.productId === id)!.imageUrl!;
    // 'Poner precios y publicar' → 'Publicar todos', as the grid sends it.
    const published = await browser.json("POST", "/api/products/update-pricing", {
      products: ids.map((id) => ({
        id,
        name: `Remera ${id.slice(0, 4)}`,
        price: "12.500",
        sizes: [{ name: "M", stock: 2 }],
        published: true,
      })),
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const list = ((await published.json()) as { products: Product[] }).products;
    expect(list.find((p) => p.id === own)!.storeImageURLs).toEqual([pictureOf(own)]);
    expect(list.find((p) => p.id === chosen)!.storeImageURLs).toEqual([photo.product.imageUrl]);
    const page = await browser.request(`/u/${username}`);
    const shown = storeData(await page.text()).products;
    expect(shown.find((p) => p.id === own)!.image).toBe(pictureOf(own));
    expect(shown.find((p) => p.id === chosen)!.image).toBe(photo.product.imageUrl);
  });

  it("refuses a batch the balance does not cover, saying how many it covers, and moves nothing", async () => {
    const { browser, user, ids } = await sellerWithProducts(Array.from({ length: 12 }, (_, i) => i + 1));
    const standard = await browser.json("POST", "/api/batches", { productIds: ids, kind: "ad" });
    expect(standard.status).toBe(402);
    expect(await standard.json()).toEqual({
      error:
        "Necesitas 600 créditos para 12 imágenes y tienes 500 créditos. Tu saldo alcanza para 10 imágenes: puedes generar esas ahora. No se descontó nada.",
      affordable: 10,
      balance: 500,
    });
    const pro = await browser.json("POST", "/api/batches", { productIds: ids, kind: "ad", quality: "pro" });
    expect(pro.status).toBe(402);
    expect(((await pro.json()) as { affordable: number }).affordable).toBe(5);
    expect(await creditsOf(user.id)).toBe(500);
    expect(await count("batches", "user_id = ?", user.id)).toBe(0);
    expect(await count("batch_items", "user_id = ?", user.id)).toBe(0);
    // The pictures it covers, offered by the screen: charged, all of them.
    provider(async () => resultBytes(1));
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const covered = await newBatch(browser, { productIds: ids.slice(0, 10) });
    expect(await creditsOf(user.id)).toBe(0);
    await finished(browser, covered.id);
    await ledgerHolds();
  });

  it("two batches confirmed at once with credits for one: one is charged whole, the other refused whole", async () => {
    provider(async () => resultBytes(1));
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const { browser, user, ids } = await sellerWithProducts([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const answers = await Promise.all([
      browser.json("POST", "/api/batches", { productIds: ids.slice(0, 6), kind: "ad" }),
      browser.json("POST", "/api/batches", { productIds: ids.slice(6), kind: "ad" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(await creditsOf(user.id)).toBe(200);
    expect(await count("batch_items", "user_id = ?", user.id)).toBe(6);
    const made = (await answers.find((r) => r.status === 201)!.json()) as { batch: BatchView };
    await finished(browser, made.batch.id);
    await ledgerHolds();
  });
});

describe("the gate's order", () => {
  it("admits sellers round-robin: a seller's 3 pictures sent after another's 8 are among the first 8, not the last 3", async () => {
    const calls = heldProvider();
    const a = await sellerWithProducts([1, 2, 3, 4, 5, 6, 7, 8]);
    const b = await sellerWithProducts([101, 102, 103]);
    const big = await newBatch(a.browser, { productIds: a.ids });
    await allHeld(big.id);
    const small = await newBatch(b.browser, { productIds: b.ids });
    await allHeld(small.id);

    // One picture at a time (inFlight 1): each is let go once the next has reached the provider.
    await letGo(calls, 11);
    const sellers = calls.map((call) => (call.fill > 100 ? "B" : "A"));
    // A's first two had begun (one calling, the next getting ready) before B came, and A's turn came before
    // B's: then B alternates with A. First-come-first-served would have made B wait for all eight of A's.
    expect(sellers).toEqual(["A", "A", "A", "B", "A", "B", "A", "B", "A", "A", "A"]);
    // Each seller's own pictures keep the order they were chosen in.
    expect(calls.filter((c) => c.fill < 100).map((c) => c.fill)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await finished(a.browser, big.id);
    await finished(b.browser, small.id);
    await ledgerHolds();
  });

  it("a seller waiting on screen in the drawer goes before every waiting batch picture", async () => {
    const calls = heldProvider();
    const a = await sellerWithProducts([1, 2, 3, 4]);
    const batch = await newBatch(a.browser, { productIds: a.ids });
    await allHeld(batch.id);
    await until(
      async () => calls.length,
      (n) => n === 1,
    );

    // The next picture is ready and holds its call open in the gate, behind the one being made.
    await until(
      () => gateStub(env, STUDIO).status(STUDIO),
      (s) => s.holding === 1,
    );
    const drawer = await sellerWithProducts([55]);
    const request = drawer.browser.json("POST", `/api/products/generate-ad/${drawer.ids[0]}`, {});
    // The drawer's job holds its call open too, after the batch picture.
    await until(
      () => gateStub(env, STUDIO).status(STUDIO),
      (s) => s.holding === 2,
    );
    calls[0]!.release();
    await until(
      async () => calls.length,
      (n) => n === 2,
    );
    expect(calls[1]!.fill).toBe(55);
    calls[1]!.release();
    expect([200, 202]).toContain((await request).status);
    for (let n = 3; n <= 5; n++) {
      await until(
        async () => calls.length,
        (length) => length === n,
      );
      calls[n - 1]!.release();
    }
    expect(calls.slice(2).map((c) => c.fill)).toEqual([2, 3, 4]);
    await finished(a.browser, batch.id);
    await ledgerHolds();
  });

  it("a 429 pauses the provider for every seller, and the refused call uses up no attempt", async () => {
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const times: { fill: number; at: number }[] = [];
    provider(async (request, call) => {
      times.push({ fill: request.source.bytes[10]!, at: Date.now() });
      if (call === 1) throw new ProviderTransientError("429", 3, false, true);
      return resultBytes(call);
    });
    const first = await sellerWithProducts([7]);
    const request = first.browser.json("POST", `/api/products/generate-ad/${first.ids[0]}`, {});
    // The refused call gives its permit back with the 429: the gate pauses (for the 3 s the provider named).
    const paused = await until(
      () => gateStub(env, STUDIO).status(STUDIO),
      (s) => s.pausedUntil !== null,
    );
    expect(times).toHaveLength(1);
    // Another seller asks while the provider is paused: not let through until the pause is over.
    const other = await sellerWithProducts([8]);
    const otherResponse = other.browser.json("POST", `/api/products/generate-ad/${other.ids[0]}`, {});
    await until(
      async () => times.length,
      (n) => n === 3,
    );
    expect(paused.pausedUntil).not.toBeNull();
    for (const call of times.slice(1)) expect(call.at).toBeGreaterThanOrEqual(paused.pausedUntil!);
    expect([200, 202]).toContain((await otherResponse).status);
    const response = await request;
    const { jobId } = (await response.json()) as { jobId: string };
    await until(
      async () => (await env.DB.prepare("SELECT status FROM generation_jobs WHERE id = ?").bind(jobId).first<string>("status")) ?? "",
      (status) => status === "succeeded",
    );
    const job = await runInDurableObject(
      env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId)),
      async (_i: GenerationJob, state) => (await state.storage.get<JobState>("job"))!,
    );
    expect({ attempts: job.attempts, rateLimited: job.rateLimited }).toEqual({ attempts: 2, rateLimited: 1 });
    await ledgerHolds();
  });
});

describe("the batch queue's deliveries", () => {
  it("duplicate, late and out-of-order messages make and charge each picture once", async () => {
    const calls = heldProvider();
    const { browser, user, ids } = await sellerWithProducts([1, 2, 3]);
    const batch = await newBatch(browser, { productIds: ids });
    await allHeld(batch.id);
    await oneCallingOneReady(calls);
    const [one, two, three] = batch.items.map((item) => item.id) as [string, string, string];

    // While the first is being made and the second is ready: each twice, in reverse, the running one again, an unknown one.
    const early = await deliver("vidriera-batch", [
      { type: "item", item: three },
      { type: "item", item: two },
      { type: "item", item: three },
      { type: "item", item: one },
      { type: "item", item: two },
      { type: "item", item: "no-existe" },
      { type: "draft", item: two },
    ]);
    expect(early.explicitAcks).toHaveLength(7);
    expect(early.retryMessages).toEqual([]);
    expect((await gateStub(env, STUDIO).status(STUDIO)).waiting).toBe(1);

    await letGo(calls, 3);
    const done = await finished(browser, batch.id);
    expect(done).toMatchObject({ done: 3, failed: 0 });
    // Late copies of every message, after the pictures were made: acknowledged, nothing made again.
    const late = await deliver(
      "vidriera-batch",
      [one, two, three, one].map((item) => ({ type: "item" as const, item })),
      3,
    );
    expect(late.explicitAcks).toHaveLength(4);
    expect((await gateStub(env, STUDIO).status(STUDIO)).waiting).toBe(0);
    expect(calls).toHaveLength(3);
    for (const id of [one, two, three]) {
      expect(await count("credit_ledger", "idempotency_key = ?", `job:${id}`)).toBe(1);
      expect(await count("credit_ledger", "idempotency_key = ?", `refund:${id}`)).toBe(0);
      expect(await count("generation_jobs", "id = ?", id)).toBe(1);
      expect(await count("generated_images", "job_id = ?", id)).toBe(1);
    }
    expect(await creditsOf(user.id)).toBe(350);
    await ledgerHolds();
  });

  it("a delivery the consumer cannot hand on is retried by the queue after a growing delay", async () => {
    const calls = heldProvider();
    const { browser, ids } = await sellerWithProducts([1, 2, 3]);
    const batch = await newBatch(browser, { productIds: ids });
    // One place at the provider: the first calling, the second begun and waiting for the place, the third
    // still queued in the gate, so its message has something to hand on.
    await oneCallingOneReady(calls);
    await allHeld(batch.id);
    expect((await items(batch.id)).map((row) => row.status)).toEqual(["started", "started", "queued"]);
    await env.DB.exec("CREATE TRIGGER fail_held BEFORE UPDATE OF held_at ON batch_items BEGIN SELECT RAISE(ABORT, 'injected'); END");
    try {
      const retried: unknown[] = [];
      const result = await deliver(
        "vidriera-batch",
        batch.items.map((item) => ({ type: "item" as const, item: item.id })),
        3,
        (message) =>
          vi.spyOn(message, "retry").mockImplementation(function (this: Message<BatchMessage>, options) {
            retried.push(options);
            return Object.getPrototypeOf(message).retry.call(this, options);
          }),
      );
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(3);
      // The queue holds each back for its delay: 8 s on its third attempt, growing up to a minute.
      expect(retried).toEqual(Array.from({ length: 3 }, () => ({ delaySeconds: retryDelay(3) })));
      expect([retryDelay(1), retryDelay(3), retryDelay(9)]).toEqual([2, 8, 60]);
    } finally {
      await env.DB.exec("DROP TRIGGER fail_held");
    }
    await letGo(calls, 3);
    expect(await finished(browser, batch.id)).toMatchObject({ done: 3 });
    await ledgerHolds();
  });

  it("a dead letter ends a picture that never began with one refund; one that began is its job's to settle", async () => {
    const calls = heldProvider();
    const { browser, user, ids } = await sellerWithProducts([1, 2, 3, 4]);
    const batch = await newBatch(browser, { productIds: ids });
    await allHeld(batch.id);
    await oneCallingOneReady(calls);
    const [one, two, three] = batch.items.map((item) => item.id) as [string, string, string, string];
    expect(await creditsOf(user.id)).toBe(300);

    // The third never began (dead twice); the first is being made and the second is ready: theirs to settle.
    const dead = await deliver(BATCH_DEAD_LETTERS, [
      { type: "item", item: three },
      { type: "item", item: three },
      { type: "item", item: one },
      { type: "item", item: two },
    ]);
    expect(dead.explicitAcks).toHaveLength(4);
    expect(await creditsOf(user.id)).toBe(350);
    expect(await count("credit_ledger", "idempotency_key = ?", `refund:${three}`)).toBe(1);
    expect(await count("credit_ledger", "idempotency_key LIKE 'refund:%' AND user_id = ?", user.id)).toBe(1);
    // The gate forgot it: only the fourth still waits.
    expect((await gateStub(env, STUDIO).status(STUDIO)).waiting).toBe(1);

    await letGo(calls, 3);
    const view = await finished(browser, batch.id);
    expect(view).toMatchObject({ done: 3, failed: 1, refunded: 50 });
    expect(view.items[2]).toMatchObject({
      state: "failed",
      error: "No se pudo generar la imagen. Te devolvimos los créditos; intenta de nuevo.",
    });
    expect(calls.map((c) => c.fill)).toEqual([1, 2, 4]);
    // Dead again, late: nothing more.
    await deliver(BATCH_DEAD_LETTERS, [{ type: "item", item: three }]);
    expect(await creditsOf(user.id)).toBe(350);
    await ledgerHolds();
  });

  it("a lost message is sent again by the upkeep, and the picture is still made once", async () => {
    const calls = heldProvider();
    const { browser, ids } = await sellerWithProducts([1, 2, 3]);
    const batch = await newBatch(browser, { productIds: ids });
    await allHeld(batch.id);
    await oneCallingOneReady(calls);
    const waiting = (await items(batch.id)).filter((item) => item.status === "queued").map((item) => item.id);
    expect(waiting).toHaveLength(1);
    // The gate loses the waiting ticket (as a queue restart loses messages not yet delivered).
    await gateStub(env, STUDIO).drop(STUDIO, waiting);
    await env.DB.prepare("UPDATE batch_items SET held_at = ? WHERE batch_id = ? AND status = 'queued'")
      .bind(Date.now() - UNHELD_AFTER_MS - 1000, batch.id)
      .run();
    await keepBatchesMoving(env, { batchId: batch.id });
    await until(
      () => gateStub(env, STUDIO).status(STUDIO),
      (s) => s.waiting === 1,
    );
    await letGo(calls, 3);
    expect(await finished(browser, batch.id)).toMatchObject({ done: 3 });
    expect(calls.map((c) => c.fill)).toEqual([1, 2, 3]);
    await ledgerHolds();
  });

  it("messages sent just as the shop's move fences it are sent again by the upkeep, and nothing is made twice", async () => {
    const calls = heldProvider();
    const { user, browser, ids } = await sellerWithProducts([1, 2]);
    // The move fences the shop between the messages leaving and their mark being written.
    const queue = {
      sendBatch: async (messages: MessageSendRequest<BatchMessage>[]) => {
        await env.BATCH_QUEUE.sendBatch(messages);
        await standFence(env.DB, user.id, 1);
      },
    } as unknown as Queue<BatchMessage>;
    const { id } = await createBatch(
      { ...env, BATCH_QUEUE: queue },
      {
        kind: "ad",
        includeModel: false,
        quality: "standard",
        notify: false,
        productIds: ids,
        draftProductIds: [],
        userId: user.id,
        shard: 0,
        origin: "http://localhost",
      },
    );
    expect(workerLogs({ message: "batch messages sent but not marked; the upkeep sends them again" })).toMatchObject([
      { level: "info", batch: id },
    ]);
    const unmarked = await env.DB.prepare("SELECT count(*) AS n FROM batch_items WHERE batch_id = ? AND sent_at IS NULL").bind(id).first();
    expect(unmarked).toEqual({ n: 2 });
    // The move gives up and lifts its fence; the upkeep sends the pictures again, and the gate takes each once.
    await liftFence(env.DB, user.id);
    await keepBatchesMoving(env, { batchId: id });
    await letGo(calls, 2);
    expect(await finished(browser, id)).toMatchObject({ done: 2 });
    expect(calls.map((c) => c.fill).sort()).toEqual([1, 2]);
    await ledgerHolds();
    // A refusal by the fence is an answer, not a fault.
    expect(workerLogs({ level: "error" })).toEqual([]);
  });
});

describe("cancelling a batch", () => {
  it("refunds every picture not yet begun, once, however often it is asked, and the ones begun finish", async () => {
    const calls = heldProvider();
    const { browser, user, ids } = await sellerWithProducts([1, 2, 3, 4, 5]);
    const batch = await newBatch(browser, { productIds: ids });
    await allHeld(batch.id);
    await oneCallingOneReady(calls);
    expect(await creditsOf(user.id)).toBe(250);

    const answers = await Promise.all([1, 2, 3].map(() => browser.request(`/api/batches/${batch.id}/cancel`, { method: "POST" })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await creditsOf(user.id)).toBe(400);
    const view = await viewOf(browser, batch.id);
    // The first is being made and the second is ready to call: both began, and are made and charged.
    expect(view).toMatchObject({ cancelled: 3, waiting: 2, refunded: 150 });
    expect(view.items.slice(2).map((item) => [item.state, item.error])).toEqual(Array(3).fill(["cancelled", CANCELLED_PICTURE]));
    expect((await gateStub(env, STUDIO).status(STUDIO)).waiting).toBe(0);

    await letGo(calls, 2);
    expect(await finished(browser, batch.id)).toMatchObject({ done: 2, cancelled: 3 });
    expect(calls).toHaveLength(2);
    expect(await creditsOf(user.id)).toBe(400);
    await ledgerHolds();
  });

  it("another seller's batch cannot be cancelled or read", async () => {
    provider(async () => resultBytes(1));
    const a = await sellerWithProducts([1]);
    const batch = await newBatch(a.browser, { productIds: a.ids });
    const b = await sellerWithProducts([2]);
    expect((await b.browser.request(`/api/batches/${batch.id}/cancel`, { method: "POST" })).status).toBe(404);
    expect((await b.browser.request(`/api/batches/${batch.id}`)).status).toBe(404);
    await finished(a.browser, batch.id);
  });
});

describe("names drafted from the photo", () => {
  const photo = (garment: readonly [number, number, number]) => encodeJpeg(samplePhoto({ width: 240, height: 320, garment, grain: 4 }), 85);

  it("offline, the studio names a camera file by the garment's colour and keeps the words of a named one", async () => {
    provider(async () => resultBytes(1));
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const browser = new Browser();
    await register(browser);
    const upload = await browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([
        { bytes: await photo([40, 90, 170]), name: "IMG_20261103_104512.jpg" },
        { bytes: await photo([200, 30, 30]), name: "campera-jean.jpg" },
      ]),
    });
    const created = ((await upload.json()) as { products: Product[] }).products;
    const batch = await newBatch(browser, { productIds: created.map((p) => p.id), draftProductIds: created.map((p) => p.id) });
    await finished(browser, batch.id);
    const named = await until(
      async () => ((await (await browser.request(`/api/products/get/${created[1]!.id}`)).json()) as { product: Product }).product,
      (p) => p.name !== "Campera jean",
    );
    expect(named).toMatchObject({
      name: "Campera jean roja",
      category: "Camperas",
      description: "Campera de color rojo.",
      published: false,
    });
    const camera = ((await (await browser.request(`/api/products/get/${created[0]!.id}`)).json()) as { product: Product }).product;
    expect(camera).toMatchObject({ name: "Prenda azul", description: "Prenda de color azul.", published: false });
  });

  it("a product the seller renamed before its photo was read keeps the seller's name", async () => {
    provider(async () => resultBytes(1));
    const { browser, ids } = await sellerWithProducts([9]);
    await env.DB.prepare("UPDATE products SET name = 'Mi buzo favorito' WHERE id = ?").bind(ids[0]).run();
    const batch = await newBatch(browser, { productIds: ids });
    const [item] = batch.items;
    // As if the draft had been asked for the name the product had before the seller changed it.
    await env.DB.prepare("UPDATE batch_items SET draft_from = 'IMG 0001', drafted_at = NULL WHERE id = ?").bind(item!.id).run();
    await draftProduct(env, item!.id);
    expect(((await (await browser.request(`/api/products/get/${ids[0]}`)).json()) as { product: Product }).product.name).toBe(
      "Mi buzo favorito",
    );
    expect(await count("batch_items", "id = ? AND drafted_at IS NOT NULL", item!.id)).toBe(1);
    await finished(browser, batch.id);
  });

  it("names phone photos as products, never by the camera's file name, each one differently, and says which are still being named", async () => {
    provider(async () => resultBytes(1));
    studioLimits = { inFlight: 2, perMinute: 1000 };
    const browser = new Browser();
    await register(browser);
    const green = [40, 140, 60] as const;
    const files = [
      { garment: green, name: "IMG_20261127_101500.jpg" },
      { garment: green, name: "WhatsApp Image 2026-11-20 at 18.32.11.jpeg" },
      { garment: green, name: "IMG-20261120-WA0012.jpg" },
      { garment: [40, 90, 170] as const, name: "PXL_20261127_101500123.jpg" },
      { garment: [200, 30, 30] as const, name: "Musculosa roja.jpg" },
      { garment: [40, 90, 170] as const, name: "camisa-blanca.jpg" },
    ];
    const upload = await browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm(await Promise.all(files.map(async (file) => ({ bytes: await photo(file.garment), name: file.name })))),
    });
    const created = ((await upload.json()) as { products: Product[] }).products;
    // Until the photo names it, a camera's file name is no product's name.
    expect(created.map((p) => p.name)).toEqual([
      "Producto sin nombre",
      "Producto sin nombre",
      "Producto sin nombre",
      "Producto sin nombre",
      "Musculosa roja",
      "Camisa blanca",
    ]);
    const ids = created.map((p) => p.id);
    const batch = await newBatch(browser, { productIds: ids, draftProductIds: ids });
    const named = await until(
      () => viewOf(browser, batch.id),
      (view) => view.naming === 0,
    );
    expect(named.items.every((item) => !item.naming)).toBe(true);
    expect(named.items.map((item) => item.productName)).toEqual([
      "Prenda verde",
      "Prenda verde 2",
      "Prenda verde 3",
      "Prenda azul",
      "Musculosa roja",
      "Camisa blanca",
    ]);
    await finished(browser, batch.id);
  });

  it("drafts landing at once never give two products the same name, and a product published meanwhile keeps its name", async () => {
    provider(async () => resultBytes(1));
    const browser = new Browser();
    await register(browser);
    const upload = await browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm(
        await Promise.all(
          ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg", "IMG_0004.jpg", "DSC_0042.JPG"].map(async (name) => ({
            bytes: await photo([20, 20, 24]),
            name,
          })),
        ),
      ),
    });
    const ids = ((await upload.json()) as { products: Product[] }).products.map((p) => p.id);
    const batch = await newBatch(browser, { productIds: ids, draftProductIds: ids });
    await until(
      () => viewOf(browser, batch.id),
      (view) => view.naming === 0,
    );
    // As if none had been named yet, the last one published by the seller meanwhile, and every draft landed at once.
    await env.DB.prepare(`UPDATE products SET name = 'Producto sin nombre' WHERE id IN (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .run();
    await env.DB.prepare("UPDATE products SET published = 1, price = 9900 WHERE id = ?").bind(ids[4]).run();
    await env.DB.prepare("UPDATE batch_items SET draft_from = 'Producto sin nombre', drafted_at = NULL WHERE batch_id = ?")
      .bind(batch.id)
      .run();
    expect((await viewOf(browser, batch.id)).naming).toBe(5);
    await Promise.all(batch.items.map((item) => draftProduct(env, item.id)));
    const names = (await viewOf(browser, batch.id)).items.map((item) => item.productName);
    expect(names[4]).toBe("Producto sin nombre");
    expect(new Set(names.slice(0, 4)).size).toBe(4);
    expect([...names.slice(0, 4)].sort()).toEqual(["Prenda negra", "Prenda negra 2", "Prenda negra 3", "Prenda negra 4"]);
    await finished(browser, batch.id);
  });

  it("a photo whose naming was dead-lettered is named no more, so nothing waits for it", async () => {
    provider(async () => resultBytes(1));
    const { browser, ids } = await sellerWithProducts([11]);
    const batch = await newBatch(browser, { productIds: ids, draftProductIds: ids });
    await until(
      () => viewOf(browser, batch.id),
      (view) => view.naming === 0,
    );
    await env.DB.prepare("UPDATE batch_items SET drafted_at = NULL WHERE batch_id = ?").bind(batch.id).run();
    expect((await viewOf(browser, batch.id)).naming).toBe(1);
    await deliver(BATCH_DEAD_LETTERS, [{ type: "draft", item: batch.items[0]!.id }]);
    expect((await viewOf(browser, batch.id)).naming).toBe(0);
    await finished(browser, batch.id);
  });
});

describe("the end of a batch", () => {
  it("tells the seller by e-mail once (the local outbox offline) with what was made and a link back", async () => {
    provider(async (_r, call) => {
      if (call === 2) throw new Error("boom");
      return resultBytes(call);
    });
    studioLimits = { inFlight: 1, perMinute: 1000 };
    const { browser, email, ids } = await sellerWithProducts([1, 2, 3]);
    const batch = await newBatch(browser, { productIds: ids, notify: true });
    await finished(browser, batch.id);
    const outbox = () =>
      env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ?').bind(email).all<{ subject: string; text: string }>();
    const mail = await until(outbox, (rows) => rows.results.length > 0);
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.subject).toBe("Tu lote de 3 imágenes terminó");
    expect(mail.results[0]!.text).toContain(
      "Terminamos tu lote: 2 imágenes listas y 1 que no se pudo generar. Te devolvimos los créditos de las que no se hicieron.",
    );
    expect(mail.results[0]!.text).toContain(`https://vidriera.test/lote/${batch.id}`);
    await keepBatchesMoving(env, { batchId: batch.id });
    await viewOf(browser, batch.id);
    expect((await outbox()).results).toHaveLength(1);
    await ledgerHolds();
  });

  it("sends no e-mail when the seller left 'Avisarme por email cuando termine' unchecked, not even after the upkeep", async () => {
    provider(async (_r, call) => resultBytes(call));
    const { browser, email, ids } = await sellerWithProducts([4, 5]);
    // One batch with the box left as it is (the route's default) and one unchecked on purpose.
    const left = await newBatch(browser, { productIds: ids.slice(0, 1) });
    const unchecked = await newBatch(browser, { productIds: ids.slice(1), notify: false });
    await finished(browser, left.id);
    await finished(browser, unchecked.id);
    await keepBatchesMoving(env, { batchId: left.id });
    await keepBatchesMoving(env, { batchId: unchecked.id });
    await keepBatchesMoving(env);
    const outbox = await env.DB.prepare('SELECT subject FROM email_outbox WHERE "to" = ?').bind(email).all();
    expect(outbox.results).toEqual([]);
    const told = await env.DB.prepare("SELECT notify, notified_at FROM batches WHERE id IN (?, ?)").bind(left.id, unchecked.id).all();
    expect(told.results).toEqual([
      { notify: 0, notified_at: null },
      { notify: 0, notified_at: null },
    ]);
  });
});
