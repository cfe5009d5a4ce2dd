/**
 * The account numbers and wallet phones shoppers pay to outside Argentina and
 * Brazil, each read as a seller types it and checked where the number carries
 * a check digit. Small functions written from the official rules (cited at
 * each), tested with the rules' own examples:
 * - Mexico's CLABE: 18 digits (bank 3, branch 3, account 11, check 1), the
 *   check digit from weights 3, 7, 1 (Banxico, SPEI). Not the npm package
 *   clabe-validator: it also refuses a CLABE whose bank or branch code is
 *   missing from its own table (Cashi's 715 today), and a shopper's payment
 *   must not fail on a table going stale.
 * - Chile's RUT: its digits weighted 2…7 from the right, mod 11, "K" for 10
 *   (Servicio de Impuestos Internos).
 * - Nigeria's NUBAN: 10 digits (serial 9, check 1), the check digit over the
 *   bank's CBN code and the serial with weights 3, 7, 3, … (CBN, "Revised
 *   standards on NUBAN", 2020: a 3-digit bank code is padded "000", a 5-digit
 *   one "9", to 6 digits). OPay and PalmPay, payment service banks, number
 *   their accounts by the holder's mobile without its 0 (8031234567), which
 *   carries no check digit: those two take a Nigerian mobile as it is.
 * - Wallet phones: Peru's Yape and Plin (+51 9xx xxx xxx), Colombia's Nequi and
 *   Daviplata (+57 3xx xxx xxxx), Kenya's M-Pesa till (5 to 7 digits) and
 *   paybill (5 to 7 digits plus the account the shopper types).
 */

export const CLABE_INVALID_LENGTH = "La CLABE tiene 18 números: revisa que esté completa.";
export const CLABE_INVALID_CHECK = "Esa CLABE no es válida: algún número está mal. Cópiala de la app de tu banco.";
export const RUT_INVALID = "Ese RUT no es válido: revisa los números y el dígito verificador (por ejemplo 12.345.678-5).";
export const NUBAN_INVALID_LENGTH = "El número de cuenta NUBAN tiene 10 números: revisa que esté completo.";
export const NUBAN_INVALID_BANK = "Elige tu banco: el número de cuenta se revisa con su código.";
export const NUBAN_INVALID_CHECK = "Ese número de cuenta no corresponde a ese banco: revisa el número y el banco elegido.";
export const YAPE_PLIN_INVALID = "Escribe el celular peruano de tu cuenta: 9 números que empiezan con 9 (por ejemplo +51 912 345 678).";
export const NEQUI_DAVIPLATA_INVALID =
  "Escribe el celular colombiano de tu cuenta: 10 números que empiezan con 3 (por ejemplo +57 312 345 6789).";
export const MPESA_TILL_INVALID = "El número de Till de M-Pesa tiene de 5 a 7 números.";
export const MPESA_PAYBILL_INVALID = "El número de Paybill de M-Pesa tiene de 5 a 7 números.";
export const MPESA_ACCOUNT_INVALID = "Escribe el número de cuenta de tu Paybill (hasta 20 letras o números).";
export const BREB_KEY_INVALID =
  "Esa llave Bre-B no es válida: usa tu celular, tu número de documento, tu correo o tu llave alfanumérica (empieza con @).";

type Parsed<K extends string> = { [key in K]: string } | { error: string };

const compact = (input: string) => input.replace(/[\s.\-/()]/g, "");

