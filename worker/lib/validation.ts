import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { type ZodType, z } from "zod";
import { spanishIssueMessage } from "./validation-messages";

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
