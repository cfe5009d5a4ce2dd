import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import type { GenerationJob } from "../../worker/jobs/generation-job";
import { JOB_MESSAGES, type JobState, type JobView } from "../../worker/jobs/job-types";
import { GENERIC_SERVER_ERROR } from "../../worker/lib/errors";
import { GeminiProvider } from "../../worker/providers/gemini";
import { overrideProviderForTests } from "../../worker/providers/select";
import { ProviderFailure } from "../../worker/providers/types";
import { Browser, count, withBindings } from "./browser";
import { workerLogs } from "./capture-logs";
import { provider, resultBytes, sellerWithProduct } from "./generation-helpers";
import {
  creditsOf,
  fakeUpstream,
  hmacHex,
  json,
  ledgerKeys,
  mercadoPagoSignature,
  newSeller,
  paymentRow,
  postFrom,
} from "./payments-fakes";

/**
 * The faults of issue 7, one describe each. Every case checks that no credit
 * was lost or counted twice (the seller's balance, and the same invariants
 * `npm run check:ledger` proves, over the whole test database), what the
 * person waiting is told, and the job's final state as the API shows it.
 */

afterEach(async () => {
  overrideProviderForTests(undefined);
  vi.restoreAllMocks();
  for (const name of ["fault_job_insert", "fault_gallery_insert", "fault_refund_insert", "fault_payment_credit"]) {
    await env.DB.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
  }
});

async function ledgerHolds() {
  expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);
}

/** Makes one statement of a D1 batch fail, as a write that D1 refuses would. */
async function failWrites(name: string, on: string, when = "") {
  await env.DB.prepare(`CREATE TRIGGER ${name} BEFORE ${on} ${when} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`).run();
}

async function healWrites(name: string) {
  await env.DB.prepare(`DROP TRIGGER ${name}`).run();
}

function hang(signal?: AbortSignal) {
  return new Promise<Uint8Array>((_, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted"))));
}

const stubOf = (jobId: string) => env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId));

