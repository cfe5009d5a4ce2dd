/**
 * How a shopper browses a store (/u/<user>?q=…&cat=…&orden=…&pagina=…): the
 * Worker filters, sorts and pages on the server, so it works without
 * JavaScript and a store of hundreds of products sends one page at a time.
 */
import { cleanText } from "./text";

/** What the store plan changes for shoppers, said the same way on the admin and the pay screens. */
export const TRIAL_EXPLAINED =
  "Tu tienda ya se puede visitar, con el aviso 'Tienda en modo prueba' para tus clientes. Al pagar, el aviso desaparece.";

/** Offered to the seller; they may also type their own. */
export const SUGGESTED_CATEGORIES = [
  "Remeras",
  "Buzos",
  "Camperas",
  "Pantalones",
  "Vestidos",
  "Polleras",
  "Abrigos",
  "Accesorios",
  "Bebés",
  "Niños",
] as const;

export const MAX_CATEGORY_LENGTH = 40;

export const SORTS = { nuevos: "Más nuevos", "precio-asc": "Menor precio", "precio-desc": "Mayor precio" } as const;
export type SortKey = keyof typeof SORTS;

export const PAGE_SIZE = 24;

/** Lower case, without accents, marks or invisible characters, spaces collapsed: "Café " and "cafe" fold alike. */
export function foldText(value: string): string {
  return cleanText(value).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * A category as saved and shown: cleaned like a product's name (NFC, without zero-width, bidi or control
 * characters), inner spaces collapsed; empty, or nothing but invisible characters, means none. Applied
 * when a category is saved and when one saved before this cleaning is read.
 */
export function cleanCategory(value: string | null | undefined): string | null {
  const clean = cleanText(value ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return clean ? clean : null;
}

export interface BrowseQuery {
  q: string;
  cat: string | null;
  sort: SortKey;
  page: number;
}

/** Reads the query string leniently: anything unknown falls back to the default. */
export function browseQuery(params: URLSearchParams): BrowseQuery {
  const sort = params.get("orden");
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 80),
    cat: cleanCategory(params.get("cat")?.slice(0, MAX_CATEGORY_LENGTH)),
    sort: sort && sort in SORTS ? (sort as SortKey) : "nuevos",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 1000) : 1,
  };
}

/** The query string of a browse state (defaults left out), for links and cache keys. */
export function browseSearch(query: BrowseQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.cat) params.set("cat", query.cat);
  if (query.sort !== "nuevos") params.set("orden", query.sort);
  if (query.page > 1) params.set("pagina", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

interface Browsable {
  name: string;
  price: number;
  category: string | null;
  /** Newest first is the order the products arrive in. */
}

/**
 * Categories in use, most products first, then by name; one entry per folded
 * spelling, named by its most used spelling (a capitalised one on a tie, so
 * the chip reads "Remeras" whichever product was saved last).
 */
export function categoriesOf(products: readonly Browsable[]): string[] {
  const groups = new Map<string, { n: number; spellings: Map<string, number> }>();
  for (const p of products) {
    const category = cleanCategory(p.category);
    if (!category) continue;
    const key = foldText(category);
    const group = groups.get(key) ?? { n: 0, spellings: new Map<string, number>() };
    group.n++;
    group.spellings.set(category, (group.spellings.get(category) ?? 0) + 1);
    groups.set(key, group);
  }
  const capitalised = (s: string) => (s[0] !== undefined && s[0] !== s[0].toLowerCase() ? 0 : 1);
  const named = [...groups.values()].map((g) => {
    const [name] = [...g.spellings.entries()].sort(
      ([a, an], [b, bn]) => bn - an || capitalised(a) - capitalised(b) || a.localeCompare(b, "es"),
    )[0]!;
    return { name, n: g.n };
  });
  return named.sort((a, b) => b.n - a.n || a.name.localeCompare(b.name, "es")).map((e) => e.name);
}

/**
 * The products a browse state shows. `products` come newest first; every word
 * of the search must appear in the name or the category.
 */
export function browse<T extends Browsable>(products: readonly T[], query: BrowseQuery): { items: T[]; total: number; pages: number } {
  const words = foldText(query.q).split(" ").filter(Boolean);
  const cat = query.cat ? foldText(query.cat) : null;
  const matching = products.filter((p) => {
    if (cat && foldText(p.category ?? "") !== cat) return false;
    if (!words.length) return true;
    const text = foldText(`${p.name} ${p.category ?? ""}`);
    return words.every((w) => text.includes(w));
  });
  // Stable sort keeps newest first among equal prices.
  if (query.sort === "precio-asc") matching.sort((a, b) => a.price - b.price);
  if (query.sort === "precio-desc") matching.sort((a, b) => b.price - a.price);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return { items: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: matching.length, pages };
}
