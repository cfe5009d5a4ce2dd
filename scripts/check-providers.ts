/**
 * `npm run check:providers [-- --live]`: for operators, before launch and
 * after changing keys or models. Never part of `npm test` (--live uses the
 * network and spends real money: one image per provider).
 *
 * Offline: which image providers the settings choose (IMAGE_PROVIDER,
 * MINORS_PROVIDER), what each can make (children, Pro at 2K, store model),
 * missing keys, and any configured model id a provider shut down
 * (common/image-providers.ts). Settings come from this process's environment
 * over .dev.vars and wrangler.toml's [vars].
 *
 * --live: first, every configured and default model id against each keyed
 * provider's live model list (Gemini models.list, OpenAI GET /v1/models,
 * Workers AI's model search with CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN;
 * FASHN publishes none) and RETIRED_MODELS: the same check, and the same lines,
 * as the Worker's daily cron (worker/providers/model-alerts.ts). Then ONE real
 * generation per configured image provider from the sample
 * garment photo public/landing/antes-1.jpg, through the same adapter code the
 * Worker runs (loaded with Vite), printing model, latency, output pixels and
 * bytes; Workers AI goes through Cloudflare's REST API (CLOUDFLARE_ACCOUNT_ID,
 * CLOUDFLARE_API_TOKEN) since its binding only exists inside a deployed Worker.
 * Then a read-only credentials call to Mercado Pago (GET /users/me) and to
 * dLocal Go (GET /v1/payments/<unknown id>: 401 means bad keys, 404 good ones).
 * Exits 1 on any failure.
 */
import { existsSync, readFileSync } from "node:fs";
import { childrenProvider, mainProvider } from "../common/image-providers.ts";
import { checkProviderSettings } from "./provider-checks.ts";

function readDevVars(): Record<string, string> {
  if (!existsSync(".dev.vars")) return {};
  return Object.fromEntries(
    readFileSync(".dev.vars", "utf8")
      .split("\n")
      .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/.exec(line))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => [m[1]!, m[2]!]),
  );
}