async function jobOf(browser: Browser, jobId: string, waitSeconds = 0): Promise<JobView> {
  const response = await browser.request(`/api/jobs/${jobId}${waitSeconds ? `?wait=${waitSeconds}` : ""}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { job: JobView }).job;
}

async function jobRow(jobId: string) {
  return env.DB.prepare("SELECT status, error FROM generation_jobs WHERE id = ?")
    .bind(jobId)
    .first<{ status: string; error: string | null }>();
}

/**
 * Fires a settled job's alarm again, as "at least once" delivery may. The alarm
 * is set a minute ahead and run by hand: one due now would also be started by
 * the runtime, which cancels that run when ours takes the alarm (workerd then
 * prints "alarm handler canceled" into the test output).
 */
async function alarmAgain(jobId: string) {
  const stub = stubOf(jobId);
  await runInDurableObject(stub, (_i: GenerationJob, state) => state.storage.setAlarm(Date.now() + 60_000));
  expect(await runDurableObjectAlarm(stub)).toBe(true);
  expect(await runInDurableObject(stub, (_i: GenerationJob, state) => state.storage.getAlarm())).toBeNull();
}

const refunds = (jobId: string) => count("credit_ledger", "idempotency_key = ?", `refund:${jobId}`);
const charges = (jobId: string) => count("credit_ledger", "idempotency_key = ?", `job:${jobId}`);

describe("the provider hangs", () => {
  it("the request answers 202, the deadline alarm fails the job and refunds once", async () => {
    let aborted = false;
    provider((_r, _c, signal) => {
      signal?.addEventListener("abort", () => (aborted = true));
      return hang(signal);
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string; status: string };
    expect(await creditsOf(user.id)).toBe(450);

    const stub = stubOf(jobId);
    // Not yet due: the heartbeat alarm leaves a running job alone.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await jobOf(browser, jobId)).status).toBe("running");

    await runInDurableObject(stub, async (_instance: GenerationJob, state) => {
      const job = (await state.storage.get<JobState>("job"))!;
      await state.storage.put("job", { ...job, deadline: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(aborted).toBe(true);
    expect(await jobOf(browser, jobId)).toMatchObject({ status: "failed", error: JOB_MESSAGES.timeout, httpStatus: 504 });
    expect(await creditsOf(user.id)).toBe(500);

    await alarmAgain(jobId);
    expect(await creditsOf(user.id)).toBe(500);
    expect(await refunds(jobId)).toBe(1);
    expect(await jobRow(jobId)).toEqual({ status: "failed", error: JOB_MESSAGES.timeout });
    await ledgerHolds();
  });
});

describe("the provider answers garbage", () => {
  const GEMINI = "https://fake-gemini.test";
  const ENDPOINT = `${GEMINI}/v1beta/models/gemini-nano-banana-2.1:generateContent`;
  const notAnImage = btoa("<html><body>Service Unavailable</body></html>");

  const answers: [string, () => Response][] = [
    [
      "bytes that are not an image",
      () =>
        json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/png", data: notAnImage } }] }, finishReason: "STOP" }] }),
    ],
    ["an empty body", () => new Response("", { status: 200 })],
    [
      "a JSON with no image",
      () => json({ candidates: [{ content: { parts: [], role: "model" }, finishReason: "STOP" }], modelVersion: "gemini-nano-banana-2.1" }),
    ],
  ];
  for (const [what, answer] of answers) {
    it(`Gemini answering ${what}: the job fails, refunds once and says so in Spanish`, async () => {
      const seen = fakeUpstream({ [`POST ${ENDPOINT}`]: answer });
      overrideProviderForTests(() => new GeminiProvider({ apiKey: "test-gemini-key", baseUrl: GEMINI }));
      const { browser, user, product } = await sellerWithProduct();
      const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
      expect(response.status).toBe(502);
      const body = (await response.json()) as { error: string; jobId: string };
      expect(body.error).toBe(JOB_MESSAGES.failed);
      // A malformed answer is not retried: asking again would be paid again.
      expect(seen).toHaveLength(1);
      expect(await jobOf(browser, body.jobId)).toMatchObject({ status: "failed", error: JOB_MESSAGES.failed, imageUrl: null });
      expect(await creditsOf(user.id)).toBe(500);
      expect(await charges(body.jobId)).toBe(1);
      expect(await refunds(body.jobId)).toBe(1);
      expect(await count("generated_images", "user_id = ?", user.id)).toBe(0);
      await ledgerHolds();
    });
  }

  it("a provider handing over bytes that are not an image: nothing reaches the gallery and the credits come back", async () => {
    provider(async () => new TextEncoder().encode("definitely not a picture"));
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/back-image/${product.id}`, {});
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: string; jobId: string };
    expect(body.error).toBe(JOB_MESSAGES.failed);
    expect(await jobOf(browser, body.jobId)).toMatchObject({ status: "failed", imageUrl: null });
    expect(await creditsOf(user.id)).toBe(500);
    expect(await refunds(body.jobId)).toBe(1);
    expect(await count("generated_images", "user_id = ?", user.id)).toBe(0);
    await ledgerHolds();
  });
});

