import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error a person should read: its message is Spanish and safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const GENERIC_SERVER_ERROR = "Ocurrió un error inesperado. Intentá de nuevo en unos minutos.";
export const MALFORMED_BODY = "El cuerpo de la solicitud no es un JSON válido.";
export const BODY_TOO_LARGE = "La solicitud es demasiado grande.";

/** The single place that turns any thrown error into `{ error }`, never a stack trace. */
export function errorResponse(err: Error, c: Context) {
  if (err instanceof ApiError) return c.json({ error: err.message }, err.status);
  if (err instanceof HTTPException) {
    // Hono raises these for bodies it cannot parse.
    const message = err.status === 400 ? MALFORMED_BODY : err.status === 413 ? BODY_TOO_LARGE : GENERIC_SERVER_ERROR;
    return c.json({ error: message }, err.status);
  }
  console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: err.message, stack: err.stack }));
  return c.json({ error: GENERIC_SERVER_ERROR }, 500);
}
