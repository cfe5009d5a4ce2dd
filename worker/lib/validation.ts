import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import type { Env } from "../env";
import { type ZodType, z } from "zod";
import { spanishIssueMessage } from "../../common/validation-messages";

// Every issue whose schema names no message of its own reads in Spanish, wherever the Worker parses with
// zod: zod's own defaults are English developer text.
z.config({ customError: spanishIssueMessage });

/**
 * zValidator that answers the first problem in Spanish as `{ error }`.
 * Schemas carry their own Spanish messages; the rest come from `spanishIssueMessage`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const first = result.error.issues[0];
      return c.json({ error: first?.message ?? "Datos inválidos." }, 400);
    }
  });
}

/**
 * `validate` with a schema that depends on the request (the seller's store money reads the prices): the
 * schema is made from the context after the middlewares before it (requireUser) ran. Its type is the one
 * `make` returns, so `c.req.valid` stays typed.
 */
export function validateFor<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  make: (c: Context<Env>) => Schema,
): ReturnType<typeof validate<Target, Schema>> {
  const handler: MiddlewareHandler<Env> = async (c, next) => validate(target, make(c))(c as never, next);
  return handler as unknown as ReturnType<typeof validate<Target, Schema>>;
}
