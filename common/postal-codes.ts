/**
 * The postal code an envío's address asks for, by the store's country: Brazil's CEP (8 digits, written
 * 00000-000) and Mexico's, Malaysia's and Indonesia's 5-digit codes are part of every address there and
 * required; where codes exist but people rarely write them (Argentina's 4 digits or its CPA "C1425ABC",
 * Chile, Colombia, Peru…) the field is optional; where deliveries go by landmarks and nobody uses one (Bolivia,
 * Kenya, Nigeria) there is no field. One table for the cart's form, the Worker's check and the countries'
 * table (common/store-locale.ts), so the three never disagree.
 */

export interface PostalCodeRule {
  required: boolean;
  /** The code once spaces, dashes and dots are gone, upper case. */
  pattern: RegExp;
  /** How a typed code is kept and shown: Brazil's CEP as 00000-000, the others as compacted. */
  format?: (compact: string) => string;
  /** A real code of the country, for the placeholder and the error. */
  example: string;
}

const digits = (n: number, example: string, required = false): PostalCodeRule => ({
  required,
  pattern: new RegExp(`^\\d{${n}}$`),
  example,
});

export const POSTAL_CODES: Readonly<Record<string, PostalCodeRule>> = {
  // The old 4 digits or the CPA (a province letter, the 4 digits, 3 letters of the block face).
  AR: { required: false, pattern: /^(\d{4}|[A-Z]\d{4}[A-Z]{3})$/, example: "C1425ABC" },
  BR: { required: true, pattern: /^\d{8}$/, format: (c) => `${c.slice(0, 5)}-${c.slice(5)}`, example: "01310-100" },
  MX: digits(5, "06600", true),
  MY: digits(5, "50450", true),
  ID: digits(5, "10310", true),
  CL: digits(7, "8320000"),
  CO: digits(6, "110111"),
  PE: digits(5, "15074"),
  UY: digits(5, "11300"),
  PY: digits(6, "001001"),
  CR: digits(5, "10101"),
  GT: digits(5, "01001"),
  DO: digits(5, "10101"),
};

/** The country's rule, or null where addresses carry no postal code. */
export const postalCodeRule = (country: string | null | undefined): PostalCodeRule | null => POSTAL_CODES[country ?? ""] ?? null;

export type PostalCodeCheck = { code: string | null } | { problem: "required" | "invalid"; example: string };

/**
 * A typed postal code read by the country's rule: the code as kept ("01310100" → "01310-100"), null when
 * none is asked or an optional one is left empty, else what is wrong with it.
 */
export function checkPostalCode(country: string | null | undefined, typed: string | null | undefined): PostalCodeCheck {
  const rule = postalCodeRule(country);
  if (!rule) return { code: null };
  const compact = (typed ?? "").replace(/[\s.\-–]/g, "").toUpperCase();
  if (!compact) return rule.required ? { problem: "required", example: rule.example } : { code: null };
  if (!rule.pattern.test(compact)) return { problem: "invalid", example: rule.example };
  return { code: rule.format ? rule.format(compact) : compact };
}
