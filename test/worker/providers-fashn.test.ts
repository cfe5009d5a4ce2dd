import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GenerationJob } from "../../worker/jobs/generation-job";
import { JOB_MESSAGES, type JobState, type JobView } from "../../worker/jobs/job-types";
import { FashnProvider, fashnPrompt } from "../../worker/providers/fashn";
import { overrideProviderForTests } from "../../worker/providers/select";
import {
  ModelUnavailable,
  ProviderFailure,
  ProviderRefusal,
  ProviderTransientError,
  type GenerationRequest,
} from "../../worker/providers/types";
import { count, type Browser } from "./browser";
import { sellerWithProduct } from "./generation-helpers";
import { creditsOf, fakeUpstream, json } from "./payments-fakes";

const BASE = "https://fake-fashn.test";
const RUN = `POST ${BASE}/v1/run`;
const STATUS = (id: string) => `GET ${BASE}/v1/status/${id}`;
const PREDICTION = "123a87r9-4129-4bb3-be18-9c9fb5bd7fc1-u1";
const REFUSAL = "El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.";

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 64 }, (_, i) => i * 3), 0xff, 0xd9]);
const OUTPUT = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 7, 7, 7, 7, 0xff, 0xd9]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function generation(extra: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    kind: "ad",
    includeModel: true,
    quality: "standard",
    source: { bytes: PHOTO, mimeType: "image/jpeg" },
    seed: 3_000_000_000,
    ...extra,
  };
}

/** Shapes from the `fashn` SDK's PredictionStatusResponse (src/resources/predictions.ts). */
const status = (state: string, extra: Record<string, unknown> = {}) => json({ id: PREDICTION, status: state, error: null, ...extra });
const completed = (bytes = OUTPUT) => status("completed", { output: [`data:image/jpeg;base64,${base64(bytes)}`] });
const failed = (name: string, message: string) => status("failed", { error: { name, message } });
/** API-level errors (docs.fashn.ai/api-overview/error-handling): `{ error, message }` with the HTTP status. */
const apiError = (httpStatus: number, error: string, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error, message }), { status: httpStatus, headers: { "content-type": "application/json", ...headers } });

const provider = () => new FashnProvider({ apiKey: "fa-test-key", baseUrl: `${BASE}/` });

afterEach(() => {
  vi.restoreAllMocks();
  overrideProviderForTests(undefined);
});

