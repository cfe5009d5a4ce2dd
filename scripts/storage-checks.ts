/**
 * What R2 may hold. Everything in the bucket is served at its key to anyone who has the address, so an
 * object is allowed only while D1 still shows it: every stored image is one a row points to (a product's
 * photo or store image, a gallery image, a store logo), and every rendition or link preview belongs to
 * such an image. Whatever a deletion left behind breaks a check. One list for `npm run check:ledger`
 * (R2 read through wrangler's local platform proxy) and the Worker tests (env.IMAGES inside workerd).
 */
import { isSourceKey, sourceOfDerived } from "../common/image-renditions.ts";
import type { BrokenCheck } from "./ledger-checks.ts";

/** Every image key a D1 row points to. */
export const REFERENCED_IMAGES_SQL = `SELECT image_key AS key FROM products WHERE image_key IS NOT NULL
  UNION SELECT j.value FROM products p, json_each(p.store_image_keys) j
  UNION SELECT key FROM generated_images
  UNION SELECT substr(image_url, 6) FROM users WHERE image_url LIKE '/img/%'`;

export const STORAGE_CHECKS = [
  "every stored image is one a row points to (a deleted image leaves nothing in R2)",
  "every rendition and link preview belongs to an image a row points to",
  "R2 holds nothing but images, renditions and link previews",
] as const;

/** The storage checks that break, with the offending keys (none when R2 holds only what D1 shows). */
export function brokenStorageChecks(objectKeys: Iterable<string>, referenced: Iterable<string>): BrokenCheck[] {
  const shown = new Set(referenced);
  const broken: Record<(typeof STORAGE_CHECKS)[number], Record<string, unknown>[]> = {
    [STORAGE_CHECKS[0]]: [],
    [STORAGE_CHECKS[1]]: [],
    [STORAGE_CHECKS[2]]: [],
  };
  for (const key of objectKeys) {
    const source = sourceOfDerived(key);
    if (isSourceKey(key)) {
      if (!shown.has(key)) broken[STORAGE_CHECKS[0]].push({ key });
    } else if (source) {
      if (!shown.has(source)) broken[STORAGE_CHECKS[1]].push({ key, source });
    } else {
      broken[STORAGE_CHECKS[2]].push({ key });
    }
  }
  return STORAGE_CHECKS.filter((name) => broken[name].length > 0).map((name) => ({ name, rows: broken[name] }));
}

/** The part of an R2 bucket binding the listing needs (workerd's, or wrangler's platform proxy's in Node). */
interface ListableBucket {
  list(options: { cursor?: string; limit?: number }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
}

/** Every key in a bucket, page by page. */
export async function allObjectKeys(bucket: ListableBucket): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}
