/**
 * `npm run docs:provider-costs`: the table in docs/providers.md of what each picture costs us next to what the
 * seller pays for it, written between its markers. The providers' prices are typed here with the page each
 * comes from and the day it was read (a price change is an edit here, in review like a model change); the
 * seller's side is derived from the pack table (common/packs.ts) and the credits per picture
 * (common/credits.ts), never typed. scripts/provider-costs.test.ts fails when the file is not current.
 */
import { betweenMarkers } from "./doc-markers.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CREDITS_PER_IMAGE, CREDITS_PER_PRO_IMAGE } from "../common/credits.ts";
import { DEFAULT_MODELS } from "../common/image-providers.ts";
// Type only: packs.ts imports without extensions, which Node's type stripping cannot load; the command loads it through Vite.
import type { Pack } from "../common/packs.ts";

export const PROVIDER_COSTS_MARKERS = [
  "<!-- provider-costs:start (written by npm run docs:provider-costs) -->",
  "<!-- provider-costs:end -->",
] as const;

export interface ProviderPrice {
  provider: string;
  model: string;
  quality: "standard" | "pro";
  /** What we ask for, as the adapter sends it. */
  asked: string;
  /** USD per picture, or null when no page states one we could confirm. */
  usd: number | null;
  /** How the figure follows from the page (or why there is none). */
  how: string;
  source: string;
  read: string;
}

/** The providers' published prices, read on the day given; docs/providers.md says which are third-party pages. */
export const PROVIDER_PRICES: ProviderPrice[] = [
  {
    provider: "gemini",
    model: DEFAULT_MODELS.gemini,
    quality: "standard",
    asked: "3:4 at 1K (the default size)",
    usd: 0.0336,
    how: "image output $30 per million tokens, $0.0336 per 1K image",
    source: "https://github.com/BerriAI/litellm/discussions/44983 (Google's pricing page for 2.1 is not in the stored pages)",
    read: "2026-11-27",
  },
  {
    provider: "gemini",
    model: DEFAULT_MODELS.geminiPro,
    quality: "pro",
    asked: "3:4 at imageSize 2K (1792×2400)",
    usd: 0.134,
    how: "$0.134 per 1K or 2K image (Nano Banana Pro)",
    source: "https://skills.sh/modu-ai/cowork-plugins/nano-banana (third-party; Google's pricing page not in the stored pages)",
    read: "2026-11-27",
  },
  {
    provider: "openai",
    model: DEFAULT_MODELS.openai,
    quality: "standard",
    asked: "1024×1536, quality medium, one edit with 1–2 input images",
    usd: null,
    how: "billed in tokens (text in $5, image in $8 per million, as GPT Image 2.5); no per-picture figure for 2.6 Flare at 1024×1536 could be confirmed",
    source: "https://docs.laozhang.ai/en/announcements/gpt-image-2-6-2026-11 (third-party, 2026-11-05)",
    read: "2026-11-27",
  },
  {
    provider: "openai",
    model: DEFAULT_MODELS.openai,
    quality: "pro",
    asked: "1536×2048 (3:4, a custom size), quality high, one edit with 1–2 input images",
    usd: null,
    how: "as above; no per-picture figure for 2.6 Flare at 1536×2048 and quality high could be confirmed",
    source: "https://docs.laozhang.ai/en/announcements/gpt-image-2-6-2026-11 (third-party, 2026-11-05)",
    read: "2026-11-27",
  },
  {
    provider: "workers-ai",
    model: DEFAULT_MODELS["workers-ai"],
    quality: "standard",
    asked: "768×1024 out (4 output tiles), input under 512×512 (1 input tile)",
    usd: 4 * 0.000287 + 0.000059,
    how: "$0.000287 per output 512×512 tile, $0.000059 per input tile",
    source: "https://developers.cloudflare.com/workers-ai/models/flux-2-klein-4b/",
    read: "2026-11-27",
  },
  {
    provider: "workers-ai",
    model: DEFAULT_MODELS["workers-ai"],
    quality: "pro",
    asked: "1152×1536 out (9 output tiles; not sold as Pro: under 2K)",
    usd: 9 * 0.000287 + 0.000059,
    how: "$0.000287 per output 512×512 tile, $0.000059 per input tile",
    source: "https://developers.cloudflare.com/workers-ai/models/flux-2-klein-4b/",
    read: "2026-11-27",
  },
  {
    provider: "fashn",
    model: DEFAULT_MODELS.fashn,
    quality: "standard",
    asked: 'resolution "1k", one prediction',
    usd: null,
    how: "1 API credit per picture (product-to-model page); the API's price per credit was not found (the app's top-up, a different account, is $0.10 a credit)",
    source: "https://docs.fashn.ai/api-reference/product-to-model",
    read: "2026-11-27",
  },
  {
    provider: "fashn",
    model: DEFAULT_MODELS.fashn,
    quality: "pro",
    asked: 'resolution "2k", one prediction',
    usd: null,
    how: "1 API credit per picture at any resolution, as above",
    source: "https://docs.fashn.ai/api-reference/product-to-model",
    read: "2026-11-27",
  },
];

const usd = (value: number) => `US$ ${value.toFixed(value < 0.1 ? 4 : 3)}`;

/** What the seller pays per picture of this quality in the cheapest pack and in the dearest one (common/packs.ts PACKS). */
export function sellerPrices(packs: readonly Pack[], quality: "standard" | "pro") {
  const credits = quality === "pro" ? CREDITS_PER_PRO_IMAGE : CREDITS_PER_IMAGE;
  const perPicture = packs.map((pack) => ({ pack, usd: (pack.priceUSD / pack.credits) * credits }));
  const byPrice = [...packs].sort((a, b) => a.priceUSD - b.priceUSD);
  const cheapest = perPicture.find((p) => p.pack === byPrice[0])!;
  const dearest = perPicture.find((p) => p.pack === byPrice[byPrice.length - 1])!;
  return { cheapest, dearest };
}

export function renderCosts(packs: readonly Pack[]): string {
  const rows = PROVIDER_PRICES.map((p) => {
    const { cheapest, dearest } = sellerPrices(packs, p.quality);
    const ours = p.usd === null ? "not confirmed" : usd(p.usd);
    return `| ${p.provider} | \`${p.model}\` | ${p.quality} | ${p.asked} | ${ours} | ${usd(cheapest.usd)} (${cheapest.pack.id}) | ${usd(dearest.usd)} (${dearest.pack.id}) | ${p.how}; [source](${p.source.split(" ")[0]})${p.source.includes(" ") ? ` ${p.source.slice(p.source.indexOf(" ") + 1)}` : ""}, read ${p.read} |`;
  });
  return [
    "| Provider | Model | Quality | What we ask for | Provider's price per picture | Seller pays, cheapest pack | Seller pays, dearest pack | Where the price comes from |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** `text` with the table between its markers replaced by `table`. */
export function withCosts(text: string, table: string): string {
  return betweenMarkers(text, PROVIDER_COSTS_MARKERS, table, "docs/providers.md");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: false,
    logLevel: "error",
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
  });
  const { PACKS } = (await vite.ssrLoadModule("/common/packs.ts")) as { PACKS: readonly Pack[] };
  await vite.close();
  const path = "docs/providers.md";
  writeFileSync(path, withCosts(readFileSync(path, "utf8"), renderCosts(PACKS)));
  console.log(`${path}: provider costs table written`);
}
