/**
 * Which model ids this site depends on, what each configured provider lists as live today, and which ids are a
 * problem: missing from the provider's own list, or shut down (or shutting down within 30 days) by
 * RETIRED_MODELS or by the provider's list itself. The daily cron (model-alerts.ts) e-mails the operator about
 * them; `npm run check:providers -- --live` prints the same lines (it loads this file through Vite).
 *
 * The lists: Gemini's models.list (GET /v1beta/models, paged by pageToken), OpenAI's GET /v1/models
 * (`data[].id`, with `shutdown_date` on the models it has scheduled), Workers AI's model search (the AI
 * binding's models(), or the REST /ai/models/search from a script). FASHN publishes no model list: its
 * product-to-model id is only watched through RETIRED_MODELS, and the line says so.
 */
import { DEFAULT_MODELS, retirementOf, type ProviderSettings } from "../../common/image-providers";

export type WatchedProvider = "gemini" | "openai" | "workers-ai" | "fashn";

/** One id the site may send: from a setting, or the default the code falls back to. */
export interface WatchedModel {
  provider: WatchedProvider;
  model: string;
  /** "GEMINI_MODEL", or "default" for an id the code sends when the setting is empty (or for a fallback). */
  setting: string;
}

/** A provider's live list: model id → its announced shutdown date (YYYY-MM-DD) when the list gives one. */
export type LiveList = ReadonlyMap<string, string | null>;

export interface ModelProblem {
  provider: WatchedProvider;
  model: string;
  /** Stable per problem, for the once-a-day dedupe: "gemini:gemini-x:missing". */
  key: string;
  message: string;
}

const WATCHED_SETTINGS: Record<WatchedProvider, [keyof ProviderSettings, string][]> = {
  gemini: [
    ["GEMINI_MODEL", DEFAULT_MODELS.gemini],
    ["GEMINI_PRO_MODEL", DEFAULT_MODELS.geminiPro],
    ["GEMINI_VISION_MODEL", DEFAULT_MODELS.geminiVision],
  ],
  openai: [
    ["OPENAI_MODEL", DEFAULT_MODELS.openai],
    ["OPENAI_VISION_MODEL", DEFAULT_MODELS.openaiVision],
  ],
  "workers-ai": [["WORKERS_AI_MODEL", DEFAULT_MODELS["workers-ai"]]],
  fashn: [],
};

/** Every configured and default id of the given providers (each id once, a setting preferred over "default"). */
export function watchedModels(providers: readonly WatchedProvider[], settings: ProviderSettings): WatchedModel[] {
  const watched: WatchedModel[] = [];
  const add = (entry: WatchedModel) => {
    if (!watched.some((w) => w.provider === entry.provider && w.model === entry.model)) watched.push(entry);
  };
  for (const provider of providers) {
    for (const [setting] of WATCHED_SETTINGS[provider]) {
      const value = settings[setting]?.trim();
      if (value) add({ provider, model: value, setting });
    }
    for (const [, model] of WATCHED_SETTINGS[provider]) add({ provider, model, setting: "default" });
    if (provider === "fashn") add({ provider, model: DEFAULT_MODELS.fashn, setting: "default" });
  }
  return watched;
}

const DAY_MS = 86_400_000;

/**
 * The problems among `watched`, given each provider's live list (undefined: the provider has no list, so only
 * RETIRED_MODELS speaks for it). One problem per id: missing from the list first, else its shutdown.
 */
export function modelProblems(
  watched: readonly WatchedModel[],
  lists: Partial<Record<WatchedProvider, LiveList>>,
  today = new Date(),
): ModelProblem[] {
  const day = today.toISOString().slice(0, 10);
  const within30 = new Date(today.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
  const problems: ModelProblem[] = [];
  for (const { provider, model, setting } of watched) {
    const retired = retirementOf(model);
    const instead = retired ? `; use ${retired.replacement} instead` : "";
    const who = setting === "default" ? `the default ${model}` : `${setting}=${model}`;
    const list = lists[provider];
    if (list && !list.has(model)) {
      problems.push({
        provider,
        model,
        key: `${provider}:${model}:missing`,
        message: `${provider}: ${who} is not in its live model list${instead}.`,
      });
      continue;
    }
    const shutDown = retired ? retired.shutDown : (list?.get(model) ?? undefined);
    if (shutDown === undefined || (shutDown !== null && shutDown > within30)) continue;
    const when = shutDown === null ? "is shut down" : shutDown <= day ? `was shut down on ${shutDown}` : `shuts down on ${shutDown}`;
    problems.push({ provider, model, key: `${provider}:${model}:shutdown`, message: `${provider}: ${who} ${when}${instead}.` });
  }
  return problems;
}

/** Fetch, with its errors kept to a status or a class name (never a body, which may quote the key). */
async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(url).host}`);
  return response.json();
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Gemini's models.list: `{ models: [{ name: "models/<id>", … }], nextPageToken }`. */
export async function geminiModelList(apiKey: string, baseUrl = "https://generativelanguage.googleapis.com"): Promise<LiveList> {
  const list = new Map<string, string | null>();
  let pageToken = "";
  for (let page = 0; page < 20; page++) {
    const url = `${baseUrl.replace(/\/+$/, "")}/v1beta/models?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ""}`;
    const answer = await getJson(url, { "x-goog-api-key": apiKey });
    const models = isRecord(answer) && Array.isArray(answer.models) ? answer.models : [];
    for (const model of models) if (isRecord(model) && typeof model.name === "string") list.set(model.name.replace(/^models\//, ""), null);
    pageToken = isRecord(answer) && typeof answer.nextPageToken === "string" ? answer.nextPageToken : "";
    if (!pageToken) break;
  }
  return list;
}

/** A shutdown date as YYYY-MM-DD, from a date string or epoch seconds; null when absent or unreadable. */
function dayOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value * 1000).toISOString().slice(0, 10);
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString().slice(0, 10);
  return null;
}

/** OpenAI's GET /v1/models: `{ object: "list", data: [{ id, object: "model", created, owned_by, shutdown_date? }] }`. */
export async function openaiModelList(apiKey: string, baseUrl = "https://api.openai.com"): Promise<LiveList> {
  const answer = await getJson(`${baseUrl.replace(/\/+$/, "")}/v1/models`, { authorization: `Bearer ${apiKey}` });
  const list = new Map<string, string | null>();
  const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data : [];
  for (const model of data) if (isRecord(model) && typeof model.id === "string") list.set(model.id, dayOf(model.shutdown_date));
  return list;
}

/** One page of Workers AI's model search, as the binding's models() or the REST /ai/models/search answers it. */
export type WorkersAiSearch = (search: string) => Promise<{ name: string; properties?: { property_id: string; value: string }[] }[]>;

/** The watched Workers AI ids that its search finds (with a planned_deprecation_date when it has one). */
export async function workersAiModelList(search: WorkersAiSearch, models: readonly string[]): Promise<LiveList> {
  const list = new Map<string, string | null>();
  for (const model of models) {
    for (const found of await search(model.split("/").pop() ?? model)) {
      const planned = found.properties?.find((p) => p.property_id === "planned_deprecation_date")?.value;
      list.set(found.name, dayOf(planned));
    }
  }
  return list;
}
