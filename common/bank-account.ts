/**
 * Argentine transfer details as sellers type them: a CBU (bank account) or
 * CVU (virtual account: Mercado Pago, Ualá, …) of 22 digits, and an alias.
 *
 * CBU and CVU share one layout and one check: a first block of 8 digits (entity
 * 3, branch 4, check digit) and a second of 14 (account 13, check digit), each
 * check digit being (10 − weighted sum mod 10) mod 10 with the BCRA weights
 * 7 1 3 9 7 1 3 and 3 9 7 1 3 9 7 1 3 9 7 1 3. A CVU's entity code starts with
 * 000. Written here rather than taken from npm: the only package for it
 * (`stdnum` 1.12.0, ar/cbu) refuses every valid number whose check digit is 0.
 *
 * An alias is 6 to 20 letters, digits, dots and hyphens (BCRA, alias CBU).
 */

export const CBU_LENGTH = 22;
export const ALIAS_MIN_LENGTH = 6;
export const ALIAS_MAX_LENGTH = 20;

const FIRST_BLOCK_WEIGHTS = [7, 1, 3, 9, 7, 1, 3];
const SECOND_BLOCK_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3];

export const CBU_NOT_DIGITS = "El CBU o CVU tiene que tener solo números.";
export const CBU_WRONG_LENGTH = `El CBU o CVU tiene ${CBU_LENGTH} números: revisa que esté completo.`;
export const CBU_WRONG_CHECK = "Ese CBU o CVU no es válido: algún número está mal. Cópialo de tu banco o billetera.";
export const ALIAS_INVALID = `El alias tiene de ${ALIAS_MIN_LENGTH} a ${ALIAS_MAX_LENGTH} letras, números, puntos o guiones (por ejemplo: mi.tienda.mp).`;

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * Reads a CBU or CVU as typed ("0720 4290 88000002339140", with spaces or
 * dashes) and answers its 22 digits, or the Spanish reason it is refused.
 */
export function parseCbu(input: string): { cbu: string } | { error: string } {
  const compact = input.replace(/[\s\-.]/g, "");
  if (!/^\d*$/.test(compact)) return { error: CBU_NOT_DIGITS };
  if (compact.length !== CBU_LENGTH) return { error: CBU_WRONG_LENGTH };
  const first = compact.slice(0, 8);
  const second = compact.slice(8);
  if (checkDigit(first, FIRST_BLOCK_WEIGHTS) !== Number(first[7]) || checkDigit(second, SECOND_BLOCK_WEIGHTS) !== Number(second[13])) {
    return { error: CBU_WRONG_CHECK };
  }
  return { cbu: compact };
}

/** "CVU" for a virtual account (entity code 000…), else "CBU": how the number is named to the buyer. */
export const cbuKind = (cbu: string): "CBU" | "CVU" => (cbu.startsWith("000") ? "CVU" : "CBU");

/** An alias as typed ("Mi.Tienda.MP ", "mi-tienda"), kept as written without spaces, or why it is refused. */
export function parseAlias(input: string): { alias: string } | { error: string } {
  const alias = input.trim();
  const pattern = new RegExp(`^[A-Za-z0-9.-]{${ALIAS_MIN_LENGTH},${ALIAS_MAX_LENGTH}}$`);
  return pattern.test(alias) ? { alias } : { error: ALIAS_INVALID };
}
