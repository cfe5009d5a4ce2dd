/**
 * Makes the landing's before/after pictures and its link-preview image with the real offline studio
 * pipeline (worker/providers/studio.ts), inside workerd where it runs: `npm run landing:examples`.
 * The output is committed under public/landing/, so a build never waits for it; run this again after
 * changing the pipeline to refresh them.
 *
 * A small Worker around StudioProvider is built with the same Vite + Cloudflare plugin as the app and
 * served by `vite preview` from a scratch directory (as bench/studio-pipeline.ts does).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { providersDir, repoRoot, withScratchWorker } from "./scratch-worker.ts";

const out = join(repoRoot, "public/landing");

// Two sellers' photos: a striped blue T-shirt on a light wall, a red one on a dim grey one.
// Each is saved as a phone would (JPEG 90) and that file, not the clean pixels, goes through the studio.
const entry = `import { StudioProvider } from ${JSON.stringify(join(providersDir, "studio.ts"))};
import { samplePhoto } from ${JSON.stringify(join(providersDir, "studio-sample-photo.ts"))};
import { decodeImage, encodeJpeg, resizeImage, type RgbaImage } from ${JSON.stringify(join(providersDir, "codecs.ts"))};

const EXAMPLES = [
  { garment: [40, 90, 170], backdrop: [236, 233, 227], grain: 10, kind: "ad" },
  { garment: [196, 58, 50], backdrop: [150, 146, 140], grain: 16, kind: "back" },
] as const;
/** Shown at up to 240 CSS px wide, so 480 px covers 2x screens. */
const SIZE = { width: 480, height: 600 };

async function pair(index: number) {
  const example = EXAMPLES[index]!;
  const photo = await encodeJpeg(
    samplePhoto({ width: 1200, height: 1500, garment: example.garment, backdrop: example.backdrop, grain: example.grain }),
    90,
  );
  const studio = await new StudioProvider().generate({
    kind: example.kind, includeModel: false, quality: "standard", seed: index + 1, source: { bytes: photo, mimeType: "image/jpeg" },
  });
  const small = async (bytes: Uint8Array) => resizeImage(await decodeImage(bytes), SIZE.width, SIZE.height);
  return { before: await small(photo), after: await small(studio.bytes) };
}

/** 1200×630, the size link previews use: the first pair side by side on the brand's light violet. */
function preview(before: RgbaImage, after: RgbaImage): RgbaImage {
  const width = 1200;
  const height = 630;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([245, 243, 255, 255], i);
  const place = (image: RgbaImage, left: number, top: number) => {
    for (let y = 0; y < image.height; y++) {
      data.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), ((top + y) * width + left) * 4);
    }
  };
  const scaled = (image: RgbaImage) => resizeImage(image, 440, 550);
  place(scaled(before), 120, 40);
  place(scaled(after), 640, 40);
  // An arrow between the two, in the brand's violet.
  for (let y = 0; y < 80; y++) {
    const reach = 40 - Math.abs(40 - y);
    for (let x = 0; x < reach; x++) data.set([109, 40, 217, 255], ((275 + y) * width + 580 + x) * 4);
  }
  return { width, height, data };
}

export default {
  async fetch(request: Request) {
    const url = new URL(request.url);
    const jpeg = (bytes: Uint8Array) => new Response(bytes, { headers: { "content-type": "image/jpeg" } });
    if (url.pathname === "/og") {
      const { before, after } = await pair(0);
      return jpeg(await encodeJpeg(preview(before, after), 82));
    }
    const match = /^\\/(before|after)\\/(\\d)$/.exec(url.pathname);
    if (!match) return new Response("ok");
    const images = await pair(Number(match[2]));
    return jpeg(await encodeJpeg(images[match[1] as "before" | "after"], 78));
  },
};
`;

await withScratchWorker("landing-examples", entry, async (base) => {
  mkdirSync(out, { recursive: true });
  const files: [string, string][] = [
    ["/before/0", "antes-1.jpg"],
    ["/after/0", "despues-1.jpg"],
    ["/before/1", "antes-2.jpg"],
    ["/after/1", "despues-2.jpg"],
    ["/og", "vista-previa.jpg"],
  ];
  for (const [path, name] of files) {
    const response = await fetch(base + path);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    writeFileSync(join(out, name), bytes);
    console.log(`public/landing/${name}  ${(bytes.length / 1024).toFixed(0)} KiB`);
  }
});
