/**
 * Text people type, cleaned before it is stored: Unicode NFC, without the
 * invisible characters phones and copy-paste carry (zero-width spaces and
 * joiners outside emoji, bidi controls, BOM, control characters). Line breaks
 * survive only where `multiline` allows them.
 */
// U+200D (zero-width joiner) is kept: it glues emoji such as 👩‍👧 together.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible character is listed to be removed on its own
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

export function cleanText(value: string, { multiline = false } = {}): string {
  // U+2028 and U+2029 break lines as \n does (WhatsApp shows them so).
  let text = value
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(INVISIBLE, "")
    .replace(/\t/g, " ")
    .replace(CONTROL, "");
  if (!multiline) text = text.replace(/\n+/g, " ");
  else text = text.replace(/\n{3,}/g, "\n\n");
  return text.replace(/[ \u00A0]{2,}/g, " ").trim();
}
