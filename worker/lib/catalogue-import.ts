/**
 * Reading a catalogue CSV (worker/lib/catalogue-csv.ts's columns) for the import. Prices are read in the store's
 * money as its country's sellers type them ("12.500" in Argentina, "129,90" in Brazil, "1,299.50" in Mexico), and
 * a "." followed by exactly two digits at the end is always Tiendanube's decimal point ("150.00" is R$ 150,00 in
 * Brazil and 150 pesos in Argentina). Every product's fields go through the product core's rules (names, sizes,
 * colours, categories cleaned and limited, stock read by readStock), so the import stores nothing the editor
 * would refuse.
 */
import { z } from "zod";
import { maxPrice, parsePrice, priceMessages, type PriceResult } from "../../common/price";
import type { StoreMoney } from "../../common/store-money";
import { cleanText } from "../../common/text";
import { type CatalogueProduct, type Column, COLOR_PROPERTY, parseCsv, SIZE_PROPERTY } from "./catalogue-csv";
import { categoryField, colorsField, sizelessStockField, sizesField } from "./product-core/fields";
import { HANDLE_MAX_LENGTH } from "./product-core/handles";
import { publishNeedsPrice } from "./product-core/save";
import { descriptionField, productNameField } from "./product-fields";

// Tiendanube's decimal point: a "." followed by exactly two digits at the end, in any store ("150.00", "89.90").
const TIENDANUBE_DECIMAL = /^(\d+)\.(\d{2})$/;

/**
 * A price of the file in the store's money: Tiendanube's "150.00" in any store, else as the store's sellers
 * type it (common/price.ts). Cents in a whole-unit money ("12.50" pesos) are refused with parsePrice's reason.
 */
export function readCsvPrice(value: string, money: StoreMoney): PriceResult {
  const text = value.trim();
  const decimal = TIENDANUBE_DECIMAL.exec(text);
  if (!decimal) return parsePrice(text, money);
  const [, units, cents] = decimal as unknown as [string, string, string];
  if (!money.digits) return cents === "00" ? parsePrice(units, money) : parsePrice(text, money);
  const read = parsePrice(units, { ...money, digits: 0 });
  if ("error" in read) return read;
  const price = read.price * 10 ** money.digits + Number(cents);
  return price > maxPrice(money) ? { error: priceMessages(money).tooHigh } : { price };
}

export interface ImportError {
  /** The line of the file (1 is the header). */
  line: number;
  message: string;
}

export const MAX_IMPORT_PRODUCTS = 500;

/** The export writes a cell that a spreadsheet would run as a formula with a "'" in front; the import takes exactly that one away. */
const unneutralised = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** A product's cells as the file has them, before the core's rules read them. */
interface RawProduct {
  line: number;
  handle: string;
  name: string;
  price: string;
  shown: string;
  description: string;
  category: string;
  variants: { line: number; color: string; size: string; stock: string }[];
}

const catalogueFields = z.object({
  name: productNameField,
  description: descriptionField,
  category: categoryField,
  sizes: sizesField,
  colors: colorsField,
  stock: sizelessStockField,
});

/** Tiendanube's "Ropa > Remeras, Ofertas": the first category's first level. */
const firstCategory = (value: string) => value.split(",")[0]?.split(">")[0]?.trim() ?? "";

