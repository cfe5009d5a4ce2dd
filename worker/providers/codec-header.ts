/**
 * Reads an image's format and size from its first bytes, so oversized or foreign files are refused before a
 * decoder allocates memory for them, and counts a JPEG's scans, so a file whose decoding would take seconds
 * is refused before a decoder spends them.
 */
import type { ImageMime } from "./types";

/**
 * Decoding peaks at about 8 bytes a pixel (the codec's WebAssembly copy plus the JavaScript copy): at 8 MP
 * that is 64 MB, half of an isolate's 128 MB, before the rest of the pipeline. The web app shrinks photos
 * over 1 MB to 1200 px before upload, so only unusual direct uploads come near this.
 * `npm run bench:studio -- 3264x2448` measures a photo at the limit.
 */
export const MAX_IMAGE_PIXELS = 8_000_000;

/**
 * A progressive JPEG is decoded scan by scan, and every scan is a pass over every block of the picture it
 * covers, whether or not it carries data: the work grows with scans × pixels, and neither the size limit
 * nor the pixel limit sees the scans. Phones and cameras write about ten (libjpeg's default script has 10,
 * MozJPEG's 7 to 10, Photoshop 3 to 5); a file of 35,000 empty scans took 38 s to decode at 8 MP. At 8 MP
 * an empty scan costs about 2 ms of decoding here, so this limit keeps the scans' share of the worst
 * decode within a few hundred milliseconds, and leaves room for any encoder's real script.
 */
export const MAX_JPEG_SCANS = 100;

/** Why a decoder must not be given these bytes; absent when decoding them is bounded. */
export type DecodeRefusal = { reason: "unreadable" } | { reason: "pixels"; pixels: number } | { reason: "scans"; scans: number };

/**
 * Whether decoding `bytes` has a bounded cost, decided from the header and markers alone: a known format,
 * a readable size within MAX_IMAGE_PIXELS, and for a JPEG at most MAX_JPEG_SCANS scans. Linear in the
 * bytes (a 10 MB file is read in milliseconds); the decoders then do at most a bounded amount of work.
 */
export function decodeRefusal(bytes: Uint8Array): DecodeRefusal | null {
  const mime = sniffImageMime(bytes);
  const size = imageDimensions(bytes);
  if (!mime || !size) return { reason: "unreadable" };
  if (size.width * size.height > MAX_IMAGE_PIXELS) return { reason: "pixels", pixels: size.width * size.height };
  if (mime === "image/jpeg") {
    const scans = jpegScanCount(bytes);
    if (scans === 0) return { reason: "unreadable" };
    if (scans > MAX_JPEG_SCANS) return { reason: "scans", scans };
  }
  return null;
}

/**
 * The scans a JPEG decoder goes through, counted from the markers the way libjpeg reads them: segments are
 * skipped by their length, stray bytes between markers and the entropy-coded data of each scan up to the
 * next marker are passed over, and reading stops at the first EOI (what follows it, such as the
 * Multi-Picture Format's second image on phone photos, is never decoded). An EXIF thumbnail lives inside
 * its APP1 segment and is skipped with it.
 */
export function jpegScanCount(bytes: Uint8Array): number {
  let scans = 0;
  let at = 2;
  for (;;) {
    const ff = bytes.indexOf(0xff, at);
    if (ff < 0) return scans;
    let marker = ff + 1;
    while (bytes[marker] === 0xff) marker++; // fill bytes before a marker
    if (marker >= bytes.length) return scans;
    const code = bytes[marker]!;
    at = marker + 1;
    // A stuffed zero inside scan data, a restart marker, TEM or SOI: no segment follows.
    if (code === 0x00 || code === 0x01 || code === 0xd8 || (code >= 0xd0 && code <= 0xd7)) continue;
    if (code === 0xd9) return scans;
    if (code === 0xda) scans++;
    const length = u16be(bytes, at);
    // libjpeg stops at a segment shorter than its own length field.
    if (length < 2) return scans;
    at += length;
  }
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The format the bytes really hold (magic bytes), whatever the upload claimed. */
export function sniffImageMime(bytes: Uint8Array): ImageMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && ascii(bytes, 1, 3) === "PNG" && bytes[0] === 0x89) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** Displayed width and height (JPEG EXIF rotation applied), or null when the header cannot be read. */
export function imageDimensions(bytes: Uint8Array): ImageSize | null {
  const size = storedDimensions(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function storedDimensions(bytes: Uint8Array): ImageSize | null {
  switch (sniffImageMime(bytes)) {
    case "image/jpeg":
      return jpegDimensions(bytes);
    case "image/png":
      return bytes.length >= 24 && ascii(bytes, 12, 4) === "IHDR" ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
    case "image/webp":
      return webpDimensions(bytes);
    default:
      return null;
  }
}

function jpegDimensions(bytes: Uint8Array): ImageSize | null {
  let rotated = false;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = u16be(bytes, offset + 2);
    if (length < 2) return null;
    const segment = offset + 4;
    if (marker === 0xe1 && ascii(bytes, segment, 4) === "Exif") rotated = exifSwapsAxes(bytes, segment + 6, segment + length - 2);
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      if (segment + 5 > bytes.length) return null;
      const height = u16be(bytes, segment + 1);
      const width = u16be(bytes, segment + 3);
      return rotated ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xda) return null; // scan data before any frame header
    offset = segment + length - 2;
  }
  return null;
}

/** EXIF orientations 5–8 turn the picture a quarter, which the decoder applies. */
function exifSwapsAxes(bytes: Uint8Array, tiff: number, end: number): boolean {
  if (tiff + 8 > end || end > bytes.length) return false;
  const little = ascii(bytes, tiff, 2) === "II";
  const read16 = (at: number) => (little ? bytes[at]! | (bytes[at + 1]! << 8) : u16be(bytes, at));
  const read32 = (at: number) => (little ? (read16(at) | (read16(at + 2) << 16)) >>> 0 : u32be(bytes, at));
  const ifd = tiff + read32(tiff + 4);
  if (ifd + 2 > end) return false;
  const entries = read16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return false;
    if (read16(entry) === 0x0112) return read16(entry + 8) >= 5 && read16(entry + 8) <= 8;
  }
  return false;
}

function webpDimensions(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8X") return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  return null;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => ((u16be(b, at) << 16) | u16be(b, at + 2)) >>> 0;
