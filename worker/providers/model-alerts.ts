/**
 * The daily model check (wrangler.toml [triggers], MODEL_WATCH_CRON): with keys configured, asks each provider
 * for its live model list, checks every configured and default id against it and against RETIRED_MODELS
 * (model-watch.ts), and e-mails the operator (OPERATOR_EMAIL) once about the problems new today. Each problem is
 * claimed for the day by one INSERT … ON CONFLICT DO NOTHING on provider_alerts: only the run whose insert
 * added the row mentions it, so two runs on the same day, or at the same time, never send it twice. Nothing
 * here reaches a seller: a picture whose model is gone goes to its successor (fallback.ts).
 */
import type { Bindings } from "../env";
import { selectMailer } from "../email/select";
import { errorName, log } from "../lib/log";
import {
  geminiModelList,
  type LiveList,
  type ModelProblem,
  modelProblems,
  openaiModelList,
  type WatchedProvider,
  watchedModels,
  workersAiModelList,
} from "./model-watch";

/**
 * Every 6 hours, on the exchange rates' trigger: Workers Free allows 5 cron triggers per account
 * (developers.cloudflare.com/workers/platform/limits) and wrangler.toml already has 5. The day's claims keep
 * it to one e-mail per problem a day; checking four times a day only makes a new problem heard sooner.
 */
export const MODEL_WATCH_CRON = "0 */6 * * *";

/** The providers this site has keys (or the binding) for. */
function watchedProviders(env: Bindings): WatchedProvider[] {
  const providers: WatchedProvider[] = [];
  if (env.GEMINI_API_KEY) providers.push("gemini");
  if (env.OPENAI_API_KEY) providers.push("openai");
  if (env.AI) providers.push("workers-ai");
  if (env.FASHN_API_KEY) providers.push("fashn");
  return providers;
}

async function liveList(env: Bindings, provider: WatchedProvider, models: string[]): Promise<LiveList | undefined> {
  if (provider === "gemini") return geminiModelList(env.GEMINI_API_KEY!, env.GEMINI_BASE_URL);
  if (provider === "openai") return openaiModelList(env.OPENAI_API_KEY!, env.OPENAI_BASE_URL);
  if (provider === "workers-ai") return workersAiModelList((search) => env.AI!.models({ search }), models);
  return undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function message(to: string, problems: ModelProblem[]) {
  const intro =
    "El control diario de modelos encontró problemas nuevos hoy. Las imágenes de los vendedores siguen saliendo: " +
    "cada una va al modelo que reemplaza al que falta. Actualiza la configuración (npm run check:providers -- --live " +
    "muestra lo mismo) y, si hace falta, RETIRED_MODELS en common/image-providers.ts.";
  return {
    to,
    subject:
      problems.length === 1
        ? "Vidriera: 1 modelo de imágenes necesita atención"
        : `Vidriera: ${problems.length} modelos de imágenes necesitan atención`,
    text: `${intro}\n\n${problems.map((p) => `- ${p.message}`).join("\n")}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${problems.map((p) => `<li>${escapeHtml(p.message)}</li>`).join("")}</ul>`,
  };
}

/** Runs the check; answers the problems found and those e-mailed now (new today). */
export async function watchProviderModels(env: Bindings, today = new Date()): Promise<{ problems: ModelProblem[]; sent: ModelProblem[] }> {
  const providers = watchedProviders(env);
  const watched = watchedModels(providers, env);
  const lists: Partial<Record<WatchedProvider, LiveList>> = {};
  for (const provider of providers) {
    try {
      const list = await liveList(
        env,
        provider,
        watched.filter((w) => w.provider === provider).map((w) => w.model),
      );
      if (list) lists[provider] = list;
    } catch (err) {
      // Without the list only RETIRED_MODELS speaks for this provider today; tomorrow's run asks again.
      log("warn", "model list unavailable", { provider, error: errorName(err) });
    }
  }
  const problems = modelProblems(watched, lists, today);
  if (problems.length === 0) return { problems, sent: [] };

  const day = today.toISOString().slice(0, 10);
  const claims = await env.DB.batch(
    problems.map((p) => env.DB.prepare("INSERT INTO provider_alerts (day, problem) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(day, p.key)),
  );
  const fresh = problems.filter((_, i) => (claims[i]?.meta.changes ?? 0) > 0);
  for (const p of fresh) log("error", "model problem", { alert: "model_watch", provider: p.provider, model: p.model, problem: p.key });
  if (fresh.length === 0) return { problems, sent: [] };

  const to = env.OPERATOR_EMAIL?.trim();
  const mailer = to ? selectMailer(env, env.PUBLIC_ORIGIN?.trim() || "http://localhost") : null;
  if (!to || !mailer) {
    log("error", "model problems not e-mailed", {
      alert: "model_watch",
      reason: to ? "no-mailer" : "no-operator-email",
      count: fresh.length,
    });
    return { problems, sent: [] };
  }
  try {
    await mailer.send(message(to, fresh));
  } catch (err) {
    // Unclaimed again, so a later run today can still tell the operator.
    await env.DB.batch(fresh.map((p) => env.DB.prepare("DELETE FROM provider_alerts WHERE day = ? AND problem = ?").bind(day, p.key)));
    log("error", "model problems e-mail failed", { alert: "model_watch", error: errorName(err), count: fresh.length });
    return { problems, sent: [] };
  }
  return { problems, sent: fresh };
}