describe("FashnProvider", () => {
  it("submits product-to-model as the API documents it: the photo as a data URL, JPEG, base64, 3:4", async () => {
    const seen = fakeUpstream({ [RUN]: () => json({ id: PREDICTION, error: null }) });
    expect(await provider().submit(generation())).toBe(PREDICTION);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer fa-test-key");
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({
      model_name: "product-to-model",
      inputs: {
        product_image: `data:image/jpeg;base64,${base64(PHOTO)}`,
        prompt: fashnPrompt(generation()),
        aspect_ratio: "3:4",
        resolution: "1k",
        output_format: "jpeg",
        return_base64: true,
        seed: 3_000_000_000,
      },
    });
  });

  it("asks for 2k at Pro, and dresses the store's model (model_image, no aspect ratio) when there is one", async () => {
    const seen = fakeUpstream({ [RUN]: () => json({ id: PREDICTION, error: null }) });
    const person = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
    await provider().submit(generation({ quality: "pro", modelReference: { bytes: person, mimeType: "image/png" } }));
    const { inputs } = JSON.parse(seen[0]!.body);
    expect(inputs.resolution).toBe("2k");
    expect(inputs.model_image).toBe(`data:image/png;base64,${base64(person)}`);
    expect(inputs).not.toHaveProperty("aspect_ratio");
    expect(inputs.prompt).not.toMatch(/adult model/);
  });

  it("follows the prediction: pending while queued or processing, the image bytes once completed", async () => {
    const states = [status("starting"), status("in_queue"), status("processing"), completed()];
    const seen = fakeUpstream({ [STATUS(PREDICTION)]: () => states.shift()! });
    const fashn = provider();
    expect(await fashn.check(PREDICTION)).toBe("pending");
    expect(await fashn.check(PREDICTION)).toBe("pending");
    expect(await fashn.check(PREDICTION)).toBe("pending");
    expect(await fashn.check(PREDICTION)).toEqual({ bytes: OUTPUT, mimeType: "image/jpeg" });
    expect(seen.every((s) => s.headers.get("authorization") === "Bearer fa-test-key")).toBe(true);
  });

  it("a moderation failure is a refusal the seller reads in Spanish; a pipeline failure is worth one more prediction", async () => {
    fakeUpstream({
      [STATUS("a")]: () => failed("ContentModerationError", "Prohibited content detected"),
      [STATUS("b")]: () => failed("PipelineError", "x"),
    });
    const refused = await provider()
      .check("a")
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderRefusal);
    expect((refused as Error).message).toBe(REFUSAL);
    expect(await provider().check("b")).toBe("resubmit");
  });

  it("a bad image or an unknown ending is a failure, not retried", async () => {
    fakeUpstream({
      [STATUS("c")]: () => failed("ImageLoadError", "Unable to load image"),
      [STATUS("d")]: () => status("completed", { output: ["https://cdn.fashn.ai/x/output_0.jpg"] }),
    });
    await expect(provider().check("c")).rejects.toThrow(ProviderFailure);
    await expect(provider().check("d")).rejects.toThrow("FASHN devolvió un enlace en lugar de la imagen.");
  });

  it("a 400 BadRequest naming the model is ModelUnavailable; any other BadRequest stays a failure", async () => {
    const replies = [
      apiError(400, "BadRequest", "Invalid model_name: product-to-model is no longer available"),
      apiError(400, "BadRequest", "Invalid request format"),
    ];
    fakeUpstream({ [RUN]: () => replies.shift()! });
    const gone = await provider()
      .submit(generation())
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(ModelUnavailable);
    expect(gone).toMatchObject({ provider: "fashn", model: "product-to-model" });
    const other = await provider()
      .submit(generation())
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ProviderFailure);
    expect(other).not.toBeInstanceOf(ModelUnavailable);
  });

  it("tells its three 429s apart: a full concurrency limit waits for a slot, a rate limit backs off, no credits fails", async () => {
    const replies = [
      apiError(429, "ConcurrencyLimitExceeded", "Too many concurrent predictions", { "retry-after": "3" }),
      apiError(429, "RateLimitExceeded", "Too many requests"),
      apiError(429, "OutOfCredits", "No API credits remaining"),
      apiError(401, "UnauthorizedAccess", "Unauthorized: Invalid token"),
    ];
    fakeUpstream({ [RUN]: () => replies.shift()! });
    const slot = (await provider()
      .submit(generation())
      .catch((e: unknown) => e)) as ProviderTransientError;
    expect(slot).toBeInstanceOf(ProviderTransientError);
    expect([slot.waitForSlot, slot.retryAfterSeconds]).toEqual([true, 3]);
    const rate = (await provider()
      .submit(generation())
      .catch((e: unknown) => e)) as ProviderTransientError;
    expect(rate).toBeInstanceOf(ProviderTransientError);
    expect(rate.waitForSlot).toBe(false);
    await expect(provider().submit(generation())).rejects.toThrow(/OutOfCredits/);
    await expect(provider().submit(generation())).rejects.toThrow(/HTTP 401: UnauthorizedAccess/);
  });

  it("a cancelled job (its deadline) gets its own reason back; a dropped connection is transient", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    );
    const controller = new AbortController();
    const pending = provider().submit(generation(), controller.signal);
    controller.abort(new Error("deadline"));
    await expect(pending).rejects.toThrow("deadline");
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    await expect(provider().check(PREDICTION)).rejects.toThrow(ProviderTransientError);
  });
});

