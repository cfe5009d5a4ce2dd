import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { FENCE_MESSAGE } from "../db/shop-tables";
import { errorName, log } from "./log";

/** An error a person should read: its message is Spanish and safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra fields the screen can act on (e.g. free store links to suggest); never anything private. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const GENERIC_SERVER_ERROR = "Ocurrió un error inesperado. Intenta de nuevo en unos minutos.";
export const MALFORMED_BODY = "El cuerpo de la solicitud no es un JSON válido.";
export const BODY_TOO_LARGE = "La solicitud es demasiado grande.";
export const SHOP_MOVING = "Tu tienda se está mudando de base de datos: intenta de nuevo en unos segundos.";

/**
 * Whether a write was refused by the fence of a shop being moved (worker/lib/shop-move.ts): nothing of its batch
 * was written. It is answered 503 with Retry-After rather than retried here: the request read the shop's shard
 * before the switch, and its retry (the person's or the screen's) reads the new one.
 */
export const isShopMoving = (error: unknown) =>
  error instanceof Error && new RegExp(FENCE_MESSAGE).test(`${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`);

/** How long the fence's refusal asks the reader to wait before trying again, in seconds (a move takes a few). */
export const SHOP_MOVING_RETRY_AFTER = "5";

/**
 * The fence's refusal in the words of who reads it, when that is not the seller: a shopper reads it in the
 * store's language (worker/lib/order-core/place.ts). Answered 503 with Retry-After, as the seller's.
 */
export class ShopMovingError extends ApiError {
  constructor(message: string) {
    super(503, message);
  }
}

/** The single place that turns any thrown error into `{ error }`, never a stack trace. */
export function errorResponse(err: Error, c: Context) {
  if (err instanceof ShopMovingError) c.header("Retry-After", SHOP_MOVING_RETRY_AFTER);
  if (err instanceof ApiError) return c.json({ ...err.details, error: err.message }, err.status);
  if (isShopMoving(err)) {
    c.header("Retry-After", SHOP_MOVING_RETRY_AFTER);
    return c.json({ error: SHOP_MOVING }, 503);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for bodies it cannot parse.
    const message = err.status === 400 ? MALFORMED_BODY : err.status === 413 ? BODY_TOO_LARGE : GENERIC_SERVER_ERROR;
    return c.json({ error: message }, err.status);
  }
  // The class and the stack's frames locate the fault; the message may quote the input, so it stays out.
  log("error", "unhandled error", {
    requestId: c.get("requestId"),
    error: errorName(err),
    stack: err.stack
      ?.split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("at "))
      .slice(0, 5)
      .join(" | "),
  });
  return c.json({ error: GENERIC_SERVER_ERROR }, 500);
}
