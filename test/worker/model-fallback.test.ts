/**
 * A picture survives its model's retirement: fake Gemini and OpenAI answer exactly as the real ones do when a
 * model is gone (Gemini's 404 NOT_FOUND "models/<id> is not found for API version v1beta…", OpenAI's 404
 * model_not_found), and the job goes to the successor the code knows, charging once; with no successor it
 * refunds once. The site is configured through the shared bindings (the job's Durable Object reads the same
 * object), put back after each test.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CREDITS_PER_IMAGE, CREDITS_PER_PRO_IMAGE } from "../../common/credits";
import { DEFAULT_MODELS } from "../../common/image-providers";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import type { JobView } from "../../worker/jobs/job-types";
import { forgetAnnouncedFallbacks, nextRoute } from "../../worker/providers/fallback";
import type { Bindings } from "../../worker/env";
import type { Browser } from "./browser";
import { workerLogs } from "./capture-logs";
import { resultBytes, sellerWithProduct } from "./generation-helpers";
import { creditsOf, json } from "./payments-fakes";

const GEMINI = "https://fake-gemini.test";
const OPENAI = "https://fake-openai.test";
const geminiCall = (model: string) => `POST ${GEMINI}/v1beta/models/${model}:generateContent`;
const OPENAI_EDITS = `POST ${OPENAI}/v1/images/edits`;

/** The site under test: Gemini makes the pictures, OpenAI's key is also set. */
const SITE: Partial<Bindings> = {
  IMAGE_PROVIDER: "gemini",
  GEMINI_API_KEY: "test-gemini-key",
  GEMINI_BASE_URL: GEMINI,
  OPENAI_API_KEY: "test-openai-key",
  OPENAI_BASE_URL: OPENAI,
  GENERATION_WAIT_MS: "120000",
  // The gates' windows are not what this file tests (provider-gate.test.ts is): at the defaults (Gemini 10 and
  // OpenAI 5 a minute) the pictures fired together waited a whole minute for the window the earlier tests filled.
  PROVIDER_LIMITS: "gemini=4/600,openai=5/600",
};

const bindings = env as unknown as Record<string, string | undefined>;
let saved: Record<string, string | undefined> = {};

function configure(settings: Partial<Bindings>) {
  for (const [name, value] of Object.entries(settings)) {
    if (!(name in saved)) saved[name] = bindings[name];
    bindings[name] = value as string | undefined;
  }
}

beforeEach(() => {
  forgetAnnouncedFallbacks();
  configure(SITE);
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete bindings[name];
    else bindings[name] = value;
  }
  saved = {};
});

const base64 = (bytes: Uint8Array) => {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};

/** Gemini's answer for a model it no longer serves (generativelanguage.googleapis.com, v1beta). */
const geminiGone = (model: string) => () =>
  json(
    {
      error: {
        code: 404,
        message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
        status: "NOT_FOUND",
      },
    },
    404,
  );

const geminiImage = (tag: number) => () =>
  json({
    candidates: [
      {
        content: { parts: [{ inlineData: { mimeType: "image/jpeg", data: base64(resultBytes(tag)) } }], role: "model" },
        finishReason: "STOP",
      },
    ],
    modelVersion: DEFAULT_MODELS.gemini,
  });

/** OpenAI's images/edits answer (GPT Image models always answer base64). */
const openaiImage = (tag: number) => () => json({ created: 1_764_000_000, data: [{ b64_json: base64(resultBytes(tag)) }] });

async function ledger(jobId: string) {
  const rows = await env.DB.prepare("SELECT idempotency_key AS key, delta FROM credit_ledger WHERE idempotency_key IN (?, ?)")
    .bind(`job:${jobId}`, `refund:${jobId}`)
    .all<{ key: string; delta: number }>();
  return rows.results.map((row) => `${row.key.split(":")[0]} ${row.delta}`).sort();
}

async function ledgerHolds() {
  expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);
}

/** Starts a generation and waits for its job's end (a state, never a clock). */
async function generate(browser: Browser, productId: string, body: unknown = {}): Promise<JobView> {
  const response = await browser.json("POST", `/api/products/generate-ad/${productId}`, body);
  const started = (await response.json()) as { jobId: string };
  for (;;) {
    const answer = await browser.request(`/api/jobs/${started.jobId}?wait=5`);
    const { job } = (await answer.json()) as { job: JobView };
    if (job.status !== "running") return job;
  }
}

interface Call {
  method: string;
  url: string;
  /** The model asked for: Gemini's is in the URL, OpenAI's is the multipart `model` field. */
  model: string | null;
  /** OpenAI's multipart `size` and `quality` (null for Gemini). */
  size: string | null;
  quality: string | null;
}

