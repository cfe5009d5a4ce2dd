/** Credit rules shared by the Worker and the web app, so they never disagree. */

export const CREDITS_PER_IMAGE = 50;
/** 'Calidad Pro' (2K) images cost twice as much. */
export const CREDITS_PER_PRO_IMAGE = 100;
export const SIGNUP_CREDITS = 500;

export const NO_CREDITS_LEFT = "No te quedan imágenes disponibles.";

/** Balances are shown to sellers as whole images, never as raw credits. */
export function imagesFromCredits(credits: number): number {
  return Math.max(0, Math.floor(credits / CREDITS_PER_IMAGE));
}

/** '1 crédito', '2.500 créditos'. */
export function creditsLabel(credits: number): string {
  return credits === 1 ? "1 crédito" : `${credits.toLocaleString("es-AR")} créditos`;
}

export function imagesLabel(credits: number): string {
  const images = imagesFromCredits(credits);
  return images === 1 ? "1 imagen" : `${images} imágenes`;
}

/**
 * An amount of credits moved, in images and exact ("10 imágenes", "1,5 imágenes"): a movement is
 * not a balance to spend, so nothing is rounded away. Images are the one unit the seller sees.
 */
export function imagesCountLabel(credits: number): string {
  const images = Math.abs(credits) / CREDITS_PER_IMAGE;
  return images === 1 ? "1 imagen" : `${images.toLocaleString("es-AR", { maximumFractionDigits: 2 })} imágenes`;
}

/** One line of the seller's credit movements (GET /api/credits/history), newest first. */
export interface CreditMovementView {
  id: number;
  /** Positive added credits, negative spent them. */
  delta: number;
  reason: string;
  balanceAfter: number;
  createdAt: string;
}

/** What each ledger reason (worker/lib/credits.ts) means to the seller. */
export const MOVEMENT_LABELS: Record<string, string> = {
  signup_bonus: "Regalo de bienvenida",
  generation: "Imagen creada",
  generation_refund: "Devolución: la imagen no se pudo crear",
  purchase: "Compra de imágenes",
  store_plan: "Plan Mi Tienda pagado con tus imágenes",
  store_plan_as_credits: "Pago del Plan Mi Tienda con tu Tienda ya activa: sumado como imágenes",
  account_closed: "Cuenta cerrada",
};

export const movementLabel = (reason: string) => MOVEMENT_LABELS[reason] ?? "Movimiento de imágenes";
