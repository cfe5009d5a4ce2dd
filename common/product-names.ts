/**
 * A product's name as drafted from its photo's file: readable words the
 * seller gave the file are kept ("remera-azul_final.jpg" is 'Remera azul
 * final'), names a camera or an app gave it are never a product's name
 * ("IMG_20261127_101500.jpg", "WhatsApp Image 2026-11-20 at 18.32.11.jpeg"),
 * a colour is added only to a name that has none, and two drafts of one
 * seller never read the same ('Remera negra', 'Remera negra 2').
 */
import { foldText } from "./store-browse";

/** What a product is called until its photo names it, when its file said nothing. */
export const UNNAMED_PRODUCT = "Producto sin nombre";

/** The longest name a product takes (the products routes' own limit). */
export const PRODUCT_NAME_MAX = 120;

/**
 * Colour names a shopper uses (keys folded, as file names are read), each as it goes with a masculine and a
 * feminine noun: the colours the offline drafter names.
 */
export const COLOURS = {
  blanco: ["blanco", "blanca"],
  negro: ["negro", "negra"],
  gris: ["gris", "gris"],
  rojo: ["rojo", "roja"],
  bordo: ["bordó", "bordó"],
  naranja: ["naranja", "naranja"],
  amarillo: ["amarillo", "amarilla"],
  verde: ["verde", "verde"],
  celeste: ["celeste", "celeste"],
  azul: ["azul", "azul"],
  violeta: ["violeta", "violeta"],
  rosa: ["rosa", "rosa"],
  marron: ["marrón", "marrón"],
  beige: ["beige", "beige"],
} as const satisfies Record<string, readonly [string, string]>;
export type Colour = keyof typeof COLOURS;

/** Colours sellers write that the drafter never names itself: a name carrying one already has its colour. */
const OTHER_COLOUR_WORDS = [
  "fucsia",
  "lila",
  "crema",
  "mostaza",
  "turquesa",
  "coral",
  "camel",
  "nude",
  "salmon",
  "caqui",
  "khaki",
  "dorado",
  "dorada",
  "plateado",
  "plateada",
  "morado",
  "morada",
  "purpura",
  "chocolate",
  "habano",
  "ocre",
  "aqua",
  "jade",
  "oliva",
  "militar",
  "denim",
  "multicolor",
  "estampado",
  "estampada",
  "rayado",
  "rayada",
  "blue",
  "black",
  "white",
  "red",
  "pink",
  "green",
  "grey",
  "gray",
];

/** Every colour word folded (both genders of the drafter's colours, and the others), to recognise one in a name. */
const COLOUR_WORDS = new Set([
  ...Object.keys(COLOURS),
  ...Object.values(COLOURS).flatMap((forms) => forms.map((form) => foldText(form))),
  ...OTHER_COLOUR_WORDS,
]);

/** A word, folded, or its singular ('rojas', 'azules', 'grises'). */
function isColourWord(word: string): boolean {
  return COLOUR_WORDS.has(word) || COLOUR_WORDS.has(word.replace(/s$/, "")) || COLOUR_WORDS.has(word.replace(/es$/, ""));
}

/** The words of a name, folded (no accents, lower case), without separators. */
export const nameWords = (name: string) =>
  foldText(name)
    .split(/[^a-z0-9ñ]+/)
    .filter(Boolean);

/** Whether the name already says a colour ('Musculosa roja', 'Camisa blanca', 'Jean azules'). */
export function namesColour(name: string): boolean {
  return nameWords(name).some(isColourWord);
}

/**
 * The names cameras, phones and apps give files, read from the file's name turned into words (separators as
 * spaces, folded): they say nothing of the product.
 */