/** Replaces fetch: `"METHOD url"` → reply; any other address throws, as a closed network would. */
function fakeProviders(routes: Record<string, () => Response>): Call[] {
  const seen: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const reply = routes[`${request.method} ${request.url}`];
    if (!reply) throw new Error(`unexpected request: ${request.method} ${request.url}`);
    const multipart = request.headers.get("content-type")?.startsWith("multipart/form-data");
    const form = multipart ? await request.formData() : null;
    const field = (name: string) => (form?.has(name) ? String(form.get(name)) : null);
    seen.push({ method: request.method, url: request.url, model: field("model"), size: field("size"), quality: field("quality") });
    return reply();
  });
  return seen;
}

describe("a model that is gone", () => {
  it("a configured id Google shut down: the picture is asked of its replacement, charged once, announced once", async () => {
    configure({ GEMINI_MODEL: "gemini-3.1-flash-image" });
    const seen = fakeProviders({
      [geminiCall("gemini-3.1-flash-image")]: geminiGone("gemini-3.1-flash-image"),
      [geminiCall(DEFAULT_MODELS.gemini)]: geminiImage(1),
    });
    const { browser, user, product } = await sellerWithProduct();
    const first = await generate(browser, product.id);
    const second = await generate(browser, product.id);

    expect([first.status, second.status]).toEqual(["succeeded", "succeeded"]);
    expect(seen.map((call) => call.url)).toEqual([geminiCall(DEFAULT_MODELS.gemini).slice(5), geminiCall(DEFAULT_MODELS.gemini).slice(5)]);
    expect(await ledger(first.id)).toEqual([`job -${CREDITS_PER_IMAGE}`]);
    expect(await creditsOf(user.id)).toBe(500 - 2 * CREDITS_PER_IMAGE);
    // One line for the operator however many pictures take the new path.
    expect(workerLogs().filter((line) => line.alert === "model_fallback")).toEqual([
      expect.objectContaining({
        level: "error",
        reason: "retired-setting",
        provider: "gemini",
        model: "gemini-3.1-flash-image",
        toProvider: "gemini",
        toModel: DEFAULT_MODELS.gemini,
      }),
    ]);
    await ledgerHolds();
  });

  it("the default model answers NOT_FOUND: the next configured provider makes the picture, charged once", async () => {
    const seen = fakeProviders({
      [geminiCall(DEFAULT_MODELS.gemini)]: geminiGone(DEFAULT_MODELS.gemini),
      [OPENAI_EDITS]: openaiImage(2),
    });
    const { browser, user, product } = await sellerWithProduct();
    const job = await generate(browser, product.id);

    expect(job).toMatchObject({ status: "succeeded", error: null });
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([geminiCall(DEFAULT_MODELS.gemini), OPENAI_EDITS]);
    expect(seen[1]!.model).toBe(DEFAULT_MODELS.openai);
    expect(await ledger(job.id)).toEqual([`job -${CREDITS_PER_IMAGE}`]);
    expect(await creditsOf(user.id)).toBe(500 - CREDITS_PER_IMAGE);
    expect(workerLogs().filter((line) => line.alert === "model_fallback")).toEqual([
      expect.objectContaining({
        reason: "model-unavailable",
        model: DEFAULT_MODELS.gemini,
        toProvider: "openai",
        toModel: DEFAULT_MODELS.openai,
      }),
    ]);
    await ledgerHolds();
  });

  it("a Pro picture whose model is gone: OpenAI makes it at 2K (1536x2048, quality high), charged once as Pro", async () => {
    const seen = fakeProviders({
      [geminiCall(DEFAULT_MODELS.geminiPro)]: geminiGone(DEFAULT_MODELS.geminiPro),
      [OPENAI_EDITS]: openaiImage(3),
    });
    const { browser, user, product } = await sellerWithProduct();
    const job = await generate(browser, product.id, { quality: "pro" });

    expect(job).toMatchObject({ status: "succeeded", error: null });
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([geminiCall(DEFAULT_MODELS.geminiPro), OPENAI_EDITS]);
    expect(seen[1]).toMatchObject({ model: DEFAULT_MODELS.openai, size: "1536x2048", quality: "high" });
    expect(await ledger(job.id)).toEqual([`job -${CREDITS_PER_PRO_IMAGE}`]);
    expect(await creditsOf(user.id)).toBe(500 - CREDITS_PER_PRO_IMAGE);
    expect(workerLogs().filter((line) => line.alert === "model_fallback")).toEqual([
      expect.objectContaining({ model: DEFAULT_MODELS.geminiPro, toProvider: "openai", toModel: DEFAULT_MODELS.openai }),
    ]);
    await ledgerHolds();
  });

  it("a Pro picture whose model is gone and no other configured provider reaches 2K: refunded once", async () => {
    // Only Gemini is configured: Workers AI (1536 px) would not count, as nextRoute's test below shows.
    configure({ OPENAI_API_KEY: undefined });
    const seen = fakeProviders({
      [geminiCall(DEFAULT_MODELS.geminiPro)]: geminiGone(DEFAULT_MODELS.geminiPro),
      [OPENAI_EDITS]: openaiImage(3),
    });
    const { browser, user, product } = await sellerWithProduct();
    const job = await generate(browser, product.id, { quality: "pro" });

    expect(job).toMatchObject({ status: "failed", imageUrl: null });
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([geminiCall(DEFAULT_MODELS.geminiPro)]);
    expect(await ledger(job.id)).toEqual([`job -${CREDITS_PER_PRO_IMAGE}`, `refund ${CREDITS_PER_PRO_IMAGE}`]);
    expect(await creditsOf(user.id)).toBe(500);
    expect(workerLogs().filter((line) => line.alert === "model_fallback")).toEqual([
      expect.objectContaining({ model: DEFAULT_MODELS.geminiPro, toProvider: null, toModel: null }),
    ]);
    await ledgerHolds();
  });

  it("fallbacks fired together: each picture charged once, the ledger clean", async () => {
    let tag = 10;
    const seen = fakeProviders({
      [geminiCall(DEFAULT_MODELS.gemini)]: geminiGone(DEFAULT_MODELS.gemini),
      [OPENAI_EDITS]: () => openaiImage(tag++)(),
    });
    const { browser, user, product } = await sellerWithProduct();
    const jobs = await Promise.all(Array.from({ length: 4 }, () => generate(browser, product.id)));

    expect(jobs.map((job) => job.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(4);
    for (const job of jobs) expect(await ledger(job.id)).toEqual([`job -${CREDITS_PER_IMAGE}`]);
    expect(await creditsOf(user.id)).toBe(500 - 4 * CREDITS_PER_IMAGE);
    expect(seen.filter((call) => `${call.method} ${call.url}` === OPENAI_EDITS)).toHaveLength(4);
    expect(workerLogs().filter((line) => line.alert === "model_fallback")).toHaveLength(1);
    await ledgerHolds();
  });
});

describe("a queued provider whose model is gone", () => {
  it("FASHN refuses the model at submit: Gemini makes the picture, charged once", async () => {
    configure({ IMAGE_PROVIDER: "fashn", FASHN_API_KEY: "fa-test-key", FASHN_BASE_URL: "https://fake-fashn.test" });
    const seen = fakeProviders({
      "POST https://fake-fashn.test/v1/run": () =>
        json({ error: "BadRequest", message: "Invalid model_name: product-to-model is no longer available" }, 400),
      [geminiCall(DEFAULT_MODELS.gemini)]: geminiImage(4),
    });
    const { browser, user, product } = await sellerWithProduct();
    const job = await generate(browser, product.id);

    expect(job).toMatchObject({ status: "succeeded", error: null });
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST https://fake-fashn.test/v1/run",
      geminiCall(DEFAULT_MODELS.gemini),
    ]);
    expect(await ledger(job.id)).toEqual([`job -${CREDITS_PER_IMAGE}`]);
    expect(await creditsOf(user.id)).toBe(500 - CREDITS_PER_IMAGE);
    await ledgerHolds();
  });
});

