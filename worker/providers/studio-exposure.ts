/**
 * The product's tones: exposure correction, then the brightness, contrast and warmth a look asks for, all
 * applied as one tone curve per channel.
 */
import type { RgbaImage } from "./codecs";
import type { StudioLook } from "./studio-look";

/** Where a light backdrop sits in a well-exposed studio shot. */
const BACKDROP_WHITE = 236;
/** Darker backdrops (a black wall) say nothing about exposure. */
const LIGHT_BACKDROP = 140;
/** Without a backdrop to judge by, the product's mean is pulled this far toward mid-grey. */
const MID_GREY = 128;
const MID_GREY_PULL = 0.35;

/**
 * Exposure correction, then the look's brightness, contrast and warmth. Changes `product` in place.
 *
 * A plain light backdrop is the best light meter: it should be near white, so the gain that puts it there
 * fixes the exposure without turning a black T-shirt grey. Without one, the product's own mean is pulled
 * part of the way toward mid-grey. Both add a mild levels stretch of the product's tonal range.
 */
export function correctExposure(product: RgbaImage, mask: Uint8Array, backdropLuma: number | null, look: StudioLook): void {
  const histogram = new Uint32Array(256);
  let counted = 0;
  for (let p = 0, i = 0; p < mask.length; p++, i += 4) {
    if (mask[p]! < 128) continue;
    histogram[luma(product.data, i)]!++;
    counted++;
  }
  if (counted === 0) return;
  const low = percentile(histogram, counted, 0.005);
  const high = percentile(histogram, counted, 0.995);
  const middle = (low + high) / 2;
  const stretch = Math.min(1.2, 255 / Math.max(1, high - low));
  const levelled = (v: number) => clamp((v - middle) * stretch + middle, 0, 255);

  const meanOf = (map: (v: number) => number) => {
    let sum = 0;
    for (let v = 0; v < 256; v++) sum += clamp(map(v), 1, 254) * histogram[v]!;
    return sum / counted;
  };
  let exposed: (v: number) => number;
  if (!look.autoExposure) {
    exposed = (v) => v;
  } else if (backdropLuma !== null && backdropLuma >= LIGHT_BACKDROP) {
    const gain = clamp(BACKDROP_WHITE / Math.max(1, backdropLuma), 0.85, 1.6);
    exposed = (v) => clamp(levelled(v) * gain, 0, 255);
  } else {
    const mean = meanOf(levelled);
    const gamma = gammaTaking(mean, mean + (MID_GREY - mean) * MID_GREY_PULL);
    exposed = (v) => 255 * (levelled(v) / 255) ** gamma;
  }
  const brightness = look.brightness === 1 ? 1 : gammaTaking(meanOf(exposed), meanOf(exposed) * look.brightness);

  const curve = new Float32Array(256);
  for (let v = 0; v < 256; v++) curve[v] = (255 * (exposed(v) / 255) ** brightness - 128) * look.contrast + 128;
  const red = new Uint8ClampedArray(256);
  const green = new Uint8ClampedArray(256);
  const blue = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v++) {
    const midtones = (4 * curve[v]! * (255 - curve[v]!)) / (255 * 255);
    red[v] = curve[v]! + look.warmth * midtones;
    green[v] = curve[v]!;
    blue[v] = curve[v]! - look.warmth * midtones;
  }
  const data = product.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = red[data[i]!]!;
    data[i + 1] = green[data[i + 1]!]!;
    data[i + 2] = blue[data[i + 2]!]!;
  }
}

function percentile(histogram: Uint32Array, total: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= total * share) return v;
  }
  return 255;
}

/** ITU-R BT.601 luma, in integers so it can index a histogram. */
export function luma(data: Uint8ClampedArray, i: number): number {
  return ((data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114 + 500) / 1000) | 0;
}

/** The gamma that moves `from` to `to` (0–255), within a range that cannot wreck a picture. */
function gammaTaking(from: number, to: number): number {
  return clamp(Math.log(clamp(to, 4, 250) / 255) / Math.log(clamp(from, 4, 250) / 255), 0.45, 2.2);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
