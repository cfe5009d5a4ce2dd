/**
 * Decoding and encoding inside workerd with jSquash's WebAssembly builds of MozJPEG, libpng and libwebp.
 *
 * workerd refuses to compile WebAssembly from bytes at run time, so each codec's `.wasm` is imported as a
 * module (compiled when the Worker loads) and handed to the codec's `init()`; without that the codecs would
 * try to fetch their `.wasm` from a URL.
 */
import decodeJpegRaw, { init as initJpegDecoder } from "@jsquash/jpeg/decode";
import encodeJpegRaw, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import jpegDecoderWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import jpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import decodePngRaw, { init as initPngCodec } from "@jsquash/png/decode";
import encodePngRaw, { init as initPngEncoder } from "@jsquash/png/encode";
import pngCodecWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import decodeWebpRaw, { init as initWebpDecoder } from "@jsquash/webp/decode";
import webpDecoderWasm from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import encodeWebpRaw, { init as initWebpEncoder } from "@jsquash/webp/encode";
// workerd's V8 has WebAssembly SIMD, so jSquash's init picks its SIMD build: this is the module it expects.
import webpEncoderWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import { log } from "../lib/log";
import { type DecodeRefusal, decodeRefusal, imageDimensions, MAX_IMAGE_PIXELS, MAX_JPEG_SCANS, sniffImageMime } from "./codec-header";
import type { RgbaImage } from "./types";

export {
  type DecodeRefusal,
  decodeRefusal,
  imageDimensions,
  jpegScanCount,
  MAX_IMAGE_PIXELS,
  MAX_JPEG_SCANS,
  sniffImageMime,
  type ImageSize,
} from "./codec-header";
export { resizeImage, resizeToFit } from "./codec-resize";
export type { RgbaImage } from "./types";

/** The image cannot be used; the message is for the seller, `refusal` says why for callers that word their own. */
export class ImageCodecError extends Error {
  constructor(readonly refusal: DecodeRefusal) {
    super(codecMessage(refusal));
  }
}

function codecMessage(refusal: DecodeRefusal): string {
  switch (refusal.reason) {
    case "pixels":
      return `La imagen es demasiado grande: el máximo es ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles.`;
    case "scans":
      return `La imagen es un JPEG progresivo de ${refusal.scans.toLocaleString("es-AR")} pasadas (el máximo es ${MAX_JPEG_SCANS}) y abrirla tardaría demasiado.`;
    default:
      return "No se pudo leer la imagen.";
  }
}

/** jSquash's typings omit the overload its code has: init(compiledModule, emscriptenModuleOverrides). */
type InitWithModule = (compiled: WebAssembly.Module, overrides?: object) => Promise<unknown>;

/**
 * What the Emscripten codecs print ("Corrupt JPEG data: …" for a damaged upload) becomes one of our
 * log lines instead of bare console text. (The PNG codec, built with wasm-bindgen, prints nothing.)
 */
const CODEC_OUTPUT = {
  print: (detail: string) => log("info", "image codec output", { detail }),
  printErr: (detail: string) => log("warn", "image codec complaint", { detail }),
};

/**
 * One codec instance per isolate, created on first use. A failed call may leave an Emscripten instance
 * aborted, so after a failure the next call starts a fresh one. (The PNG codec, built with wasm-bindgen,
 * ignores a second init and keeps its first instance.)
 */
function codec<Args extends unknown[], Result>(
  init: InitWithModule,
  compiled: WebAssembly.Module,
  run: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  let ready: Promise<unknown> | undefined;
  return async (...args) => {
    ready ??= init(compiled, CODEC_OUTPUT);
    try {
      await ready;
      return await run(...args);
    } catch (error) {
      ready = undefined;
      throw error;
    }
  };
}

const decoders = {
  "image/jpeg": codec(initJpegDecoder as InitWithModule, jpegDecoderWasm, (buffer: ArrayBuffer) =>
    // Phone photos are often stored sideways with an EXIF rotation.
    decodeJpegRaw(buffer, { preserveOrientation: true }),
  ),
  "image/png": codec(initPngCodec as InitWithModule, pngCodecWasm, (buffer: ArrayBuffer) => decodePngRaw(buffer)),
  "image/webp": codec(initWebpDecoder as InitWithModule, webpDecoderWasm, (buffer: ArrayBuffer) => decodeWebpRaw(buffer)),
};

const jpegEncoder = codec(initJpegEncoder as InitWithModule, jpegEncoderWasm, (image: RgbaImage, quality: number, scans: JpegScans) =>
  encodeJpegRaw(image, { quality, progressive: scans === "progressive" }),
);

// The same wasm-bindgen module as the decoder: whichever runs first sets it up for both.
const pngEncoder = codec(initPngEncoder as InitWithModule, pngCodecWasm, (image: RgbaImage) =>
  encodePngRaw(image as Parameters<typeof encodePngRaw>[0]),
);

