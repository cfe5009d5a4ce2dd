/**
 * Link-preview images: a JPEG of at most 300 KB made from a store's logo or a
 * product's first image, so a link pasted in WhatsApp shows a card (WhatsApp
 * skips images above about 300 KB). Made once per source image and kept in
 * R2; the source keys are content-addressed, so the preview never changes.
 */
import { previewKey, sourceOfDerived } from "../../common/image-renditions";
import { decodeImage, encodeJpeg, resizeToFit, type RgbaImage } from "../providers/codecs";

export const OG_MAX_BYTES = 300 * 1024;
const OG_MAX_SIDE = 1000;
const QUALITIES = [82, 72, 62, 52, 42];

/** The public path of a source image's preview: /u/_/og/g/<hash>-png.jpg (kept in R2 as og/g/<hash>-png.jpg). */
export function previewPath(sourceKey: string): string | null {
  const key = previewKey(sourceKey);
  return key ? `/u/_/${key}` : null;
}

/** The source key behind a preview path's parts, or null when they are not ours. */
export function sourceOfPreview(prefix: string, file: string): string | null {
  const key = `og/${prefix}/${file}`;
  const source = sourceOfDerived(key);
  return source && previewKey(source) === key ? source : null;
}

/** JPEG has no transparency: a logo's clear background becomes white, not black. */
function onWhite(image: RgbaImage): RgbaImage {
  const data = new Uint8ClampedArray(image.data);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]! / 255;
    if (a === 1) continue;
    data[i] = data[i]! * a + 255 * (1 - a);
    data[i + 1] = data[i + 1]! * a + 255 * (1 - a);
    data[i + 2] = data[i + 2]! * a + 255 * (1 - a);
    data[i + 3] = 255;
  }
  return { ...image, data };
}

/** Shrinks and re-encodes until the JPEG is at most 300 KB. */
export async function previewJpeg(source: Uint8Array): Promise<Uint8Array> {
  let image = onWhite(resizeToFit(await decodeImage(source), OG_MAX_SIDE, OG_MAX_SIDE));
  for (;;) {
    for (const quality of QUALITIES) {
      const jpeg = await encodeJpeg(image, quality);
      if (jpeg.length <= OG_MAX_BYTES) return jpeg;
    }
    image = resizeToFit(image, Math.round(image.width * 0.7), Math.round(image.height * 0.7));
  }
}
