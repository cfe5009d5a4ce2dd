/**
 * Images made in the tests: the progressive-JPEG scan bomb (a small generator, never a checked-in file) and
 * a camera-style JPEG (EXIF with a thumbnail, MPF with a second image after the first one's EOI).
 */
import { encodeJpeg } from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";

/** MozJPEG writes progressive JPEGs by default (about seven scans). */
export async function progressiveJpeg(width: number, height: number, tag = 1): Promise<Uint8Array> {
  return encodeJpeg(samplePhoto({ width, height, garment: [(tag * 53) % 256, (tag * 97) % 256, 150] }), 85);
}

/** Offsets of every SOS segment's header in a JPEG written by our encoder (no stray 0xFF outside scans). */
function sosHeaders(jpeg: Uint8Array): Uint8Array[] {
  const headers: Uint8Array[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff || jpeg[at + 1] === 0x00 || (jpeg[at + 1]! >= 0xd0 && jpeg[at + 1]! <= 0xd7) || jpeg[at + 1] === 0xff) {
      at++;
      continue;
    }
    if (jpeg[at + 1] === 0xd9) break;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (jpeg[at + 1] === 0xda) headers.push(jpeg.slice(at, at + 2 + length));
    at += 2 + length;
  }
  return headers;
}

/**
 * The attack: a real progressive JPEG whose image data is followed by `extra` empty scans before its EOI.
 * Each repeats the luma AC scan's header with no data, so a decoder makes one more pass over every luma block
 * per scan (about 2 ms at 8 MP: 35,000 of them held a Worker for 38 s). Ten bytes a scan: 5,000 scans add
 * 50 KB.
 */
export function scanBomb(progressive: Uint8Array, extra: number): Uint8Array {
  const luma = sosHeaders(progressive).find((h) => h[4] === 1 && h[5] === 1 && h[7] !== 0) ?? sosHeaders(progressive).at(-1)!;
  const eoi = progressive.length - 2;
  const bomb = new Uint8Array(progressive.length + extra * luma.length);
  bomb.set(progressive.subarray(0, eoi));
  for (let i = 0; i < extra; i++) bomb.set(luma, eoi + i * luma.length);
  bomb.set([0xff, 0xd9], bomb.length - 2);
  return bomb;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function segment(marker: number, body: number[] | Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + body.length);
  out.set([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  out.set(body, 4);
  return out;
}

/** A big-endian TIFF: IFD0 with Orientation = 1, IFD1 pointing at the thumbnail JPEG that follows it. */
function exifWithThumbnail(thumbnail: Uint8Array): Uint8Array {
  const tiff: number[] = [...ascii("MM"), 0, 42, 0, 0, 0, 8];
  const ifd1 = 8 + 2 + 12 + 4;
  // IFD0: one entry (Orientation 0x0112, SHORT, 1, value 1), then the offset of IFD1.
  tiff.push(0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, ifd1);
  const thumbAt = ifd1 + 2 + 2 * 12 + 4;
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  // IFD1: JPEGInterchangeFormat (0x0201) and its length (0x0202), LONGs; no next IFD.
  tiff.push(0, 2, 0x02, 0x01, 0, 4, 0, 0, 0, 1, ...be32(thumbAt), 0x02, 0x02, 0, 4, 0, 0, 0, 1, ...be32(thumbnail.length), 0, 0, 0, 0);
  return new Uint8Array([...ascii("Exif"), 0, 0, ...tiff, ...thumbnail]);
}

/**
 * A JPEG shaped like a phone camera's: APP1 EXIF carrying a progressive thumbnail (a JPEG with its own scans
 * inside the segment), APP2 MPF, the primary image, and after its EOI a second image as the Multi-Picture
 * Format appends it. `secondImage` is what follows; no decoder reads it.
 */
export async function cameraJpeg(primary: Uint8Array, secondImage: Uint8Array): Promise<Uint8Array> {
  const thumbnail = await progressiveJpeg(32, 40, 9);
  const app1 = segment(0xe1, exifWithThumbnail(thumbnail));
  // MPF header: "MPF\0", a TIFF-style index (MPFVersion only): enough for a reader that skips it.
  const app2 = segment(0xe2, [
    ...ascii("MPF"),
    0,
    ...ascii("MM"),
    0,
    42,
    0,
    0,
    0,
    8,
    0,
    1,
    0xb0,
    0x00,
    0,
    7,
    0,
    0,
    0,
    4,
    ...ascii("0100"),
    0,
    0,
    0,
    0,
  ]);
  const out = new Uint8Array(2 + app1.length + app2.length + primary.length - 2 + secondImage.length);
  out.set([0xff, 0xd8]);
  out.set(app1, 2);
  out.set(app2, 2 + app1.length);
  out.set(primary.subarray(2), 2 + app1.length + app2.length);
  out.set(secondImage, out.length - secondImage.length);
  return out;
}
