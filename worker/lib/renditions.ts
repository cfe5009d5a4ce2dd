/**
 * Responsive renditions of every stored image: WebP at a few widths, kept in
 * R2 beside the original under `r/<width>/<prefix>/<hash>-<ext>.webp`. The
 * source key is content-addressed, so a rendition never changes either.
 *
 * Written after an image is written, off the request that wrote it: the
 * write sends the image's key to the renditions queue (`writeRenditionsLater`)
 * and its consumer makes the widths not yet stored (`writeQueuedRenditions`,
 * one decode for all widths) in its own invocation, with its own CPU budget and
 * retries. Images stored before renditions existed, or asked for before the
 * queue got to them, get theirs on their first request (`rendition`), kept.
 *
 * Encoder chosen by measurement on the 1200×1500 photographic fixture
 * (jSquash WASM, Node 22, loaded 2-core box): WebP q75 is 16 / 26 / 38 / 69 KiB
 * at 360 / 540 / 720 / 1080 px wide, against MozJPEG q75's 21 / 39 / 59 / 111 KiB,
 * in similar or less time (0.06–0.9 s per width). AVIF has no encoder
 * installed here and libaom in WASM takes seconds per image: not used.
 */
import { waitUntil } from "cloudflare:workers";
import { derivedKeys, isSourceKey, parseRenditionKey, type RenditionWidth, renditionKey } from "../../common/image-renditions";
import { decodeImage, encodeWebp, ImageCodecError, resizeToFit, type RgbaImage } from "../providers/codecs";
import { errorName, log } from "./log";

export {
  derivedKeys,
  parseRenditionKey,
  RENDITION_WIDTHS,
  type RenditionWidth,
  renditionKey,
  srcset,
} from "../../common/image-renditions";

export const WEBP_QUALITY = 75;

/** The queue's name in wrangler.toml (`[[queues.producers]]` RENDITIONS and its consumer). */
export const RENDITIONS_QUEUE = "vidriera-renditions";

/**
 * Written with the image: what phones and the product page fetch. 1080 (large
 * screens) is the costliest encode, about half of the work, so it is made on
 * its first request instead of on every upload.
 */
export const WRITE_TIME_WIDTHS: readonly RenditionWidth[] = [360, 540, 720];

/**
 * Deletes stored images together with everything derived from them (renditions, link preview): THE way an
 * image leaves R2, on every delete path. R2 takes at most 1000 keys per call; a failed call is counted, not
 * thrown, so the caller decides (the rows are already gone: the keys are unguessable and unlisted).
 */
export async function deleteImages(bucket: R2Bucket, sourceKeys: Iterable<string>): Promise<{ deleted: number; failed: number }> {
  const keys = [...new Set([...sourceKeys].flatMap((key) => [key, ...derivedKeys(key)]))];
  let deleted = 0;
  let failed = 0;
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    try {
      await bucket.delete(chunk);
      deleted += chunk.length;
    } catch {
      failed += chunk.length;
    }
  }
  return { deleted, failed };
}

/**
 * Called right after storing objects derived from `sourceKey`: if the source is gone by now (deleted while
 * they were being made, e.g. renditions written after the answer for a photo deleted in the meantime), they
 * go too. A delete that comes after this check removes them itself (`deleteImages`), so no derived object
 * outlives its image whichever finishes first.
 */
export async function keepOnlyWithSource(bucket: R2Bucket, sourceKey: string, written: string[]): Promise<boolean> {
  if (await bucket.head(sourceKey)) return true;
  await bucket.delete(written);
  return false;
}

/** Never enlarges: a source narrower than the width gives its own size (the name keeps the nominal width). */
async function encodeWidth(image: RgbaImage, width: RenditionWidth): Promise<Uint8Array> {
  return encodeWebp(resizeToFit(image, width, width * 4), WEBP_QUALITY);
}

