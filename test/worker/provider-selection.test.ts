import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decodeImage, encodeJpeg } from "../../worker/providers/codecs";
import { imageProvider } from "../../worker/providers/select";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import type { ImageProvider } from "../../worker/providers/types";

describe("choosing the image provider by configuration", () => {
  it("uses the offline studio pipeline by default", async () => {
    expect((await imageProvider({ ...env, IMAGE_PROVIDER: undefined })).name).toBe("studio");
  });

  it("uses Gemini, OpenAI or FASHN when chosen and given a key, at the current models", async () => {
    const gemini = await imageProvider({ ...env, IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "k" });
    expect([gemini.name, gemini.model]).toEqual(["gemini", "gemini-nano-banana-2.1"]);
    const openai = await imageProvider({ ...env, IMAGE_PROVIDER: "openai", OPENAI_API_KEY: "k" });
    expect([openai.name, openai.model]).toEqual(["openai", "gpt-image-2.6-flare"]);
    expect((await imageProvider({ ...env, IMAGE_PROVIDER: "fashn", FASHN_API_KEY: "k" })).name).toBe("fashn");
    // The job names its provider (MINORS_PROVIDER for children) whatever IMAGE_PROVIDER says.
    expect((await imageProvider({ ...env, IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "k" }, "studio")).name).toBe("studio");
  });

  it("asks a shut-down model id's replacement instead, so no picture fails for it", async () => {
    const gemini = await imageProvider({ ...env, IMAGE_PROVIDER: "gemini", GEMINI_API_KEY: "k", GEMINI_MODEL: "gemini-2.5-flash-image" });
    expect(gemini.model).toBe("gemini-nano-banana-2.1");
    const openai = await imageProvider({ ...env, IMAGE_PROVIDER: "openai", OPENAI_API_KEY: "k", OPENAI_MODEL: "gpt-image-1" });
    expect(openai.model).toBe("gpt-image-2.6-flare");
  });

  it("refuses a provider without its key, or one it does not know", async () => {
    await expect(imageProvider({ ...env, IMAGE_PROVIDER: "gemini" })).rejects.toThrow(/GEMINI_API_KEY/);
    await expect(imageProvider({ ...env, IMAGE_PROVIDER: "openai" })).rejects.toThrow(/OPENAI_API_KEY/);
    await expect(imageProvider({ ...env, IMAGE_PROVIDER: "fashn" })).rejects.toThrow(/FASHN_API_KEY/);
    await expect(imageProvider({ ...env, IMAGE_PROVIDER: "workers-ai" })).rejects.toThrow(/AI binding/);
    await expect(imageProvider({ ...env, IMAGE_PROVIDER: "midjourney" })).rejects.toThrow(/unknown/);
  });

  it("shrinks the seller's photo under 512×512 before it reaches Workers AI", async () => {
    const photo = await encodeJpeg(samplePhoto({ width: 1200, height: 1600, garment: [40, 90, 200] }), 88);
    let inputSize: { width: number; height: number } | undefined;
    const output = await encodeJpeg(samplePhoto({ width: 64, height: 80, garment: [200, 40, 40] }), 88);
    const ai = {
      async run(_model: string, input: { multipart: { body: BodyInit; contentType: string } }) {
        const form = await new Response(input.multipart.body, { headers: { "content-type": input.multipart.contentType } }).formData();
        const image = form.get("input_image_0") as File;
        inputSize = await decodeImage(new Uint8Array(await image.arrayBuffer()));
        return { image: btoa(String.fromCharCode(...output)) };
      },
    } as unknown as Ai;
    const provider = (await imageProvider({ ...env, IMAGE_PROVIDER: "workers-ai", AI: ai })) as ImageProvider;
    const result = await provider.generate({
      kind: "ad",
      includeModel: true,
      quality: "standard",
      source: { bytes: photo, mimeType: "image/jpeg" },
      seed: 1,
    });
    expect(inputSize!.width).toBeLessThan(512);
    expect(inputSize!.height).toBeLessThan(512);
    expect(inputSize!.width / inputSize!.height).toBeCloseTo(0.75, 1);
    expect(result.bytes).toEqual(output);
  });
});
