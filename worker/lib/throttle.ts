import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";
import { ApiError } from "./errors";

/**
 * Failed-login throttling, per account and per address, kept in D1 so it
 * holds across Worker isolates. A window opens at the first failure; once it
 * holds `limit` failures further attempts are refused until it expires.
 */
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { account: 5, address: 20 } as const;

export const TOO_MANY_ATTEMPTS =
  "Demasiados intentos fallidos. Esperá 15 minutos antes de volver a intentarlo.";

export interface ThrottleKeys {
  account: string;
  address: string;
}

function keysOf(keys: ThrottleKeys) {
  return { account: `account:${keys.account}`, address: `address:${keys.address}` };
}

/** Throws 429 when either the account or the address has used up its attempts. */
export async function assertLoginAllowed(db: Db, keys: ThrottleKeys, now = Date.now()) {
  const k = keysOf(keys);
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [k.account, k.address]));
  for (const row of rows) {
    const limit = row.key === k.account ? LIMITS.account : LIMITS.address;
    if (row.windowStartedAt.getTime() + WINDOW_MS > now && row.failures >= limit) {
      throw new ApiError(429, TOO_MANY_ATTEMPTS);
    }
  }
}

export async function recordLoginFailure(db: Db, keys: ThrottleKeys, now = Date.now()) {
  const windowStart = new Date(now);
  const expired = new Date(now - WINDOW_MS);
  // One upsert per key: a stale window restarts at 1, a live one counts up.
  const upsert = (key: string) =>
    db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: windowStart })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${expired.getTime()} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${expired.getTime()} THEN ${windowStart.getTime()} ELSE ${loginThrottle.windowStartedAt} END`,
        },
      });
  const k = keysOf(keys);
  await db.batch([upsert(k.account), upsert(k.address)]);
}

/** A successful login clears the account's failures (not the address's: one person may try many accounts). */
export async function clearAccountFailures(db: Db, keys: ThrottleKeys) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keysOf(keys).account));
}
