import type { GenerationKind, Personalization, Quality } from "../../common/generation";
import type { ImageMime } from "../providers/types";

/** What the route hands the Durable Object: everything needed to run and settle the job. */
export interface JobInput {
  id: string;
  userId: string;
  productId: string;
  kind: GenerationKind;
  quality: Quality;
  cost: number;
  includeModel: boolean;
  personalization?: Personalization;
  instruction?: string;
  sourceKey: string;
  sourceMime: ImageMime;
}

export interface JobState extends JobInput {
  status: "running" | "succeeded" | "failed";
  attempts: number;
  /** Epoch ms after which the deadline alarm fails the job and refunds it. */
  deadline: number;
  imageKey?: string;
  /** How long the successful provider call took, for the Server-Timing header and the overhead bench. */
  providerMs?: number;
  error?: string;
  /** The HTTP status a waiting route answers with on failure. */
  httpStatus?: 422 | 502 | 503 | 504;
}

/** What the API shows of a job (GET /api/jobs/:id and the generation routes). */
export interface JobView {
  id: string;
  status: JobState["status"];
  kind: GenerationKind;
  productId: string;
  imageId: string | null;
  imageUrl: string | null;
  error: string | null;
  httpStatus: number | null;
  providerMs: number | null;
}

export const JOB_MESSAGES = {
  timeout: "La generación tardó demasiado y se canceló. Te devolvimos los créditos.",
  failed: "No se pudo generar la imagen. Te devolvimos los créditos; intentá de nuevo.",
  busy: "El generador de imágenes está saturado en este momento. Te devolvimos los créditos; intentá en unos minutos.",
  notConfigured: "El generador de imágenes no está configurado en este servidor. Te devolvimos los créditos.",
  sourceMissing: "La imagen de origen ya no existe. Te devolvimos los créditos.",
} as const;
