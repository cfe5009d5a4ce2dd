/**
 * The product's shadows on the studio backdrop: a soft drop shadow from its own silhouette (light from the
 * upper left) and a contact shadow where it meets the floor, so it does not float.
 */
import type { RgbaImage } from "./codecs";
import type { Placement } from "./studio-compose";

export function castShadows(canvas: RgbaImage, mask: Uint8Array, at: Placement): void {
  const factor = 4;
  const radius = Math.max(2, Math.round((canvas.width * 0.014) / factor));
  const pad = radius * 3;
  const smallWidth = Math.ceil(at.width / factor) + pad * 2;
  const smallHeight = Math.ceil(at.height / factor) + pad * 2;
  const small = new Float32Array(smallWidth * smallHeight);
  for (let y = 0; y < at.height; y++) {
    const row = (Math.floor(y / factor) + pad) * smallWidth + pad;
    for (let x = 0; x < at.width; x++) small[row + Math.floor(x / factor)]! += mask[y * at.width + x]! / (255 * factor * factor);
  }
  for (let pass = 0; pass < 3; pass++) boxBlur(small, smallWidth, smallHeight, radius);

  const offsetX = Math.round(canvas.width * 0.006);
  const offsetY = Math.round(canvas.height * 0.012);
  const originX = at.left + offsetX - pad * factor;
  const originY = at.top + offsetY - pad * factor;
  darken(canvas, originX, originY, smallWidth * factor, smallHeight * factor, (x, y) => {
    return 0.3 * bilinear(small, smallWidth, smallHeight, (x - originX) / factor - 0.5, (y - originY) / factor - 0.5);
  });

  const foot = footprint(mask, at.width, at.height);
  if (!foot) return;
  const centreX = at.left + (foot.left + foot.right) / 2;
  const centreY = at.top + foot.bottom;
  const radiusX = Math.max(8, ((foot.right - foot.left) / 2) * 1.1);
  const radiusY = Math.max(4, canvas.height * 0.045);
  // Gaussian falloff, gentle enough that a later "modify" still recognises it as shadow on the backdrop.
  darken(canvas, centreX - radiusX, centreY - radiusY, radiusX * 2, radiusY * 2, (x, y) => {
    const d = ((x - centreX) / radiusX) ** 2 + ((y - centreY) / radiusY) ** 2;
    return d >= 1 ? 0 : 0.24 * Math.exp(-3 * d) * (1 - d);
  });
}

/** Where the product touches down: its lowest row, and its width over its lowest tenth. */
function footprint(mask: Uint8Array, width: number, height: number) {
  let bottom = -1;
  for (let y = height - 1; y >= 0 && bottom < 0; y--) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! >= 128) {
        bottom = y;
        break;
      }
    }
  }
  if (bottom < 0) return null;
  let left = width;
  let right = -1;
  for (let y = Math.max(0, bottom - Math.round(height * 0.1)); y <= bottom; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! < 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return { left, right, bottom };
}

function darken(canvas: RgbaImage, left: number, top: number, width: number, height: number, amount: (x: number, y: number) => number) {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(canvas.width, Math.ceil(left + width));
  const y1 = Math.min(canvas.height, Math.ceil(top + height));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const k = amount(x, y);
      if (k <= 0) continue;
      const i = (y * canvas.width + x) * 4;
      canvas.data[i] = canvas.data[i]! * (1 - k);
      canvas.data[i + 1] = canvas.data[i + 1]! * (1 - k);
      canvas.data[i + 2] = canvas.data[i + 2]! * (1 - k);
    }
  }
}

/** Running-sum box blur, rows then columns; three passes approach a Gaussian. */
function boxBlur(values: Float32Array, width: number, height: number, radius: number) {
  const line = new Float32Array(Math.max(width, height));
  const size = radius * 2 + 1;
  const blurLine = (start: number, stride: number, length: number) => {
    for (let i = 0; i < length; i++) line[i] = values[start + i * stride]!;
    let sum = 0;
    for (let i = -radius; i <= radius; i++) sum += line[Math.min(length - 1, Math.max(0, i))]!;
    for (let i = 0; i < length; i++) {
      values[start + i * stride] = sum / size;
      sum += line[Math.min(length - 1, i + radius + 1)]! - line[Math.max(0, i - radius)]!;
    }
  };
  for (let y = 0; y < height; y++) blurLine(y * width, 1, width);
  for (let x = 0; x < width; x++) blurLine(x, width, height);
}

function bilinear(values: Float32Array, width: number, height: number, x: number, y: number): number {
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return 0;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const top = values[y0 * width + x0]! + (values[y0 * width + x1]! - values[y0 * width + x0]!) * fx;
  const bottom = values[y1 * width + x0]! + (values[y1 * width + x1]! - values[y1 * width + x0]!) * fx;
  return top + (bottom - top) * fy;
}
