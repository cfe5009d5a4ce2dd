/**
 * Anonymous counts of what comes to one store (its cart adds), kept in D1 like every throttle
 * (worker/lib/throttle.ts) but with two more promises:
 * - no address is kept: a key is an HMAC, under the server's secret and the hour's number, of the store and
 *   of the address, so it means nothing once its hour is over, and it is deleted then;
 * - the rows stay bounded whatever the traffic: a store holds at most `rowsPerStore` keys of a policy in an
 *   hour. An address that comes once that many have is counted in the store's one shared count of the hour
 *   (limit `shared`), so a script rotating through millions of addresses adds no rows; it only fills the
 *   shared count, and the store's statistics say their figure was capped.
 *
 * Why D1 and not a Durable Object per store: the throttle's other policies already live here, a cart add then
 * costs one batch (D1 runs a batch as one transaction, one at a time per database), and a store with no
 * cart adds costs nothing. Every decision is inside that batch: which key an address counts under (its own or
 * the shared one, read and written by the same statement), whether it is over its limit, and whether this is
 * the store's first refusal of the hour.
 */
import type { Db } from "../db/client";
import { base64url } from "./ids";
import { POLICIES, type Policy } from "./throttle";

/** The policies counted this way: those with a cap of rows per store. */
export type StorePolicy = { [P in Policy]: (typeof POLICIES)[P] extends { rowsPerStore: number } ? P : never }[Policy];

/** What one event was: counted, or refused by one of its counts; `firstRefusal` for the store's first refusal of the hour. */
export interface StoreCount {
  counted: boolean;
  firstRefusal: boolean;
}

const SHARED = "shared";
const REFUSED = "refused";

async function mac(key: CryptoKey, parts: (string | number)[], bytes: number): Promise<string> {
  const signed = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(parts.join("\u0000")));
  return base64url(new Uint8Array(signed).slice(0, bytes));
}

interface Keys {
  policy: StorePolicy;
  own: string;
  shared: string;
  /** The store's keys of this policy and hour sort between these two ("." then "/" in ASCII). */
  from: string;
  to: string;
}

async function keysOf(secret: CryptoKey, storeId: string, [policy, part]: readonly [StorePolicy, string], now: number): Promise<Keys> {
  const hour = Math.floor(now / POLICIES[policy].windowMs);
  const store = `${policy}:${await mac(secret, [policy, hour, "store", storeId], 12)}`;
  return {
    policy,
    own: `${store}.${await mac(secret, [policy, hour, part, storeId], 16)}`,
    shared: `${store}.${SHARED}`,
    from: `${store}.`,
    to: `${store}/`,
  };
}

/** 1 when a subject's count (its own key, else the shared one it went to, else none yet) is within its limit. */
function within(keys: Keys, own: string, shared: string): string {
  const policy = POLICIES[keys.policy];
  return `COALESCE((SELECT failures <= ${policy.limit} FROM login_throttle WHERE key = ${own}), (SELECT failures <= ${policy.shared} FROM login_throttle WHERE key = ${shared}), 1)`;
}

/**
 * Counts one event of `storeId` for each subject, in one batch, from the widest (an address's neighbourhood)
 * to the narrowest (the address, which every event has). A subject is counted only while every earlier one is
 * within its limit: a neighbourhood that is refused adds nothing to its addresses' counts, so one /48 cannot
 * spend the store's rows nor its shared count on the other shoppers. A count stops one above its limit.
 */
export async function countForStore(
  db: Db,
  secret: Uint8Array,
  storeId: string,
  subjects: readonly (readonly [StorePolicy, string])[],
  now = Date.now(),
): Promise<StoreCount> {
  const d1 = db.$client;
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const all = await Promise.all(subjects.map((subject) => keysOf(key, storeId, subject, now)));
  // Whether the first `n` subjects are within their limits, their keys bound in pairs from ?`base` on.
  const withinAll = (n: number, base: number) =>
    all
      .slice(0, n)
      .map((keys, j) => within(keys, `?${base + 2 * j}`, `?${base + 1 + 2 * j}`))
      .join(" AND ") || "1";
  const keysUpTo = (n: number) => all.slice(0, n).flatMap((keys) => [keys.own, keys.shared]);
  const counts = all.map((keys, i) => {
    const policy = POLICIES[keys.policy];
    return d1
      .prepare(
        `INSERT INTO login_throttle (key, failures, window_started_at)
         SELECT CASE WHEN EXISTS (SELECT 1 FROM login_throttle WHERE key = ?1)
                       OR (SELECT COUNT(*) FROM login_throttle WHERE key > ?3 AND key < ?4) < ${policy.rowsPerStore}
                     THEN ?1 ELSE ?2 END, 1, ?5
         WHERE ${withinAll(i, 6)}
         ON CONFLICT (key) DO UPDATE SET failures = CASE
           WHEN login_throttle.failures <= (CASE WHEN login_throttle.key = ?2 THEN ${policy.shared} ELSE ${policy.limit} END)
           THEN login_throttle.failures + 1 ELSE login_throttle.failures END
         RETURNING key, failures`,
      )
      .bind(keys.own, keys.shared, keys.from, keys.to, now, ...keysUpTo(i));
  });
  // The store's first refusal of the hour leaves one row (the insert of a key that is already there does nothing),
  // under the narrowest subject's policy: the one every event has.
  const narrowest = all.at(-1)!;
  const refusal = d1
    .prepare(
      `INSERT INTO login_throttle (key, failures, window_started_at)
       SELECT ?1, 0, ?2 WHERE NOT (${withinAll(all.length, 3)})
       ON CONFLICT (key) DO NOTHING
       RETURNING key`,
    )
    .bind(`${narrowest.from}${REFUSED}`, now, ...keysUpTo(all.length));
  // Keys whose hour is over are forgotten in the same write, a bounded handful each time (every write clears
  // more than it adds), so no write waits on a long delete; the daily purge takes any left (worker/lib/purge.ts).
  const purges = [...new Set(all.map((keys) => keys.policy))].map((policy) =>
    d1
      .prepare(
        `DELETE FROM login_throttle WHERE key IN (
           SELECT key FROM login_throttle WHERE key > ?1 AND key < ?2 AND window_started_at <= ?3 LIMIT 20)`,
      )
      .bind(`${policy}:`, `${policy};`, now - POLICIES[policy].windowMs),
  );
  const results = await d1.batch<{ key: string; failures: number }>([...counts, refusal, ...purges]);
  const counted = all.every((keys, i) => {
    const row = results[i]?.results[0];
    if (!row) return false;
    const policy = POLICIES[keys.policy];
    return row.failures <= (row.key === keys.shared ? policy.shared : policy.limit);
  });
  return { counted, firstRefusal: (results[all.length]?.results.length ?? 0) > 0 };
}
