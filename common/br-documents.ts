/**
 * Brazil's tax numbers as Pix keys: the CPF (people, 11 digits) and the CNPJ
 * (companies, 14 characters), each ending in two mod-11 check digits
 * (Receita Federal).
 *
 * From July 2026 new CNPJs are alphanumeric (Receita Federal, Instrução
 * Normativa RFB 2.229/2024): the first twelve characters are digits or
 * capital letters, the last two stay digits, and each character counts as
 * its ASCII code minus 48 ("0" → 0, "A" → 17, "Z" → 42) in the same weighted
 * sum, so every numeric CNPJ keeps its check digits. Written here, not taken
 * from npm: @brazilian-utils/brazilian-utils 2.4.0 refuses Receita's own
 * alphanumeric example 12.ABC.345/01DE-35.
 */

export const CPF_INVALID = "Ese CPF no es válido: revisa los 11 números (por ejemplo 529.982.247-25).";
export const CNPJ_INVALID = "Ese CNPJ no es válido: revisa los 14 caracteres (por ejemplo 11.222.333/0001-81).";

/** Mod 11 with Receita's rule: a remainder below 2 gives 0, else 11 − remainder. */
function mod11(values: readonly number[], weights: readonly number[]): number {
  const sum = values.reduce((total, value, i) => total + value * weights[i]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A CPF as typed ("529.982.247-25", "52998224725") as its 11 digits, or null when it is not a valid one. */
export function parseCpf(input: string): string | null {
  const digits = input.replace(/[\s.\-/]/g, "");
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return null;
  const values = [...digits].map(Number);
  const first = mod11(values.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11(values.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === values[9] && second === values[10] ? digits : null;
}

const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A CNPJ as typed ("11.222.333/0001-81", "12.ABC.345/01DE-35", lower case too) as its 14 characters in
 * capitals, or null when it is not a valid one.
 */
export function parseCnpj(input: string): string | null {
  const compact = input.replace(/[\s.\-/]/g, "").toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(compact) || /^(\d)\1{13}$/.test(compact)) return null;
  const values = [...compact].map((c) => c.charCodeAt(0) - 48);
  const first = mod11(values.slice(0, 12), CNPJ_FIRST);
  const second = mod11(values.slice(0, 13), CNPJ_SECOND);
  return first === values[12] && second === values[13] ? compact : null;
}
