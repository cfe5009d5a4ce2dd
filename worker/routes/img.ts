import { Hono } from "hono";
import type { Env } from "../env";
import { parseRenditionKey, rendition } from "../lib/renditions";

// Keys are content-addressed (worker/lib/images.ts): o/ originals, g/ generated, l/ logos;
// r/<width>/… their WebP renditions (worker/lib/renditions.ts).
const KEY_PATTERN = /^[ogl]\/[A-Za-z0-9_-]{43}\.(jpg|png|webp)$/;

const NOT_FOUND = "Imagen no encontrada.";

/** The key names the bytes for good, so it is the ETag: a revalidation needs no R2 read. */
const etagOf = (key: string) => `"${key}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

function imageHeaders(key: string, contentType: string | undefined): Headers {
  const headers = new Headers();
  if (contentType) headers.set("content-type", contentType);
  headers.set("etag", etagOf(key));
  headers.set("cache-control", "public, max-age=31536000, immutable");
  // Images are embedded by the store pages and link previews of other sites.
  headers.set("cross-origin-resource-policy", "cross-origin");
  return headers;
}

/** Serves images from R2. An object never changes under its key, so browsers and the edge may keep it forever. */
export const imgRoutes = new Hono<Env>().get("/*", async (c) => {
  const key = c.req.path.replace(/^\/img\//, "");
  const isRendition = parseRenditionKey(key) !== null;
  if (!isRendition && !KEY_PATTERN.test(key)) return c.json({ error: NOT_FOUND }, 404);
  if (matches(c.req.header("if-none-match"), etagOf(key)))
    return new Response(null, { status: 304, headers: imageHeaders(key, undefined) });
  if (isRendition) {
    const bytes = await rendition(c.env.IMAGES, key);
    if (!bytes) return c.json({ error: NOT_FOUND }, 404);
    return new Response(bytes, { headers: imageHeaders(key, "image/webp") });
  }
  const object = await c.env.IMAGES.get(key);
  if (!object) return c.json({ error: NOT_FOUND }, 404);
  const headers = imageHeaders(key, object.httpMetadata?.contentType);
  return new Response(object.body, { headers });
});
