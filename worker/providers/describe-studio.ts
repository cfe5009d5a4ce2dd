/**
 * The offline drafter: no model reads the photo, so the name comes from the
 * file's name and the garment's main colour, found with the studio pipeline's
 * own cut-out (the backdrop read from the border, the product's mask): a
 * photo called "IMG_2041.jpg" of a blue T-shirt becomes 'Prenda azul', one
 * called "campera-jean.jpg" of a light blue jacket 'Campera jean celeste'.
 */
import { type Colour, COLOURS, isCameraName, namesColour, nameWords, UNNAMED_PRODUCT, withColour } from "../../common/product-names";
import { foldText, type SUGGESTED_CATEGORIES } from "../../common/store-browse";
import { decodeImage, resizeImage, resizeToFit, type RgbaImage } from "./codecs";
import { capitalize, type DescribeContext, type ProductDescriber, type ProductDraft } from "./describe";
import { estimateBackdrop } from "./studio-backdrop";
import { productBounds, productMask } from "./studio-trim";
import type { SourceImage } from "./types";

type Gender = "f" | "m";

interface Garment {
  noun: string;
  gender: Gender;
  category: (typeof SUGGESTED_CATEGORIES)[number];
}

/** Words a file name may carry (folded: no accents, lower case), the garment they name and its store category. */
const GARMENTS: Record<string, Garment> = {
  remera: { noun: "Remera", gender: "f", category: "Remeras" },
  camiseta: { noun: "Camiseta", gender: "f", category: "Remeras" },
  musculosa: { noun: "Musculosa", gender: "f", category: "Remeras" },
  blusa: { noun: "Blusa", gender: "f", category: "Remeras" },
  camisa: { noun: "Camisa", gender: "f", category: "Remeras" },
  top: { noun: "Top", gender: "m", category: "Remeras" },
  buzo: { noun: "Buzo", gender: "m", category: "Buzos" },
  sweater: { noun: "Sweater", gender: "m", category: "Buzos" },
  sueter: { noun: "Suéter", gender: "m", category: "Buzos" },
  hoodie: { noun: "Buzo", gender: "m", category: "Buzos" },
  campera: { noun: "Campera", gender: "f", category: "Camperas" },
  chaqueta: { noun: "Chaqueta", gender: "f", category: "Camperas" },
  parka: { noun: "Parka", gender: "f", category: "Camperas" },
  pantalon: { noun: "Pantalón", gender: "m", category: "Pantalones" },
  jean: { noun: "Jean", gender: "m", category: "Pantalones" },
  jeans: { noun: "Jean", gender: "m", category: "Pantalones" },
  short: { noun: "Short", gender: "m", category: "Pantalones" },
  bermuda: { noun: "Bermuda", gender: "f", category: "Pantalones" },
  calza: { noun: "Calza", gender: "f", category: "Pantalones" },
  jogger: { noun: "Jogger", gender: "m", category: "Pantalones" },
  vestido: { noun: "Vestido", gender: "m", category: "Vestidos" },
  pollera: { noun: "Pollera", gender: "f", category: "Polleras" },
  falda: { noun: "Falda", gender: "f", category: "Polleras" },
  abrigo: { noun: "Abrigo", gender: "m", category: "Abrigos" },
  tapado: { noun: "Tapado", gender: "m", category: "Abrigos" },
  saco: { noun: "Saco", gender: "m", category: "Abrigos" },
  chaleco: { noun: "Chaleco", gender: "m", category: "Abrigos" },
  cardigan: { noun: "Cárdigan", gender: "m", category: "Abrigos" },
  gorro: { noun: "Gorro", gender: "m", category: "Accesorios" },
  bufanda: { noun: "Bufanda", gender: "f", category: "Accesorios" },
  cartera: { noun: "Cartera", gender: "f", category: "Accesorios" },
  bolso: { noun: "Bolso", gender: "m", category: "Accesorios" },
  cinturon: { noun: "Cinturón", gender: "m", category: "Accesorios" },
  body: { noun: "Body", gender: "m", category: "Bebés" },
  enterito: { noun: "Enterito", gender: "m", category: "Bebés" },
  mameluco: { noun: "Mameluco", gender: "m", category: "Bebés" },
};

