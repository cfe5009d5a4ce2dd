/**
 * Naming a product from its photo: a short Spanish name, a category (one of
 * the store's or a new one) and a one-line description, drafted for photos a
 * seller uploads for a batch (worker/batches/drafts.ts). Gemini and OpenAI
 * read the photo (describe-gemini.ts, describe-openai.ts); offline, and with
 * the other providers, the studio drafts it from the file's name and the
 * garment's main colour (describe-studio.ts).
 */
import { cleanCategory, MAX_CATEGORY_LENGTH } from "../../common/store-browse";
import { cleanText } from "../../common/text";
import type { SourceImage } from "./types";

export interface ProductDraft {
  name: string;
  category: string | null;
  description: string | null;
}

export interface DescribeContext {
  /** The product's name as it came from the file ("Campera jean", "IMG 2041"). */
  fileName: string;
  /** The store's categories and the suggested ones, for the describer to choose from. */
  categories: string[];
}

export interface ProductDescriber {
  readonly name: string;
  readonly model?: string;
  describe(photo: SourceImage, context: DescribeContext, signal?: AbortSignal): Promise<ProductDraft>;
}

export const DRAFT_NAME_MAX = 60;
export const DRAFT_DESCRIPTION_MAX = 200;

/** What every reader of a photo is asked, in the same words, so their answers read alike. */
export function describePrompt(context: DescribeContext): string {
  return [
    "You write product data for a small clothing shop in Argentina. Look at the photo of ONE product and answer in Spanish",
    "(neutral Latin American Spanish with the words Argentine shoppers use: remera, campera, buzo, pollera, jean).",
    '- name: 2 to 6 words naming the garment and its main colour or material, for example "Campera de jean celeste". No brand unless it is printed on the product.',
    `- category: one of these if one fits: ${context.categories.map((c) => `"${c}"`).join(", ")}. Otherwise a new short plural category, for example "Mallas".`,
    "- description: one sentence under 140 characters about what the photo shows (fabric, cut, colour, details). No prices, sizes or claims you cannot see.",
    `The photo's file was named "${context.fileName}".`,
  ].join("\n");
}

/** The fields' shape, as JSON Schema (OpenAI's strict structured output) and as Gemini's responseSchema. */
export const DRAFT_FIELDS = ["name", "category", "description"] as const;

/** A reader's answer made safe to store: clean text, lengths kept, an empty name refused. */
export function cleanDraft(answer: unknown): ProductDraft | null {
  if (typeof answer !== "object" || answer === null) return null;
  const record = answer as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? cleanText(value) : "");
  const name = cutAtWord(text(record.name), DRAFT_NAME_MAX);
  if (!name) return null;
  const category = cleanCategory(cutAtWord(text(record.category), MAX_CATEGORY_LENGTH));
  const description = cutAtWord(text(record.description), DRAFT_DESCRIPTION_MAX) || null;
  return { name: capitalize(name), category: category ? capitalize(category) : null, description };
}

function cutAtWord(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : value.slice(0, max)).trim();
}

export const capitalize = (value: string) => value.charAt(0).toLocaleUpperCase("es") + value.slice(1);
