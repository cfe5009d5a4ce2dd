import { env } from "cloudflare:workers";
import { isSourceKey } from "../../common/image-renditions";
/**
 * Real images (uploads are decoded before they are stored, so a photo in a test must open), each as small as
 * its encoder made it: a 64×64 MozJPEG baseline (light enough per pixel that a generation stores it as the
 * provider made it), an 8×8 libpng and an 8×8 libwebp lossless.
 */
const BASE: Record<"jpeg" | "png" | "webp", string> = {
  jpeg: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAgICAgJCAkKCgkNDgwODRMREBARExwUFhQWFBwrGx8bGx8bKyYuJSMlLiZENS8vNUROQj5CTl9VVV93cXecnNEBCAgICAkICQoKCQ0ODA4NExEQEBETHBQWFBYUHCsbHxsbHxsrJi4lIyUuJkQ1Ly81RE5CPkJOX1VVX3dxd5yc0f/AABEIAEAAQAMBIgACEQEDEQH/xABRAAEBAAAAAAAAAAAAAAAAAAAABRAAAwAAAAAAAAAAAAAAAAAAAARBAQEBAAAAAAAAAAAAAAAAAAAABhEAAwEAAAAAAAAAAAAAAAAAAAJDgf/aAAwDAQACEQMRAD8AsqQKQKQKQimphQvXApApApApA1MD1wKQKQKQKQNTA9cCkCkCkCkDUwPXApApApApA1MD1wKQKQKQKQNTA9cCkCkCkCkDUwPXApApApApA1MD1wKQKQKQKQNTA9cCkCkCkCkDUwPXApApApApA1MD1wKQKQKQKQNTA9cCkCkCkCkDUwPXApApApApA1MD1wKQKQKQKQNTA9cCkCkCkCkDUwPXD//Z",
  png: "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAABE0lEQVR4AQEIAff+AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/AMh4PP/IgDz/yIg8/8iQPP/ImDz/yKA8/8ioPP/IsDz/SWOlwSfUlnEAAAAASUVORK5CYII=",
  webp: "UklGRjIAAABXRUJQVlA4TCYAAAAvB8ABAD8gJk3eRbY/hhjk4Zn/7HAQZhspjGUsYzn/7xlE9D+wfQ==",
};

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * A real photo of `size` bytes (at least the image and a little padding): the padding is metadata every
 * decoder skips (JPEG comments, a private PNG chunk, a trailing RIFF chunk), filled with `tag`, so each tag
 * gives other bytes (and another content-addressed key).
 */
export function photoOfSize(kind: "jpeg" | "png" | "webp" = "jpeg", size = 64, tag = 7): Uint8Array {
  const base = bytesOf(BASE[kind]);
  if (kind === "jpeg") return jpegWithComments(base, size, tag);
  if (kind === "png") return pngWithChunk(base, size, tag);
  return webpWithChunk(base, size, tag);
}

/** SOI, then COM segments of up to 65,533 bytes, then the rest of the JPEG. */
function jpegWithComments(base: Uint8Array, size: number, tag: number): Uint8Array {
  let padding = Math.max(1, size - base.length - 4);
  const segments: Uint8Array[] = [];
  while (padding > 0) {
    const length = Math.min(padding, 65_533);
    const segment = new Uint8Array(4 + length).fill(tag);
    segment.set([0xff, 0xfe, (length + 2) >> 8, (length + 2) & 0xff]);
    segments.push(segment);
    padding -= length + 4;
  }
  return concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

/** A private ancillary chunk ("vdPd") after IHDR, with its CRC. */
function pngWithChunk(base: Uint8Array, size: number, tag: number): Uint8Array {
  const length = Math.max(1, size - base.length - 12);
  const chunk = new Uint8Array(12 + length).fill(tag);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, length);
  chunk.set([0x76, 0x64, 0x50, 0x64], 4);
  view.setUint32(8 + length, crc32(chunk.subarray(4, 8 + length)));
  const afterHeader = 8 + 25; // signature, IHDR
  return concat([base.subarray(0, afterHeader), chunk, base.subarray(afterHeader)]);
}

/** An unknown chunk ("VDPD") after the image chunk; the RIFF size covers it. */
function webpWithChunk(base: Uint8Array, size: number, tag: number): Uint8Array {
  const length = Math.max(2, (size - base.length - 8) & ~1);
  const chunk = new Uint8Array(8 + length).fill(tag);
  chunk.set([0x56, 0x44, 0x50, 0x44]);
  new DataView(chunk.buffer).setUint32(4, length, true);
  const out = concat([base, chunk]);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Bytes that start like a JPEG and are nothing else (a renamed web page): they must never be stored. */
export function jpegMagicOnly(text = "<html><body>no soy una foto</body></html>"): Uint8Array {
  return concat([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new TextEncoder().encode(text)]);
}

export function photoForm(files: { bytes: Uint8Array; name: string; type?: string }[]) {
  const form = new FormData();
  for (const f of files) form.append("images", new File([f.bytes], f.name, { type: f.type ?? "image/jpeg" }));
  return form;
}

/**
 * The stored images themselves (originals, generated images, logos), sorted: what an upload that is refused
 * must not add. Their renditions are left out: the queue makes them a moment after an earlier test's upload,
 * so they appear whenever it gets to them, and none is ever made for an image that was not stored.
 */
export async function storedImages(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor });
    keys.push(...page.objects.map((object) => object.key).filter(isSourceKey));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}
