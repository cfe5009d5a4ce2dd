import type { GenerationKind } from "./generation";

/**
 * A generation the seller may not have watched to its end (a closed tab, a
 * dropped connection): still running, or failed recently with its message.
 * GET /api/jobs lists these so the gallery can say what happened.
 */
export interface JobSummary {
  id: string;
  kind: GenerationKind;
  status: "running" | "failed";
  /** The Spanish message of a failed job (it always says the credits were given back). */
  error: string | null;
  productId: string | null;
  productName: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Failed jobs stay listed this long; after that the seller has surely seen the refund. */
export const RECENT_FAILURES_MS = 24 * 60 * 60 * 1000;

/** How the gallery names a kind of generation. */
export const KIND_LABELS: Record<GenerationKind, string> = {
  ad: "Imagen de frente",
  back: "Vista trasera",
  baby: "Modelo bebé",
  kid: "Modelo niño",
  "girl-kid": "Modelo niña",
  outfit: "Conjunto",
  personalized: "Modelo personalizado",
  modify: "Modificación",
  product: "Producto nuevo",
};
