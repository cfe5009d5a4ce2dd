import type { GenerationKind, Personalization, Quality } from "../../common/generation";
import type { ImageMime } from "../providers/types";

/** What the route hands the Durable Object: everything needed to run and settle the job. */
export interface JobInput {
  id: string;
  userId: string;
  /** The seller's shop database, where the job's row and its image are written; absent on jobs from before shards: 0. */
  shard?: number;
  productId: string;
  kind: GenerationKind;
  quality: Quality;
  cost: number;
  includeModel: boolean;
  personalization?: Personalization;
  instruction?: string;
  /** For "modify": the gallery image changed; the result takes its place and keeps it linked. */
  originalId?: string;
  sourceKey: string;
  sourceMime: ImageMime;
  /** The provider planGeneration chose when the seller paid (MINORS_PROVIDER for children); older jobs lack it. */
  provider?: string;
  /** 'Modelo de mi tienda' for the audience, when the seller keeps one and the provider takes it. */
  modelReferenceKey?: string;
  /** The request that started the job: every log line of the job names it. */
  requestId?: string;
  /** A batch picture: its batch (the job's id is the picture's). Its provider calls queue behind sellers waiting on screen. */
  batchId?: string;
}

/** Why a job failed, as its log lines say it (the seller reads the Spanish message instead). */
export type FailReason = "refused" | "provider-failed" | "provider-busy" | "not-configured" | "source-missing" | "not-an-image" | "timeout";

/**
 * How the job ends, decided before it is written to D1 and kept in the
 * object's storage, so a write that fails is retried with the same outcome
 * instead of asking the provider again or settling the other way.
 */
export type JobOutcome =
  | { status: "succeeded"; imageKey: string; gateMs: number; providerMs: number; storeMs: number }
  | { status: "failed"; reason: FailReason; error: string; httpStatus: 422 | 502 | 503 | 504 };

export interface JobState extends JobInput {
  status: "running" | "succeeded" | "failed";
  attempts: number;
  /** Epoch ms after which the deadline alarm fails the job and refunds it. */
  deadline: number;
  imageKey?: string;
  /**
   * Where a successful job's time went, for the Server-Timing header and the overhead bench: the provider
   * call, storing its image (transcoding to JPEG when needed, the R2 write) and recording the outcome
   * (the object's storage and the D1 batch).
   */
  providerMs?: number;
  /** Waiting for the provider's gate (and the studio's own line) before the calls, all attempts together. */
  gateMs?: number;
  storeMs?: number;
  recordMs?: number;
  error?: string;
  /** The HTTP status a waiting route answers with on failure. */
  httpStatus?: 422 | 502 | 503 | 504;
  /** Decided but maybe not yet recorded in D1 (the job is still "running" until it is). */
  outcome?: JobOutcome;
  /** A queued provider's prediction (FASHN), followed from the alarm. */
  predictionId?: string;
  /** Calls the provider refused with a 429 rate limit: they paused its gate and use up no attempt. */
  rateLimited?: number;
  /** Moved to a gone model's successor (worker/providers/fallback.ts): the model now asked for at the job's quality. */
  model?: string;
  /** Routes ("provider:model") that answered that their model is gone, so none is asked twice. */
  tried?: string[];
  /** Calls that answered "model gone": they use up no attempt (the successor gets its own). */
  fallbacks?: number;
}

/**
 * What callers reach through a job's Durable Object stub. GenerationJob implements it, and env.ts types the
 * namespace with it: the bindings then need not import the class, which itself imports the bindings.
 */
export interface GenerationJobRpc extends Rpc.DurableObjectBranded {
  start(input: JobInput): Promise<JobView>;
  result(waitMs: number): Promise<JobView | null>;
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
  /** Milliseconds per step of a successful job (JobState); null before it succeeds. */
  timing: { gate: number; provider: number; store: number; record: number } | null;
}

export const JOB_MESSAGES = {
  timeout: "La generación tardó demasiado y se canceló. Te devolvimos los créditos.",
  failed: "No se pudo generar la imagen. Te devolvimos los créditos; intenta de nuevo.",
  busy: "El generador de imágenes está saturado en este momento. Te devolvimos los créditos; intenta en unos minutos.",
  notConfigured: "Ahora no podemos crear imágenes en este sitio. Te devolvimos los créditos.",
  sourceMissing: "La imagen de origen ya no existe. Te devolvimos los créditos.",
  notStarted: "No pudimos iniciar la generación y no se descontaron créditos. Intenta de nuevo en unos minutos.",
} as const;
