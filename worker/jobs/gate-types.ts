/**
 * What callers reach through a provider gate's stub (worker/jobs/provider-gate.ts). env.ts types the
 * namespace with it, so the bindings need not import the class, which itself imports the bindings.
 */

/**
 * interactive: a seller waiting on screen (the drawer, the add dialog, 'Modificar'): first in line.
 * retry: a batch picture that already began and tries its provider again: before pictures not yet begun.
 */
export type GatePriority = "interactive" | "retry";

export interface AcquireRequest {
  provider: string;
  /** The job asking: a permit the gate reserved for it (a batch picture it admitted) is handed over at once. */
  holder: string;
  seller: string;
  priority: GatePriority;
  /** How long the gate may hold the call before answering "not yet". */
  waitMs: number;
}

export type AcquireAnswer = { permit: string } | { waitMs: number };

export interface ReleaseOutcome {
  /** The provider answered 429: it pauses for every caller, not only for this one. */
  rateLimited?: boolean;
  /** What the provider asked us to wait (Retry-After), when it said. */
  retryAfterSeconds?: number;
}

/** A batch picture waiting for its turn, round-robin across sellers. */
export interface GateTicket {
  item: string;
  seller: string;
  batch: string;
}

export interface GateStatus {
  provider: string;
  limits: { inFlight: number; perMinute: number };
  inFlight: number;
  /** Calls let through in the last 60 s: the gate's current pace. */
  lastMinute: number;
  waiting: number;
  /** Sellers with pictures waiting: each gets one turn in so many. */
  sellers: number;
  /** Waiting pictures of the seller asked about. */
  sellerWaiting: number;
  /** Jobs holding their call open for a place (sellers waiting on screen, pictures trying again). */
  holding: number;
  pausedUntil: number | null;
}

export interface ProviderGateRpc extends Rpc.DurableObjectBranded {
  acquire(request: AcquireRequest): Promise<AcquireAnswer>;
  release(permit: string, outcome?: ReleaseOutcome): Promise<void>;
  enqueue(provider: string, tickets: GateTicket[]): Promise<{ added: number }>;
  drop(provider: string, items: string[]): Promise<void>;
  status(provider: string, seller?: string): Promise<GateStatus>;
}