const webpEncoder = codec(initWebpEncoder as InitWithModule, webpEncoderWasm, (image: RgbaImage, quality: number) =>
  encodeWebpRaw(image, { quality }),
);

/**
 * Decodes a JPEG, PNG or WebP (told apart by magic bytes, not by the claimed type) to RGBA.
 * Throws ImageCodecError when the bytes are not a readable image, or when decoding them would cost more
 * than we allow (over MAX_IMAGE_PIXELS, or a JPEG of more than MAX_JPEG_SCANS scans): that is decided from
 * the header and markers before any decoder runs.
 */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
  const refusal = decodeRefusal(bytes);
  if (refusal) throw new ImageCodecError(refusal);
  const mime = sniffImageMime(bytes)!;
  const unreadable = new ImageCodecError({ reason: "unreadable" });
  let decoded: { width: number; height: number; data: Uint8ClampedArray };
  try {
    decoded = await decoders[mime](exactBuffer(bytes));
  } catch {
    throw unreadable;
  }
  if (!decoded || decoded.width * decoded.height * 4 !== decoded.data?.length) throw unreadable;
  return { width: decoded.width, height: decoded.height, data: decoded.data };
}

/**
 * How the JPEG's data is laid out. Baseline by default: MozJPEG's progressive mode tries several scan scripts
 * and costs about twice the CPU (a 1080×1350 picture 259–278 ms against 136–149, 1536×1920 507–522 against
 * 230–259, on this 2-core box) for a file about 6% smaller, and no shopper sees our JPEGs load: the store and
 * the app show the WebP renditions (worker/lib/renditions.ts), the JPEG is what a seller downloads and what a
 * link preview shows. Progressive stays for the tests that need scans to count.
 */
export type JpegScans = "baseline" | "progressive";

/**
 * Encodes a JPEG (alpha is dropped). `quality` is MozJPEG's 1–100 scale, not the browser's 0–1:
 * 85–90 suits catalogue pictures, about 75 a small preview.
 */
export async function encodeJpeg(image: RgbaImage, quality: number, scans: JpegScans = "baseline"): Promise<Uint8Array> {
  if (!(quality >= 1 && quality <= 100)) throw new RangeError(`JPEG quality must be 1–100, got ${quality}`);
  return new Uint8Array(await jpegEncoder(image, quality, scans));
}

/** Encodes a lossless PNG (8 bits per channel), for pictures that must stay sharp, such as a QR code to print. */
export async function encodePng(image: RgbaImage): Promise<Uint8Array> {
  return new Uint8Array(await pngEncoder(image));
}

/** Encodes a lossy WebP (libwebp's 0–100 quality; alpha kept, so a logo's clear background stays clear). */
export async function encodeWebp(image: RgbaImage, quality: number): Promise<Uint8Array> {
  if (!(quality >= 0 && quality <= 100)) throw new RangeError(`WebP quality must be 0–100, got ${quality}`);
  return new Uint8Array(await webpEncoder(image, quality));
}

/** The codecs read the whole ArrayBuffer, so a view into a larger buffer must be copied out. */
function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return bytes.slice().buffer;
}

/** Stored and served generated images: JPEG at this quality (a 2K picture comes to a few hundred KB). */
export const WEB_JPEG_QUALITY = 85;

/** Transparent pixels over white, as a page would show them; JPEG has no alpha. Works in place. */
export function flattenOnWhite(image: RgbaImage): RgbaImage {
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 255) continue;
    const keep = alpha / 255;
    const white = 255 * (1 - keep);
    data[i] = data[i]! * keep + white;
    data[i + 1] = data[i + 1]! * keep + white;
    data[i + 2] = data[i + 2]! * keep + white;
    data[i + 3] = 255;
  }
  return image;
}

/** A catalogue photo at quality 85 weighs well under this; a heavier JPEG was saved near-lossless (OpenAI's default). */
const WEB_JPEG_BYTES_PER_PIXEL = 0.5;

/**
 * A provider's image as we store it: JPEG at about WEB_JPEG_QUALITY, alpha on
 * white, at the provider's own resolution (no resizing: Pro stays 2K). A JPEG
 * that is already that light is kept as made (encoding it again only loses
 * detail); PNGs and heavy JPEGs are encoded again.
 */
export async function toWebJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  if (sniffImageMime(bytes) === "image/jpeg") {
    const size = imageDimensions(bytes);
    if (!size || bytes.length <= size.width * size.height * WEB_JPEG_BYTES_PER_PIXEL) return bytes;
  }
  return encodeJpeg(flattenOnWhite(await decodeImage(bytes)), WEB_JPEG_QUALITY);
}
