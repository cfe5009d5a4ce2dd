/**
 * Store rules shared by the Worker, the seller app and the public store's cart
 * script, so the link a seller previews, the phone a shopper writes to and the
 * prices everyone reads never disagree.
 */
import { digitsOnly, formatArs } from "./store-format";
import type { ColorStock } from "./variants";

export { digitsOnly, formatArs };

export interface Country {
  name: string;
  code: string;
  dialCode: string;
  flag: string;
}

/** The sixteen countries a store can be in (spec section 3), Argentina first: it is the default. */
export const COUNTRIES: readonly Country[] = [
  { name: "Argentina", code: "AR", dialCode: "54", flag: "🇦🇷" },
  { name: "Brasil", code: "BR", dialCode: "55", flag: "🇧🇷" },
  { name: "Chile", code: "CL", dialCode: "56", flag: "🇨🇱" },
  { name: "Colombia", code: "CO", dialCode: "57", flag: "🇨🇴" },
  { name: "México", code: "MX", dialCode: "52", flag: "🇲🇽" },
  { name: "Perú", code: "PE", dialCode: "51", flag: "🇵🇪" },
  { name: "Uruguay", code: "UY", dialCode: "598", flag: "🇺🇾" },
  { name: "Paraguay", code: "PY", dialCode: "595", flag: "🇵🇾" },
  { name: "Bolivia", code: "BO", dialCode: "591", flag: "🇧🇴" },
  { name: "República Dominicana", code: "DO", dialCode: "1", flag: "🇩🇴" },
  { name: "Guatemala", code: "GT", dialCode: "502", flag: "🇬🇹" },
  { name: "Costa Rica", code: "CR", dialCode: "506", flag: "🇨🇷" },
  { name: "Malasia", code: "MY", dialCode: "60", flag: "🇲🇾" },
  { name: "Indonesia", code: "ID", dialCode: "62", flag: "🇮🇩" },
  { name: "Kenia", code: "KE", dialCode: "254", flag: "🇰🇪" },
  { name: "Nigeria", code: "NG", dialCode: "234", flag: "🇳🇬" },
];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0]!;

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];

export function countryByCode(code: string | null | undefined): Country | undefined {
  return COUNTRIES.find((c) => c.code === code);
}

/**
 * The country whose dial code starts a saved phone ("+598 99…" is Uruguay).
 * The longest matching code wins, so no shorter code can shadow a longer one.
 */
export function countryFromPhone(phone: string | null | undefined): Country | undefined {
  const digits = (phone ?? "").trim().startsWith("+") ? digitsOnly(phone!) : "";
  if (!digits) return undefined;
  return [...COUNTRIES].sort((a, b) => b.dialCode.length - a.dialCode.length).find((c) => digits.startsWith(c.dialCode));
}

/** The country a saved store is in: from its phone's dial code, else its saved country, else Argentina. */
export function storeCountry(store: { phone: string | null; countryCode: string | null }): Country {
  return countryFromPhone(store.phone) ?? countryByCode(store.countryCode) ?? DEFAULT_COUNTRY;
}

export const dialPrefix = (country: Country) => `+${country.dialCode} `;

/**
 * Keeps the phone field starting with the chosen country's prefix whatever the
 * seller types or deletes: a value that lost its prefix gets it back, without
 * the remains of the old one.
 */
export function keepDialPrefix(value: string, country: Country): string {
  const prefix = dialPrefix(country);
  if (value.startsWith(prefix)) return value;
  // Typed in front of the prefix ("9+54 "), or the prefix lost a character ("+5", "+54").
  const bare = `+${country.dialCode}`;
  const at = value.indexOf(bare);
  const rest = at >= 0 ? value.slice(0, at) + value.slice(at + bare.length) : value.replace(/^\+\d*/, "");
  return prefix + rest.trimStart();
}

/** Changing the country replaces the prefix and keeps the number typed after it. */
export function replaceDialPrefix(value: string, from: Country, to: Country): string {
  const fromPrefix = dialPrefix(from);
  const rest = value.startsWith(fromPrefix) ? value.slice(fromPrefix.length) : value.replace(/^\+\d*\s?/, "");
  return dialPrefix(to) + rest.trimStart();
}

/** The local part of a phone saved as "+54 911…", for a form that shows the prefix itself. */
export function localPart(phone: string, country: Country): string {
  const prefix = dialPrefix(country);
  return phone.startsWith(prefix) ? phone.slice(prefix.length) : phone.replace(/^\+\d*\s?/, "");
}

export const REQUIRED_FIELDS = "Por favor completa todos los campos obligatorios.";

