/**
 * The offline half of `npm run check:providers`, shared with check:deploy:
 * which image providers the settings choose and whether any configured model
 * id is one a provider shut down (common/image-providers.ts, RETIRED_MODELS).
 */
import {
  childrenProvider,
  configuredTraits,
  isProviderName,
  mainProvider,
  modelSettings,
  type ProviderSettings,
  retirementProblem,
} from "../common/image-providers.ts";

export interface ProviderReport {
  lines: string[];
  errors: string[];
  warnings: string[];
}

const KEYS: Record<string, string[]> = {
  studio: [],
  gemini: ["GEMINI_API_KEY"],
  openai: ["OPENAI_API_KEY"],
  "workers-ai": [],
  fashn: ["FASHN_API_KEY"],
};

export function checkProviderSettings(settings: ProviderSettings & Record<string, string | undefined>, today = new Date()): ProviderReport {
  const report: ProviderReport = { lines: [], errors: [], warnings: [] };
  const main = mainProvider(settings);
  const minors = settings.MINORS_PROVIDER?.trim();
  for (const [role, name] of [
    ["IMAGE_PROVIDER", main],
    ["MINORS_PROVIDER", minors],
  ] as const) {
    if (!name) continue;
    if (!isProviderName(name)) {
      report.errors.push(`${role}=${name} is not a provider (studio, gemini, openai, workers-ai, fashn).`);
      continue;
    }
    const traits = configuredTraits(name, settings);
    const missing = KEYS[name]!.filter((key) => !settings[key]);
    report.lines.push(
      `${role.padEnd(16)} ${name.padEnd(11)} children: ${traits.drawsChildren ? "yes" : "no "}  Pro (2K): ${traits.proLongSide >= 2048 ? "yes" : "no "}  store model: ${traits.takesModelReference ? "yes" : "no"}${missing.length ? `  (missing ${missing.join(", ")})` : ""}`,
    );
    // Keys are secrets: check:deploy cannot see them, check:providers can (they are in its environment).
    if (missing.length) report.warnings.push(`${role}=${name} needs ${missing.join(", ")} (wrangler secret put).`);
  }
  if (minors && isProviderName(minors) && !configuredTraits(minors, settings).drawsChildren) {
    report.errors.push(`MINORS_PROVIDER=${minors} does not draw children; use workers-ai (or the studio) instead.`);
  }
  if (!childrenProvider(settings))
    report.lines.push("Bebé / Niño / Niña: not offered (sellers are told before paying). Set MINORS_PROVIDER=workers-ai to offer them.");
  for (const [setting, value] of modelSettings(settings)) {
    const problem = retirementProblem(setting, value, today);
    if (problem) (problem.fatal ? report.errors : report.warnings).push(problem.message);
  }
  return report;
}
