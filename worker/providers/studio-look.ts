/**
 * What a studio image should look like for a request: canvas size, backdrop tone, framing and colour
 * adjustments. Pure data, so every choice stays deterministic and testable apart from the pixels.
 */
import type { GenerationKind, Personalization } from "../../common/generation";
import type { GenerationRequest } from "./types";

export type Rgb = readonly [number, number, number];

export interface StudioLook {
  width: number;
  height: number;
  /** Backdrop tone at the centre of the sweep; the painter lightens the top and shades the floor. */
  backdrop: Rgb;
  /** Largest share of the canvas the product may take, and where its centre sits vertically. */
  frame: { widthShare: number; heightShare: number; centreY: number };
  /** Off for "modify": its source is a picture already corrected, and correcting again would drift. */
  autoExposure: boolean;
  /**
   * On for "modify" only: its source is a studio picture whose own soft shadows must not travel with the
   * product; in a seller's photo a light grey garment can pass for a shadow, so there it stays off.
   */
  dropShadows: boolean;
  /** Multiplies the product's corrected brightness: above 1 lighter, below 1 darker. */
  brightness: number;
  contrast: number;
  /** Positive warms (more red, less blue), negative cools; in 0–255 units at mid-grey. */
  warmth: number;
  grayscale: boolean;
  /** Seeds the backdrop's dither grain, which hides banding in the gradient. */
  grainSeed: number;
}

/** 4:5 portrait, the feed format of the marketplaces sellers post to. */
// Pro is sold as 2K: at least 2048 px on the long side (PRO_MIN_LONG_SIDE in common/image-providers.ts).
const CANVAS = { standard: { width: 1080, height: 1350 }, pro: { width: 1640, height: 2050 } } as const;

const KIND_BACKDROPS: Record<GenerationKind, Rgb> = {
  ad: [236, 231, 224],
  back: [224, 229, 234],
  baby: [241, 236, 224],
  kid: [222, 235, 230],
  "girl-kid": [244, 228, 231],
  outfit: [233, 224, 210],
  personalized: [227, 233, 224],
  modify: [234, 234, 234],
  product: [243, 242, 239],
};

const PERSONALIZATION_SHIFTS: { [K in keyof Personalization]-?: Record<NonNullable<Personalization[K]>, Rgb> } = {
  gender: { male: [-3, 0, 4], female: [4, 0, -1] },
  age: { youth: [0, 3, 3], adult: [0, 0, 0], senior: [3, 1, -3] },
  skinTone: { light: [-2, -1, 1], medium: [2, 1, -2], dark: [5, 4, 2] },
  bodyType: { slim: [0, 0, 2], athletic: [-2, 1, 0], curvy: [3, 0, 0] },
};

const NAMED_BACKDROPS: Record<string, Rgb> = {
  blanco: [250, 250, 250],
  negro: [22, 22, 24],
  gris: [196, 198, 200],
  rojo: [206, 70, 62],
  bordo: [120, 36, 48],
  azul: [70, 108, 188],
  celeste: [196, 224, 242],
  verde: [118, 168, 122],
  amarillo: [244, 222, 122],
  rosa: [242, 196, 208],
  rosado: [242, 196, 208],
  naranja: [240, 168, 108],
  violeta: [176, 150, 214],
  lila: [208, 188, 230],
  morado: [140, 96, 170],
  beige: [230, 214, 190],
  crema: [243, 234, 212],
  marron: [132, 98, 74],
};

export function studioLook(request: GenerationRequest): StudioLook {
  const look: StudioLook = {
    ...CANVAS[request.quality],
    backdrop: shiftBackdrop(KIND_BACKDROPS[request.kind], request.personalization),
    // A worn garment reads larger and sits a little higher; a garment alone gets more air around it.
    frame: request.includeModel
      ? { widthShare: 0.84, heightShare: 0.8, centreY: 0.48 }
      : { widthShare: 0.78, heightShare: 0.72, centreY: 0.5 },
    autoExposure: request.kind !== "modify",
    dropShadows: request.kind === "modify",
    brightness: 1,
    contrast: 1,
    warmth: 0,
    grayscale: false,
    grainSeed: request.seed >>> 0,
  };
  return request.kind === "modify" && request.instruction ? applyInstruction(look, request.instruction) : look;
}

function shiftBackdrop(base: Rgb, personalization: Personalization | undefined): Rgb {
  let tone: [number, number, number] = [...base];
  for (const field of Object.keys(PERSONALIZATION_SHIFTS) as (keyof Personalization)[]) {
    const value = personalization?.[field];
    if (value === undefined) continue;
    const shift = (PERSONALIZATION_SHIFTS[field] as Record<string, Rgb>)[value];
    if (shift) tone = [tone[0] + shift[0], tone[1] + shift[1], tone[2] + shift[2]];
  }
  return clampRgb(tone);
}

/**
 * Understands a few Spanish requests a seller is likely to type; anything else still changes the image, by
 * a small variation derived from the text, so a different instruction gives a different picture.
 */
function applyInstruction(look: StudioLook, instruction: string): StudioLook {
  const text = normalize(instruction);
  const next: StudioLook = { ...look, frame: { ...look.frame } };
  let understood = false;

  if (/\b(blanco y negro|escala de grises|en grises|monocrom\w*|b\s*\/\s*n)\b/.test(text)) {
    next.grayscale = true;
    understood = true;
  }
  const brighter = /\b(mas (clar[oa]|brillante|brillo|luminos[oa]|luz)|aclar\w*|ilumin\w*)\b/.test(text);
  const darker = /\b(mas (oscur[oa]|sombr\w*)|oscurec\w*|menos (brillo|luz))\b/.test(text);
  if (brighter !== darker) {
    next.brightness = brighter ? 1.3 : 0.7;
    next.backdrop = brighter ? mix(next.backdrop, [255, 255, 255], 0.5) : scale(next.backdrop, 0.72);
    understood = true;
  }
  if (/\bmas contraste\b/.test(text)) [next.contrast, understood] = [1.18, true];
  if (/\bmenos contraste\b/.test(text)) [next.contrast, understood] = [0.85, true];
  if (/\bmas (calid[oa]|calor)\b/.test(text)) [next.warmth, understood] = [12, true];
  if (/\bmas fri[oa]\b/.test(text)) [next.warmth, understood] = [-12, true];

  const background = /\bfondo (?:de )?(?:color )?(\w+)/.exec(text)?.[1];
  const named = background ? (NAMED_BACKDROPS[background] ?? NAMED_BACKDROPS[background.replace(/s$/, "")]) : undefined;
  if (named) {
    next.backdrop = named;
    understood = true;
  }

  if (!understood) {
    const hash = fnv1a(text);
    const nudge = (shift: number) => ((hash >>> shift) & 0xf) - 7.5;
    next.backdrop = clampRgb([next.backdrop[0] + nudge(0), next.backdrop[1] + nudge(4), next.backdrop[2] + nudge(8)]);
    next.warmth += nudge(12) * 0.8;
    next.frame.heightShare *= 1 + nudge(16) * 0.004;
    next.frame.widthShare *= 1 + nudge(16) * 0.004;
  }
  next.grainSeed = (next.grainSeed ^ fnv1a(text)) >>> 0;
  return next;
}

function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const clampRgb = (c: readonly number[]): Rgb => [clampByte(c[0]!), clampByte(c[1]!), clampByte(c[2]!)];
const clampByte = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
const mix = (a: Rgb, b: Rgb, t: number): Rgb => clampRgb([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t));
const scale = (a: Rgb, k: number): Rgb => clampRgb(a.map((v) => v * k));
