import { LOGO_MAX_BYTES } from "../../../common/store";
import { sellerLocale } from "../../i18n/language";
import { scaledSize } from "../../lib/compress";
import { t } from "./texts";

/** A logo is shown at most 72 px wide (144 on sharp screens); 512 px leaves room for link previews. */
export const LOGO_MAX_SIDE = 512;

/** Spec section 5: an image file of at most 5 MB, or the reason it cannot be the logo. */
export function logoProblem(file: Pick<File, "type" | "size">): string | null {
  if (!file.type.startsWith("image/")) return t("logoNotAnImage");
  if (file.size > LOGO_MAX_BYTES) return t("logoTooLarge");
  return null;
}

/** The spec shows the logo's size in MB: "0,35 MB". */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString(sellerLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
}

/**
 * Redraws the logo at most 512 px wide, so every shopper does not download a
 * 5 MB photo for a small round picture. WebP keeps a transparent background
 * (browsers that cannot write WebP give PNG, which keeps it too). If the
 * browser cannot read the file, the original goes and the server judges it.
 */
export async function shrinkLogo(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height, LOGO_MAX_SIDE);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.9));
    return blob && blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}
