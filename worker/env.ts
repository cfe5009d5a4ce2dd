import type { users } from "./db/schema";
import type { BatchMessage } from "./batches/messages";
import type { GenerationJobRpc } from "./jobs/job-types";
import type { ProviderGateRpc } from "./jobs/gate-types";
import type { RenditionMessage } from "./lib/renditions";
import type { DataExportMessage } from "./lib/data-export-message";
import type { StoreStatsRpc } from "./stats/engine";

/** Bindings from wrangler.toml plus vars and secrets (.dev.vars locally, `wrangler secret put` in production). */
export interface Bindings {
  DB: D1Database;
  /** The SPA's built files (wrangler.toml [assets]): "/" picks its landing's language among them (worker/routes/landing.ts). */
  ASSETS: Fetcher;
  IMAGES: R2Bucket;
  /** The sellers' own files, never served publicly: 'Descargar mis datos' ZIPs (worker/lib/data-export.ts). */
  DATA: R2Bucket;
  /** Builds each 'Descargar mis datos' ZIP off the request (worker/lib/data-export.ts). */
  DATA_EXPORTS: Queue<DataExportMessage>;
  GENERATION_JOBS: DurableObjectNamespace<GenerationJobRpc>;
  /** One gate per image provider: admits its calls within its limits (worker/jobs/provider-gate.ts). */
  PROVIDER_GATES: DurableObjectNamespace<ProviderGateRpc>;
  /** Carries a batch's pictures to the provider's gate, and its photos to be named (worker/batches/queue.ts). */
  BATCH_QUEUE: Queue<BatchMessage>;
  /** Each provider's gate limits, `name=inFlight/perMinute` pairs (common/image-providers.ts, gateLimits). */
  PROVIDER_LIMITS?: string;
  /** Every stored image's WebP renditions, made off the request that stored it (worker/lib/renditions.ts). */
  RENDITIONS: Queue<RenditionMessage>;
  /** The offline twin of the store statistics: one object per store (worker/stats/local-twin.ts). */
  STORE_STATS: DurableObjectNamespace<StoreStatsRpc>;
  /** Store events in Analytics Engine; locally a binding that drops every write. */
  STORE_EVENTS?: AnalyticsEngineDataset;
  /** Signs session and OAuth tokens. Required: the API refuses to start sessions without it. */
  SESSION_SECRET?: string;
  /** Google OAuth client; when both are set, "Continuar con Google" talks to the real Google. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** "tests": new password hashes at a test cost, on a local host only (the Chromium tests' app; worker/lib/password-cost.ts). */
  PASSWORD_COST?: string;
  /** "simulated" turns on the offline Google stand-in (local dev and tests only). */
  GOOGLE_SIGN_IN?: string;
  /** Overrides for Google's endpoints, so tests can point the real client at a fake Google. */
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_JWKS_URL?: string;

  /** Which image provider generates: "studio" (offline default), "workers-ai", "gemini", "openai" or "fashn". */
  IMAGE_PROVIDER?: string;
  /** The provider for Bebé, Niño and Niña when the main one does not draw children (common/image-providers.ts). */
  MINORS_PROVIDER?: string;
  /** Offline only: the studio offers no more than this provider can make (dev and the Chromium tests; common/image-providers.ts). */
  STUDIO_IMITATES?: string;
  /** Workers AI binding (`[ai] binding = "AI"`, declared for deploy only: see wrangler.deploy.toml). */
  AI?: Ai;
  WORKERS_AI_MODEL?: string;
  GEMINI_API_KEY?: string;
  GEMINI_MODEL?: string;
  GEMINI_PRO_MODEL?: string;
  GEMINI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
  OPENAI_BASE_URL?: string;
  /** The models that read a product photo to draft its name and category (common/image-providers.ts). */
  GEMINI_VISION_MODEL?: string;
  OPENAI_VISION_MODEL?: string;
  FASHN_API_KEY?: string;
  FASHN_BASE_URL?: string;
  /** Payments: "simulated" (offline default) or "live" (Mercado Pago and dLocal Go with the keys below). */
  PAYMENTS_MODE?: string;
  MERCADOPAGO_ACCESS_TOKEN?: string;
  MERCADOPAGO_WEBHOOK_SECRET?: string;
  MERCADOPAGO_BASE_URL?: string;
  DLOCALGO_API_KEY?: string;
  DLOCALGO_SECRET_KEY?: string;
  DLOCALGO_BASE_URL?: string;
  /** Where live exchange rates come from (a JSON of units per USD); unset keeps the fixed table. */
  EXCHANGE_RATES_URL?: string;
  /** The public origin, for payment return and notification URLs (e.g. https://vidriera.app). */
  PUBLIC_ORIGIN?: string;
  /** Shop databases new shops are placed in, as shard numbers ("0,1"); unset: only DB (worker/lib/shops.ts). */
  SHOP_DBS_OPEN?: string;

  /** E-mail through Cloudflare Email Service (REST API); all three set = real e-mail, else the local outbox on local hosts. */
  CLOUDFLARE_ACCOUNT_ID?: string;
  CLOUDFLARE_EMAIL_API_TOKEN?: string;
  /** The sender, on a domain onboarded to Email Sending, e.g. no-responder@vidriera.com.ar. */
  EMAIL_FROM?: string;
  /** Overrides https://api.cloudflare.com/client/v4, so tests can point the real client at a fake one. */
  CLOUDFLARE_API_BASE_URL?: string;
  /**
   * Reads the store statistics back from Analytics Engine's SQL API (permission "Account Analytics: Read");
   * with CLOUDFLARE_ACCOUNT_ID set, events go to Analytics Engine, else to the twin Durable Object.
   */
  CLOUDFLARE_ANALYTICS_API_TOKEN?: string;
  /** "off" counts nothing (store views, searches, cart adds, orders): bench:stats measures the store page both ways. */
  STATS_COUNTING?: string;

  /** Where the daily model check (worker/providers/model-alerts.ts) e-mails the operator about a gone or retiring model. */
  OPERATOR_EMAIL?: string;

  /** "on" shows the 'Sitio en mantenimiento' dialog to everyone. */
  MAINTENANCE_MODE?: string;
  SUPPORT_EMAIL?: string;
  /** Digits only, with country code, e.g. 5491122334455. */
  SUPPORT_WHATSAPP?: string;
  /** https profile URLs shown in the header. */
  SOCIAL_INSTAGRAM?: string;
  SOCIAL_FACEBOOK?: string;
  SOCIAL_TIKTOK?: string;

  /** How long a generation request waits for its image before answering 202 (default 55000 ms). */
  GENERATION_WAIT_MS?: string;
  /** How long an isolate keeps a store's version in memory (default 1000 ms; 0 reads D1 on every store page). */
  STORE_VERSION_TTL_MS?: string;
}

/** The signed-in seller's row, set on the context by the session middleware. */
export type SessionUser = typeof users.$inferSelect;

export interface Variables {
  requestId: string;
  user: SessionUser;
  sessionId: string;
  /** Set on routes a shopper calls: their refusals stay in the store's language (worker/lib/seller-language.ts). */
  shopperFacing?: boolean;
}

export type Env = { Bindings: Bindings; Variables: Variables };
