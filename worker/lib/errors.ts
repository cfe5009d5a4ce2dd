import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
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

/** The single place that turns any thrown error into `{ error }`, never a stack trace. */
export function errorResponse(err: Error, c: Context) {
  if (err instanceof ApiError) return c.json({ ...err.details, error: err.message }, err.status);
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
