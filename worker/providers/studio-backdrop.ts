/**
 * The backdrop a seller shot the product on — a wall, a sheet, a table — read from the photo's border, and
 * the test of whether a pixel belongs to it.
 */
import type { RgbaImage } from "./codecs";
import type { Rgb } from "./studio-look";

export interface Backdrop {
  /** "cutout": the photo already has a transparent background; "none": its border is not one colour. */
  kind: "plain" | "cutout" | "none";
  /** Backdrops darken toward the floor or the light's far side: modelled as a top-to-bottom gradient. */
  top: Rgb;
  bottom: Rgb;
  /** Colour distance under which a pixel still counts as backdrop. */
  tolerance: number;
}

/** Which slice of the analysed photo an image shows, top to bottom, as fractions of its height. */
export interface RowSpan {
  from: number;
  to: number;
}

/** The whole analysed photo. */
export const WHOLE: RowSpan = { from: 0, to: 1 };

export function estimateBackdrop(image: RgbaImage): Backdrop {
  const { width, height, data } = image;
  const depth = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  const band = (fromRow: number) => {
    const samples: number[] = [];
    for (let y = fromRow; y < fromRow + depth; y++) for (let x = 0; x < width; x++) samples.push((y * width + x) * 4);
    return samples;
  };
  const top = band(0);
  const bottom = band(height - depth);
  const sides: number[] = [];
  for (let y = depth; y < height - depth; y++) {
    for (let d = 0; d < depth; d++) sides.push((y * width + d) * 4, (y * width + width - 1 - d) * 4);
  }
  const all = [...top, ...bottom, ...sides];
  const transparent = all.filter((i) => data[i + 3]! < 128).length;
  if (transparent > all.length / 2) return { kind: "cutout", top: [255, 255, 255], bottom: [255, 255, 255], tolerance: 0 };

  const model = { top: medianColor(data, top), bottom: medianColor(data, bottom) };
  const colors = backdropRows({ kind: "plain", ...model, tolerance: 0 }, height, WHOLE);
  const distances = all.map((i) => distance(data, i, colors, Math.floor(i / 4 / width))).sort((a, b) => a - b);
  const typical = distances[Math.floor(distances.length * 0.8)]!;
  // Most of the border must match the model; tolerance grows with the backdrop's own unevenness.
  const uniform = distances.filter((d) => d < 30).length >= distances.length * 0.7;
  return { kind: uniform ? "plain" : "none", ...model, tolerance: Math.min(70, Math.max(28, typical * 1.6 + 14)) };
}

/** The backdrop's average brightness (BT.601 luma), the reference for exposure. */
export function backdropLuma(backdrop: Backdrop): number {
  const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  return (luma(backdrop.top) + luma(backdrop.bottom)) / 2;
}

/** The expected backdrop colour of each row of an image showing `rows` of the analysed photo. */
export function backdropRows(backdrop: Backdrop, height: number, rows: RowSpan): Float32Array {
  const colors = new Float32Array(height * 3);
  for (let y = 0; y < height; y++) {
    const t = Math.min(1, Math.max(0, rows.from + ((rows.to - rows.from) * (y + 0.5)) / height));
    for (let c = 0; c < 3; c++) colors[y * 3 + c] = backdrop.top[c]! + (backdrop.bottom[c]! - backdrop.top[c]!) * t;
  }
  return colors;
}

export function isForeground(data: Uint8ClampedArray, i: number, row: number, backdrop: Backdrop, colors: Float32Array): boolean {
  if (backdrop.kind === "cutout") return data[i + 3]! >= 128;
  return distance(data, i, colors, row) > backdrop.tolerance;
}

function distance(data: Uint8ClampedArray, i: number, colors: Float32Array, row: number): number {
  const dr = data[i]! - colors[row * 3]!;
  const dg = data[i + 1]! - colors[row * 3 + 1]!;
  const db = data[i + 2]! - colors[row * 3 + 2]!;
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

function medianColor(data: Uint8ClampedArray, samples: number[]): Rgb {
  const median = (channel: number) => {
    const histogram = new Uint32Array(256);
    for (const i of samples) histogram[data[i + channel]!]!++;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen * 2 >= samples.length) return v;
    }
    return 255;
  };
  return [median(0), median(1), median(2)];
}
