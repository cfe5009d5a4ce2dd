import { Hono } from "hono";
import type { Env } from "../env";

// Keys are content-addressed (worker/lib/images.ts): o/ originals, g/ generated, l/ logos.
const KEY_PATTERN = /^[ogl]\/[A-Za-z0-9_-]{43}\.(jpg|png|webp)$/;

/** Serves images from R2. An object never changes under its key, so browsers and the edge may keep it forever. */
export const imgRoutes = new Hono<Env>().get("/*", async (c) => {
  const key = c.req.path.replace(/^\/img\//, "");
  if (!KEY_PATTERN.test(key)) return c.json({ error: "Imagen no encontrada." }, 404);
  const object = await c.env.IMAGES.get(key, { onlyIf: c.req.raw.headers });
  if (!object) return c.json({ error: "Imagen no encontrada." }, 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "public, max-age=31536000, immutable");
  // Images are embedded by the store pages and link previews of other sites.
  headers.set("cross-origin-resource-policy", "cross-origin");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
