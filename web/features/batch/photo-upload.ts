/**
 * Photos picked from the phone's gallery for a batch: each is checked to be
 * a picture the browser can open (a file that is not is refused by its name,
 * before anything is sent), compressed like every upload, and sent ten at a
 * time (the upload route's limit), each becoming a draft product named after
 * its file.
 */
import { MAX_BATCH_ITEMS } from "../../../common/batches";
import type { Product } from "../../../common/product";
import { ADD_DIALOG_THRESHOLD, compressImage } from "../../lib/compress";
import { MAX_FILES_PER_UPLOAD, uploadProductImages } from "../../lib/upload";
import { t } from "./texts";

export const notAPhoto = (name: string) => t("notAPhoto", { name });
export const tooManyPhotos = () => t("tooManyPhotos", { max: String(MAX_BATCH_ITEMS) });

/** Whether the browser can decode the file as a picture (what generation will need). */
async function opens(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/** The files that are not pictures, by name; an empty list when all of them are. */
export async function refusedPhotos(files: readonly File[]): Promise<string[]> {
  const refused: string[] = [];
  // One at a time: decoding many 12-megapixel photos at once can exhaust a phone's memory.
  for (const file of files) if (!(await opens(file))) refused.push(notAPhoto(file.name));
  return refused;
}

/**
 * Where each group of photos starts, last group first. The store shows the newest product first and the
 * Worker makes a group's first photo its newest, so sending the last group first leaves the first photo
 * picked at the top of the store, and the rest in the order they were picked.
 */
export function groupStarts(count: number, size = MAX_FILES_PER_UPLOAD): number[] {
  const starts: number[] = [];
  for (let i = 0; i < count; i += size) starts.unshift(i);
  return starts;
}

/** Compresses and uploads the photos; `onProgress(sent, total)` after each group. The products come back in the files' order. */
export async function uploadPhotos(files: readonly File[], onProgress: (sent: number, total: number) => void): Promise<Product[]> {
  const groups: Product[][] = [];
  let sent = 0;
  for (const start of groupStarts(files.length)) {
    const group: File[] = [];
    for (const file of files.slice(start, start + MAX_FILES_PER_UPLOAD)) group.push((await compressImage(file, ADD_DIALOG_THRESHOLD)).file);
    groups.unshift(await uploadProductImages(group));
    sent += group.length;
    onProgress(sent, files.length);
  }
  return groups.flat();
}
