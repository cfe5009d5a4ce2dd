/**
 * Names of what the Worker keeps beside every stored image: its WebP
 * renditions (worker/lib/renditions.ts makes them), shared so the store pages
 * and the app's grids build the same `srcset`, and its link-preview JPEG
 * (worker/pages/og-image.ts). Deleting an image deletes every name here
 * (`derivedKeys`), and `npm run check:ledger` reads R2 by them.
 */

/** 360 and 540 serve a two-column phone grid at DPR 2–3, 720 and 1080 the product page and desktops. */
export const RENDITION_WIDTHS = [360, 540, 720, 1080] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

const SOURCE = /^([ogl])\/([A-Za-z0-9_-]{43})\.(jpg|png|webp)$/;

// Only the canonical names: each width spelled as RENDITION_WIDTHS spells it ("0360" or "360.0" is not a
// name of ours), so one source has exactly one key per width and nothing else can be made from it.
const RENDITION = new RegExp(`^r/(${RENDITION_WIDTHS.join("|")})/([ogl])/([A-Za-z0-9_-]{43})-(jpg|png|webp)\\.webp$`);

const PREVIEW = /^og\/([ogl])\/([A-Za-z0-9_-]{43})-(jpg|png|webp)\.jpg$/;

export const isSourceKey = (key: string) => SOURCE.test(key);

/** The source key and width behind a rendition key, or null when it is not one we make. */
export function parseRenditionKey(key: string): { source: string; width: RenditionWidth } | null {
  const m = RENDITION.exec(key);
  if (!m) return null;
  return { source: `${m[2]}/${m[3]}.${m[4]}`, width: Number(m[1]) as RenditionWidth };
}

/** The stored image an /img/ URL shows, whichever rendition it names (tests compare images by it). */
export function imageSource(url: string): string {
  const key = url.replace(/^\/img\//, "");
  return parseRenditionKey(key)?.source ?? key;
}

/** R2 key (and /img/ path) of one width of a source image, or null when the key is not an image of ours. */
export function renditionKey(sourceKey: string, width: RenditionWidth): string | null {
  const m = SOURCE.exec(sourceKey);
  return m ? `r/${width}/${m[1]}/${m[2]}-${m[3]}.webp` : null;
}

/** `srcset` for a source image: every width's WebP, each described by its nominal width. */
export function srcset(sourceKey: string): string | null {
  if (!SOURCE.test(sourceKey)) return null;
  return RENDITION_WIDTHS.map((w) => `/img/${renditionKey(sourceKey, w)} ${w}w`).join(", ");
}

/** The responsive attributes for an /img/ URL; none for anything else (a Google avatar, a blob: preview). */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const key = url.startsWith("/img/") ? url.slice("/img/".length) : null;
  const set = key ? srcset(key) : null;
  return key && set ? { src: `/img/${renditionKey(key, 540)}`, srcSet: set } : { src: url };
}

/** R2 key of a source image's link preview (served at /u/_/<key>), or null when the key is not an image of ours. */
export function previewKey(sourceKey: string): string | null {
  const m = SOURCE.exec(sourceKey);
  return m ? `og/${m[1]}/${m[2]}-${m[3]}.jpg` : null;
}

/** Every key the Worker derives from a source image: one rendition per width and the link preview. */
export function derivedKeys(sourceKey: string): string[] {
  const preview = previewKey(sourceKey);
  return preview ? [...RENDITION_WIDTHS.map((w) => renditionKey(sourceKey, w)!), preview] : [];
}

/** The source image a derived key (rendition or link preview) was made from, or null for any other key. */
export function sourceOfDerived(key: string): string | null {
  const preview = PREVIEW.exec(key);
  if (preview) return `${preview[1]}/${preview[2]}.${preview[3]}`;
  return parseRenditionKey(key)?.source ?? null;
}
