/**
 * The CSV every file the app writes uses: ";" between fields (what a spreadsheet set to Spanish or Portuguese
 * splits on), CRLF between rows, and a BOM so the accents open right.
 *
 * A cell is read by a spreadsheet as a formula when it starts with = + - @, a tab or a carriage return, and a
 * shopper's name or note, or an imported product's name, can be anything: `=HYPERLINK("http://evil…")` in
 * pedidos.csv would become a live link in the seller's spreadsheet. OWASP's rule for CSV injection: such a
 * text gets a single quote in front (`'=HYPERLINK(…)`), which the spreadsheet shows as text and the catalogue
 * import drops again. Numbers the app itself writes (a credits debit of -1) are numbers, not formulas, and stay
 * numbers.
 */

export type CsvValue = string | number | null | undefined;

/** The characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralised and quoted as CSV requires. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row with its line ending. */
export const csvLine = (row: readonly CsvValue[]): string => `${row.map(csvCell).join(";")}\r\n`;

/** What a CSV file starts with, before its header. */
export const CSV_BOM = "\ufeff";

/** CSV text (with a BOM) of `header` and `rows`, fields split by ";". */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join("");
}
