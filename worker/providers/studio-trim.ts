/**
 * Finds the product in a seller's photo: the box to crop it to, and its outline (what differs clearly from
 * the backdrop), so it can be set on the studio backdrop without the one it was shot on.
 */
import type { RgbaImage } from "./codecs";
import { backdropRows, isForeground, WHOLE, type Backdrop, type RowSpan } from "./studio-backdrop";

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box around every pixel that differs from the backdrop, padded a little; null when nothing stands
 * out enough to be worth cropping to.
 */
export function productBounds(image: RgbaImage, backdrop: Backdrop): Rect | null {
  if (backdrop.kind === "none") return null;
  const { width, height, data } = image;
  const colors = backdropRows(backdrop, height, WHOLE);
  const rowHits = new Uint32Array(height);
  const columnHits = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (isForeground(data, (y * width + x) * 4, y, backdrop, colors)) {
        rowHits[y]!++;
        columnHits[x]!++;
      }
    }
  }
  // A few stray pixels (dust, sensor noise, JPEG ringing) must not stretch the box.
  const rows = span(rowHits, Math.max(2, width * 0.004));
  const columns = span(columnHits, Math.max(2, height * 0.004));
  if (!rows || !columns) return null;
  const boxWidth = columns[1] - columns[0] + 1;
  const boxHeight = rows[1] - rows[0] + 1;
  if (boxWidth * boxHeight < width * height * 0.01) return null;
  const pad = Math.round(Math.max(boxWidth, boxHeight) * 0.03) + 1;
  const x = Math.max(0, columns[0] - pad);
  const y = Math.max(0, rows[0] - pad);
  return { x, y, width: Math.min(width, columns[1] + pad + 1) - x, height: Math.min(height, rows[1] + pad + 1) - y };
}

/**
 * Opacity (0–255) of the product over the backdrop: backdrop is what connects to the photo's edge through
 * backdrop-coloured pixels, so light parts inside the garment (a white print) stay opaque.
 *
 * With `dropShadows` the fill then grows into shade: pixels of the backdrop's hue that darken slowly and
 * smoothly, as the shadows of an earlier studio picture do, while a garment's outline is a step. Only for
 * such pictures: in a seller's photo a light grey garment with a soft edge can pass for a shadow.
 */