/** A CLABE as typed ("002 010 07777777777 1") as its 18 digits, or why it is refused. */
export function parseClabe(input: string): Parsed<"clabe"> {
  const digits = compact(input);
  if (!/^\d{18}$/.test(digits)) return { error: CLABE_INVALID_LENGTH };
  const weights = [3, 7, 1];
  const sum = [...digits.slice(0, 17)].reduce((total, d, i) => total + ((Number(d) * weights[i % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[17]) ? { clabe: digits } : { error: CLABE_INVALID_CHECK };
}

/** A RUT as typed ("12.345.678-5", "12345678k") written the Chilean way, "12.345.678-5", or why it is refused. */
export function parseRut(input: string): Parsed<"rut"> {
  const text = compact(input).toUpperCase();
  const match = /^(\d{1,8})([\dK])$/.exec(text);
  if (!match) return { error: RUT_INVALID };
  const body = match[1]!.replace(/^0+/, "");
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const value = 11 - (sum % 11);
  const check = value === 11 ? "0" : value === 10 ? "K" : String(value);
  if (!body || check !== match[2]) return { error: RUT_INVALID };
  return { rut: `${body.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${check}` };
}

/** OPay's and PalmPay's CBN codes: their account number is the holder's mobile, not a NUBAN with a check digit. */
export const PHONE_ACCOUNT_BANKS: ReadonlySet<string> = new Set(["999992", "999991"]);

/** A NUBAN for the bank with this CBN code (3, 5 or 6 digits), or why it is refused. */
export function parseNuban(input: string, bankCode: string): Parsed<"account"> {
  const digits = compact(input);
  if (!/^\d{10}$/.test(digits)) return { error: NUBAN_INVALID_LENGTH };
  if (PHONE_ACCOUNT_BANKS.has(bankCode) && /^(70|80|81|90|91)\d{8}$/.test(digits)) return { account: digits };
  const code = /^\d{3}$/.test(bankCode) ? `000${bankCode}` : /^\d{5}$/.test(bankCode) ? `9${bankCode}` : bankCode;
  if (!/^\d{6}$/.test(code)) return { error: NUBAN_INVALID_BANK };
  const weights = [3, 7, 3];
  const sum = [...(code + digits.slice(0, 9))].reduce((total, d, i) => total + Number(d) * weights[i % 3]!, 0);
  return (10 - (sum % 10)) % 10 === Number(digits[9]) ? { account: digits } : { error: NUBAN_INVALID_CHECK };
}

/**
 * A mobile number of a country as typed, with or without its prefix, as "+<code><number>", or null: the
 * national number must match `national` once the prefix and spaces are gone.
 */
function mobile(input: string, dialCode: string, national: RegExp): string | null {
  const digits = compact(input);
  const local = digits.startsWith(`+${dialCode}`) ? digits.slice(dialCode.length + 1) : digits;
  return national.test(local) ? `+${dialCode}${local}` : null;
}

/** Peru's Yape or Plin: the 9-digit mobile starting with 9 the wallet is opened with. */
export function parsePeruWallet(input: string): Parsed<"phone"> {
  const phone = mobile(input, "51", /^9\d{8}$/);
  return phone ? { phone } : { error: YAPE_PLIN_INVALID };
}

/** Colombia's Nequi or Daviplata: the 10-digit mobile starting with 3. */
export function parseColombiaWallet(input: string): Parsed<"phone"> {
  const phone = mobile(input, "57", /^3\d{9}$/);
  return phone ? { phone } : { error: NEQUI_DAVIPLATA_INVALID };
}

/**
 * A Bre-B key (Banco de la República): a Colombian mobile, an identity or merchant number, an e-mail, or the
 * alphanumeric key its bank gave ("@ABC123"). Written as the shopper types it into their bank's app.
 */
export function parseBrebKey(input: string): Parsed<"key"> {
  const text = input.trim();
  const phone = mobile(text, "57", /^3\d{9}$/);
  if (phone) return { key: phone };
  if (/^\d{5,15}$/.test(compact(text))) return { key: compact(text) };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length <= 80) return { key: text.toLowerCase() };
  if (/^@[A-Za-z0-9]{3,20}$/.test(text)) return { key: text };
  return { error: BREB_KEY_INVALID };
}

/** An M-Pesa till ("Buy Goods") number: 5 to 7 digits. */
export function parseMpesaTill(input: string): Parsed<"till"> {
  const digits = compact(input);
  return /^\d{5,7}$/.test(digits) ? { till: digits } : { error: MPESA_TILL_INVALID };
}

/** An M-Pesa paybill number (5 to 7 digits) and the account shoppers type with it. */
export function parseMpesaPaybill(paybill: string, account: string): { paybill: string; account: string } | { error: string } {
  const digits = compact(paybill);
  if (!/^\d{5,7}$/.test(digits)) return { error: MPESA_PAYBILL_INVALID };
  const reference = account.trim();
  return /^[A-Za-z0-9 -]{1,20}$/.test(reference) ? { paybill: digits, account: reference } : { error: MPESA_ACCOUNT_INVALID };
}
