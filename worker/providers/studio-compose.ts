/**
 * Painting the studio picture: a lit backdrop sweep, the product's clean outline and the final blend.
 * Everything is plain arithmetic on typed arrays, so the same input always gives the same pixels.
 */
import type { RgbaImage } from "./codecs";
import { luma } from "./studio-exposure";
import type { StudioLook } from "./studio-look";

export interface Placement {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Walls read lighter toward the top; the floor, from about two-thirds down, a little darker. */
export function paintBackdrop(look: StudioLook): RgbaImage {
  const { width, height, backdrop } = look;
  const data = new Uint8ClampedArray(width * height * 4);
  const horizon = 0.68;
  const rowLight = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    const t = y / height;
    const wall = 1.06 - 0.07 * (t / horizon);
    const floor = 0.99 - 0.07 * Math.max(0, (t - horizon) / (1 - horizon));
    const blend = smoothstep(horizon - 0.06, horizon + 0.06, t);
    rowLight[y] = wall + (floor - wall) * blend;
  }
  const columnLight = new Float32Array(width);
  for (let x = 0; x < width; x++) columnLight[x] = 1 - 0.05 * ((2 * x) / width - 1) ** 2;

  // Dither of about ±1 level hides the bands an 8-bit gradient would show after JPEG.
  const random = mulberry32(look.grainSeed);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      const light = rowLight[y]! * columnLight[x]!;
      const grain = random() + random() - 1;
      data[i] = backdrop[0] * light + grain;
      data[i + 1] = backdrop[1] * light + grain;
      data[i + 2] = backdrop[2] * light + grain;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/**
 * Along the product's soft outline the photo's pixels still hold some of the backdrop it was shot on,
 * which would show as a light rim on a darker studio backdrop: they take the colour of the solid product
 * just inside instead. Changes `product` in place.
 */
export function bleedEdgeColours(product: RgbaImage, mask: Uint8Array): void {
  const { width, height, data } = product;
  const reach = 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (mask[p] === 0 || mask[p] === 255) continue;
      let r = 0,
        g = 0,
        b = 0,
        n = 0;
      for (let dy = -reach; dy <= reach; dy++) {
        const row = y + dy;
        if (row < 0 || row >= height) continue;
        for (let dx = -reach; dx <= reach; dx++) {
          const column = x + dx;
          if (column < 0 || column >= width || mask[row * width + column] !== 255) continue;
          const i = (row * width + column) * 4;
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
          n++;
        }
      }
      if (n === 0) continue;
      data[p * 4] = r / n;
      data[p * 4 + 1] = g / n;
      data[p * 4 + 2] = b / n;
    }
  }
}

/** Blends the product over the canvas through its mask. */
export function placeProduct(canvas: RgbaImage, product: RgbaImage, mask: Uint8Array, at: Placement): void {
  for (let y = 0; y < at.height; y++) {
    const canvasY = at.top + y;
    if (canvasY < 0 || canvasY >= canvas.height) continue;
    for (let x = 0; x < at.width; x++) {
      const canvasX = at.left + x;
      if (canvasX < 0 || canvasX >= canvas.width) continue;
      const alpha = mask[y * at.width + x]!;
      if (alpha === 0) continue;
      const a = alpha / 255;
      const source = (y * at.width + x) * 4;
      const target = (canvasY * canvas.width + canvasX) * 4;
      for (let c = 0; c < 3; c++) {
        canvas.data[target + c] = canvas.data[target + c]! + (product.data[source + c]! - canvas.data[target + c]!) * a;
      }
    }
  }
}

export function toGrayscale(image: RgbaImage): void {
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const y = luma(data, i);
    data[i] = y;
    data[i + 1] = y;
    data[i + 2] = y;
  }
}

/** A small seeded generator: the grain must repeat exactly for the same seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
};
