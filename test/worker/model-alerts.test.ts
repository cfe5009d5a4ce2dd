/**
 * The daily model check: a fake Gemini models.list without the configured model sends the operator ONE
 * e-mail (the local outbox, as offline), and later runs the same day, even two at once, send none.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MODELS } from "../../common/image-providers";
import worker from "../../worker/index";
import { MODEL_WATCH_CRON, watchProviderModels } from "../../worker/providers/model-alerts";
import { modelProblems, watchedModels } from "../../worker/providers/model-watch";
import { workerLogs } from "./capture-logs";
import { fakeUpstream, json } from "./payments-fakes";

const GEMINI = "https://fake-gemini.test";
const LIST = `GET ${GEMINI}/v1beta/models?pageSize=1000`;
const OPERATOR = "operaciones@vidriera.test";

const bindings = env as unknown as Record<string, string | undefined>;
const SITE = { GEMINI_API_KEY: "test-gemini-key", GEMINI_BASE_URL: GEMINI, OPERATOR_EMAIL: OPERATOR };
let saved: Record<string, string | undefined> = {};

beforeEach(async () => {
  // The local outbox prints each mail for `npm run dev`; here the mails are read from D1 instead.
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
  saved = Object.fromEntries(Object.keys(SITE).map((name) => [name, bindings[name]]));
  Object.assign(bindings, SITE);
  await env.DB.prepare("DELETE FROM email_outbox").run();
  await env.DB.prepare("DELETE FROM provider_alerts").run();
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete bindings[name];
    else bindings[name] = value;
  }
});

/** Gemini's models.list answer (GET /v1beta/models): the listed ids, as `models/<id>`. */
const modelList = (ids: string[]) => () =>
  json({
    models: ids.map((id) => ({
      name: `models/${id}`,
      version: "001",
      displayName: id,
      supportedGenerationMethods: ["generateContent", "countTokens"],
    })),
  });

async function operatorMail() {
  const rows = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ?')
    .bind(OPERATOR)
    .all<{ subject: string; text: string }>();
  return rows.results;
}

describe("the daily model check", () => {
  it("a live list without the configured model: one e-mail to the operator, none again the same day", async () => {
    fakeUpstream({ [LIST]: modelList([DEFAULT_MODELS.geminiPro, DEFAULT_MODELS.geminiVision, "gemini-3.8-flash"]) });
    const morning = new Date("2026-11-27T07:17:00Z");

    const first = await watchProviderModels(env, morning);
    expect(first.sent.map((p) => p.key)).toEqual([`gemini:${DEFAULT_MODELS.gemini}:missing`]);
    const mail = await operatorMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Vidriera: 1 modelo de imágenes necesita atención");
    expect(mail[0]!.text).toContain(`gemini: the default ${DEFAULT_MODELS.gemini} is not in its live model list.`);
    expect(workerLogs().filter((line) => line.alert === "model_watch")).toEqual([
      expect.objectContaining({ level: "error", provider: "gemini", model: DEFAULT_MODELS.gemini }),
    ]);

    // Later the same day, twice at once: the problem is known, nothing more is sent.
    const later = await Promise.all([watchProviderModels(env, new Date("2026-11-27T15:00:00Z")), watchProviderModels(env, morning)]);
    expect(later.map((run) => run.problems.length)).toEqual([1, 1]);
    expect(later.map((run) => run.sent.length)).toEqual([0, 0]);
    expect(await operatorMail()).toHaveLength(1);

    // The next day it is still a problem: one reminder.
    expect((await watchProviderModels(env, new Date("2026-11-28T07:17:00Z"))).sent).toHaveLength(1);
    expect(await operatorMail()).toHaveLength(2);
  });

  it("two runs at once on a new problem send one e-mail between them", async () => {
    fakeUpstream({ [LIST]: modelList([DEFAULT_MODELS.geminiPro, DEFAULT_MODELS.geminiVision]) });
    const day = new Date("2026-11-27T07:17:00Z");
    const runs = await Promise.all([watchProviderModels(env, day), watchProviderModels(env, day)]);
    expect(runs.map((run) => run.sent.length).sort()).toEqual([0, 1]);
    expect(await operatorMail()).toHaveLength(1);
  });

  it("runs from the Worker's scheduled handler on its own cron", async () => {
    const seen = fakeUpstream({ [LIST]: modelList([DEFAULT_MODELS.geminiPro, DEFAULT_MODELS.geminiVision]) });
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: MODEL_WATCH_CRON }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(seen).toHaveLength(1);
    expect(await operatorMail()).toHaveLength(1);
  });

  it("every listed id: nothing to say, nothing sent", async () => {
    fakeUpstream({ [LIST]: modelList(Object.values(DEFAULT_MODELS)) });
    expect(await watchProviderModels(env, new Date("2026-11-27T07:17:00Z"))).toEqual({ problems: [], sent: [] });
    expect(await operatorMail()).toHaveLength(0);
  });
});

describe("which ids are a problem", () => {
  const today = new Date("2026-11-27T07:00:00Z");

  it("a configured id RETIRED_MODELS shuts down within 30 days, or one the provider's list schedules", () => {
    const watched = watchedModels(["openai"], { OPENAI_MODEL: "gpt-image-1.5" });
    const openai = new Map<string, string | null>([
      ["gpt-image-1.5", null],
      [DEFAULT_MODELS.openai, null],
      [DEFAULT_MODELS.openaiVision, "2026-12-20"],
    ]);
    expect(modelProblems(watched, { openai }, today).map((p) => p.message)).toEqual([
      "openai: OPENAI_MODEL=gpt-image-1.5 shuts down on 2026-12-01; use gpt-image-2.6-flare instead.",
      `openai: the default ${DEFAULT_MODELS.openaiVision} shuts down on 2026-12-20.`,
    ]);
    // More than 30 days away: not yet.
    openai.set(DEFAULT_MODELS.openaiVision, "2027-01-14");
    expect(modelProblems(watched, { openai }, today)).toHaveLength(1);
  });

  it("without a list (FASHN publishes none) only RETIRED_MODELS speaks", () => {
    expect(modelProblems(watchedModels(["fashn"], {}), {}, today)).toEqual([]);
  });
});
