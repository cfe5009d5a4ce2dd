/**
 * Where a picture goes when its provider says the model is gone (ModelUnavailable): the successor the code
 * knows. In order: the model RETIRED_MODELS names as its replacement, then the provider's current default for
 * that quality, then the next configured provider that can make that kind of picture (with its own model).
 * The studio is an offline stand-in and never a successor. The job keeps its one charge whichever answers,
 * and refunds only when this finds nobody.
 */
import type { GenerationKind, Quality } from "../../common/generation";
import {
  canMake,
  configuredModelOf,
  currentModel,
  defaultModelOf,
  mainProvider,
  PROVIDER_NAMES,
  retirementOf,
} from "../../common/image-providers";
import type { Bindings } from "../env";
import { log } from "../lib/log";

/** A provider and the model it is asked for (undefined: its configured one). */
export interface Route {
  provider: string;
  model?: string;
}

export const routeKey = (route: Route) => `${route.provider}:${route.model ?? ""}`;

/** The providers this site can call (key or binding set), the main one first, then the children's, then the rest. */
export function configuredProviders(env: Bindings): string[] {
  const reachable: Record<string, boolean> = {
    gemini: !!env.GEMINI_API_KEY,
    openai: !!env.OPENAI_API_KEY,
    "workers-ai": !!env.AI,
    fashn: !!env.FASHN_API_KEY,
  };
  const order = [mainProvider(env), env.MINORS_PROVIDER?.trim() ?? "", ...PROVIDER_NAMES];
  return [...new Set(order)].filter((name) => reachable[name]);
}

/** The next route to try after `failed`, skipping every route already `tried`; undefined when none is left. */
export function nextRoute(
  env: Bindings,
  picture: { kind: GenerationKind; quality: Quality; includeModel: boolean },
  failed: Required<Route>,
  tried: readonly string[],
): Route | undefined {
  const candidates: Route[] = [];
  const retired = retirementOf(failed.model);
  if (retired) candidates.push({ provider: failed.provider, model: currentModel(retired.replacement) });
  const ownDefault = defaultModelOf(failed.provider, picture.quality);
  if (ownDefault) candidates.push({ provider: failed.provider, model: ownDefault });
  for (const name of configuredProviders(env)) {
    if (name === failed.provider || !canMake(name, env, picture)) continue;
    const model = configuredModelOf(name, picture.quality, env);
    candidates.push({ provider: name, model: model && currentModel(model) });
  }
  const skip = new Set([...tried, routeKey(failed)]);
  return candidates.find((route) => !skip.has(routeKey(route)));
}

const announced = new Set<string>();

/**
 * One structured line per gone model and isolate, for an operator's alert (filter on `alert`): which model is
 * gone, where its pictures go now, or that nothing can make them. Later pictures take the same path silently.
 */
export function announceFallback(from: Required<Route>, to: Route | undefined, reason: "model-unavailable" | "retired-setting") {
  const key = `${routeKey(from)}>${to ? routeKey(to) : "none"}`;
  if (announced.has(key)) return;
  announced.add(key);
  log("error", to ? "model gone; using its successor" : "model gone; no provider can make its pictures", {
    alert: "model_fallback",
    reason,
    provider: from.provider,
    model: from.model,
    toProvider: to?.provider ?? null,
    toModel: to?.model ?? null,
  });
}

/** Tests only: forget what this isolate announced, so a test sees its own line. */
export function forgetAnnouncedFallbacks() {
  announced.clear();
}
