import type { ImageMime } from "../providers/types";
import { ApiError } from "./errors";
import { base64url } from "./ids";

/** Per photo; the web app compresses to about 1 MB before sending, so this only stops abuse. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const NOT_AN_IMAGE = "El archivo no es una imagen válida. Usa una foto PNG, JPEG o WebP.";
export const NOT_BASE64 = "La imagen no llegó bien codificada (base64 inválido). Vuelve a elegir la foto.";
export const EMPTY_IMAGE = "El archivo está vacío.";
export const IMAGE_TOO_LARGE = "La imagen es demasiado grande: el máximo es 10 MB.";

const EXTENSION: Record<ImageMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** The format by magic bytes, never by the name or Content-Type the client claims. SVG and the rest: undefined. */
export function sniffImage(bytes: Uint8Array): ImageMime | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return undefined;
}

/** Checks an uploaded photo and answers its format, or a Spanish 400/413. */
export function acceptImage(bytes: Uint8Array): ImageMime {
  if (bytes.length === 0) throw new ApiError(400, EMPTY_IMAGE);
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError(413, IMAGE_TOO_LARGE);
  const mime = sniffImage(bytes);
  if (!mime) throw new ApiError(400, NOT_AN_IMAGE);
  return mime;
}

/**
 * Content-addressed, unguessable R2 keys: the SHA-256 of the owner and the
 * bytes. The same bytes always get the same key, so an object never changes
 * and /img can cache it forever; another seller cannot derive it.
 */
export async function imageKey(prefix: "o" | "g" | "l", owner: string, bytes: Uint8Array, mime: ImageMime | "image/jpeg" | "image/png") {
  const data = new Uint8Array(owner.length + 1 + bytes.length);
  data.set(new TextEncoder().encode(`${owner}:`));
  data.set(bytes, owner.length + 1);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return `${prefix}/${base64url(digest)}.${EXTENSION[mime]}`;
}

/** A stored image's format, by the extension its content-addressed key was given (imageKey). */
export function mimeOfKey(key: string): ImageMime {
  if (key.endsWith(".png")) return "image/png";
  if (key.endsWith(".webp")) return "image/webp";
  return "image/jpeg";
}

export function imageUrl(key: string | null | undefined): string | null {
  return key ? `/img/${key}` : null;
}

export async function storeImage(bucket: R2Bucket, key: string, bytes: Uint8Array, mime: string) {
  await bucket.put(key, bytes, { httpMetadata: { contentType: mime, cacheControl: "public, max-age=31536000, immutable" } });
}

/** Decodes a base64 image or a data: URL (the spec's generate-product-and-image and imageBase64). */
export function decodeBase64Image(value: string): Uint8Array {
  const comma = value.startsWith("data:") ? value.indexOf(",") : -1;
  const base64 = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s/g, "");
  // One character left over after the groups of four cannot encode a byte: atob throws on it (a 500 before).
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64) || base64.replace(/=+$/, "").length % 4 === 1) {
    throw new ApiError(400, NOT_BASE64);
  }
  let binary: string;
  try {
    binary = atob(base64.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new ApiError(400, NOT_BASE64);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
