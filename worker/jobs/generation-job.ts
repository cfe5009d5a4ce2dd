import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";

/**
 * One AI image generation, owned from debit to result or refund.
 * Declared (SQLite-backed, see wrangler.toml) with the foundation so its
 * storage class is fixed from the first deploy; the job state machine
 * arrives with the products and generation work.
 */
export class GenerationJob extends DurableObject<Bindings> {}