describe("the provider fails after the debit", () => {
  it("throwing on the first attempt: failed, refunded once, and a later alarm refunds nothing more", async () => {
    const calls = provider(async () => {
      throw new Error("socket hang up");
    });
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/outfit-image/${product.id}`, {});
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: string; jobId: string };
    expect(body.error).toBe(JOB_MESSAGES.failed);
    expect(calls).toHaveLength(1);

    await alarmAgain(body.jobId);
    expect(await jobOf(browser, body.jobId)).toMatchObject({ status: "failed", error: JOB_MESSAGES.failed });
    expect(await creditsOf(user.id)).toBe(500);
    expect(await refunds(body.jobId)).toBe(1);
    await ledgerHolds();
  });

  it("HTTP 500 on every attempt: three tries, one charge, one refund, the 'busy' message", async ({ signal }) => {
    const GEMINI = "https://fake-gemini.test";
    const seen = fakeUpstream({
      [`POST ${GEMINI}/v1beta/models/gemini-nano-banana-2.1:generateContent`]: () =>
        json({ error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } }, 500),
    });
    overrideProviderForTests(() => new GeminiProvider({ apiKey: "test-gemini-key", baseUrl: GEMINI }));
    // Gemini's 500 has no Retry-After: the backoff would wait 2 s and 4 s; time is not what is under test.
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void) => {
      queueMicrotask(fn);
      return 0;
    }) as unknown as typeof setTimeout);
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    const body = (await response.json()) as { error?: string; jobId: string };
    // With every timer made instant the route may answer before the three attempts (each through the provider's
    // gate) are over: then it says the job runs (202), and the job's end is waited for.
    if (response.status === 503) expect(body.error).toBe(JOB_MESSAGES.busy);
    else expect(response.status).toBe(202);
    // Polled by hand (expect.poll's timers are the mocked ones), and only while the test lives: a timed-out test
    // must not keep asking the Worker every 20 ms through the files after it.
    while (!signal.aborted && (await jobOf(browser, body.jobId)).status === "running") await scheduler.wait(20);
    expect(seen).toHaveLength(3);

    await alarmAgain(body.jobId);
    expect(seen).toHaveLength(3);
    expect(await jobOf(browser, body.jobId)).toMatchObject({ status: "failed", error: JOB_MESSAGES.busy });
    expect(await creditsOf(user.id)).toBe(500);
    expect(await charges(body.jobId)).toBe(1);
    expect(await refunds(body.jobId)).toBe(1);
    // What an operator sees in the logs: three failed attempts, one refund, the failure with its reason.
    const jobLines = workerLogs().filter((line) => line.job === body.jobId);
    expect(jobLines.filter((line) => line.message === "provider attempt failed")).toHaveLength(3);
    expect(jobLines.filter((line) => line.message === "job refunded")).toEqual([expect.objectContaining({ level: "info", credits: 50 })]);
    expect(jobLines.filter((line) => line.message === "job failed")).toEqual([
      expect.objectContaining({ level: "warn", reason: "provider-busy", attempts: 3 }),
    ]);
    await ledgerHolds();
  });
});

describe("the Durable Object is evicted mid-job", () => {
  it("its heartbeat alarm resumes the job, which finishes once and is charged once", async () => {
    const calls = provider(async (_r, call, signal) => (call === 1 ? hang(signal) : resultBytes(4)));
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const stub = stubOf(jobId);

    await evictDurableObject(stub);
    expect(await runInDurableObject(stub, async (_i: GenerationJob, state) => (await state.storage.get<JobState>("job"))!.status)).toBe(
      "running",
    );
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const job = await jobOf(browser, jobId, 5);
    expect(job.status).toBe("succeeded");
    expect(calls).toHaveLength(2);

    await alarmAgain(jobId);
    expect(calls).toHaveLength(2);
    expect(await creditsOf(user.id)).toBe(450);
    expect(await charges(jobId)).toBe(1);
    expect(await refunds(jobId)).toBe(0);
    expect(await count("generated_images", "job_id = ?", jobId)).toBe(1);
    expect(new Uint8Array(await (await browser.request(job.imageUrl!)).arrayBuffer())).toEqual(resultBytes(4));
    await ledgerHolds();
  });
});

describe("the Durable Object's start fails after the debit", () => {
  /** The job namespace as the route sees it, with a start call that fails; "after" lets it reach the object first. */
  function failingStarts(when: "before" | "after") {
    const real = env.GENERATION_JOBS;
    const namespace = {
      idFromName: (name: string) => real.idFromName(name),
      get: (id: DurableObjectId) => {
        const stub = real.get(id);
        return {
          start: async (input: Parameters<typeof stub.start>[0]) => {
            if (when === "after") await stub.start(input);
            throw new Error("connection to the object lost");
          },
          result: (waitMs: number) => stub.result(waitMs),
        };
      },
    };
    return withBindings({ GENERATION_JOBS: namespace as unknown as typeof real });
  }

  async function through(fetcher: ReturnType<typeof withBindings>, seller: Awaited<ReturnType<typeof sellerWithProduct>>) {
    const browser = new Browser(fetcher);
    browser.setCookie("vidriera_session", seller.browser.cookie("vidriera_session")!);
    return browser.json("POST", `/api/products/generate-ad/${seller.product.id}`, {});
  }

  it("the object never got the job: the route refunds at once and says the generator is busy", async () => {
    const calls = provider(async () => resultBytes(2));
    const seller = await sellerWithProduct();
    const response = await through(failingStarts("before"), seller);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: JOB_MESSAGES.busy });
    const [job] = (
      await env.DB.prepare("SELECT id, status, error FROM generation_jobs WHERE user_id = ?")
        .bind(seller.user.id)
        .all<{ id: string; status: string; error: string }>()
    ).results;
    expect(job).toMatchObject({ status: "failed", error: JOB_MESSAGES.busy });
    expect(await charges(job!.id)).toBe(1);
    expect(await refunds(job!.id)).toBe(1);
    expect(await creditsOf(seller.user.id)).toBe(500);
    expect(calls).toHaveLength(0);
    await ledgerHolds();
  });

  it("the object got the job and only its answer was lost: no refund, the job finishes and is charged once", async () => {
    const calls = provider(async () => resultBytes(3));
    const seller = await sellerWithProduct();
    const response = await through(failingStarts("after"), seller);
    expect(response.status).toBe(200);
    const { jobId } = (await response.json()) as { jobId: string };
    expect((await jobOf(seller.browser, jobId)).status).toBe("succeeded");
    expect(await charges(jobId)).toBe(1);
    expect(await refunds(jobId)).toBe(0);
    expect(await creditsOf(seller.user.id)).toBe(450);
    expect(calls).toHaveLength(1);
    await ledgerHolds();
  });
});

describe("a D1 write fails inside a batch", () => {
  it("the debit and job row: a Spanish 503, nothing charged, no job", async () => {
    const calls = provider(async () => resultBytes(1));
    const { browser, user, product } = await sellerWithProduct();
    const ledgerBefore = await ledgerKeys(user.id);
    await failWrites("fault_job_insert", "INSERT ON generation_jobs");

    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: JOB_MESSAGES.notStarted });
    expect(await creditsOf(user.id)).toBe(500);
    expect(await ledgerKeys(user.id)).toEqual(ledgerBefore);
    expect(await count("generation_jobs", "user_id = ?", user.id)).toBe(0);
    expect(calls).toHaveLength(0);

    await healWrites("fault_job_insert");
    expect((await browser.json("POST", `/api/products/generate-ad/${product.id}`, {})).status).toBe(200);
    expect(await creditsOf(user.id)).toBe(450);
    await ledgerHolds();
  });

  it("the gallery row of a finished image: the charge stays, nothing is refunded, and the retry records it once without asking the provider again", async () => {
    const calls = provider(async () => resultBytes(6));
    const { browser, user, product } = await sellerWithProduct();
    await failWrites("fault_gallery_insert", "INSERT ON generated_images");

    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    // The image exists but could not be recorded yet: the seller is told it is still on its way.
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    expect(await jobOf(browser, jobId)).toMatchObject({ status: "running", imageUrl: null });
    expect(await jobRow(jobId)).toEqual({ status: "running", error: null });

    // Still failing: the heartbeat changes nothing and books the next try.
    expect(await runDurableObjectAlarm(stubOf(jobId))).toBe(true);
    expect(await jobRow(jobId)).toEqual({ status: "running", error: null });
    expect(await creditsOf(user.id)).toBe(450);
    expect(await refunds(jobId)).toBe(0);
    await ledgerHolds();

    await healWrites("fault_gallery_insert");
    expect(await runDurableObjectAlarm(stubOf(jobId))).toBe(true);
    const job = await jobOf(browser, jobId);
    expect(job.status).toBe("succeeded");
    expect(new Uint8Array(await (await browser.request(job.imageUrl!)).arrayBuffer())).toEqual(resultBytes(6));
    expect(calls).toHaveLength(1);
    expect(await jobRow(jobId)).toEqual({ status: "succeeded", error: null });
    expect(await count("generated_images", "job_id = ?", jobId)).toBe(1);

    await alarmAgain(jobId);
    expect(await count("generated_images", "job_id = ?", jobId)).toBe(1);
    expect(await creditsOf(user.id)).toBe(450);
    expect(await charges(jobId)).toBe(1);
    expect(await refunds(jobId)).toBe(0);
    await ledgerHolds();
  });

  it("the refund of a failed job: the job waits, then fails and refunds exactly once when D1 takes writes again", async () => {
    const calls = provider(async () => {
      throw new ProviderFailure("no image in response");
    });
    const { browser, user, product } = await sellerWithProduct();
    await failWrites("fault_refund_insert", "INSERT ON credit_ledger", "WHEN NEW.idempotency_key LIKE 'refund:%'");

    const response = await browser.json("POST", `/api/products/kid-image/${product.id}`, {});
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    expect(await runDurableObjectAlarm(stubOf(jobId))).toBe(true);
    expect(await jobOf(browser, jobId)).toMatchObject({ status: "running" });
    expect(await creditsOf(user.id)).toBe(450);
    expect(await refunds(jobId)).toBe(0);
    await ledgerHolds();

    await healWrites("fault_refund_insert");
    expect(await runDurableObjectAlarm(stubOf(jobId))).toBe(true);
    expect(await jobOf(browser, jobId)).toMatchObject({ status: "failed", error: JOB_MESSAGES.failed });
    expect(await jobRow(jobId)).toEqual({ status: "failed", error: JOB_MESSAGES.failed });
    expect(calls).toHaveLength(1);

    await alarmAgain(jobId);
    expect(await creditsOf(user.id)).toBe(500);
    expect(await refunds(jobId)).toBe(1);
    await ledgerHolds();
  });

  it("the payment credit in a webhook: non-2xx so the provider retries, nothing credited; the retry credits once", async () => {
    const { live, checkout, webhook, MP } = mercadoPago();
    const payment = { id: 0, reference: "", amount: 0 };
    fakeUpstream({
      [`POST ${MP}/checkout/preferences`]: (seen) => {
        const sent = JSON.parse(seen.body);
        Object.assign(payment, { reference: sent.external_reference, amount: sent.items[0].unit_price });
        return preferenceCreated(sent);
      },
      [`GET ${MP}/v1/payments/1319245834`]: () => mpPayment({ ...payment, id: 1319245834, status: "approved" }),
    });
    const { browser, userId } = await newSeller(live);
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(201);
    await failWrites("fault_payment_credit", "INSERT ON credit_ledger", "WHEN NEW.idempotency_key LIKE 'payment:%'");

    const refused = await webhook("1319245834");
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await refused.json()).toEqual({ error: GENERIC_SERVER_ERROR });
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: "pending", providerPaymentId: null });
    expect(await creditsOf(userId)).toBe(500);
    await ledgerHolds();

    await healWrites("fault_payment_credit");
    const retried = await webhook("1319245834");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, outcome: "credited" });
    const row = (await paymentRow(body.paymentId))!;
    expect(row).toMatchObject({ status: "approved", providerPaymentId: "1319245834" });
    expect(await creditsOf(userId)).toBe(500 + row.credits);

    expect(await (await webhook("1319245834")).json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await creditsOf(userId)).toBe(500 + row.credits);
    expect((await ledgerKeys(userId)).filter((k) => k.startsWith("payment:"))).toEqual(["payment:mercadopago:1319245834"]);
    await ledgerHolds();
  });
});

/** Mercado Pago Checkout Pro against a fake upstream, in live mode (the answers' shapes are the ones payments-mercadopago.test.ts checks). */
function mercadoPago() {
  const MP = "https://fake-mercadopago.test";
  const SECRET = "mp-webhook-secret-for-tests";
  const live = withBindings({
    PAYMENTS_MODE: "live",
    MERCADOPAGO_ACCESS_TOKEN: "APP_USR-123-010203-abc-202809963",
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    MERCADOPAGO_BASE_URL: MP,
  });
  async function checkout(browser: Browser) {
    const response = await postFrom(browser, "/api/payments/create-preference", { packId: "pack-10", credits: 1200 }, "AR");
    return { response, body: (await response.json()) as { paymentId: string; preference?: { init_point: string }; error?: string } };
  }
  async function webhook(dataId: string) {
    const requestId = crypto.randomUUID();
    return new Browser(live).request(`/api/payments/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      method: "POST",
      origin: null,
      headers: {
        "content-type": "application/json",
        "x-signature": await mercadoPagoSignature(SECRET, dataId, requestId),
        "x-request-id": requestId,
      },
      body: JSON.stringify({ action: "payment.updated", api_version: "v1", data: { id: dataId }, live_mode: false, type: "payment" }),
    });
  }
  return { MP, live, checkout, webhook };
}

