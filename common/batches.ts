/**
 * A batch: one look for many products, generated in the background. The
 * rules the Worker charges with and the screens show: what it costs, how
 * many pictures a balance covers, and how its progress reads.
 */
import { creditsLabel } from "./credits";
import { creditsFor, type GenerationKind, type Quality } from "./generation";

/** At most this many pictures in one batch (and photos picked from the gallery at once). */
export const MAX_BATCH_ITEMS = 100;

/** The kinds a batch can make: the drawer's looks (personalising one model for many products is not offered). */
export const BATCH_KINDS = ["ad", "back", "outfit", "baby", "kid", "girl-kid"] as const satisfies readonly GenerationKind[];
export type BatchKind = (typeof BATCH_KINDS)[number];

/** What the screen sends to confirm a batch (POST /api/batches). */
export interface NewBatch {
  /** In the order the pictures are shown. */
  productIds: string[];
  /** Photos uploaded for this batch: their products get a name drafted from the photo (unless renamed first). */
  draftProductIds: string[];
  kind: BatchKind;
  includeModel: boolean;
  quality: Quality;
  /** Tell the seller by e-mail when it ends. */
  notify: boolean;
}

/** A batch costs exactly what its pictures would cost one by one (DECISIONS.md). */
export function batchCredits(count: number, quality: Quality): number {
  return count * creditsFor(quality);
}

/** How many of the pictures asked for a balance pays for. */
export function affordableItems(balance: number, count: number, quality: Quality): number {
  return Math.max(0, Math.min(count, Math.floor(balance / creditsFor(quality))));
}

export const picturesLabel = (count: number) => (count === 1 ? "1 imagen" : `${count.toLocaleString("es-AR")} imágenes`);

/** '20 imágenes · 1.000 créditos': shown before confirming, the same figures the Worker charges. */
export function batchPriceLabel(count: number, quality: Quality): string {
  return `${picturesLabel(count)} · ${creditsLabel(batchCredits(count, quality))}`;
}

/** What the seller reads when the balance does not cover the batch; the screen offers the pictures it covers. */
export function notEnoughForBatch(count: number, quality: Quality, balance: number): string {
  const covered = affordableItems(balance, count, quality);
  const need = `Necesitas ${creditsLabel(batchCredits(count, quality))} para ${picturesLabel(count)} y tienes ${creditsLabel(balance)}.`;
  if (covered === 0) return `${need} No se descontó nada. Compra créditos para generar el lote.`;
  return `${need} Tu saldo alcanza para ${picturesLabel(covered)}: puedes generar esas ahora. No se descontó nada.`;
}

/** One picture of a batch, as the seller follows it. */
export type BatchItemState = "waiting" | "running" | "done" | "failed" | "cancelled";

export interface BatchItemView {
  id: string;
  productId: string | null;
  productName: string | null;
  /** Its name is still being drafted from the photo: productName is the file's until then. */
  naming: boolean;
  /** The seller's own photo, until the picture lands. */
  photoUrl: string | null;
  state: BatchItemState;
  imageUrl: string | null;
  /** Why it failed or was cancelled (it always says the credits came back). */
  error: string | null;
}

export interface BatchView {
  id: string;
  kind: BatchKind;
  quality: Quality;
  includeModel: boolean;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Not started yet, or being made now. */
  waiting: number;
  /** Photos whose names are still being drafted: the pricing grid waits for them. */
  naming: number;
  /** Credits charged for the whole batch and given back so far (failed and cancelled pictures). */
  charged: number;
  refunded: number;
  /** Every picture has ended (made, failed or cancelled). */
  finished: boolean;
  /** Seconds left at the generator's current pace, while pictures wait; null when unknown or finished. */
  secondsLeft: number | null;
  notify: boolean;
  createdAt: string;
  items: BatchItemView[];
}

/** A line for /home while a batch runs. */
export interface BatchSummary {
  id: string;
  total: number;
  done: number;
  failed: number;
  waiting: number;
  finished: boolean;
  createdAt: string;
}

/** 'Falta aprox. 3 min': rounded up, never "0 min" while something waits. */
export function timeLeftLabel(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return "Falta menos de 1 min";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `Falta aprox. ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `Falta aprox. ${hours} h${rest ? ` ${rest} min` : ""}`;
}

/** The share of pictures that ended, 0–100, for the progress bar. */
export function batchProgress(view: Pick<BatchView, "total" | "done" | "failed" | "cancelled">): number {
  if (view.total === 0) return 100;
  return Math.round(((view.done + view.failed + view.cancelled) / view.total) * 100);
}
