/**
 * The catalogue as CSV in the columns Tiendanube's product import reads (and its export writes): ";" between
 * fields, one row per variant, the product's own fields on its first row and only the identifier and the
 * variant's properties on the rows after it. The seller's export writes it; the import reads it back, so a
 * catalogue can go to Tiendanube and come back, and export → import → export gives the same file.
 *
 * 'Identificador de URL' is the product's handle (worker/lib/product-core/handles.ts): importing a row whose
 * handle the seller has updates that product. Prices are written as Tiendanube writes them, plain digits with
 * "." and two decimals where the store's money has cents ("125.00") and whole units where it has none
 * ("12500"). How the import reads a file back (in the store's money, by the product core's rules) is in
 * catalogue-import.ts.
 */
import type { StoreMoney } from "../../common/store-money";

/** Tiendanube's product CSV columns, in its order. */
export const TIENDANUBE_COLUMNS = [
  "Identificador de URL",
  "Nombre",
  "Categorías",
  "Nombre de propiedad 1",
  "Valor de propiedad 1",
  "Nombre de propiedad 2",
  "Valor de propiedad 2",
  "Nombre de propiedad 3",
  "Valor de propiedad 3",
  "Precio",
  "Precio promocional",
  "Peso (kg)",
  "Alto (cm)",
  "Ancho (cm)",
  "Profundidad (cm)",
  "Stock",
  "SKU",
  "Código de barras",
  "Mostrar en tienda",
  "Envío sin cargo",
  "Descripción",
  "Tags",
  "Título para SEO",
  "Descripción para SEO",
  "Marca",
  "Producto Físico",
  "MPN",
  "Sexo",
  "Rango de edad",
  "Costo",
] as const;

export type Column = (typeof TIENDANUBE_COLUMNS)[number];
export type CsvRow = Partial<Record<Column, string>>;

/** The property names this app's variants travel under (Tiendanube's own, in Spanish). */
export const COLOR_PROPERTY = "Color";
export const SIZE_PROPERTY = "Talle";

/** A product as the catalogue CSV holds it, its price in the store's money (its smallest unit kept). */
export interface CatalogueProduct {
  /** Its 'Identificador de URL'; "" when the file gives none (the product gets one from its name). */
  handle: string;
  name: string;
  price: number;
  published: boolean;
  description: string | null;
  category: string | null;
  /** Stock per colour ("" when the product has no colours) and size ("" for the units of a product without either). */
  stock: { color: string; size: string; stock: number }[];
}

/** The generic writer (and its rule against spreadsheet formulas) is worker/lib/csv.ts; re-exported for the callers here. */
export { toCsv } from "./csv";

/** Reads CSV text with ";" or "," between fields (whichever the header uses), quotes and line breaks in quotes. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\ufeff/, "");
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = firstLine.split(";").length >= firstLine.split(",").length ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A price as Tiendanube writes it: plain digits, with "." and two decimals where the money has cents. */
export function formatCsvPrice(price: number, money: StoreMoney): string {
  if (!(price > 0)) return "";
  return money.digits ? (price / 10 ** money.digits).toFixed(money.digits) : String(Math.round(price));
}

/** The rows of one product: one per colour and size it sells, or one without properties. */
export function productRows(p: CatalogueProduct, money: StoreMoney): string[][] {
  const price = formatCsvPrice(p.price, money);
  const first: CsvRow = {
    "Identificador de URL": p.handle,
    Nombre: p.name,
    Categorías: p.category ?? "",
    Precio: price,
    "Mostrar en tienda": p.published ? "SI" : "NO",
    "Envío sin cargo": "NO",
    Descripción: p.description ?? "",
    "Producto Físico": "SI",
  };
  const variants = p.stock.length ? p.stock : [null];
  return variants.map((v, i) => {
    const row: CsvRow = i === 0 ? { ...first } : { "Identificador de URL": p.handle };
    if (v) {
      const properties = [...(v.color ? [[COLOR_PROPERTY, v.color] as const] : []), ...(v.size ? [[SIZE_PROPERTY, v.size] as const] : [])];
      properties.forEach(([name, value], n) => {
        row[`Nombre de propiedad ${n + 1}` as Column] = name;
        row[`Valor de propiedad ${n + 1}` as Column] = value;
      });
      row.Stock = String(v.stock);
      if (i > 0) row.Precio = price;
    }
    return TIENDANUBE_COLUMNS.map((c) => row[c] ?? "");
  });
}
