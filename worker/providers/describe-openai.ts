/**
 * OpenAI reads a product photo and answers its name, category and description
 * as JSON: the Responses API with the photo as an input_image (a data: URL)
 * and a strict JSON schema as the text format.
 * https://developers.openai.com/api/docs/guides/images-vision,
 * https://developers.openai.com/api/docs/guides/structured-outputs; model id
 * in common/image-providers.ts (DEFAULT_MODELS.openaiVision).
 */
import { DEFAULT_MODELS, retirementProblem } from "../../common/image-providers";
import { cleanDraft, type DescribeContext, describePrompt, type ProductDescriber, type ProductDraft } from "./describe";
import { bytesToBase64, errorForStatus, isRecord, parseJson, refusal, send } from "./http";
import { ProviderFailure, type SourceImage } from "./types";

export interface OpenAIDescriberConfig {
  apiKey: string;
  model?: string;
  baseUrl?: string;
}

const SCHEMA = {
  type: "object",
  properties: { name: { type: "string" }, category: { type: "string" }, description: { type: "string" } },
  required: ["name", "category", "description"],
  additionalProperties: false,
};

export class OpenAIDescriber implements ProductDescriber {
  readonly name = "openai";
  readonly model: string;
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor({ apiKey, model = DEFAULT_MODELS.openaiVision, baseUrl = "https://api.openai.com" }: OpenAIDescriberConfig) {
    const problem = retirementProblem("OPENAI_VISION_MODEL", model);
    if (problem?.fatal) throw new Error(problem.message);
    this.apiKey = apiKey;
    this.model = model;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  async describe(photo: SourceImage, context: DescribeContext, signal?: AbortSignal): Promise<ProductDraft> {
    const body = {
      model: this.model,
      // Naming a garment needs little thought: the cheapest effort that still reads the photo well.
      reasoning: { effort: "low" },
      max_output_tokens: 800,
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: describePrompt(context) },
            { type: "input_image", image_url: `data:${photo.mimeType};base64,${bytesToBase64(photo.bytes)}`, detail: "low" },
          ],
        },
      ],
      text: { format: { type: "json_schema", name: "product_draft", strict: true, schema: SCHEMA } },
    };
    const { response, text } = await send(
      `${this.baseUrl}/v1/responses`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
        body: JSON.stringify(body),
      },
      signal,
    );
    if (!response.ok) throw errorForStatus("OpenAI", response, text.slice(0, 300));
    const answer = parseJson(text, "OpenAI");
    if (!isRecord(answer)) throw new ProviderFailure("OpenAI devolvió una respuesta inesperada.");
    const contents = (Array.isArray(answer.output) ? answer.output : [])
      .filter((item): item is Record<string, unknown> => isRecord(item) && item.type === "message")
      .flatMap((item) => (Array.isArray(item.content) ? item.content.filter(isRecord) : []));
    const refused = contents.find((content) => content.type === "refusal");
    if (refused) throw refusal(`OpenAI: ${String(refused.refusal ?? "")}`);
    const json = contents
      .filter((content) => content.type === "output_text")
      .map((content) => (typeof content.text === "string" ? content.text : ""))
      .join("");
    const draft = json ? cleanDraft(parseJson(json, "OpenAI")) : null;
    if (!draft) {
      const reason = isRecord(answer.incomplete_details) ? String(answer.incomplete_details.reason ?? "") : String(answer.status ?? "");
      throw new ProviderFailure(`OpenAI no devolvió un nombre para el producto (${reason || "sin texto"}).`);
    }
    return draft;
  }
}