export const SLUG_MAX_LENGTH = 20;

/**
 * Characters that show nothing or reorder what is shown (zero-width spaces and
 * joiners, direction marks and overrides, the BOM, soft hyphens, tag
 * characters): in a name they let one store pass for another, so they go.
 * Emoji sequences keep their joiner (👩‍💻 stays one picture).
 */
// U+034F (combining grapheme joiner) is listed apart: inside a class it would read as a combining mark.
const INVISIBLE = /[\p{Cf}\p{Cc}\u115f\u1160\u3164\uffa0]|\u034f/gu;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\p{M}*)\u200d(?=\p{Extended_Pictographic})/gu;

/** A store name as saved and shown: invisible characters removed, runs of spaces made one. */
export function cleanStoreName(name: string): string {
  return (
    name
      .normalize("NFC")
      // Emoji joiners are parked on a private-use character while the invisible ones go.
      .replace(EMOJI_JOINER, "\ue000")
      .replace(INVISIBLE, "")
      .replace(/\ue000/g, "\u200d")
      .replace(/\s+/g, " ")
      .trim()
  );
}

// Latin letters that do not decompose into a base letter and a mark.
const LATIN_EXTRA: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** Whatever a name or a typed link holds, reduced to the link alphabet (lowercase a–z and 0–9). */
export function slugText(text: string): string {
  return cleanStoreName(text)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => LATIN_EXTRA[ch] ?? "")
    .replace(/[^a-z0-9]/g, "")
    .slice(0, SLUG_MAX_LENGTH);
}

/**
 * The app's own top-level words (worker mounts, SPA routes with their dashes
 * dropped, public files) and a few that would pass for the platform. No store
 * may take them; common/store.test.ts checks every route of the app is here.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "api",
  "u",
  "img",
  "assets",
  "landing",
  "favicon",
  "boot",
  "headers",
  "robots",
  "sitemap",
  "login",
  "register",
  "cuentaeliminada",
  "logout",
  "signup",
  "auth",
  "oauth",
  "google",
  "home",
  "images",
  "lote",
  "lotes",
  "credits",
  "pago",
  "pagos",
  "settings",
  "mitienda",
  "mitiendaadmin",
  "productpricing",
  "paymitienda",
  "paymitienda3",
  "autocharge",
  "terminosycondiciones",
  "terminos",
  "privacidad",
  "admin",
  "administrador",
  "root",
  "soporte",
  "ayuda",
  "help",
  "support",
  "vidriera",
  "www",
  "app",
  "mail",
  "email",
  "outbox",
  "recuperar",
  "restablecer",
  "password",
  "reset",
  "store",
  "tiendas",
  "orders",
  "pedido",
  "pedidos",
  "estadisticas",
  "clientes",
  "cupones",
  "guiasdetalles",
  "payments",
  "webhook",
  "webhooks",
  "checkout",
  "cart",
  "carrito",
  "null",
  "undefined",
  "p",
]);

/** The link a name gets: its letters and digits, or "tienda" for a name with none in the Latin alphabet. */
export function slugFromStoreName(name: string): string {
  const slug = slugText(name);
  if (!slug) return /[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(cleanStoreName(name)) ? FALLBACK_SLUG : "";
  return RESERVED_SLUGS.has(slug) ? `${slug}tienda`.slice(0, SLUG_MAX_LENGTH) : slug;
}

/** The link of a name written only in another script (Кириллица, 中文, العربية) or only with emoji. */
export const FALLBACK_SLUG = "tienda";

export const SLUG_RESERVED = "Ese enlace es una palabra de Vidriera y no puede usarse para una tienda. Elige otro.";
export const SLUG_INVALID = `El enlace solo puede tener letras sin acentos y números, hasta ${SLUG_MAX_LENGTH} caracteres.`;
export const slugTaken = (slug: string) => `El enlace /u/${slug} ya es de otra tienda. Elige otro.`;

/** Why a link a seller typed cannot be used, or null when it can (availability aside). */
export function slugProblem(slug: string): string | null {
  if (!/^[a-z0-9]{1,20}$/.test(slug)) return SLUG_INVALID;
  return RESERVED_SLUGS.has(slug) ? SLUG_RESERVED : null;
}

/** The n-th alternative when a link name is taken: "mitienda" → "mitienda2", still at most 20 characters. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = String(n);
  return base.slice(0, SLUG_MAX_LENGTH - suffix.length) + suffix;
}

/** What the store form previews: the real address, or '...' until there is a name. */
export function storeLinkPreview(host: string, slug: string): string {
  return `${host}/u/${slug || "..."}`;
}

export const storePath = (username: string) => `/u/${username}`;
export const productPath = (username: string, productId: string) => `/u/${username}/p/${productId}`;
/** An Argentine store's 'Botón de arrepentimiento' form. */
export const withdrawalPath = (username: string) => `/u/${username}/arrepentimiento`;

/** The `?ref=` values the app's own links carry (the QR, the share buttons); a visit's source comes first from it. */
export const SHARE_REFS = ["instagram", "facebook", "whatsapp", "google", "tiktok", "qr"] as const;
export type ShareRef = (typeof SHARE_REFS)[number];

/**
 * The store's address as it is shared: its QR codes, the store page's 'Compartir', the admin's
 * 'Compartir en WhatsApp', 'Copiar para Instagram' and 'Copiar enlace'. The one place that builds it; `ref`
 * (`?ref=qr`, `whatsapp`, `instagram`) tells the statistics where a visit came from, for links whose
 * destination is known.
 */
export const storeShareUrl = (origin: string, username: string, ref?: ShareRef) =>
  `${origin}${storePath(username)}${ref ? `?ref=${ref}` : ""}`;

export const NAME_WITHOUT_LETTERS = "El nombre de la tienda tiene que tener al menos una letra o un número.";
export const STORE_NAME_MAX_LENGTH = 60;

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_NOT_AN_IMAGE = "Por favor selecciona un archivo de imagen válido.";
export const LOGO_TOO_LARGE = "La imagen debe ser menor a 5MB.";

export { MAX_PRICE, PRICE_TOO_HIGH, parseArsPrice, pricePreview } from "./price";
export const MAX_STOCK = 1_000_000;
export const STOCK_TOO_HIGH = "El stock máximo por talle es 1.000.000.";

export const STOCK_INVALID = "El stock de un talle es un número entero de 0 o más, sin decimales: por ejemplo 5 o 1.200.";

export type StockResult = { stock: number } | { error: string };

// Dots only between groups of three, as prices are written: "1.200".
const STOCK_GROUPED = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * Stock as a seller types it ("5", "1.200") or as a JSON number: a whole number from 0 to MAX_STOCK. Empty
 * is 0 (a new size starts at 0); anything else ("5abc", "1e9", 2.7, -1) is refused with the reason, never
 * read as some other number: the same rule as prices (common/price.ts), where the spec's "invalid becomes
 * 0" would save a stock the seller did not mean.
 */
export function readStock(value: unknown): StockResult {
  if (value === null || value === undefined) return { stock: 0 };
  let stock: number;
  if (typeof value === "number") {
    stock = value;
  } else if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return { stock: 0 };
    if (!/^\d+$/.test(text) && !STOCK_GROUPED.test(text)) return { error: STOCK_INVALID };
    stock = Number(text.replace(/\./g, ""));
  } else {
    return { error: STOCK_INVALID };
  }
  if (!Number.isSafeInteger(stock) || stock < 0) return { error: STOCK_INVALID };
  return stock > MAX_STOCK ? { error: STOCK_TOO_HIGH } : { stock };
}

