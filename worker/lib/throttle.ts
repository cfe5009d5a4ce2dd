import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";
import { ApiError } from "./errors";

/**
 * Fixed-window throttles kept in D1, so they hold across Worker isolates.
 * A window opens at the first counted event; once it holds `limit` events,
 * further attempts are refused with 429 until the window expires.
 */
export const TOO_MANY_ATTEMPTS = "Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo.";
export const TOO_MANY_SIGNUPS = "Se crearon demasiadas cuentas desde esta conexión. Intenta de nuevo en una hora.";
export const TOO_MANY_ORDERS = "Enviaste muchos pedidos seguidos. Espera unos minutos e intenta de nuevo.";

const MINUTE = 60 * 1000;
const POLICIES = {
  // Failed logins per account: slows guessing one seller's password.
  loginAccount: { limit: 5, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  // Failed logins per address: slows one attacker trying many accounts.
  loginAddress: { limit: 20, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  // New accounts per address: each comes with free credits.
  signupAddress: { limit: 10, windowMs: 60 * MINUTE, message: TOO_MANY_SIGNUPS },
  // Orders per shopper address: anyone may order, so nobody may flood a seller's order list.
  orderAddress: { limit: 10, windowMs: 10 * MINUTE, message: TOO_MANY_ORDERS },
} as const;

export type Policy = keyof typeof POLICIES;
export type Subject = readonly [policy: Policy, id: string];

const keyOf = ([policy, id]: Subject) => `${policy}:${id}`;

/** Throws 429 with the policy's Spanish message when any subject has used up its window. */
export async function assertAllowed(db: Db, subjects: Subject[], now = Date.now()) {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, subjects.map(keyOf)));
  for (const subject of subjects) {
    const row = rows.find((r) => r.key === keyOf(subject));
    const policy = POLICIES[subject[0]];
    if (row && row.windowStartedAt.getTime() + policy.windowMs > now && row.failures >= policy.limit) {
      throw new ApiError(429, policy.message);
    }
  }
}

/** Counts one event for each subject: a stale window restarts at 1, a live one counts up. */
export async function record(db: Db, subjects: Subject[], now = Date.now()) {
  const upsert = (subject: Subject) => {
    const expired = now - POLICIES[subject[0]].windowMs;
    return db
      .insert(loginThrottle)
      .values({ key: keyOf(subject), failures: 1, windowStartedAt: new Date(now) })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${expired} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
        },
      });
  };
  const [first, ...rest] = subjects.map(upsert);
  if (first) await db.batch([first, ...rest]);
}

export async function clear(db: Db, subject: Subject) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keyOf(subject)));
}
