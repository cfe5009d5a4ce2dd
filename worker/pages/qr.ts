/**
 * The store's QR code, from one encoder (uqr): an SVG that scales to any print
 * size, and a PNG card with the shop's name and address that phone galleries
 * and WhatsApp can show and share (they do not open SVG) and that prints as is. Black modules on white with the four-module
 * quiet zone the standard asks for, error correction M (15%: a crease or a
 * stain on a printed bag still reads).
 */
import { encode, renderSVG } from "uqr";
import { encodePng } from "../providers/codecs";
import { drawableText, TEXT_ROWS, textBitmap } from "./qr-text";

const QR_OPTIONS = { ecc: "M", border: 4 } as const;

/** The PNG is at least this wide: about 10 cm at 300 dpi, sharp on a printed sign and on any phone. */
export const QR_PNG_MIN_PX = 1200;

export function storeQrSvg(url: string): string {
  return renderSVG(url, { ...QR_OPTIONS, pixelSize: 10, whiteColor: "#ffffff", blackColor: "#000000" });
}

/** The symbol as whole pixels per module (no blurred edges for a camera to misread): `scale` px each. */
function qrModules(url: string) {
  const { data: modules, size } = encode(url, QR_OPTIONS);
  return { modules, size, scale: Math.ceil(QR_PNG_MIN_PX / size) };
}

/** Black on white, RGBA, painted in place. */
class Sheet {
  readonly data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4).fill(255);
  }
  fill(left: number, top: number, width: number, height: number) {
    for (let row = top; row < top + height; row++) {
      const start = (row * this.width + left) * 4;
      for (let i = start; i < start + width * 4; i += 4) this.data.fill(0, i, i + 3);
    }
  }
  /** Each 1 of `bitmap` as a `scale`×`scale` square, from (left, top). */
  paint(bitmap: readonly (readonly number[])[], left: number, top: number, scale: number) {
    for (const [y, row] of bitmap.entries()) {
      for (const [x, on] of row.entries()) if (on) this.fill(left + x * scale, top + y * scale, scale, scale);
    }
  }
}

/** The card's lines of text, each drawn as large as it fits the card's width, up to its own cap. */
interface CardLine {
  text: string;
  /** Largest size of one font pixel, in card pixels. */
  maxScale: number;
}

/** Longest line of a name before it wraps, in font columns (about 16 letters): big enough to read from afar. */
const TITLE_COLUMNS = 96;

/** The name's words in lines of at most TITLE_COLUMNS (a longer single word stays whole, drawn smaller). */
function titleLines(name: string): string[] {
  const lines: string[] = [];
  for (const word of drawableText(name).split(" ").filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && lines.length < 3 && textBitmap(`${last} ${word}`)[0]!.length <= TITLE_COLUMNS) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else if (lines.length < 3) lines.push(word);
    else lines[2] = `${lines[2]} ${word}`;
  }
  return lines;
}

/**
 * The printable card a seller downloads: the shop's name on top, the code, and
 * the store's address under it with a line saying what scanning does, black on
 * white so any printer and any camera read it.
 */
export async function storeQrCard(url: string, storeName: string, shownLink: string, scan: string): Promise<Uint8Array> {
  const { modules, size, scale } = qrModules(url);
  const side = size * scale;
  const margin = 4 * scale;
  const usable = side - 2 * margin;
  const title: CardLine[] = titleLines(storeName).map((text) => ({ text, maxScale: 14 }));
  const below: CardLine[] = [
    { text: drawableText(shownLink), maxScale: 8 },
    // In the store's language (common/i18n "qr.scan"): it is read by the store's shoppers.
    { text: drawableText(scan), maxScale: 6 },
  ];
  const sized = (lines: CardLine[]) =>
    lines.map((line) => {
      const bitmap = textBitmap(line.text);
      const width = bitmap[0]!.length;
      return { bitmap, scale: Math.max(1, Math.min(line.maxScale, Math.floor(usable / Math.max(1, width)))) };
    });
  const top = sized(title);
  const bottom = sized(below);
  const lineHeight = (line: { scale: number }) => TEXT_ROWS * line.scale + line.scale * 2;
  const height =
    margin + top.reduce((sum, l) => sum + lineHeight(l), 0) + side + bottom.reduce((sum, l) => sum + lineHeight(l), 0) + margin;

  const sheet = new Sheet(side, height);
  let y = margin;
  const write = (line: { bitmap: number[][]; scale: number }) => {
    const width = line.bitmap[0]!.length * line.scale;
    sheet.paint(line.bitmap, Math.floor((side - width) / 2), y, line.scale);
    y += lineHeight(line);
  };
  top.forEach(write);
  sheet.paint(
    modules.map((row) => row.map(Number)),
    0,
    y,
    scale,
  );
  y += side;
  bottom.forEach(write);
  return encodePng({ width: sheet.width, height: sheet.height, data: sheet.data });
}