/** The stock a screen counts while a size's input holds something that is not (yet) a stock: 0. */
export function stockOrZero(value: unknown): number {
  const read = readStock(value);
  return "stock" in read ? read.stock : 0;
}

export interface StoreSize {
  name: string;
  stock: number;
}

export const SIZE_NAME_MAX_LENGTH = 20;
export const MAX_SIZES = 30;
/** The public store lists up to five sizes on a card; the size picker shows them all. */
export const STORE_CARD_SIZES = 5;
/** How many images a product may show in the store. */
export const MAX_STORE_IMAGES = 10;
export const AT_LEAST_ONE_IMAGE = "Debes seleccionar al menos una imagen.";

export const isPriceSet = (price: number | null | undefined) => (price ?? 0) > 0;
export const totalStock = (sizes: readonly StoreSize[]) => sizes.reduce((sum, s) => sum + s.stock, 0);

/** The store as a shopper sees it (spec section 3, "Public store"). */
export interface PublicStore {
  name: string;
  username: string;
  phone: string;
  imageUrl: string | null;
}

export interface PublicProduct {
  id: string;
  name: string;
  /** ARS; 0 means the seller has not set one and none is shown. */
  price: number;
  /** Without colours: the stock. With colours: each size once, all colours' stock added up (common/variants.ts). */
  sizes: StoreSize[];
  /** Empty for a product without colours. */
  colors: ColorStock[];
  /** Units of a product without colours nor sizes; null or absent: not counted (common/variants.ts). */
  stock?: number | null;
  /** What the store shows: the chosen store images, else the product's own photo. */
  images: string[];
}
