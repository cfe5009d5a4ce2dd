/**
 * Images made in the tests (the scan bomb itself is scripts/scan-bomb.ts, shared with bench:abuse): a
 * progressive JPEG, and a camera-style JPEG (EXIF with a thumbnail, MPF with a second image after the
 * first one's EOI).
 */
import { encodeJpeg } from "../../worker/providers/codecs";
import { samplePhoto } from "../../worker/providers/studio-sample-photo";

/** MozJPEG's progressive mode writes about seven scans. */
export async function progressiveJpeg(width: number, height: number, tag = 1): Promise<Uint8Array> {
  return encodeJpeg(samplePhoto({ width, height, garment: [(tag * 53) % 256, (tag * 97) % 256, 150] }), 85, "progressive");
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
