import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Env } from "../env";
import { BODY_TOO_LARGE } from "./errors";

/** A limit on the body of one route, fitted to what that route takes; 413 with a Spanish error beyond it. */
export type BodyLimit = MiddlewareHandler<Env> & { readonly maxBodyBytes: number };

export const KiB = 1024;
export const MiB = 1024 * 1024;

/**
 * Every route that accepts a request body (every method but GET/HEAD) puts
 * one of these first, before any auth or validator: nothing reads more than
 * the route can use. test/worker/body-limits.test.ts walks `app.routes` and
 * fails for a route without one. Hono's bodyLimit checks Content-Length and
 * also counts a streamed (chunked) body as it arrives.
 */
export function limitBody(maxBytes: number, message: string = BODY_TOO_LARGE): BodyLimit {
  const middleware = bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error: message }, 413) });
  return Object.assign(middleware as MiddlewareHandler<Env>, { maxBodyBytes: maxBytes });
}

/** For routes that read no body (logout, deletes by id, the automatic charge): anything beyond a stray byte or two is refused. */
export const noBody = () => limitBody(1 * KiB);
/** A small JSON object: credentials, options, a status, a checkout's pack. */
export const smallJson = () => limitBody(16 * KiB);
