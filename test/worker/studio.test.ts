import encodePngRaw, { init as initPngEncoder } from "@jsquash/png/encode";
import pngCodecWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import encodeWebpRaw, { init as initWebpEncoder } from "@jsquash/webp/encode";
import webpEncoderWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import { beforeAll, describe, expect, it } from "vitest";
import type { GenerationKind } from "../../common/generation";
import { decodeImage, encodeJpeg, type RgbaImage } from "../../worker/providers/codecs";
import { StudioProvider } from "../../worker/providers/studio";
import type { Rgb } from "../../worker/providers/studio-look";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { ProviderRefusal, type GenerationRequest, type ImageMime } from "../../worker/providers/types";

type InitWithModule = (compiled: WebAssembly.Module) => Promise<unknown>;

const provider = new StudioProvider();
const RED: Rgb = [196, 42, 52];
const photo = samplePhoto({ width: 600, height: 800, garment: RED, grain: 6 });
let jpegPhoto: Uint8Array;

beforeAll(async () => {
  jpegPhoto = await encodeJpeg(photo, 90);
});

function request(overrides: Partial<GenerationRequest> = {}, bytes = jpegPhoto, mimeType: ImageMime = "image/jpeg"): GenerationRequest {
  return { kind: "ad", includeModel: true, quality: "standard", seed: 7, source: { bytes, mimeType }, ...overrides };
}

async function generate(overrides: Partial<GenerationRequest> = {}) {
  const result = await provider.generate(request(overrides));
  expect(result.mimeType).toBe("image/jpeg");
  return result.bytes;
}

/** Mean colour of a rectangle given in fractions of the picture. */
function regionMean(image: RgbaImage, x0: number, y0: number, x1: number, y1: number): Rgb {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(y0 * image.height); y < Math.floor(y1 * image.height); y++) {
    for (let x = Math.floor(x0 * image.width); x < Math.floor(x1 * image.width); x++) {
      const i = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += image.data[i + c]!;
      n++;
    }
  }
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

function meanLuminance(image: RgbaImage) {
  const [r, g, b] = regionMean(image, 0, 0, 1, 1);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Share of the picture that is clearly the red T-shirt (exposure correction may shift its exact colour). */
function redShare(image: RgbaImage) {
  let hits = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (image.data[i]! - Math.max(image.data[i + 1]!, image.data[i + 2]!) > 70) hits++;
  }
  return hits / (image.width * image.height);
}

