/**
 * Photo compression before upload (spec sections 5 and 9): files over a size
 * target are redrawn with the longest side at most 1200 px and encoded as JPEG,
 * quality 0.9 down to 0.3 in 0.1 steps until the result is under the target.
 */
import { sellerLocale } from "../i18n/language";
import { t } from "./texts";

/** The add dialog compresses over 1 MB, the edit dialog over 3 MB. */
export const ADD_DIALOG_THRESHOLD = 1024 * 1024;
export const EDIT_DIALOG_THRESHOLD = 3 * 1024 * 1024;
export const MAX_SIDE = 1200;

/** 0.9, 0.8, … 0.3, built from integers so no step drifts to 0.30000000000000004. */
export const JPEG_QUALITIES: readonly number[] = [9, 8, 7, 6, 5, 4, 3].map((tenths) => tenths / 10);

/** The size a photo is redrawn at: the longest side at most `maxSide`, proportions kept, never enlarged. */
export function scaledSize(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/**
 * Encodes at each quality in turn and stops at the first result at or under
 * the target; if none gets there, the smallest try wins.
 */
export async function encodeUnderTarget<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  targetBytes: number,
  qualities: readonly number[] = JPEG_QUALITIES,
): Promise<{ result: T; quality: number; underTarget: boolean }> {
  let best: { result: T; quality: number } | undefined;
  for (const quality of qualities) {
    const result = await encode(quality);
    if (result.size <= targetBytes) return { result, quality, underTarget: true };
    if (!best || result.size < best.result.size) best = { result, quality };
  }
  if (!best) throw new Error("encodeUnderTarget needs at least one quality");
  return { ...best, underTarget: false };
}

/** "foto.final.png" → "foto.final.jpg": the name follows the new format. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, "") || "foto";
  return `${base}.jpg`;
}

/** Sizes as sellers read them: "850 KB", "1,4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString(sellerLocale(), { maximumFractionDigits: 1 })} MB`;
}

interface Surface {
  draw(bitmap: ImageBitmap, width: number, height: number): void;
  toJpeg(quality: number): Promise<Blob>;
}

function surface(width: number, height: number): Surface {
  const paint = (ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, bitmap: ImageBitmap) => {
    // JPEG has no transparency: without a white backdrop a PNG's clear areas turn black.
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext("2d");
    if (ctx) {
      return {
        draw: (bitmap) => paint(ctx, bitmap),
        toJpeg: (quality) => canvas.convertToBlob({ type: "image/jpeg", quality }),
      };
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2d canvas unavailable");
  return {
    draw: (bitmap) => paint(ctx, bitmap),
    toJpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob failed"))), "image/jpeg", quality),
      ),
  };
}

/**
 * Files at or under `thresholdBytes` come back untouched. Larger ones are
 * redrawn and re-encoded; if the browser cannot decode the file, or the
 * re-encoded photo would not be smaller, the original is kept and the server
 * has the last word on it.
 */
export async function compressImage(file: File, thresholdBytes: number): Promise<{ file: File; compressed: boolean }> {
  if (file.size <= thresholdBytes) return { file, compressed: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { file, compressed: false };
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = surface(width, height);
    canvas.draw(bitmap, width, height);
    const { result } = await encodeUnderTarget((quality) => canvas.toJpeg(quality), thresholdBytes);
    if (result.size >= file.size) return { file, compressed: false };
    return {
      file: new File([result], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified }),
      compressed: true,
    };
  } catch {
    return { file, compressed: false };
  } finally {
    bitmap.close();
  }
}

/** A data: URL of the file, for the JSON endpoints that take an inline image. */
export function fileToDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error(t("readImageFailed")));
    reader.readAsDataURL(file);
  });
}
