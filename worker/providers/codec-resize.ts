/**
 * Resampling in plain TypeScript: a separable triangle filter whose reach widens with the reduction, so a
 * large downscale averages every source pixel (no aliasing) and an enlargement is bilinear.
 */
import type { RgbaImage } from "./types";

/** Shrinks the image to fit inside maxWidth × maxHeight, keeping its aspect; never enlarges. */
export function resizeToFit(image: RgbaImage, maxWidth: number, maxHeight: number): RgbaImage {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  return resizeImage(image, width, height);
}

/** A rectangle of an image, in pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Resamples to exactly width × height (either direction); `from` limits the source to a region, which
 * crops without copying it first.
 */
export function resizeImage(image: RgbaImage, width: number, height: number, from?: Region): RgbaImage {
  const region = from ?? { x: 0, y: 0, width: image.width, height: image.height };
  if (!from && width === image.width && height === image.height) return image;
  // Averaging colour through transparent pixels would darken edges: weight colour by alpha.
  const translucent = hasTranslucency(image.data);
  const source = translucent ? { ...image, data: premultiplied(image.data) } : image;
  const across = resampleRows(source, region, width);
  const result = resampleColumns(across, width, region.height, height);
  if (translucent) unpremultiply(result);
  return { width, height, data: result };
}

interface Taps {
  first: Int32Array;
  count: Int32Array;
  /** `span` weights per output position, the first `count` of them in use. */
  weights: Float32Array;
  span: number;
}

function filterTaps(sourceLength: number, targetLength: number): Taps {
  const scale = targetLength / sourceLength;
  const reach = scale < 1 ? 1 / scale : 1;
  const span = Math.ceil(reach) * 2 + 2;
  const first = new Int32Array(targetLength);
  const count = new Int32Array(targetLength);
  const weights = new Float32Array(targetLength * span);
  for (let i = 0; i < targetLength; i++) {
    const centre = (i + 0.5) / scale;
    const lo = Math.max(0, Math.floor(centre - reach));
    const hi = Math.min(sourceLength, Math.ceil(centre + reach), lo + span);
    let total = 0;
    for (let j = lo; j < hi; j++) {
      const w = Math.max(0, 1 - Math.abs(j + 0.5 - centre) / reach);
      weights[i * span + j - lo] = w;
      total += w;
    }
    for (let k = 0; k < hi - lo; k++) weights[i * span + k]! /= total;
    first[i] = lo;
    count[i] = hi - lo;
  }
  return { first, count, weights, span };
}

function resampleRows(image: RgbaImage, region: Region, targetWidth: number): Uint8ClampedArray {
  const { data } = image;
  const taps = filterTaps(region.width, targetWidth);
  const out = new Uint8ClampedArray(targetWidth * region.height * 4);
  for (let y = 0; y < region.height; y++) {
    const row = ((region.y + y) * image.width + region.x) * 4;
    let o = y * targetWidth * 4;
    for (let x = 0; x < targetWidth; x++, o += 4) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      const base = x * taps.span;
      let p = row + taps.first[x]! * 4;
      for (let k = 0, n = taps.count[x]!; k < n; k++, p += 4) {
        const w = taps.weights[base + k]!;
        r += data[p]! * w;
        g += data[p + 1]! * w;
        b += data[p + 2]! * w;
        a += data[p + 3]! * w;
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  return out;
}

function resampleColumns(data: Uint8ClampedArray, width: number, height: number, targetHeight: number): Uint8ClampedArray {
  const taps = filterTaps(height, targetHeight);
  const out = new Uint8ClampedArray(width * targetHeight * 4);
  const stride = width * 4;
  const sums = new Float32Array(stride);
  for (let y = 0; y < targetHeight; y++) {
    sums.fill(0);
    const base = y * taps.span;
    for (let k = 0, n = taps.count[y]!; k < n; k++) {
      const w = taps.weights[base + k]!;
      const row = (taps.first[y]! + k) * stride;
      for (let i = 0; i < stride; i++) sums[i]! += data[row + i]! * w;
    }
    out.set(sums, y * stride);
  }
  return out;
}

function hasTranslucency(data: Uint8ClampedArray): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true;
  return false;
}

function premultiplied(data: Uint8ClampedArray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]! / 255;
    out[i] = data[i]! * a;
    out[i + 1] = data[i + 1]! * a;
    out[i + 2] = data[i + 2]! * a;
    out[i + 3] = data[i + 3]!;
  }
  return out;
}

function unpremultiply(data: Uint8ClampedArray): void {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!;
    if (a === 0 || a === 255) continue;
    const k = 255 / a;
    data[i] = data[i]! * k;
    data[i + 1] = data[i + 1]! * k;
    data[i + 2] = data[i + 2]! * k;
  }
}