const colourDistance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe("studio provider", () => {
  it("makes a 4:5 JPEG at least 1080 wide, larger for pro", async () => {
    const standard = await decodeImage(await generate());
    expect([standard.width, standard.height]).toEqual([1080, 1350]);
    const pro = await decodeImage(await generate({ quality: "pro" }));
    expect(pro.width).toBeGreaterThan(standard.width);
    expect(pro.width * 5).toBe(pro.height * 4);
  });

  it("trims the backdrop margin so the garment fills more of the picture", async () => {
    const before = redShare(photo);
    const after = redShare(await decodeImage(await generate()));
    expect(before).toBeGreaterThan(0.1);
    expect(after).toBeGreaterThan(before * 2);
  });

  it("keeps the whole photo when nothing stands out from the backdrop", async () => {
    const closeUp = { width: 300, height: 400, data: new Uint8ClampedArray(300 * 400 * 4) };
    for (let i = 0; i < closeUp.data.length; i += 4) closeUp.data.set([...RED, 255], i);
    const picture = await decodeImage((await provider.generate(request({}, await encodeJpeg(closeUp, 90)))).bytes);
    // A 3:4 photo fitted into the frame (84% × 80% of the canvas) covers about 60% of it.
    expect(redShare(picture)).toBeGreaterThan(0.5);
    expect(redShare(picture)).toBeLessThan(0.7);
  });

  it("corrects an underexposed photo by its backdrop, keeping a dark garment dark", async () => {
    const centre = async (source: RgbaImage) => {
      const picture = await decodeImage((await provider.generate(request({}, await encodeJpeg(source, 90)))).bytes);
      const [r, g, b] = regionMean(picture, 0.45, 0.5, 0.55, 0.6);
      return 0.299 * r + 0.587 * g + 0.114 * b;
    };
    // About a stop under, as indoor phone shots often are: the off-white backdrop comes out mid-grey.
    const underexposed = { ...photo, data: photo.data.map((v, i) => (i % 4 === 3 ? v : v * 0.7)) };
    expect(await centre(underexposed)).toBeGreaterThan((await centre(photo)) * 0.9);

    const black = samplePhoto({ width: 600, height: 800, garment: [28, 28, 30], grain: 6 });
    expect(await centre(black)).toBeLessThan(40);
  });

  it("keeps a garment's light grey stripes, even where they touch the backdrop", async () => {
    const white = samplePhoto({ width: 600, height: 800, garment: [250, 250, 248], grain: 6 });
    const picture = await decodeImage((await provider.generate(request({}, await encodeJpeg(white, 90)))).bytes);
    // Rows, down a band across the body, showing a grey stripe (neutral, unlike the warm "ad" backdrop).
    let greyRows = 0;
    for (let y = 0; y < picture.height; y++) {
      let grey = 0;
      for (let x = Math.floor(picture.width * 0.3); x < picture.width * 0.4; x++) {
        const i = (y * picture.width + x) * 4;
        const [r, g, b] = [picture.data[i]!, picture.data[i + 1]!, picture.data[i + 2]!];
        if (Math.max(r, g, b) - Math.min(r, g, b) < 6 && r > 190 && r < 225) grey++;
      }
      if (grey > picture.width * 0.05) greyRows++;
    }
    // A third of the T-shirt's rows are grey: about 300 on the canvas; mistaking stripes for shadow loses half.
    expect(greyRows).toBeGreaterThan(picture.height * 0.18);
  });

  it("paints a different backdrop tone for each kind of image", async () => {
    const kinds: GenerationKind[] = ["ad", "back", "baby", "kid", "girl-kid", "outfit", "personalized", "modify", "product"];
    const tones: Rgb[] = [];
    for (const kind of kinds) tones.push(regionMean(await decodeImage(await generate({ kind })), 0.02, 0.02, 0.12, 0.1));
    for (let i = 0; i < tones.length; i++) {
      for (let j = i + 1; j < tones.length; j++) {
        expect(colourDistance(tones[i]!, tones[j]!), `${kinds[i]} vs ${kinds[j]}`).toBeGreaterThan(3);
      }
    }
  });

  it("gives identical bytes for the same request, different bytes when anything changes", async () => {
    const first = await generate();
    expect(await generate()).toEqual(first);
    const variants = await Promise.all([
      generate({ kind: "girl-kid" }),
      generate({ includeModel: false }),
      generate({ seed: 8 }),
      generate({ kind: "personalized", personalization: { skinTone: "dark" } }),
    ]);
    for (const variant of variants) expect(variant).not.toEqual(first);
  });

  it("reads PNG (a transparent cut-out) and WebP photos", async () => {
    const cutOut = samplePhoto({ width: 400, height: 500, garment: RED, transparent: true });
    await (initPngEncoder as InitWithModule)(pngCodecWasm);
    const png = new Uint8Array(await encodePngRaw(cutOut));
    await (initWebpEncoder as InitWithModule)(webpEncoderWasm);
    const webp = new Uint8Array(await encodeWebpRaw(photo, { quality: 85 }));

    for (const [bytes, mimeType] of [
      [png, "image/png"],
      [webp, "image/webp"],
    ] as const) {
      const result = await provider.generate(request({}, bytes, mimeType));
      const picture = await decodeImage(result.bytes);
      expect(picture.width, mimeType).toBe(1080);
      expect(redShare(picture), mimeType).toBeGreaterThan(0.2);
    }
  });

  it("refuses bytes that are not an image, in Spanish, saying the credits are back", async () => {
    const garbage = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    await expect(provider.generate(request({}, garbage))).rejects.toThrow(ProviderRefusal);
    await expect(provider.generate(request({}, garbage))).rejects.toThrow("No se pudo leer la imagen. Te devolvimos los créditos.");
    const truncated = jpegPhoto.slice(0, 100);
    await expect(provider.generate(request({}, truncated))).rejects.toBeInstanceOf(ProviderRefusal);
  });

  it("refuses a photo over the pixel limit from its header, before decoding it", async () => {
    const huge = jpegPhoto.slice();
    // Rewrite the frame header's height and width (after the 0xFFC0/0xFFC2 marker, length and precision).
    const frame = huge.findIndex((byte, i) => byte === 0xff && (huge[i + 1] === 0xc0 || huge[i + 1] === 0xc2));
    new DataView(huge.buffer).setUint16(frame + 5, 6000);
    new DataView(huge.buffer).setUint16(frame + 7, 8000);
    const failure = provider.generate(request({}, huge));
    await expect(failure).rejects.toBeInstanceOf(ProviderRefusal);
    await expect(failure).rejects.toThrow(/demasiado grande/);
  });

  describe("modify instructions", () => {
    const modify = async (instruction: string) => decodeImage(await generate({ kind: "modify", instruction }));

    it("'blanco y negro' leaves only greys", async () => {
      const picture = await modify("Pasala a blanco y negro, por favor");
      let worst = 0;
      for (let i = 0; i < picture.data.length; i += 4) {
        const [r, g, b] = [picture.data[i]!, picture.data[i + 1]!, picture.data[i + 2]!];
        worst = Math.max(worst, Math.abs(r - g), Math.abs(g - b), Math.abs(r - b));
      }
      expect(worst).toBeLessThanOrEqual(3);
    });

    it("'más oscuro' is darker than 'más claro', and both differ from no keyword", async () => {
      const darker = meanLuminance(await modify("Hacela más oscura"));
      const lighter = meanLuminance(await modify("más claro"));
      const neutral = meanLuminance(await modify("Que se vea linda"));
      expect(darker).toBeLessThan(neutral - 20);
      expect(lighter).toBeGreaterThan(neutral + 5);
    });

    it("'fondo <color>' repaints the backdrop", async () => {
      const black = regionMean(await modify("poné el fondo negro"), 0.02, 0.02, 0.12, 0.1);
      const white = regionMean(await modify("Fondo blanco"), 0.02, 0.02, 0.12, 0.1);
      const blue = regionMean(await modify("con fondo azul"), 0.02, 0.02, 0.12, 0.1);
      expect(Math.max(...black)).toBeLessThan(40);
      expect(Math.min(...white)).toBeGreaterThan(235);
      expect(blue[2]).toBeGreaterThan(blue[0] + 60);
    });

    it("leaves the earlier picture's shadow behind when it changes the backdrop", async () => {
      const earlier = await provider.generate(request());
      const changed = await provider.generate(request({ kind: "modify", instruction: "fondo negro", source: earlier }));
      const picture = await decodeImage(changed.bytes);
      const centre = Math.floor(picture.width / 2);
      let bottom = picture.height - 1;
      const red = (x: number, y: number) => {
        const i = (y * picture.width + x) * 4;
        return picture.data[i]! - Math.max(picture.data[i + 1]!, picture.data[i + 2]!) > 70;
      };
      while (bottom > 0 && !red(centre, bottom)) bottom--;
      let brightest = 0;
      for (let y = bottom + 4; y < bottom + 40; y++) {
        for (let x = centre - 150; x < centre + 150; x += 5) {
          const i = (y * picture.width + x) * 4;
          brightest = Math.max(brightest, picture.data[i]!, picture.data[i + 1]!, picture.data[i + 2]!);
        }
      }
      expect(bottom).toBeGreaterThan(picture.height / 2);
      expect(brightest).toBeLessThan(60);
    });

    it("an instruction it does not understand still changes the picture, the same way each time", async () => {
      const a = await generate({ kind: "modify", instruction: "que parezca de verano" });
      const b = await generate({ kind: "modify", instruction: "estilo elegante" });
      expect(a).not.toEqual(b);
      expect(await generate({ kind: "modify", instruction: "que parezca de verano" })).toEqual(a);
    });
  });
});