describe("a FASHN job in its Durable Object", () => {
  const stubOf = (jobId: string) => env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId));

  async function jobOf(browser: Browser, jobId: string): Promise<JobView> {
    // Waits for the state (the alarm drives the prediction), not for a clock.
    for (;;) {
      const response = await browser.request(`/api/jobs/${jobId}?wait=20`);
      const { job } = (await response.json()) as { job: JobView };
      if (job.status !== "running") return job;
    }
  }

  async function start() {
    overrideProviderForTests(() => provider());
    const { browser, user, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    const body = (await response.json()) as { jobId: string; adImageUrl?: string };
    return { browser, user, response, jobId: body.jobId };
  }

  it("submits once, follows the prediction from the alarm and stores the JPEG; one charge, no refund", async () => {
    const states = [() => status("in_queue"), () => status("processing")];
    const seen = fakeUpstream({
      [RUN]: () => json({ id: PREDICTION, error: null }),
      [STATUS(PREDICTION)]: () => (states.shift() ?? completed)(),
    });
    const { browser, user, jobId } = await start();
    const job = await jobOf(browser, jobId);
    expect(job.status).toBe("succeeded");
    expect(seen.filter((s) => s.method === "POST")).toHaveLength(1);
    expect(seen.filter((s) => s.method === "GET").length).toBeGreaterThanOrEqual(3);
    const stored = await env.IMAGES.get(
      (await runInDurableObject(stubOf(jobId), async (_i: GenerationJob, s) => (await s.storage.get<JobState>("job"))!.imageKey!))!,
    );
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(OUTPUT);
    expect(await creditsOf(user.id)).toBe(450);
    expect(await count("credit_ledger", "idempotency_key = ?", `refund:${jobId}`)).toBe(0);
  });

  it("a full concurrency limit: waits for a slot and submits again, charging once", async () => {
    // Each answer is made when asked for: a Response made here could not be read inside the Durable Object.
    const runs = [
      () => apiError(429, "ConcurrencyLimitExceeded", "Too many concurrent predictions", { "retry-after": "1" }),
      () => json({ id: PREDICTION, error: null }),
    ];
    const seen = fakeUpstream({ [RUN]: () => runs.shift()!(), [STATUS(PREDICTION)]: () => completed() });
    const { browser, user, jobId } = await start();
    expect((await jobOf(browser, jobId)).status).toBe("succeeded");
    expect(seen.filter((s) => s.method === "POST")).toHaveLength(2);
    expect(await creditsOf(user.id)).toBe(450);
  });

  it("a refused prediction: the seller reads why, and the credits come back once", async () => {
    fakeUpstream({
      [RUN]: () => json({ id: PREDICTION, error: null }),
      [STATUS(PREDICTION)]: () => failed("ContentModerationError", "Prohibited content"),
    });
    const { browser, user, jobId } = await start();
    expect(await jobOf(browser, jobId)).toMatchObject({ status: "failed", error: REFUSAL, imageUrl: null });
    expect(await creditsOf(user.id)).toBe(500);
    expect(await count("credit_ledger", "idempotency_key = ?", `refund:${jobId}`)).toBe(1);
  });

  it("a prediction that never ends: the deadline alarm fails the job and refunds it", async () => {
    fakeUpstream({ [RUN]: () => json({ id: PREDICTION, error: null }), [STATUS(PREDICTION)]: () => status("processing") });
    const { browser, user, jobId } = await start();
    const stub = stubOf(jobId);
    // Wait until the prediction is being followed, then move the deadline to now (the state, not a clock).
    for (;;) {
      const job = await runInDurableObject(stub, (_i: GenerationJob, s) => s.storage.get<JobState>("job"));
      if (job?.predictionId) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await runInDurableObject(stub, async (_i: GenerationJob, s) => {
      const job = (await s.storage.get<JobState>("job"))!;
      await s.storage.put("job", { ...job, deadline: Date.now() - 1 });
      // Run by hand below; an alarm due now would also be started by the runtime (see faults.test.ts alarmAgain).
      await s.storage.setAlarm(Date.now() + 60_000);
    });
    // The job's own poll may be under way (its alarm waits for FASHN's answer while this ran) and meet the
    // deadline first, leaving no alarm to run by hand: either way the alarm ends the job, as checked below.
    await runDurableObjectAlarm(stub);
    expect(await jobOf(browser, jobId)).toMatchObject({ status: "failed", error: JOB_MESSAGES.timeout });
    expect(await creditsOf(user.id)).toBe(500);
  });
});
