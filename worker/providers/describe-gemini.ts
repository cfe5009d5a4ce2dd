/**
 * Gemini reads a product photo and answers its name, category and description
 * as JSON: generateContent with the photo inline and a response schema
 * (generationConfig.responseMimeType "application/json" + responseSchema).
 * https://ai.google.dev/gemini-api/docs/image-understanding,
 * https://ai.google.dev/gemini-api/docs/structured-output; model id in
 * common/image-providers.ts (DEFAULT_MODELS.geminiVision).
 */
import { DEFAULT_MODELS, retirementProblem } from "../../common/image-providers";
import { cleanDraft, type DescribeContext, describePrompt, type ProductDescriber, type ProductDraft } from "./describe";
import { bytesToBase64, errorForStatus, isRecord, parseJson, refusal, send } from "./http";
import { ProviderFailure, type SourceImage } from "./types";

export interface GeminiDescriberConfig {
  apiKey: string;
  model?: string;
  baseUrl?: string;
}

const SCHEMA = {
  type: "OBJECT",
  properties: { name: { type: "STRING" }, category: { type: "STRING" }, description: { type: "STRING" } },
  required: ["name", "category", "description"],
};

export class GeminiDescriber implements ProductDescriber {
  readonly name = "gemini";
  readonly model: string;
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor({
    apiKey,
    model = DEFAULT_MODELS.geminiVision,
    baseUrl = "https://generativelanguage.googleapis.com",
  }: GeminiDescriberConfig) {
    const problem = retirementProblem("GEMINI_VISION_MODEL", model);
    if (problem?.fatal) throw new Error(problem.message);
    this.apiKey = apiKey;
    this.model = model;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async describe(photo: SourceImage, context: DescribeContext, signal?: AbortSignal): Promise<ProductDraft> {
    const body = {
      contents: [
        { parts: [{ text: describePrompt(context) }, { inline_data: { mime_type: photo.mimeType, data: bytesToBase64(photo.bytes) } }] },
      ],
      generationConfig: { responseMimeType: "application/json", responseSchema: SCHEMA, maxOutputTokens: 400 },
    };
    const { response, text } = await send(
      `${this.baseUrl}/v1beta/models/${encodeURIComponent(this.model)}:generateContent`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-api-key": this.apiKey },
        body: JSON.stringify(body),
      },
      signal,
    );
    if (!response.ok) throw errorForStatus("Gemini", response, text.slice(0, 300));
    const answer = parseJson(text, "Gemini");
    if (!isRecord(answer)) throw new ProviderFailure("Gemini devolvió una respuesta inesperada.");
    const blocked = isRecord(answer.promptFeedback) ? answer.promptFeedback.blockReason : undefined;
    if (typeof blocked === "string") throw refusal(`Gemini bloqueó el pedido (${blocked}).`);
    const candidate = Array.isArray(answer.candidates) ? answer.candidates[0] : undefined;
    const parts =
      isRecord(candidate) && isRecord(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    const json = parts
      .filter(isRecord)
      .filter((part) => part.thought !== true)
      .map((part) => (typeof part.text === "string" ? part.text : ""))
      .join("");
    const draft = json ? cleanDraft(parseJson(json, "Gemini")) : null;
    if (!draft) throw new ProviderFailure("Gemini no devolvió un nombre para el producto.");
    return draft;
  }
}