function preferenceCreated(sent: { external_reference: string; notification_url: string }) {
  const id = "202809963-920c288b-4ebb-40be-966f-700250fa5370";
  return json(
    {
      id,
      external_reference: sent.external_reference,
      notification_url: sent.notification_url,
      init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
    },
    201,
  );
}

function mpPayment(fields: { id: number; status: string; amount: number; reference: string }) {
  return json({
    id: fields.id,
    status: fields.status,
    status_detail: "accredited",
    currency_id: "ARS",
    external_reference: fields.reference,
    transaction_amount: fields.amount,
    payer: { id: "1234567", email: "test_user_123@testuser.com" },
  });
}

describe("a webhook arrives before the checkout's own response", () => {
  it("Mercado Pago: the checkout still answers its link, the payment stays approved and is credited once", async () => {
    const { live, checkout, webhook, MP } = mercadoPago();
    const payment = { id: 1320000001, reference: "", amount: 0 };
    let early: { status: number; body: unknown } | undefined;
    fakeUpstream({
      [`POST ${MP}/checkout/preferences`]: async (seen) => {
        const sent = JSON.parse(seen.body);
        Object.assign(payment, { reference: sent.external_reference, amount: sent.items[0].unit_price });
        // The payer pays and the notification lands before Mercado Pago answers the preference call.
        const notified = await webhook(String(payment.id));
        early = { status: notified.status, body: await notified.json() };
        return preferenceCreated(sent);
      },
      [`GET ${MP}/v1/payments/1320000001`]: () => mpPayment({ ...payment, status: "approved" }),
    });
    const { browser, userId } = await newSeller(live);
    const { response, body } = await checkout(browser);
    expect(early).toEqual({ status: 200, body: { received: true, outcome: "credited" } });
    expect(response.status).toBe(201);
    expect(body.preference?.init_point).toBe(
      "https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=202809963-920c288b-4ebb-40be-966f-700250fa5370",
    );

    const row = (await paymentRow(body.paymentId))!;
    expect(row).toMatchObject({
      status: "approved",
      providerPaymentId: "1320000001",
      checkoutId: "202809963-920c288b-4ebb-40be-966f-700250fa5370",
    });
    expect(await creditsOf(userId)).toBe(500 + row.credits);
    expect(await (await webhook("1320000001")).json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await creditsOf(userId)).toBe(500 + row.credits);
    expect((await ledgerKeys(userId)).filter((k) => k.startsWith("payment:"))).toEqual(["payment:mercadopago:1320000001"]);
    // The seller's return page reads it as paid.
    const shown = (await (await browser.request(`/api/payments/${body.paymentId}`)).json()) as { payment: { status: string } };
    expect(shown.payment.status).toBe("approved");
    await ledgerHolds();
  });

  it("Mercado Pago failing its answer after the early webhook: the seller gets a Spanish error, the approval and its credits stay", async () => {
    const { live, checkout, webhook, MP } = mercadoPago();
    const payment = { id: 1320000002, reference: "", amount: 0 };
    fakeUpstream({
      [`POST ${MP}/checkout/preferences`]: async (seen) => {
        const sent = JSON.parse(seen.body);
        Object.assign(payment, { reference: sent.external_reference, amount: sent.items[0].unit_price });
        await webhook(String(payment.id));
        return json({ message: "internal_error", error: "internal_error", status: 500, cause: [] }, 500);
      },
      [`GET ${MP}/v1/payments/1320000002`]: () => mpPayment({ ...payment, status: "approved" }),
    });
    const { browser, userId } = await newSeller(live);
    const { response, body } = await checkout(browser);
    expect(response.status).toBe(502);
    expect(body.error).toMatch(/Mercado Pago|pago/);
    const row = (await env.DB.prepare("SELECT status, credits FROM payments WHERE user_id = ?")
      .bind(userId)
      .first<{ status: string; credits: number }>())!;
    expect(row.status).toBe("approved");
    expect(await creditsOf(userId)).toBe(500 + row.credits);
    await ledgerHolds();
  });

  it("dLocal Go: the checkout still answers its redirect, the payment stays approved and is credited once", async () => {
    const DLG = "https://fake-dlocalgo.test";
    const API_KEY = "dbKCnBijhBvloQZFyxYnLpgPFfyEQOYL";
    const SECRET_KEY = "23yWaPYonn7UCVNcp83yYSEfBH3eYxqWAYi7WgKz";
    const live = withBindings({
      PAYMENTS_MODE: "live",
      DLOCALGO_API_KEY: API_KEY,
      DLOCALGO_SECRET_KEY: SECRET_KEY,
      DLOCALGO_BASE_URL: DLG,
    });
    const notify = async (paymentId: string) => {
      const body = JSON.stringify({ payment_id: paymentId });
      return new Browser(live).request("/api/payments/webhooks/dlocalgo", {
        method: "POST",
        origin: null,
        headers: {
          "content-type": "application/json",
          authorization: `V2-HMAC-SHA256, Signature: ${await hmacHex(SECRET_KEY, API_KEY + body)}`,
        },
        body,
      });
    };
    const order = { orderId: "", amount: 0 };
    let early: { status: number; body: unknown } | undefined;
    fakeUpstream({
      [`POST ${DLG}/v1/payments`]: async (seen) => {
        const sent = JSON.parse(seen.body);
        Object.assign(order, { orderId: sent.order_id, amount: sent.amount });
        const notified = await notify("DP-90001");
        early = { status: notified.status, body: await notified.json() };
        return json({
          id: "DP-90001",
          amount: sent.amount,
          currency: sent.currency,
          status: "PENDING",
          order_id: sent.order_id,
          redirect_url: "https://checkout.dlocalgo.com/validate/recurring/9d2de79b5f8e4c5aa5e5e86d0b2e3c7a",
        });
      },
      [`GET ${DLG}/v1/payments/DP-90001`]: () =>
        json({ id: "DP-90001", amount: order.amount, currency: "USD", country: "CL", status: "PAID", order_id: order.orderId }),
    });
    const { browser, userId } = await newSeller(live);
    const response = await postFrom(browser, "/api/payments/create-dlocal-payment", { packId: "pack-10", credits: 1.25 }, "CL");
    const body = (await response.json()) as { paymentId: string; redirect_url: string };
    expect(early).toEqual({ status: 200, body: { received: true, outcome: "credited" } });
    expect(response.status).toBe(201);
    expect(body.redirect_url).toBe("https://checkout.dlocalgo.com/validate/recurring/9d2de79b5f8e4c5aa5e5e86d0b2e3c7a");

    const row = (await paymentRow(body.paymentId))!;
    expect(row).toMatchObject({ status: "approved", providerPaymentId: "DP-90001", checkoutId: "DP-90001" });
    expect(await creditsOf(userId)).toBe(500 + row.credits);
    expect(await (await notify("DP-90001")).json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await creditsOf(userId)).toBe(500 + row.credits);
    expect((await ledgerKeys(userId)).filter((k) => k.startsWith("payment:"))).toEqual(["payment:dlocalgo:DP-90001"]);
    await ledgerHolds();
  });
});

