import { AsyncLocalStorage } from "node:async_hooks";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/**
 * The statement that marks a seller's public store as changed. The edge cache
 * keys store pages by this version (worker/pages/store-pages.ts), so a write
 * that runs it in the same batch is what shoppers see on their next request.
 * Every write to what the store shows (store data, products, prices, sizes,
 * stock, store images) must include it (or `nextStoreVersion` in its own SET).
 */
export function storeChanged(db: Db, userId: string) {
  return db
    .update(users)
    .set({ storeVersion: nextStoreVersion(userId) })
    .where(eq(users.id, userId));
}

/** The SET value that bumps the store's version, for a write that updates the users row anyway. */
export function nextStoreVersion(userId: string) {
  savingStore(userId);
  return sql`${users.storeVersion} + 1`;
}

export async function markStoreChanged(db: Db, userId: string) {
  await storeChanged(db, userId);
}

/**
 * The store's version kept in this isolate's memory for a short time, so a
 * burst of shoppers costs one D1 read per store per isolate per TTL instead of
 * one per request (measured: that read was the whole gap between a cached page
 * and a static file, see docs/performance.md).
 *
 * Freshness, plainly:
 * - A save served by THIS isolate drops the store's entry when the save's
 *   request ends (after its write committed), so the seller who saved, and
 *   every shopper this isolate serves, get the new page at once.
 * - Another isolate (another Cloudflare location or instance, a Durable
 *   Object finishing a generation, a payment notification) keeps its entry
 *   until the TTL runs out: for at most STORE_VERSION_TTL_MS (default 1 s) a
 *   shopper there may get the page as it was before the save (old price or
 *   stock, a product just unpublished; a link freed in that second still shows
 *   its old store). Orders never trust that page: prices and stock are read
 *   again from D1 when the order is placed and confirmed.
 * - Only found stores are kept: a new store or link shows at once everywhere.
 * STORE_VERSION_TTL_MS=0 turns the memory off (one D1 read per request).
 */
export const STORE_VERSION_TTL_MS = 1000;
/** At most this many stores (about 100 bytes each); the least recently read goes first. */
const MAX_STORES = 2000;

interface Remembered {
  id: string;
  version: number;
  at: number;
}
const remembered = new Map<string, Remembered>();
/** Counts forgets: a read that overlapped one may hold a version older than a save just committed, and is not kept. */
let forgets = 0;

/** The store's `{ id, version }` for `username`, from memory when read less than `ttlMs` ago, else from `read`. */
export async function rememberedStoreVersion(
  username: string,
  ttlMs: number,
  read: () => Promise<{ id: string; version: number } | undefined>,
): Promise<{ id: string; version: number; remembered: boolean } | undefined> {
  const now = Date.now();
  const kept = remembered.get(username);
  if (kept && now - kept.at < ttlMs) {
    // Most recently used goes last, so the first key is the one to drop.
    remembered.delete(username);
    remembered.set(username, kept);
    return { id: kept.id, version: kept.version, remembered: true };
  }
  const before = forgets;
  const current = await read();
  remembered.delete(username);
  if (current && ttlMs > 0 && before === forgets) {
    remembered.set(username, { ...current, at: now });
    if (remembered.size > MAX_STORES) remembered.delete(remembered.keys().next().value!);
  }
  return current && { ...current, remembered: false };
}

/** Drops what this isolate remembers of one link (its version turned out not to be the one D1 has). */
export function forgetStoreLink(username: string) {
  remembered.delete(username);
}

/** Drops every remembered link of this seller (a rename leaves the old link pointing at the same id). */
function forgetStore(userId: string) {
  forgets++;
  for (const [username, kept] of remembered) if (kept.id === userId) remembered.delete(username);
}

/** The sellers whose store the current request changed, dropped again when it ends (after its writes). */
const savesOfRequest = new AsyncLocalStorage<Set<string>>();

function savingStore(userId: string) {
  forgetStore(userId);
  savesOfRequest.getStore()?.add(userId);
}

/**
 * Runs a request so that every store it changes is forgotten when it ends:
 * forgetting only when the write is built would let a shopper's read that
 * overlaps the commit put the old version back.
 */
export async function forgetStoresSavedDuring<T>(work: () => Promise<T>): Promise<T> {
  const saved = new Set<string>();
  try {
    return await savesOfRequest.run(saved, work);
  } finally {
    for (const userId of saved) forgetStore(userId);
  }
}

/** The TTL from configuration (STORE_VERSION_TTL_MS), or the default. */
export function storeVersionTtl(setting: string | undefined): number {
  const ms = setting === undefined || setting === "" ? Number.NaN : Number(setting);
  return Number.isFinite(ms) && ms >= 0 ? ms : STORE_VERSION_TTL_MS;
}