/** The name a colour takes next to a noun of that gender: 'Remera roja', 'Buzo rojo'. */
export function colourWord(colour: Colour, gender: Gender): string {
  return COLOURS[colour][gender === "f" ? 1 : 0];
}

/** One pixel's colour as a shopper would name it. */
export function nameColour(r: number, g: number, b: number): Colour {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.16) return "negro";
  if (s < 0.15 || d < 0.08) return l > 0.82 ? "blanco" : l < 0.22 ? "negro" : "gris";
  let h = 0;
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  if (max === rn) h = ((gn - bn) / d + 6) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  h *= 60;
  if (h >= 15 && h < 50 && l < 0.42) return "marron";
  if (h >= 20 && h < 55 && s < 0.5 && l >= 0.62) return "beige";
  if (h < 15 || h >= 345) return l < 0.3 ? "bordo" : l > 0.72 ? "rosa" : "rojo";
  if (h < 40) return "naranja";
  if (h < 66) return "amarillo";
  if (h < 165) return "verde";
  if (h < 200) return "celeste";
  if (h < 250) return l > 0.68 ? "celeste" : "azul";
  if (h < 290) return "violeta";
  return "rosa";
}

/** The colour most of the product's pixels have (its backdrop left out), or null when nothing stands out. */
export function dominantColour(photo: RgbaImage): Colour | null {
  const small = resizeToFit(photo, 160, 160);
  const backdrop = estimateBackdrop(small);
  const box = productBounds(small, backdrop) ?? { x: 0, y: 0, width: small.width, height: small.height };
  const crop = resizeImage(small, box.width, box.height, box);
  const rows = { from: box.y / small.height, to: (box.y + box.height) / small.height };
  const mask = backdrop.kind === "none" ? new Uint8Array(crop.width * crop.height).fill(255) : productMask(crop, backdrop, rows, false);
  const counts = new Map<Colour, number>();
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]! < 128) continue;
    const i = p * 4;
    if (crop.data[i + 3]! < 128) continue;
    const colour = nameColour(crop.data[i]!, crop.data[i + 1]!, crop.data[i + 2]!);
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  let best: Colour | null = null;
  let most = 0;
  for (const [colour, n] of counts) {
    if (n > most) {
      best = colour;
      most = n;
    }
  }
  return most >= 20 ? best : null;
}

/**
 * The draft from the file's name (as the product was named from it) and the colour: see the file's comment. A
 * name that already says a colour keeps it (no 'Musculosa roja roja', no 'Camisa blanca azul'); a name a
 * camera gave the file never stays.
 */
export function draftFromName(fileName: string, colour: Colour | null, categories: readonly string[]): ProductDraft {
  const name = fileName.trim();
  if (isCameraName(name)) {
    if (!colour) return { name: UNNAMED_PRODUCT, category: null, description: null };
    return { name: `Prenda ${colourWord(colour, "f")}`, category: null, description: `Prenda de color ${colourWord(colour, "m")}.` };
  }
  const garment = nameWords(name)
    .map((word) => GARMENTS[word])
    .find(Boolean);
  if (!garment) {
    // The seller named the file in their own words: kept as they are.
    return { name: capitalize(name), category: null, description: null };
  }
  const category = categories.find((c) => foldText(c) === foldText(garment.category)) ?? garment.category;
  // The photo's colour only where the name says none: the seller's own word for it wins.
  const ownColour = namesColour(name);
  return {
    name: capitalize(withColour(name, colour && colourWord(colour, garment.gender))),
    category,
    description: colour && !ownColour ? `${garment.noun} de color ${colourWord(colour, "m")}.` : null,
  };
}

export class StudioDescriber implements ProductDescriber {
  readonly name = "studio";

  async describe(photo: SourceImage, context: DescribeContext): Promise<ProductDraft> {
    const colour = dominantColour(await decodeImage(photo.bytes));
    return draftFromName(context.fileName, colour, context.categories);
  }
}
