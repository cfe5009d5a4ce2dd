import encodePngRaw, { init as initPngEncoder } from "@jsquash/png/encode";
import pngCodecWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import encodeWebpRaw, { init as initWebpEncoder } from "@jsquash/webp/encode";
import webpEncoderWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import { describe, expect, it } from "vitest";
import {
  decodeImage,
  encodeJpeg,
  ImageCodecError,
  imageDimensions,
  jpegScanCount,
  MAX_IMAGE_PIXELS,
  resizeToFit,
  sniffImageMime,
  type RgbaImage,
} from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";
import { workerLogs } from "./capture-logs";

type InitWithModule = (compiled: WebAssembly.Module) => Promise<unknown>;

async function encodePng(image: RgbaImage) {
  await (initPngEncoder as InitWithModule)(pngCodecWasm);
  return new Uint8Array(await encodePngRaw(image));
}

// workerd runs WebAssembly SIMD, so jSquash's encoder picks its SIMD build.
async function encodeWebp(image: RgbaImage, lossless: boolean) {
  await (initWebpEncoder as InitWithModule)(webpEncoderWasm);
  return new Uint8Array(await encodeWebpRaw(image, { quality: 90, lossless: lossless ? 1 : 0 }));
}

const photo = samplePhoto({ width: 300, height: 400, garment: [40, 90, 200] });

function meanAbsDifference(a: RgbaImage, b: RgbaImage) {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / ((a.data.length / 4) * 3);
}

describe("image codecs in workerd", () => {
  it("round-trips a JPEG and reads its size from the header", async () => {
    const jpeg = await encodeJpeg(photo, 90);
    expect(sniffImageMime(jpeg)).toBe("image/jpeg");
    expect(imageDimensions(jpeg)).toEqual({ width: 300, height: 400 });
    const decoded = await decodeImage(jpeg);
    expect([decoded.width, decoded.height]).toEqual([300, 400]);
    expect(meanAbsDifference(decoded, photo)).toBeLessThan(3);
  });

  it("writes a baseline JPEG (one scan) unless asked for a progressive one, and both decode alike", async () => {
    const baseline = await encodeJpeg(photo, 85);
    const progressive = await encodeJpeg(photo, 85, "progressive");
    expect(jpegScanCount(baseline)).toBe(1);
    expect(jpegScanCount(progressive)).toBeGreaterThan(3);
    const [a, b] = await Promise.all([decodeImage(baseline), decodeImage(progressive)]);
    expect(meanAbsDifference(a, b)).toBeLessThan(1);
  });

  it("decodes PNG (with transparency) and WebP, lossy and lossless", async () => {
    const cutOut = samplePhoto({ width: 120, height: 160, garment: [200, 40, 50], transparent: true });
    const png = await encodePng(cutOut);
    expect(imageDimensions(png)).toEqual({ width: 120, height: 160 });
    const fromPng = await decodeImage(png);
    expect(fromPng.data).toEqual(cutOut.data);

    for (const lossless of [true, false]) {
      const webp = await encodeWebp(photo, lossless);
      expect(sniffImageMime(webp)).toBe("image/webp");
      expect(imageDimensions(webp)).toEqual({ width: 300, height: 400 });
      const fromWebp = await decodeImage(webp);
      expect([fromWebp.width, fromWebp.height]).toEqual([300, 400]);
      expect(meanAbsDifference(fromWebp, photo)).toBeLessThan(lossless ? 0.01 : 4);
    }
  });

  it("refuses garbage and broken files, and keeps decoding good ones afterwards", async () => {
    // Progressive, so the zeros below land on scan headers the decoder complains about (phones send both kinds).
    const jpeg = await encodeJpeg(photo, 80, "progressive");
    await expect(decodeImage(new TextEncoder().encode("not an image at all"))).rejects.toThrow(ImageCodecError);
    await expect(decodeImage(jpeg.slice(0, 20))).rejects.toThrow("No se pudo leer la imagen.");
    const withoutScan = jpeg.slice();
    withoutScan.fill(0x00, 200);
    await expect(decodeImage(withoutScan)).rejects.toThrow("No se pudo leer la imagen.");
    const corrupt = jpeg.slice();
    corrupt.fill(0x00, 300, 2000);
    await decodeImage(corrupt).catch(() => undefined);
    // The decoder's own complaints arrive as our log lines, not as bare console text.
    expect(
      workerLogs({ level: "warn", message: "image codec complaint" })
        .map((l) => l.detail)
        .join("\n"),
    ).toMatch(/JPEG|marker/);
    await expect(decodeImage(jpeg)).resolves.toMatchObject({ width: 300, height: 400 });

    const png = await encodePng(photo);
    const brokenPng = png.slice();
    brokenPng.fill(0xaa, 40);
    await expect(decodeImage(brokenPng)).rejects.toThrow(ImageCodecError);
    await expect(decodeImage(png)).resolves.toMatchObject({ width: 300, height: 400 });
  });

  it("refuses an image whose header declares too many pixels, before decoding it", async () => {
    const png = await encodePng(photo);
    const huge = png.slice();
    new DataView(huge.buffer).setUint32(16, 8000);
    new DataView(huge.buffer).setUint32(20, 6000);
    expect(8000 * 6000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    await expect(decodeImage(huge)).rejects.toThrow(/demasiado grande/);
  });

  it("shrinks to fit a box without enlarging, keeping colours", async () => {
    const small = resizeToFit(photo, 150, 150);
    expect([small.width, small.height]).toEqual([113, 150]);
    expect(resizeToFit(photo, 1000, 1000)).toBe(photo);
    const corner = small.data.subarray(0, 4);
    expect(Math.abs(corner[0]! - photo.data[0]!)).toBeLessThanOrEqual(2);
    expect(corner[3]).toBe(255);
  });
});