function readTomlVars(): Record<string, string> {
  const toml = existsSync("wrangler.toml") ? readFileSync("wrangler.toml", "utf8") : "";
  const section = /^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  return Object.fromEntries([...section.matchAll(/^\s*([A-Z0-9_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1]!, m[2]!]));
}

const settings: Record<string, string | undefined> = { ...readTomlVars(), ...readDevVars(), ...process.env };
const live = process.argv.includes("--live");
const report = checkProviderSettings(settings);

console.log("Image providers");
for (const line of report.lines) console.log(`  ${line}`);
for (const warning of report.warnings) console.log(`warn   ${warning}`);
for (const error of report.errors) console.error(`ERROR  ${error}`);
let failed = report.errors.length > 0;

if (!live) {
  console.log("Offline check only. Run `npm run check:providers -- --live` to make one real image per provider and test the payment keys.");
  process.exit(failed ? 1 : 0);
}

const { createServer } = await import("vite");
const vite = await createServer({ configFile: false, logLevel: "error", server: { middlewareMode: true, hmr: false }, appType: "custom" });
try {
  failed = (await liveModelCheck()) || failed;
  const { imageDimensions } = await vite.ssrLoadModule("/worker/providers/codec-header.ts");
  const photo = new Uint8Array(readFileSync("public/landing/antes-1.jpg"));
  const request = { kind: "ad", includeModel: true, quality: "standard", source: { bytes: photo, mimeType: "image/jpeg" }, seed: 1234 };
  const names = [...new Set([mainProvider(settings), childrenProvider(settings)].filter((n): n is string => !!n && n !== "studio"))];
  for (const name of names) {
    const started = Date.now();
    try {
      const provider = await liveProvider(name);
      let image: { bytes: Uint8Array };
      if ("queued" in provider) {
        const id = await provider.submit(request);
        for (;;) {
          const answer = await provider.check(id);
          if (answer === "resubmit") throw new Error("the prediction failed on the provider's side");
          if (answer !== "pending") {
            image = answer;
            break;
          }
          if (Date.now() - started > 180_000) throw new Error("no image after 3 minutes");
          await new Promise((r) => setTimeout(r, 2000));
        }
      } else {
        image = await provider.generate(request);
      }
      const size = imageDimensions(image.bytes);
      console.log(
        `ok     ${name.padEnd(11)} model ${provider.model ?? "?"}  ${Date.now() - started} ms  ${size ? `${size.width}×${size.height} px` : "? px"}  ${image.bytes.length} bytes`,
      );
    } catch (err) {
      failed = true;
      const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : "";
      console.error(`FAIL   ${name.padEnd(11)} ${Date.now() - started} ms  ${err instanceof Error ? err.message : String(err)}${cause}`);
    }
  }
} finally {
  await vite.close();
}

failed =
  !(await paymentKey("Mercado Pago", settings.MERCADOPAGO_ACCESS_TOKEN, async (token) => {
    const base = settings.MERCADOPAGO_BASE_URL ?? "https://api.mercadopago.com";
    const response = await fetch(`${base}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    return response.ok ? "ok" : `HTTP ${response.status}`;
  })) || failed;
failed =
  !(await paymentKey(
    "dLocal Go",
    settings.DLOCALGO_API_KEY && settings.DLOCALGO_SECRET_KEY ? `${settings.DLOCALGO_API_KEY}:${settings.DLOCALGO_SECRET_KEY}` : undefined,
    async (token) => {
      const base = settings.DLOCALGO_BASE_URL ?? "https://api.dlocalgo.com";
      const response = await fetch(`${base}/v1/payments/check-providers-unknown-id`, { headers: { authorization: `Bearer ${token}` } });
      // Accepted keys get "not found" for an id that does not exist; refused keys get 401/403.
      return response.status === 404 || response.ok ? "ok" : `HTTP ${response.status}`;
    },
  )) || failed;

process.exit(failed ? 1 : 0);

async function paymentKey(name: string, token: string | undefined, call: (token: string) => Promise<string>): Promise<boolean> {
  if (!token) {
    console.log(`skip   ${name}: not configured`);
    return true;
  }
  const started = Date.now();
  try {
    const result = await call(token);
    const ok = result === "ok";
    (ok ? console.log : console.error)(`${ok ? "ok   " : "FAIL "}  ${name} credentials ${result}  ${Date.now() - started} ms`);
    return ok;
  } catch (err) {
    console.error(`FAIL   ${name}: ${String(err)}`);
    return false;
  }
}

/** The daily cron's model check, run here with this process's settings; true when it found a problem. */
async function liveModelCheck(): Promise<boolean> {
  const watch = await vite.ssrLoadModule("/worker/providers/model-watch.ts");
  const providers: string[] = [];
  const lists: Record<string, unknown> = {};
  const ask = async (provider: string, fetchList: () => Promise<unknown>) => {
    providers.push(provider);
    try {
      lists[provider] = await fetchList();
    } catch (err) {
      console.error(`FAIL   ${provider.padEnd(11)} model list: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  if (settings.GEMINI_API_KEY) await ask("gemini", () => watch.geminiModelList(settings.GEMINI_API_KEY, settings.GEMINI_BASE_URL));
  if (settings.OPENAI_API_KEY) await ask("openai", () => watch.openaiModelList(settings.OPENAI_API_KEY, settings.OPENAI_BASE_URL));
  if (settings.CLOUDFLARE_ACCOUNT_ID && settings.CLOUDFLARE_API_TOKEN) {
    const search = async (term: string) => {
      const url = `https://api.cloudflare.com/client/v4/accounts/${settings.CLOUDFLARE_ACCOUNT_ID}/ai/models/search?search=${encodeURIComponent(term)}`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${settings.CLOUDFLARE_API_TOKEN}` } });
      if (!response.ok) throw new Error(`HTTP ${response.status} from api.cloudflare.com`);
      return ((await response.json()) as { result?: unknown[] }).result ?? [];
    };
    const models = watch.watchedModels(["workers-ai"], settings).map((w: { model: string }) => w.model);
    await ask("workers-ai", () => watch.workersAiModelList(search, models));
  }
  if (settings.FASHN_API_KEY) {
    providers.push("fashn");
    console.log("skip   fashn       model list: FASHN publishes none; only RETIRED_MODELS is checked");
  }
  if (providers.length === 0) {
    console.log("skip   model lists: no provider key configured");
    return false;
  }
  const problems: { message: string }[] = watch.modelProblems(watch.watchedModels(providers, settings), lists);
  for (const provider of Object.keys(lists)) console.log(`ok     ${provider.padEnd(11)} model list read`);
  for (const problem of problems) console.error(`MODEL  ${problem.message}`);
  if (problems.length === 0) console.log("ok     every configured and default model id is live and not retiring within 30 days");
  return problems.length > 0 || Object.keys(lists).length < providers.filter((p) => p !== "fashn").length;
}

/** The Worker's own adapter for `name`, built from these settings. */
async function liveProvider(name: string) {
  const need = (key: string) => {
    const value = settings[key];
    if (!value) throw new Error(`${key} is not set`);
    return value;
  };
  switch (name) {
    case "gemini": {
      const { GeminiProvider } = await vite.ssrLoadModule("/worker/providers/gemini.ts");
      return new GeminiProvider({
        apiKey: need("GEMINI_API_KEY"),
        model: settings.GEMINI_MODEL || undefined,
        proModel: settings.GEMINI_PRO_MODEL || undefined,
      });
    }
    case "openai": {
      const { OpenAIProvider } = await vite.ssrLoadModule("/worker/providers/openai.ts");
      return new OpenAIProvider({ apiKey: need("OPENAI_API_KEY"), model: settings.OPENAI_MODEL || undefined });
    }
    case "fashn": {
      const { FashnProvider } = await vite.ssrLoadModule("/worker/providers/fashn.ts");
      return new FashnProvider({ apiKey: need("FASHN_API_KEY") });
    }
    case "workers-ai": {
      const { WorkersAiProvider } = await vite.ssrLoadModule("/worker/providers/workers-ai.ts");
      const account = need("CLOUDFLARE_ACCOUNT_ID");
      const token = need("CLOUDFLARE_API_TOKEN");
      // The binding's run() over the REST API (developers.cloudflare.com/workers-ai/get-started/rest-api/).
      const ai = {
        async run(model: string, input: { multipart: { body: ReadableStream; contentType: string } }) {
          const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/ai/run/${model}`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": input.multipart.contentType },
            body: await new Response(input.multipart.body).arrayBuffer(),
          });
          const body = (await response.json()) as { result?: unknown; errors?: { code: number; message: string }[] };
          if (!response.ok) throw new Error(`${body.errors?.[0]?.code ?? response.status}: ${body.errors?.[0]?.message ?? "error"}`);
          return body.result;
        },
      };
      // The photo is already small; the Worker shrinks it under 512 px with its codecs, which need workerd.
      return new WorkersAiProvider({ ai, model: settings.WORKERS_AI_MODEL || undefined, prepareInput: async (source: unknown) => source });
    }
    default:
      throw new Error(`unknown provider ${name}`);
  }
}
