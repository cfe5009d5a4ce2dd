/**
 * The studio makes its pictures on the isolate's one thread, where locally the Worker's requests, its Durable
 * Objects and the assets all run too: a picture made in one stretch held every request back until it ended,
 * and a batch (the slots taking turns) held them back for the whole batch. These look at the order things
 * end in, never at a clock.
 */
import { describe, expect, it } from "vitest";
import { encodeJpeg } from "../../worker/providers/codecs";
import { StudioProvider } from "../../worker/providers/studio";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { inStudioSlot, STUDIO_SLOTS } from "../../worker/providers/studio-slots";
import type { GenerationRequest } from "../../worker/providers/types";
import { ORIGIN, viaWorker } from "./browser";

const provider = new StudioProvider();

async function request(): Promise<GenerationRequest> {
  const photo = await encodeJpeg(samplePhoto({ width: 480, height: 600, garment: [37, 99, 235], grain: 6 }), 90);
  return { kind: "back", includeModel: true, quality: "standard", seed: 11, source: { bytes: photo, mimeType: "image/jpeg" } };
}

describe("the studio shares the thread", () => {
  it("a request sent as a picture begins is answered before the picture is made", async () => {
    const asked = await request();
    const ended: string[] = [];
    const picture = provider.generate(asked).then(() => ended.push("picture"));
    const answer = viaWorker(new Request(`${ORIGIN}/api/config`)).then((response) => {
      ended.push(`request ${response.status}`);
    });
    await Promise.all([picture, answer]);
    expect(ended).toEqual(["request 200", "picture"]);
  });

  it("with every slot making a picture, as in a batch, a request is answered before the first of them is made", async () => {
    const asked = await request();
    const ended: string[] = [];
    const pictures = Array.from({ length: STUDIO_SLOTS }, () =>
      inStudioSlot(() => provider.generate(asked)).then(() => ended.push("picture")),
    );
    const answer = viaWorker(new Request(`${ORIGIN}/api/config`)).then((response) => {
      ended.push(`request ${response.status}`);
    });
    await Promise.all([...pictures, answer]);
    expect(ended).toEqual(["request 200", ...Array.from({ length: STUDIO_SLOTS }, () => "picture")]);
  });
});