const CAMERA_NAMES: readonly RegExp[] = [
  // IMG_2041, IMG_20261127_101500, IMG-20261120-WA0012 (WhatsApp's own), PXL_20261127_101500123, DSC_0042,
  // DSCN1234, DSCF0001, MVIMG_…, P1010001, GOPR0001, DJI_0001, SAM_0001, CIMG0001, VID_…, PANO_…, BURST…
  /^(img|image|imagen|pic|picture|photo|foto|mvimg|pxl|dsc|dscn|dscf|dcim|sam|sdc|cimg|gopr|gp|dji|vid|pano|burst|p|mg|wp)[ ]?\d/,
  // WhatsApp Image 2026-11-20 at 18.32.11, WhatsApp Imagen 2026-11-20 a las 18.32.11
  /^whats ?app\b/,
  // Screenshot_20261127-101500, Screenshot 2026-11-27 at 10.15.00, Captura de pantalla 2026-11-27 101500
  /^(screenshot|screen shot|captura|pantallazo|snapshot|scan|escaneo)\b/,
  // Apps that save what they received: FB_IMG_…, received_…, Snapchat-…, signal-…, telegram-…, InShot_…, Messenger
  /^(fb img|received|snapchat|signal|telegram|inshot|messenger|instagram|photo output|lightroom|edited|retouch|image from)\b/,
  // Nothing but digits (a date and a time, a counter): 20261127_101500, 1700000000000
  /^[\d ]+$/,
  // A bare generic word, maybe with a counter: image.jpg, foto (2).jpg, descarga.jpg, unnamed.jpg, sin título 3
  /^(img|image|imagen|imagenes|pic|picture|photo|foto|fotos|descarga|download|unnamed|untitled|sin titulo|nuevo|nueva|new|copia|copy)( \d+)*$/,
  // A random id: 3f2a9c1e-7b4d-4e8a-9c1f-2a3b4c5d6e7f, a hash
  /^[0-9a-f]{8} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{12}$/,
  /^(?=[a-z0-9]*\d)[a-z0-9]{16,}$/,
  // Our own stand-ins: 'Producto sin nombre', 'Producto nuevo', 'Producto 3'
  /^producto( sin nombre| nuevo)?( \d+)?$/,
];

/** Whether a name (as read from a file, or a stand-in) says nothing about the product. */
export function isCameraName(name: string): boolean {
  const words = nameWords(name).join(" ");
  return words === "" || CAMERA_NAMES.some((pattern) => pattern.test(words));
}

/** A file's name as words: without its extension, separators as spaces, capitalised ("remera-azul_final.jpg" → "Remera azul final"). */
export function fileNameWords(fileName: string): string {
  const base = fileName
    .normalize("NFC")
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PRODUCT_NAME_MAX)
    .trim();
  return base.charAt(0).toLocaleUpperCase("es") + base.slice(1);
}

/** The name a product gets from its photo's file: the seller's words, or the stand-in when a camera named it. */
export function nameFromFile(fileName: string): string {
  const words = fileNameWords(fileName);
  return isCameraName(words) ? UNNAMED_PRODUCT : words;
}

/** The name with its colour: added only when the name says none ('Campera jean' → 'Campera jean celeste'). */
export function withColour(name: string, colour: string | null): string {
  if (!colour || namesColour(name)) return name;
  return `${name} ${colour}`;
}

/** The number a name ends with after a space ('Remera negra 2'), and the name without it. */
function splitCounter(name: string): { base: string; n: number } {
  const match = /^(.*\S) (\d{1,3})$/.exec(name);
  return match ? { base: match[1]!, n: Number(match[2]) } : { base: name, n: 1 };
}

/**
 * The name, or the first of 'name 2', 'name 3', … that none of `taken` has (accents and case aside): two drafts
 * of one seller never read the same.
 */
export function distinctName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map(foldText));
  if (!used.has(foldText(name))) return name;
  const { base } = splitCounter(name);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${base.slice(0, PRODUCT_NAME_MAX - suffix.length).trim()}${suffix}`;
    if (!used.has(foldText(candidate))) return candidate;
  }
}
