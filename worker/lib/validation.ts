import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";

/**
 * zValidator that answers the first problem in Spanish as `{ error }`.
 * Schemas carry their own Spanish messages; this only picks the first one.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const first = result.error.issues[0];
      return c.json({ error: first?.message ?? "Datos inválidos." }, 400);
    }
  });
}