export function productMask(image: RgbaImage, backdrop: Backdrop, rows: RowSpan, dropShadows: boolean): Uint8Array {
  const { width, height, data } = image;
  const count = width * height;
  const mask = new Uint8Array(count);
  if (backdrop.kind === "cutout") {
    for (let p = 0; p < count; p++) mask[p] = data[p * 4 + 3]!;
    return mask;
  }
  mask.fill(255);
  if (backdrop.kind === "none") return mask;

  const colors = backdropRows(backdrop, height, rows);
  const near = new Uint8Array(count);
  for (let p = 0; p < count; p++) near[p] = isForeground(data, p * 4, Math.floor(p / width), backdrop, colors) ? 0 : 1;
  // Backdrop only where the whole 3×3 neighbourhood is: the one-pixel blend between two stripes of a garment
  // can match the backdrop and would otherwise let the fill run across it.
  const plain = (p: number) => {
    const x = p % width;
    const left = x > 0 ? 1 : 0;
    const right = x < width - 1 ? 1 : 0;
    for (const row of [p - width, p, p + width]) {
      if (row < 0 || row >= count) continue;
      if (!near[row - left] || !near[row] || !near[row + right]) return false;
    }
    return true;
  };
  const queue = new Int32Array(count);
  let tail = 0;
  const seed = (p: number) => {
    if (mask[p] === 255 && plain(p)) {
      mask[p] = 0;
      queue[tail++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  for (let head = 0; head < tail; head++) forEachNeighbour(queue[head]!, width, count, seed);
  if (dropShadows) growIntoShade(image, mask, queue.subarray(0, tail), colors, backdrop.tolerance);
  return softenEdges(erodeOnce(mask, width, height), width, height);
}

/**
 * Breadth first from the plain backdrop (`backdropPixels`) into shade, each path allowed to darken by
 * SHADE_RATE per pixel from where it left the plain backdrop (which tolerates a little shade already), and
 * only through pixels that change gently toward every neighbour: a shadow does, a thin line between two
 * stripes of a garment does not.
 */
function growIntoShade(image: RgbaImage, mask: Uint8Array, backdropPixels: Int32Array, colors: Float32Array, tolerance: number) {
  const { width, height, data } = image;
  const count = width * height;
  const darknessOf = (p: number) => shadeDarkness(data, p * 4, colors, Math.floor(p / width), tolerance);
  const smooth = (q: number) => {
    let steepest = 0;
    forEachNeighbour(q, width, count, (n) => (steepest = Math.max(steepest, colourStep(data, q * 4, n * 4))));
    return steepest <= SHADE_STEP;
  };
  const queue = new Int32Array(count);
  queue.set(backdropPixels);
  let tail = backdropPixels.length;
  const reach = new Uint16Array(count);
  const start = new Float32Array(count);
  for (const p of backdropPixels) start[p] = darknessOf(p) ?? 0;
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    forEachNeighbour(p, width, count, (q) => {
      if (mask[q] !== 255) return;
      const distance = Math.min(65535, reach[p]! + 1);
      const darkness = darknessOf(q);
      if (darkness === null || darkness > start[p]! + distance * SHADE_RATE || !smooth(q)) return;
      mask[q] = 0;
      reach[q] = distance;
      start[q] = start[p]!;
      queue[tail++] = q;
    });
  }
}

function forEachNeighbour(p: number, width: number, count: number, visit: (q: number) => void) {
  const x = p % width;
  if (x > 0) visit(p - 1);
  if (x < width - 1) visit(p + 1);
  if (p >= width) visit(p - width);
  if (p < count - width) visit(p + width);
}

/** How fast (share of the backdrop's brightness per pixel) a shadow may darken and still count as one. */
const SHADE_RATE = 0.008;
/** Largest colour change (summed over R, G, B) to any neighbour inside a shadow. */
const SHADE_STEP = 18;

function colourStep(data: Uint8ClampedArray, i: number, j: number): number {
  return Math.abs(data[i]! - data[j]!) + Math.abs(data[i + 1]! - data[j + 1]!) + Math.abs(data[i + 2]! - data[j + 2]!);
}

/** For a darker pixel of the backdrop's own hue, how much darker (0–1); null for anything else. */
function shadeDarkness(data: Uint8ClampedArray, i: number, colors: Float32Array, row: number, tolerance: number): number | null {
  const b = row * 3;
  const k = (data[i]! + data[i + 1]! + data[i + 2]!) / Math.max(1, colors[b]! + colors[b + 1]! + colors[b + 2]!);
  if (k < 0.4 || k > 1.05) return null;
  const dr = data[i]! - colors[b]! * k;
  const dg = data[i + 1]! - colors[b + 1]! * k;
  const db = data[i + 2]! - colors[b + 2]! * k;
  return Math.sqrt(dr * dr + dg * dg + db * db) <= tolerance * 0.6 ? Math.max(0, 1 - k) : null;
}

/** The outermost product pixels are mixed with the backdrop it was shot on; dropping them avoids a halo. */
function erodeOnce(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = mask.slice();
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (mask[p] === 255 && (mask[p - 1] === 0 || mask[p + 1] === 0 || mask[p - width] === 0 || mask[p + width] === 0)) out[p] = 0;
    }
  }
  return out;
}

/** Two 3×3 box passes turn the hard flood-fill edge into a two-pixel anti-aliased one. */
function softenEdges(mask: Uint8Array, width: number, height: number): Uint8Array {
  let current = mask;
  for (let pass = 0; pass < 2; pass++) {
    const next = new Uint8Array(current.length);
    for (let y = 0; y < height; y++) {
      const up = Math.max(0, y - 1) * width;
      const row = y * width;
      const down = Math.min(height - 1, y + 1) * width;
      for (let x = 0; x < width; x++) {
        const left = Math.max(0, x - 1);
        const right = Math.min(width - 1, x + 1);
        const sum =
          current[up + left]! +
          current[up + x]! +
          current[up + right]! +
          current[row + left]! +
          current[row + x]! +
          current[row + right]! +
          current[down + left]! +
          current[down + x]! +
          current[down + right]!;
        next[row + x] = (sum + 4) / 9;
      }
    }
    current = next;
  }
  return current;
}

function span(hits: Uint32Array, minimum: number): [number, number] | null {
  let first = -1;
  let last = -1;
  for (let i = 0; i < hits.length; i++) {
    if (hits[i]! < minimum) continue;
    if (first < 0) first = i;
    last = i;
  }
  return first < 0 ? null : [first, last];
}
