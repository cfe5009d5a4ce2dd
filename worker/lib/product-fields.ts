import { z } from "zod";
import { cleanText } from "../../common/text";

export const DESCRIPTION_MAX_LENGTH = 1000;

/** A product's name, as every route that sets it reads it. */
export const productNameField = z
  .string({ error: "El nombre es obligatorio." })
  .transform((v) => cleanText(v))
  .pipe(z.string().min(1, "El nombre es obligatorio.").max(120, "El nombre no puede tener más de 120 caracteres."));

/** Optional text for shoppers; an empty one clears it (null). Stored as plain text, escaped by the store page. */
export const descriptionField = z
  .string({ error: "La descripción no es válida." })
  .transform((v) => cleanText(v, { multiline: true }))
  .pipe(z.string().max(DESCRIPTION_MAX_LENGTH, `La descripción no puede tener más de ${DESCRIPTION_MAX_LENGTH} caracteres.`))
  .transform((v) => v || null)
  .nullable();