/** One product of the file read by the product core's rules, or why it is refused, each reason on its line. */
function readProduct(raw: RawProduct, money: StoreMoney): CatalogueProduct | ImportError[] {
  const errors: ImportError[] = [];
  const refuse = (message: string, line = raw.line) => {
    if (!errors.some((e) => e.line === line && e.message === message)) errors.push({ line, message });
  };
  const seen = new Set<string>();
  for (const v of raw.variants) {
    const key = `${cleanText(v.color).toLowerCase()}\u0000${cleanText(v.size).toLowerCase()}`;
    if (seen.has(key)) refuse(`La variante ${[v.color, v.size].filter(Boolean).join(" ")} está repetida.`, v.line);
    seen.add(key);
  }
  const colorNames = [...new Set(raw.variants.map((v) => v.color).filter(Boolean))];
  const sized = (color: string) => raw.variants.filter((v) => v.color === color && v.size);
  const units = colorNames.length || sized("").length ? undefined : raw.variants.find((v) => !v.color && !v.size);
  const fields = catalogueFields.safeParse({
    name: raw.name,
    description: raw.description,
    category: firstCategory(raw.category),
    sizes: colorNames.length ? [] : sized("").map((v) => ({ name: v.size, stock: v.stock })),
    colors: colorNames.map((name) => ({ name, sizes: sized(name).map((v) => ({ name: v.size, stock: v.stock })) })),
    stock: units ? units.stock : null,
  });
  // A size's or a colour's reason goes on its own row.
  const lineOf = (path: readonly PropertyKey[]) => {
    if (path[0] === "sizes" && typeof path[1] === "number") return sized("")[path[1]]?.line;
    if (path[0] === "colors" && typeof path[1] === "number") {
      const rows = sized(colorNames[path[1]] ?? "");
      return (path[2] === "sizes" && typeof path[3] === "number" ? rows[path[3]] : rows[0])?.line;
    }
    if (path[0] === "stock") return units?.line;
    return undefined;
  };
  if (!fields.success) for (const issue of fields.error.issues.slice(0, 20)) refuse(issue.message, lineOf(issue.path) ?? raw.line);
  const price = readCsvPrice(raw.price, money);
  if ("error" in price) refuse(price.error);
  const published = /^s[ií]$/i.test(raw.shown);
  if (published && "price" in price && price.price <= 0) refuse(publishNeedsPrice(cleanText(raw.name)));
  const handle = cleanText(raw.handle);
  if (handle.length > HANDLE_MAX_LENGTH) refuse(`El identificador de URL puede tener hasta ${HANDLE_MAX_LENGTH} caracteres.`);
  if (errors.length || !fields.success || "error" in price) return errors;
  const { name, description, category, sizes, colors, stock } = fields.data;
  return {
    handle,
    name,
    price: price.price,
    published,
    description,
    category,
    stock: [
      ...(colors.length
        ? colors.flatMap((c) => c.sizes.map((s) => ({ color: c.name, size: s.name, stock: s.stock })))
        : sizes.map((s) => ({ color: "", size: s.name, stock: s.stock }))),
      ...(stock !== null ? [{ color: "", size: "", stock }] : []),
    ],
  };
}

/**
 * Reads a catalogue CSV in Tiendanube's columns: the products it holds, read in the store's money `money` by the
 * product core's rules, or every error with its line. Rows of one product share its identifier, one after the
 * other (or follow its first row with the identifier empty); an identifier that comes back after another
 * product's rows, or with another name, is a second product under the same identifier: an error, never a merge.
 */
export function readCatalogueCsv(text: string, money: StoreMoney): { products: CatalogueProduct[]; errors: ImportError[] } {
  const rows = parseCsv(text);
  const errors: ImportError[] = [];
  const header = (rows[0] ?? []).map((h) => h.trim());
  const at = new Map(header.map((h, i) => [h, i]));
  const missing = ["Identificador de URL", "Nombre", "Precio"].filter((c) => !at.has(c));
  if (missing.length) {
    return { products: [], errors: [{ line: 1, message: `Faltan columnas de Tiendanube: ${missing.join(", ")}.` }] };
  }
  const get = (row: string[], column: Column) => (at.has(column) ? unneutralised(row[at.get(column)!] ?? "").trim() : "");
  const byHandle = new Map<string, RawProduct>();
  const raws: RawProduct[] = [];
  let current: RawProduct | null = null;
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    if (row.every((v) => v.trim() === "")) return;
    const handle = get(row, "Identificador de URL");
    const name = get(row, "Nombre");
    const known = handle ? byHandle.get(handle) : undefined;
    const sameName = !name || cleanText(name) === cleanText(known?.name ?? "");
    if (known && (known !== current || !sameName)) {
      errors.push({
        line,
        message: `El identificador «${handle}» ya es de otro producto (línea ${known.line}): cada producto lleva el suyo.`,
      });
      return;
    }
    let product = known ?? (handle || name ? null : current);
    if (!product) {
      if (!name) {
        errors.push({ line, message: "Falta el nombre del producto." });
        return;
      }
      product = {
        line,
        handle,
        name,
        price: get(row, "Precio"),
        shown: get(row, "Mostrar en tienda"),
        description: get(row, "Descripción"),
        category: get(row, "Categorías"),
        variants: [],
      };
      raws.push(product);
      if (handle) byHandle.set(handle, product);
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
    const stock = get(row, "Stock");
    // A colour without a size sells as 'Único'; a row without either counts the units of a product that has neither.
    if (size || color) product.variants.push({ line, color, size: size ?? "Único", stock });
    else if (stock !== "") product.variants.push({ line, color: "", size: "", stock });
  });
  if (raws.length > MAX_IMPORT_PRODUCTS) {
    errors.push({ line: 1, message: `Puedes importar hasta ${MAX_IMPORT_PRODUCTS} productos por archivo.` });
    return { products: [], errors };
  }
  const products: CatalogueProduct[] = [];
  for (const raw of raws) {
    const read = readProduct(raw, money);
    if (Array.isArray(read)) errors.push(...read);
    else products.push(read);
  }
  errors.sort((a, b) => a.line - b.line);
  if (!products.length && !errors.length) errors.push({ line: 1, message: "El archivo no tiene productos." });
  return { products, errors };
}
