/**
 * Brazil's Pix: the five kinds of key a seller receives with (Banco Central,
 * "Manual de Padrões para Iniciação do Pix": CPF and CNPJ as digits, e-mail,
 * phone as +55 with area code, random key as a UUID), and the static BR Code
 * ("Pix copia e cola", the same text as the QR) that asks for an order's total
 * with its code as the transaction id.
 *
 * The BR Code is EMV QRCPS merchant-presented mode: fields of a 2-digit id, a
 * 2-digit length and the value, ending in field 63, a CRC16-CCITT-FALSE
 * (polynomial 0x1021, initial 0xFFFF) over the whole text up to and including
 * "6304". Field 26 holds the Pix account (00: the GUI "br.gov.bcb.pix", 01: the
 * key); 52 category "0000"; 53 currency 986 (BRL); 54 the amount with a point
 * and two decimals; 58 "BR"; 59 the receiver's name (up to 25); 60 the city
 * (up to 15); 62/05 the txid (up to 25 letters and digits, "***" for none).
 */
import { CNPJ_INVALID, CPF_INVALID, parseCnpj, parseCpf } from "./br-documents";

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** How the settings name each kind of key to a Spanish-speaking seller. */
export const PIX_KEY_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Celular",
  random: "Llave aleatoria",
};

export const PIX_EMAIL_INVALID = "Ese e-mail no sirve como llave Pix: revisa que esté completo (por ejemplo loja@exemplo.com.br).";
export const PIX_PHONE_INVALID =
  "Ese celular no sirve como llave Pix: escribe el código de área y el número, por ejemplo +55 11 98765-4321.";
export const PIX_RANDOM_INVALID =
  "Esa llave aleatoria no es válida: cópiala de la app de tu banco (32 letras y números separados por guiones).";

const PIX_KEY_ERRORS: Record<PixKeyType, string> = {
  cpf: CPF_INVALID,
  cnpj: CNPJ_INVALID,
  email: PIX_EMAIL_INVALID,
  phone: PIX_PHONE_INVALID,
  random: PIX_RANDOM_INVALID,
};

/** The Banco Central's limit for an e-mail key. */
export const PIX_EMAIL_MAX_LENGTH = 77;

/** Written as the DICT stores it: digits for CPF/CNPJ, lower-case e-mail and UUID, "+55…" for a phone. */
function normalizePixKey(type: PixKeyType, input: string): string | null {
  const text = input.trim();
  switch (type) {
    case "cpf":
      return parseCpf(text);
    case "cnpj":
      return parseCnpj(text);
    case "email": {
      const email = text.toLowerCase();
      return email.length <= PIX_EMAIL_MAX_LENGTH && /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(email) ? email : null;
    }
    case "phone": {
      // "+55 (11) 98765-4321", "(11) 98765-4321", "11987654321": an area code 11–99 and 8 or 9 digits.
      const digits = text.replace(/[\s().-]/g, "");
      const national = digits.startsWith("+55") ? digits.slice(3) : /^\d{10,11}$/.test(digits) ? digits : null;
      return national && /^[1-9][1-9]\d{8,9}$/.test(national) ? `+55${national}` : null;
    }
    case "random": {
      const uuid = text.toLowerCase();
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid) ? uuid : null;
    }
  }
}

/** A Pix key of the kind the seller chose, as it goes into the BR Code, or the Spanish reason it is refused. */
export function parsePixKey(type: PixKeyType, input: string): { key: string } | { error: string } {
  const key = normalizePixKey(type, input);
  return key ? { key } : { error: PIX_KEY_ERRORS[type] };
}

/** CRC16-CCITT-FALSE of an ASCII text, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/** A name or city as the BR Code carries it: without accents, printable ASCII, cut to its field's size. */
function plainText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

export interface BrCodeInput {
  /** A key as parsePixKey answers it. */
  key: string;
  /** The receiver's name: the store's or the account holder's. */
  name: string;
  city: string;
  /** In centavos; without it the payer types the amount. */
  amount?: number;
  /** The order's code; letters and digits only reach the code. */
  txid?: string;
}

/** The "Pix copia e cola" text of a static BR Code (also the QR's content). */
export function buildBrCode({ key, name, city, amount, txid }: BrCodeInput): string {
  const reference = (txid ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 25);
  const payload = [
    field("00", "01"),
    field("26", field("00", "br.gov.bcb.pix") + field("01", key)),
    field("52", "0000"),
    field("53", "986"),
    amount !== undefined && amount > 0 ? field("54", (Math.round(amount) / 100).toFixed(2)) : "",
    field("58", "BR"),
    field("59", plainText(name, 25) || "N"),
    field("60", plainText(city, 15) || "BRASIL"),
    field("62", field("05", reference || "***")),
    "6304",
  ].join("");
  return payload + crc16(payload);
}

/** Whether a BR Code's last four characters are the CRC of the rest (what a bank's app checks first). */
export function brCodeCrcValid(code: string): boolean {
  return code.length > 8 && code.slice(-8, -4) === "6304" && crc16(code.slice(0, -4)) === code.slice(-4);
}
