/**
 * Text for the printable QR card, drawn as pixels inside the Worker (it has no
 * canvas nor fonts): the 'Seven plus' pixel font of js-pixel-fonts (its glyph
 * table only; the package's renderer needs Node), with Spanish accents, ñ, ü,
 * ¿ and ¡ composed from its letters and marks. Characters it cannot draw
 * (emoji, invisible ones) are left out rather than shown as boxes.
 */
import sevenPlus from "js-pixel-fonts/data/seven-plus.json";

interface Glyph {
  offset: number;
  pixels: number[][];
}

const GLYPHS = sevenPlus.glyphs as Record<string, Glyph>;

/** Rows above the font's own top, where accents over capitals go. */
const MARK_ROWS = 3;
/** The font's tallest glyph reaches row 9 (descenders of g, p, y). */
export const TEXT_ROWS = MARK_ROWS + 9;

const MARKS: Record<string, number[][]> = {
  "\u0301": [
    [0, 0, 1],
    [0, 1, 0],
  ],
  "\u0300": [
    [1, 0, 0],
    [0, 1, 0],
  ],
  "\u0303": [
    [0, 1, 0, 1],
    [1, 0, 1, 0],
  ],
  "\u0308": [[1, 0, 1]],
};

/** One character as rows of 0/1, TEXT_ROWS tall, or null when the font cannot draw it. */
function charBitmap(char: string): number[][] | null {
  const flipped = char === "¿" ? "?" : char === "¡" ? "!" : null;
  if (flipped) {
    const glyph = charBitmap(flipped);
    return glyph
      ? placed(
          {
            offset: 0,
            pixels: glyph
              .slice(MARK_ROWS, MARK_ROWS + 7)
              .reverse()
              .map((row) => [...row].reverse()),
          },
          2,
        )
      : null;
  }
  const own = GLYPHS[char];
  if (own && char !== "") return placed(own, 0);
  const [base, ...marks] = char.normalize("NFD");
  const glyph = base ? GLYPHS[base] : undefined;
  if (!glyph || !base || marks.length !== 1 || !MARKS[marks[0]!]) return null;
  const shape = placed(glyph, 0);
  const mark = MARKS[marks[0]!]!;
  // The mark sits one row above the letter's top, centred on it (a dotless i for í).
  const top = MARK_ROWS + glyph.offset - mark.length - 1;
  const width = shape[0]!.length;
  const left = Math.max(0, Math.floor((width - mark[0]!.length) / 2));
  if (base === "i") shape[MARK_ROWS + glyph.offset]!.fill(0);
  const wide = shape.map((row) => [...row, ...Array(Math.max(0, left + mark[0]!.length - width)).fill(0)]);
  for (const [y, row] of mark.entries()) for (const [x, on] of row.entries()) if (on) wide[top + y]![left + x] = 1;
  return wide;
}

/** A glyph on the line's rows: `shift` rows further down than the font puts it. */
function placed(glyph: Glyph, shift: number): number[][] {
  const width = glyph.pixels[0]?.length ?? 0;
  const rows = Array.from({ length: TEXT_ROWS }, () => Array<number>(width).fill(0));
  for (const [y, row] of glyph.pixels.entries()) for (const [x, on] of row.entries()) rows[MARK_ROWS + glyph.offset + shift + y]![x] = on;
  return rows;
}

/** The text as rows of 0/1 (TEXT_ROWS tall), one blank column between characters. */
export function textBitmap(text: string): number[][] {
  const rows: number[][] = Array.from({ length: TEXT_ROWS }, () => []);
  for (const char of text) {
    const glyph = charBitmap(char);
    if (!glyph) continue;
    if (rows[0]!.length) for (const row of rows) row.push(0);
    for (const [y, row] of glyph.entries()) rows[y]!.push(...row);
  }
  return rows;
}

/** What the font can draw of a text: the characters it would leave out removed, spaces tidied. */
export function drawableText(text: string): string {
  return [...text]
    .filter((char) => char === " " || charBitmap(char) !== null)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}
