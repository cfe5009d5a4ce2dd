import toast from "react-hot-toast";
import { t } from "./texts";

/**
 * Image downloads (spec section 7): the image is fetched fresh and saved
 * under a readable name with its real extension, e.g.
 * generated_Remera_azul_1732190000000.jpg.
 */

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

export const downloadOk = () => t("downloadOk");
/** The server answered, but not with the image (gone, or an error). */
export const downloadFailed = () => t("downloadFailed");
/** The download itself broke: no connection, or the transfer was cut (spec section 8). */
export const downloadError = () => t("downloadError");

/** A download the server refused, as opposed to one that never arrived. */
export class DownloadRefused extends Error {}

export function downloadFailureMessage(err: unknown): string {
  return err instanceof DownloadRefused ? downloadFailed() : downloadError();
}

/** "Camisón Azul (XL)" → "Camison_Azul_XL": safe on every file system and still readable. */
export function fileSegment(text: string): string {
  const cleaned = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return cleaned || "imagen";
}

/** The file extension the bytes really have: the response's type first, then the URL's own extension. */
export function extensionOf(contentType: string | null, url: string): string {
  const mime = contentType?.split(";")[0]?.trim().toLowerCase();
  const fromType = mime ? EXTENSIONS[mime] : undefined;
  if (fromType) return fromType;
  const match = /\.(jpe?g|png|webp)(?:[?#]|$)/i.exec(url);
  if (match) return match[1]!.toLowerCase().replace("jpeg", "jpg");
  return "png";
}

/** generated_{name}_{time}, without extension (downloadImage adds the real one). */
export function generatedBaseName(productName: string, time: number): string {
  return `generated_${fileSegment(productName)}_${time}`;
}

/** The app's images are cached as immutable; a timestamp makes the browser fetch a fresh copy. */
export function withCacheBuster(url: string, time: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}t=${time}`;
}

/** Fetches an image and saves it as `${baseName}.${extension}`; resolves to the file name, throws on failure. */
export async function downloadImage(url: string, baseName: string, time = Date.now()): Promise<string> {
  const response = await fetch(withCacheBuster(url, time), { cache: "no-store" });
  if (!response.ok) throw new DownloadRefused(`download failed: ${response.status}`);
  const blob = await response.blob();
  const fileName = `${baseName}.${extensionOf(blob.type || response.headers.get("content-type"), url)}`;
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the save in some browsers; a short delay is enough.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return fileName;
}

/** downloadImage with the spec's toasts; resolves to whether the file was saved. */
export async function downloadImageWithToast(url: string, baseName: string): Promise<boolean> {
  try {
    await downloadImage(url, baseName);
    toast.success(downloadOk());
    return true;
  } catch (err) {
    console.error("image download failed", err);
    toast.error(downloadFailureMessage(err));
    return false;
  }
}