describe("the successor the code knows", () => {
  const picture = { kind: "ad", quality: "standard", includeModel: true } as const;

  it("first the replacement RETIRED_MODELS names, then the provider's default, then the next configured provider", () => {
    const site = env as Bindings;
    expect(nextRoute(site, picture, { provider: "openai", model: "gpt-image-1.5" }, [])).toEqual({
      provider: "openai",
      model: DEFAULT_MODELS.openai,
    });
    expect(nextRoute(site, picture, { provider: "gemini", model: "some-gemini-image-model" }, [])).toEqual({
      provider: "gemini",
      model: DEFAULT_MODELS.gemini,
    });
    expect(nextRoute(site, picture, { provider: "gemini", model: DEFAULT_MODELS.gemini }, [])).toEqual({
      provider: "openai",
      model: DEFAULT_MODELS.openai,
    });
    // Nobody is asked twice, and the offline studio is never a successor.
    expect(
      nextRoute(site, picture, { provider: "openai", model: DEFAULT_MODELS.openai }, [`gemini:${DEFAULT_MODELS.gemini}`]),
    ).toBeUndefined();
  });

  it("Pro goes only to a provider that reaches 2K: OpenAI does, Workers AI does not", () => {
    const pro = { ...picture, quality: "pro" } as const;
    const gone = { provider: "gemini", model: DEFAULT_MODELS.geminiPro };
    expect(nextRoute(env as Bindings, pro, gone, [])).toEqual({ provider: "openai", model: DEFAULT_MODELS.openai });
    const workersAiOnly = { ...(env as Bindings), OPENAI_API_KEY: undefined, AI: {} } as Bindings;
    expect(nextRoute(workersAiOnly, pro, gone, [])).toBeUndefined();
    expect(nextRoute(workersAiOnly, picture, { provider: "gemini", model: DEFAULT_MODELS.gemini }, [])).toEqual({
      provider: "workers-ai",
      model: DEFAULT_MODELS["workers-ai"],
    });
  });

  it("children go only to a provider that draws them", () => {
    expect(
      nextRoute(env as Bindings, { ...picture, kind: "baby" }, { provider: "gemini", model: DEFAULT_MODELS.gemini }, []),
    ).toBeUndefined();
  });
});
