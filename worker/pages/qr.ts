/**
 * The store's QR code, from one encoder (uqr) in two files: an SVG that scales
 * to any print size, and a PNG that phone galleries and WhatsApp can show and
 * share (they do not open SVG). Black modules on white with the four-module
 * quiet zone the standard asks for, error correction M (15%: a crease or a
 * stain on a printed bag still reads).
 */
import { encode, renderSVG } from "uqr";
import { encodePng } from "../providers/codecs";

const QR_OPTIONS = { ecc: "M", border: 4 } as const;

/** The PNG is at least this wide: about 10 cm at 300 dpi, sharp on a printed sign and on any phone. */
export const QR_PNG_MIN_PX = 1200;

export function storeQrSvg(url: string): string {
  return renderSVG(url, { ...QR_OPTIONS, pixelSize: 10, whiteColor: "#ffffff", blackColor: "#000000" });
}

/** The same symbol as whole pixels per module (no blurred edges for a camera to misread). */
export async function storeQrPng(url: string): Promise<Uint8Array> {
  const { data: modules, size } = encode(url, QR_OPTIONS);
  const scale = Math.ceil(QR_PNG_MIN_PX / size);
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y]![x]) continue;
      for (let row = y * scale; row < (y + 1) * scale; row++) {
        const start = (row * side + x * scale) * 4;
        for (let i = start; i < start + scale * 4; i += 4) pixels.fill(0, i, i + 3);
      }
    }
  }
  return encodePng({ width: side, height: side, data: pixels });
}