describe("the seller closes the tab during generation", () => {
  async function finishedJobOf(browser: Browser, userId: string): Promise<JobView> {
    let jobId: string | null = null;
    for (let i = 0; i < 50 && !jobId; i++) {
      jobId = await env.DB.prepare("SELECT id FROM generation_jobs WHERE user_id = ?").bind(userId).first<string>("id");
      if (!jobId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(jobId).not.toBeNull();
    return jobOf(browser, jobId!, 10);
  }

  it("aborted while the provider works: the job still finishes, lands in the gallery and is charged once", async () => {
    let providerCalled!: () => void;
    const called = new Promise<void>((r) => (providerCalled = r));
    let letFinish!: () => void;
    const finish = new Promise<void>((r) => (letFinish = r));
    const calls = provider(async () => {
      providerCalled();
      await finish;
      return resultBytes(8);
    });
    const { browser, user, product } = await sellerWithProduct();
    const tab = new AbortController();
    const closed = browser
      .request(`/api/products/generate-ad/${product.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
        signal: tab.signal,
      })
      .then(
        () => "answered",
        () => "aborted",
      );
    await called;
    tab.abort();
    expect(await closed).toBe("aborted");
    letFinish();

    const job = await finishedJobOf(browser, user.id);
    expect(job.status).toBe("succeeded");
    expect(calls).toHaveLength(1);
    const gallery = (await (await browser.request(`/api/products/images/by-user/${user.id}`)).json()) as { images: { imageId: string }[] };
    expect(gallery.images.map((i) => i.imageId)).toEqual([job.imageId]);
    expect(await creditsOf(user.id)).toBe(450);
    expect(await charges(job.id)).toBe(1);
    expect(await refunds(job.id)).toBe(0);
    await ledgerHolds();
  });

  it("aborted right after sending, or never read: whatever was charged was delivered", async () => {
    provider(async () => resultBytes(9));
    const { browser, user, product } = await sellerWithProduct();
    const tab = new AbortController();
    const sent = browser.request(`/api/products/back-image/${product.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      signal: tab.signal,
    });
    tab.abort();
    await sent.catch(() => undefined);
    // A second tab that is closed without ever reading its answer.
    void browser.json("POST", `/api/products/generate-ad/${product.id}`, {});

    const jobs = async () =>
      (await env.DB.prepare("SELECT id FROM generation_jobs WHERE user_id = ? ORDER BY created_at").bind(user.id).all<{ id: string }>())
        .results;
    await finishedJobOf(browser, user.id);
    await new Promise((r) => setTimeout(r, 300));
    const started = await jobs();
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const { id } of started) {
      expect(await jobOf(browser, id, 10)).toMatchObject({ status: "succeeded" });
      expect(await charges(id)).toBe(1);
    }
    expect(await count("generated_images", "user_id = ?", user.id)).toBe(started.length);
    expect(await creditsOf(user.id)).toBe(500 - 50 * started.length);
    await ledgerHolds();
  });
});
