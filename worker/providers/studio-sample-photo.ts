/**
 * A synthetic seller's photo — a striped T-shirt on an off-white backdrop with a little falloff — so tests
 * and the bench exercise the studio pipeline without shipping binary fixtures.
 */
import type { RgbaImage } from "./codecs";
import type { Rgb } from "./studio-look";

export interface SamplePhotoOptions {
  width: number;
  height: number;
  garment: Rgb;
  backdrop?: Rgb;
  /** Leave the backdrop fully transparent, as a cut-out PNG or WebP would. */
  transparent?: boolean;
  /** Amplitude (0–255 levels) of a fixed pseudo-random grain, so a photo compresses like a real one. */
  grain?: number;
}

export function samplePhoto(options: SamplePhotoOptions): RgbaImage {
  const { width, height, garment, backdrop = [236, 233, 227], transparent = false, grain = 0 } = options;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    const falloff = 1 - 0.05 * v;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const i = (y * width + x) * 4;
      const noise = grain ? ((hash(x, y) & 0xff) / 255 - 0.5) * grain : 0;
      if (insideTShirt(u, v)) {
        const stripe = Math.floor(v * 40) % 3 === 0 ? 0.82 : 1;
        data[i] = garment[0] * stripe + noise;
        data[i + 1] = garment[1] * stripe + noise;
        data[i + 2] = garment[2] * stripe + noise;
        data[i + 3] = 255;
      } else {
        data[i] = backdrop[0] * falloff + noise;
        data[i + 1] = backdrop[1] * falloff + noise;
        data[i + 2] = backdrop[2] * falloff + noise;
        data[i + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { width, height, data };
}

/** Coordinates are fractions of the photo: body, two sleeves, and a round neckline cut from the top. */
function insideTShirt(u: number, v: number): boolean {
  const body = u > 0.36 && u < 0.64 && v > 0.36 && v < 0.7;
  const sleeves = v > 0.36 && v < 0.46 && ((u > 0.27 && u <= 0.36) || (u >= 0.64 && u < 0.73));
  const neckline = (u - 0.5) ** 2 + ((v - 0.36) * 0.8) ** 2 < 0.05 ** 2;
  return (body || sleeves) && !neckline;
}

function hash(x: number, y: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
