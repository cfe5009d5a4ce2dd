/**
 * The progressive-JPEG scan bomb, made from any progressive JPEG: its image data followed by `extra` empty
 * scans before its EOI. Each repeats the header of one of its own luma AC scans with no data after it, so
 * a decoder makes one more pass over every luma block per scan (about 2 ms at 8 MP: 35,000 of them held a
 * Worker for 38 s). Ten bytes a scan. Used by the Worker tests and `npm run bench:abuse`; never checked in
 * as a file.
 */
export function scanBomb(progressive: Uint8Array, extra: number): Uint8Array<ArrayBuffer> {
  const headers = sosHeaders(progressive);
  const luma = headers.find((h) => h[4] === 1 && h[5] === 1 && h[7] !== 0) ?? headers.at(-1);
  if (!luma) throw new Error("not a JPEG with scans");
  const eoi = progressive.length - 2;
  const bomb = new Uint8Array(progressive.length + extra * luma.length);
  bomb.set(progressive.subarray(0, eoi));
  for (let i = 0; i < extra; i++) bomb.set(luma, eoi + i * luma.length);
  bomb.set([0xff, 0xd9], bomb.length - 2);
  return bomb;
}

/** Every SOS segment's header in a JPEG as an encoder writes one (segments by length, scan data skipped). */
function sosHeaders(jpeg: Uint8Array): Uint8Array[] {
  const headers: Uint8Array[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length) {
    const marker = jpeg[at + 1]!;
    if (jpeg[at] !== 0xff || marker === 0x00 || marker === 0xff || (marker >= 0xd0 && marker <= 0xd7)) {
      at++;
      continue;
    }
    if (marker === 0xd9) break;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (marker === 0xda) headers.push(jpeg.slice(at, at + 2 + length));
    at += 2 + length;
  }
  return headers;
}
