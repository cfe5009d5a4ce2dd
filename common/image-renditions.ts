/**
 * Names of the WebP renditions the Worker keeps beside every stored image
 * (worker/lib/renditions.ts makes them): shared so the store pages and the
 * app's grids build the same `srcset`.
 */

/** 360 and 540 serve a two-column phone grid at DPR 2–3, 720 and 1080 the product page and desktops. */
export const RENDITION_WIDTHS = [360, 540, 720, 1080] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

const SOURCE = /^([ogl])\/([A-Za-z0-9_-]{43})\.(jpg|png|webp)$/;

const RENDITION = /^r\/(\d+)\/([ogl])\/([A-Za-z0-9_-]{43})-(jpg|png|webp)\.webp$/;

export const isSourceKey = (key: string) => SOURCE.test(key);

/** The source key and width behind a rendition key, or null when it is not one we make. */
export function parseRenditionKey(key: string): { source: string; width: RenditionWidth } | null {
  const m = RENDITION.exec(key);
  if (!m) return null;
  const width = Number(m[1]) as RenditionWidth;
  if (!RENDITION_WIDTHS.includes(width)) return null;
  return { source: `${m[2]}/${m[3]}.${m[4]}`, width };
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
