/**
 * Numbers in Spanish words, for the price field's question when a typed price
 * reads two ways ("¿mil doscientos noventa y nueve o uno coma dos nueve
 * nueve?"): only what that needs, whole numbers up to 999.999 (RAE spelling).
 */

const UNITS = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"];
const TEENS = ["diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve"];
const TWENTIES = [
  "veinte",
  "veintiuno",
  "veintidós",
  "veintitrés",
  "veinticuatro",
  "veinticinco",
  "veintiséis",
  "veintisiete",
  "veintiocho",
  "veintinueve",
];
const TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const HUNDREDS = [
  "",
  "ciento",
  "doscientos",
  "trescientos",
  "cuatrocientos",
  "quinientos",
  "seiscientos",
  "setecientos",
  "ochocientos",
  "novecientos",
];

/** 0–999; `apocopated` writes "un"/"veintiún"/"…y un" as before "mil". */
function belowThousand(n: number, apocopated: boolean): string {
  if (n === 100) return "cien";
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = hundreds ? [HUNDREDS[hundreds]!] : [];
  if (rest || !hundreds) {
    let tail: string;
    if (rest < 10) tail = UNITS[rest]!;
    else if (rest < 20) tail = TEENS[rest - 10]!;
    else if (rest < 30) tail = TWENTIES[rest - 20]!;
    else tail = TENS[Math.floor(rest / 10)]! + (rest % 10 ? ` y ${UNITS[rest % 10]}` : "");
    if (apocopated)
      tail = tail
        .replace(/uno$/, "ún")
        .replace(/^ún$/, "un")
        .replace(/ y ún$/, " y un");
    if (!(hundreds && rest === 0)) words.push(tail);
  }
  return words.join(" ");
}

/** A whole number from 0 to 999.999 in words: 1299 → "mil doscientos noventa y nueve", 21500 → "veintiún mil quinientos". */
export function spellSpanish(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return String(n);
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  if (!thousands) return belowThousand(rest, false);
  const head = thousands === 1 ? "mil" : `${belowThousand(thousands, true)} mil`;
  return rest ? `${head} ${belowThousand(rest, false)}` : head;
}

/** A decimal as it is read out digit by digit: ("1", "299") → "uno coma dos nueve nueve". */
export function spellDecimal(whole: string, fraction: string): string {
  return `${spellSpanish(Number(whole))} coma ${[...fraction].map((d) => UNITS[Number(d)]).join(" ")}`;
}
