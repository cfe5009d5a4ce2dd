import { createMiddleware } from "hono/factory";
import type { Env } from "../env";

/** Past this much unread body the sender is not a browser of ours; the connection may then be dropped. */
export const MAX_BYTES_DRAINED = 100 * 1024 * 1024;

/**
 * Reads what is left of the request body before the answer goes out, when a
 * route answered without reading it all: a 401 before the body is parsed, a
 * 403 for a foreign origin, a 413 from a body limit, a 429.
 *
 * Why: workerd closes the connection when it answers a request whose body it
 * has not read, and the unread bytes make the kernel reset it. The local
 * servers (vite dev and preview through miniflare, wrangler dev) are still
 * writing that body, their fetch to workerd fails with "write ECONNRESET",
 * and the browser gets a 500 "fetch failed" page instead of our JSON answer:
 * in a burst of unauthenticated JSON uploads, up to half of them
 * (test/worker/early-answers.test.ts proves it no longer happens). Cloudflare's
 * edge buffers bodies itself, so in production this only costs reading bytes
 * that were sent anyway.
 *
 * The body is handed on as a stream we keep the reader of, because a route can
 * also stop half-way (hono's bodyLimit keeps its reader locked when a chunked
 * body runs over), and only the reader's owner can read the rest. workerd's
 * readers take one read at a time, and it may still be pumping the handed-on
 * stream when the route is done, so every read goes through one queue.
 */
export const readWholeBody = createMiddleware<Env>(async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const reader = raw.body.getReader();
  let finished = false;
  let queue: Promise<unknown> = Promise.resolve();
  const read = () => {
    const chunk = queue.then(() => reader.read());
    queue = chunk.catch(() => undefined);
    return chunk;
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await read();
      if (chunk.done) {
        finished = true;
        controller.close();
      } else controller.enqueue(chunk.value);
    },
    // A route that gives up on the body leaves the rest to be drained below, not cancelled.
    cancel() {},
  });
  c.req.raw = new Request(raw, { body });
  try {
    await next();
  } finally {
    let drained = 0;
    try {
      while (!finished && drained <= MAX_BYTES_DRAINED) {
        const chunk = await read();
        if (chunk.done) finished = true;
        else drained += chunk.value.byteLength;
      }
      if (!finished) await queue.then(() => reader.cancel());
    } catch {
      // The client went away: nothing left to read.
    }
  }
});
