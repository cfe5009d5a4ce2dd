/**
 * Size guides as the seller's app and the store read them: a table of measures per size in the store's unit,
 * and a note about the model ("La modelo mide 1,70 m y usa talle S"). Wrong sizes are the first cause of
 * returns in clothing; the guide sits next to the sizes on the product page. The rules of saving one live in
 * worker/lib/size-guides.ts.
 */
export const SIZE_GUIDE_UNITS = ["cm", "in"] as const;
export type SizeGuideUnit = (typeof SIZE_GUIDE_UNITS)[number];

export const MAX_GUIDE_MEASURES = 8;
export const MAX_GUIDE_ROWS = 30;
export const MAX_GUIDES = 50;
export const GUIDE_TITLE_MAX_LENGTH = 60;
export const GUIDE_MEASURE_MAX_LENGTH = 24;
export const GUIDE_VALUE_MAX_LENGTH = 16;
export const GUIDE_NOTE_MAX_LENGTH = 200;

export interface SizeGuideRow {
  size: string;
  /** One text per measure, as the seller wrote it ("96–100", "72"); "" where it does not apply. */
  values: string[];
}

export interface SizeGuide {
  id: string;
  title: string;
  /** What it applies to: one product, or every product of a category (a product's own guide wins). */
  scope: { productId: string } | { category: string };
  unit: SizeGuideUnit;
  measures: string[];
  rows: SizeGuideRow[];
  note: string | null;
}

/** The measures sellers of clothing use most, offered when a guide starts. */
export const SUGGESTED_MEASURES = ["Pecho", "Cintura", "Cadera", "Largo"];
