import { decodeImage, decodeRefusal, ImageCodecError, MAX_IMAGE_PIXELS, sniffImageMime } from "../providers/codecs";
import type { ImageMime } from "../providers/types";
import { ApiError } from "./errors";
import { base64url } from "./ids";

/** Per photo; the web app compresses to about 1 MB before sending, so this only stops abuse. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const NOT_BASE64 = "La imagen no llegó bien codificada (base64 inválido). Vuelve a elegir la foto.";

/**
 * What an upload's errors say, naming the photo: «remera.jpg» when it came as a file, else what it is
 * ("El archivo", "El logo"). Every subject is masculine, like "el archivo".
 */
export const photoErrors = {
  empty: (subject: string) => `${subject} está vacío.`,
  tooHeavy: (subject: string) => `${subject} pesa más de ${MAX_IMAGE_BYTES / 1024 / 1024} MB, el máximo por imagen.`,
  notAnImage: (subject: string) => `${subject} no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP.`,
  tooManyPixels: (subject: string, pixels: number) =>
    `${subject} tiene ${(pixels / 1_000_000).toLocaleString("es-AR", { maximumFractionDigits: 1 })} megapíxeles y el máximo es ${MAX_IMAGE_PIXELS / 1_000_000}. Reduce su tamaño o usa otra imagen.`,
  tooManyScans: (subject: string, scans: number) =>
    `${subject} es un JPEG progresivo de ${scans.toLocaleString("es-AR")} pasadas (una foto de teléfono tiene unas diez): no podemos procesarlo. Expórtalo de nuevo como JPEG común o usa otra imagen.`,
};

const EXTENSION: Record<ImageMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** An uploaded file's name as its errors quote it: «remera.jpg». */
export const fileSubject = (name: string | undefined) => (name?.trim() ? `«${name.trim().slice(0, 120)}»` : "El archivo");

/** The format by magic bytes, never by the name or Content-Type the client claims. SVG and the rest: undefined. */
export function sniffImage(bytes: Uint8Array): ImageMime | undefined {
  return sniffImageMime(bytes) ?? undefined;
}

/**
 * THE check for every photo a seller sends (product photos, store logo, the photo of generate-product-and-
 * image, a replaced product photo): only what decodes is stored. In order: not empty, at most 10 MB, an
 * image format by its magic bytes, a decode whose cost is bounded (pixels, and a JPEG's scans counted from
 * its markers, before any decoder runs), and then a real decode. Answers the format, or throws a Spanish
 * 400/413 naming the photo (`subject`: see `fileSubject`). Photos are checked one at a time by the caller,
 * so at most one decoded photo is in memory.
 */
export async function acceptPhoto(bytes: Uint8Array, subject = fileSubject(undefined)): Promise<ImageMime> {
  if (bytes.length === 0) throw new ApiError(400, photoErrors.empty(subject));
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError(413, photoErrors.tooHeavy(subject));
  const mime = sniffImage(bytes);
  const refusal = decodeRefusal(bytes);
  if (!mime || refusal?.reason === "unreadable") throw new ApiError(400, photoErrors.notAnImage(subject));
  if (refusal?.reason === "pixels") throw new ApiError(413, photoErrors.tooManyPixels(subject, refusal.pixels));
  if (refusal?.reason === "scans") throw new ApiError(400, photoErrors.tooManyScans(subject, refusal.scans));
  try {
    await decodeImage(bytes);
  } catch (err) {
    if (err instanceof ImageCodecError) throw new ApiError(400, photoErrors.notAnImage(subject));
    throw err;
  }
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
