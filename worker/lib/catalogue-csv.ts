/**
 * The catalogue as CSV in the columns Tiendanube's product import reads (and its export writes): ";" between
 * fields, one row per variant, the product's own fields on its first row and only the identifier and the
 * variant's properties on the rows after it. The seller's export writes it; the import reads it back, so a
 * catalogue can go to Tiendanube and come back. Prices are whole pesos, written and read the Argentine way
 * ("12.500"); Tiendanube's own "12500.00" is read too.
 */
import { parseArsPrice } from "../../common/price";
import { DESCRIPTION_MAX_LENGTH } from "./product-fields";

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

type Column = (typeof TIENDANUBE_COLUMNS)[number];
export type CsvRow = Partial<Record<Column, string>>;

/** The property names this app's variants travel under (Tiendanube's own, in Spanish). */
export const COLOR_PROPERTY = "Color";
export const SIZE_PROPERTY = "Talle";

export interface CatalogueProduct {
  name: string;
  price: number;
  published: boolean;
  description: string | null;
  category: string | null;
  /** Stock per colour ("" when the product has no colours) and size. */
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

/** A URL identifier as Tiendanube writes them: lowercase words without accents, joined by "-". */
export function urlIdentifier(name: string, suffix: string): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${words || "producto"}-${suffix}`;
}

const formatPrice = (price: number) => (price > 0 ? String(Math.round(price)).replace(/\B(?=(\d{3})+(?!\d))/g, ".") : "");

/** The rows of one product: one per colour and size it sells, or one without properties. */
export function productRows(p: CatalogueProduct & { identifier: string }): string[][] {
  const first: CsvRow = {
    "Identificador de URL": p.identifier,
    Nombre: p.name,
    Categorías: p.category ?? "",
    Precio: formatPrice(p.price),
    "Mostrar en tienda": p.published ? "SI" : "NO",
    "Envío sin cargo": "NO",
    Descripción: p.description ?? "",
    "Producto Físico": "SI",
  };
  const variants = p.stock.length ? p.stock : [null];
  return variants.map((v, i) => {
    const row: CsvRow = i === 0 ? { ...first } : { "Identificador de URL": p.identifier };
    if (v) {
      const properties = v.color
        ? [[COLOR_PROPERTY, v.color] as const, [SIZE_PROPERTY, v.size] as const]
        : [[SIZE_PROPERTY, v.size] as const];
      properties.forEach(([name, value], n) => {
        row[`Nombre de propiedad ${n + 1}` as Column] = name;
        row[`Valor de propiedad ${n + 1}` as Column] = value;
      });
      row.Stock = String(v.stock);
      if (i > 0) row.Precio = formatPrice(p.price);
    }
    return TIENDANUBE_COLUMNS.map((c) => row[c] ?? "");
  });
}

export interface ImportError {
  /** The line of the file (1 is the header). */
  line: number;
  message: string;
}

const MAX_PRODUCTS = 500;
const NAME_MAX = 120;

/** "12.500", "12500", "$ 12.500" and Tiendanube's "12500.00": whole pesos, or why not. */
function readPrice(value: string): { price: number } | { error: string } {
  return parseArsPrice(value.trim().replace(/^(\d[\d.]*)[.,]00$/, "$1"));
}

/**
 * Reads a catalogue CSV in Tiendanube's columns: the products it holds, or every error with its line. Rows
 * of one product share its identifier (or follow its first row with the identifier empty).
 */
export function readCatalogueCsv(text: string): { products: CatalogueProduct[]; errors: ImportError[] } {
  const rows = parseCsv(text);
  const errors: ImportError[] = [];
  const header = (rows[0] ?? []).map((h) => h.trim());
  const at = new Map(header.map((h, i) => [h, i]));
  const missing = ["Identificador de URL", "Nombre", "Precio"].filter((c) => !at.has(c));
  if (missing.length) {
    return { products: [], errors: [{ line: 1, message: `Faltan columnas de Tiendanube: ${missing.join(", ")}.` }] };
  }
  const get = (row: string[], column: Column) => (at.has(column) ? (row[at.get(column)!] ?? "").trim() : "");
  const byIdentifier = new Map<string, CatalogueProduct>();
  const products: CatalogueProduct[] = [];
  let current: CatalogueProduct | null = null;
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    if (row.every((v) => v.trim() === "")) return;
    const identifier = get(row, "Identificador de URL");
    const name = get(row, "Nombre").replace(/[\u200b-\u200d\u2060\ufeff]/g, "");
    const known = identifier ? byIdentifier.get(identifier) : current;
    let product = known ?? null;
    if (!product || (name && identifier && !known)) {
      if (!name) {
        errors.push({ line, message: "Falta el nombre del producto." });
        return;
      }
      if (name.length > NAME_MAX) errors.push({ line, message: `El nombre no puede tener más de ${NAME_MAX} caracteres.` });
      const price = readPrice(get(row, "Precio"));
      if ("error" in price) errors.push({ line, message: price.error });
      const description = get(row, "Descripción");
      if (description.length > DESCRIPTION_MAX_LENGTH) {
        errors.push({ line, message: `La descripción no puede tener más de ${DESCRIPTION_MAX_LENGTH} caracteres.` });
      }
      product = {
        name,
        price: "price" in price ? price.price : 0,
        published: /^s[ií]$/i.test(get(row, "Mostrar en tienda")) && "price" in price && price.price > 0,
        description: description || null,
        category: get(row, "Categorías").split(",")[0]?.split(">")[0]?.trim() || null,
        stock: [],
      };
      products.push(product);
      if (identifier) byIdentifier.set(identifier, product);
    }
    current = product;
    const properties = new Map<string, string>();
    for (const n of [1, 2, 3] as const) {
      const key = get(row, `Nombre de propiedad ${n}`).toLowerCase();
      const value = get(row, `Valor de propiedad ${n}`);
      if (key && value) properties.set(key, value);
    }
    const size = properties.get(SIZE_PROPERTY.toLowerCase()) ?? properties.get("tamaño") ?? properties.get("talla");
    const color = properties.get(COLOR_PROPERTY.toLowerCase()) ?? "";
    const stockText = get(row, "Stock");
    if (size || color) {
      const stock = stockText === "" ? 0 : Number(stockText);
      if (!Number.isSafeInteger(stock) || stock < 0) {
        errors.push({ line, message: `El stock tiene que ser un número entero, sin signo: "${stockText}".` });
        return;
      }
      const variant = { color, size: size ?? "Único", stock };
      if (product.stock.some((v) => v.color === variant.color && v.size === variant.size)) {
        errors.push({ line, message: `La variante ${[color, variant.size].filter(Boolean).join(" ")} está repetida.` });
      } else product.stock.push(variant);
    }
  });
  if (products.length > MAX_PRODUCTS) errors.push({ line: 1, message: `Puedes importar hasta ${MAX_PRODUCTS} productos por archivo.` });
  if (!products.length && !errors.length) errors.push({ line: 1, message: "El archivo no tiene productos." });
  return { products, errors };
}
