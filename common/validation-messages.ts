import type { z } from "zod";

type Issue = z.core.$ZodRawIssue;

const FORMATS: Record<string, string> = {
  email: "Ingresa un email válido.",
  url: "Ingresa un enlace válido.",
};

/**
 * The Spanish message of a zod issue whose schema carries none of its own: zod's defaults are English
 * developer text ("Too big: expected string to have <=64 characters") and would reach the seller as
 * `{ error }`. Written for a person: what is wrong and, where zod knows it, the bound to respect.
 */
export function spanishIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "Falta un dato obligatorio." : "Un dato no tiene el formato esperado.";
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `Un texto es demasiado largo: puede tener hasta ${max} caracteres.`;
      if (issue.origin === "array" || issue.origin === "set") return `Hay demasiados elementos: puede haber hasta ${max}.`;
      if (issue.origin === "file") return "El archivo es demasiado grande.";
      return `Un número es demasiado grande: puede ser hasta ${max}.`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? "Falta completar un dato." : `Un texto es demasiado corto: necesita al menos ${min} caracteres.`;
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? "Falta elegir al menos uno." : `Faltan elementos: necesita al menos ${min}.`;
      return `Un número es demasiado chico: tiene que ser al menos ${min}.`;
    }
    case "invalid_format":
      return FORMATS[issue.format] ?? "Un dato no tiene el formato esperado.";
    case "invalid_value":
      return "Elige una de las opciones disponibles.";
    case "not_multiple_of":
      return "Un número no es válido.";
    case "unrecognized_keys":
      return "La solicitud trae datos que no corresponden.";
    default:
      return "Un dato no es válido.";
  }
}