async function put(bucket: R2Bucket, key: string, bytes: Uint8Array) {
  await bucket.put(key, bytes, { httpMetadata: { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" } });
}

/** What the renditions queue carries: the stored original's key (its bytes are read again from R2). */
export interface RenditionMessage {
  key: string;
}

/**
 * Makes and stores the write-time widths from the original's bytes (the queue's
 * consumer, and tests). An unreadable image is left without renditions (its
 * first request answers 404 for them and pages fall back to the original);
 * other errors propagate.
 */
export async function writeRenditions(
  bucket: R2Bucket,
  sourceKey: string,
  bytes: Uint8Array,
  widths: readonly RenditionWidth[] = WRITE_TIME_WIDTHS,
): Promise<void> {
  if (!isSourceKey(sourceKey)) throw new Error(`not an image key: ${sourceKey}`);
  let image: RgbaImage;
  try {
    image = await decodeImage(bytes);
  } catch (err) {
    if (err instanceof ImageCodecError) return;
    throw err;
  }
  const written: string[] = [];
  for (const width of widths) {
    const key = renditionKey(sourceKey, width)!;
    await put(bucket, key, await encodeWidth(image, width));
    written.push(key);
  }
  await keepOnlyWithSource(bucket, sourceKey, written);
}

/**
 * THE hook for every image write (upload, generation, logo), called once the
 * original is stored: queues its renditions, so neither the seller's answer nor
 * the generation job waits for (or shares its CPU with) the encodes. A send that
 * fails only costs the write-time copy: the first request for a missing rendition
 * makes it.
 */
export function writeRenditionsLater(queue: Queue<RenditionMessage>, sourceKey: string): void {
  waitUntil(
    queue.send({ key: sourceKey }).catch((err: unknown) => log("warn", "renditions not queued", { key: sourceKey, error: errorName(err) })),
  );
}

/**
 * The renditions queue's consumer. Widths already stored (made by a first
 * request in the meantime, or by an earlier delivery of the same message: the
 * queue delivers at least once) are not made again; an original deleted since
 * has nothing to make. A failure is retried by the queue.
 */
export async function writeQueuedRenditions(batch: MessageBatch<RenditionMessage>, env: { IMAGES: R2Bucket }): Promise<void> {
  for (const message of batch.messages) {
    const { key } = message.body;
    try {
      if (!isSourceKey(key)) {
        log("warn", "renditions asked for a key that is not an image of ours", { key });
        message.ack();
        continue;
      }
      const stored = await Promise.all(WRITE_TIME_WIDTHS.map((width) => env.IMAGES.head(renditionKey(key, width)!)));
      const missing = WRITE_TIME_WIDTHS.filter((_, i) => stored[i] === null);
      const original = missing.length ? await env.IMAGES.get(key) : null;
      if (original) await writeRenditions(env.IMAGES, key, new Uint8Array(await original.arrayBuffer()), missing);
      message.ack();
    } catch (err) {
      log("warn", "renditions failed; the queue retries them", { key, attempt: message.attempts, error: errorName(err) });
      message.retry();
    }
  }
}

/**
 * The stored rendition, made from the original and kept when it is missing
 * (images written before renditions existed). Null when the source is gone
 * or unreadable.
 */
export async function rendition(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const parsed = parseRenditionKey(key);
  if (!parsed) return null;
  const stored = await bucket.get(key);
  if (stored) return new Uint8Array(await stored.arrayBuffer());
  const original = await bucket.get(parsed.source);
  if (!original) return null;
  let image: RgbaImage;
  try {
    image = await decodeImage(new Uint8Array(await original.arrayBuffer()));
  } catch (err) {
    if (err instanceof ImageCodecError) return null;
    throw err;
  }
  const bytes = await encodeWidth(image, parsed.width);
  await put(bucket, key, bytes);
  return (await keepOnlyWithSource(bucket, parsed.source, [key])) ? bytes : null;
}
