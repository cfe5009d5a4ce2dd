import { TOO_MANY_GOOGLE_STARTS } from "../../common/google-errors";
import { TOO_MANY_SIGNUPS } from "../../common/user";
import type { Db } from "../db/client";
import { ApiError } from "./errors";

/**
 * Fixed-window throttles kept in D1, so they hold across Worker isolates.
 *
 * Every attempt is counted BEFORE the work it guards, in one atomic D1 batch
 * (a transaction: D1 runs one at a time per database) whose upserts answer the
 * new counts with RETURNING. So a burst fired at once gets counts 1, 2, 3, …
 * and only the first `limit` pass: nothing reads a count and records later.
 * A count stops one above its limit, and a subject is only counted while the
 * subjects before it in the same attempt are within theirs: an address that
 * is already refused cannot spend an account's budget (see `attempt`).
 */
export const TOO_MANY_ATTEMPTS = "Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo.";
export { TOO_MANY_SIGNUPS };
export const TOO_MANY_ORDERS = "Enviaste muchos pedidos seguidos. Espera unos minutos e inténtalo de nuevo.";
export const TOO_MANY_COUPON_CHECKS = "Probaste muchos cupones seguidos. Espera unos minutos e inténtalo de nuevo.";
export const TOO_MANY_CART_EVENTS = "Agregaste muchos productos seguidos. Espera unos minutos e inténtalo de nuevo.";
export const TOO_MANY_RESET_LINKS =
  "Probaste demasiados enlaces de recuperación. Espera 15 minutos o pide un enlace nuevo desde '¿Olvidaste tu contraseña?'.";

const MINUTE = 60 * 1000;
export const POLICIES = {
  // Wrong passwords from one address for one account: the attacker's own budget on that account.
  loginPair: { limit: 5, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  // Wrong passwords from one address over any accounts: one attacker trying many accounts.
  loginAddress: { limit: 20, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  // Wrong passwords for one account from all addresses: a guesser spread over many addresses.
  // Higher than the pair's, so one attacker's address never locks the owner out.
  loginAccount: { limit: 50, windowMs: 15 * MINUTE, message: TOO_MANY_ATTEMPTS },
  // New accounts per address: each comes with free credits.
  signupAddress: { limit: 10, windowMs: 60 * MINUTE, message: TOO_MANY_SIGNUPS },
  // Orders per shopper address: anyone may order, so nobody may flood a seller's order list.
  orderAddress: { limit: 10, windowMs: 10 * MINUTE, message: TOO_MANY_ORDERS },
  // Discount codes a cart checks per address: a shopper tries one or two, a script guessing codes thousands.
  couponAddress: { limit: 30, windowMs: 10 * MINUTE, message: TOO_MANY_COUPON_CHECKS },
  // 'Botón de arrepentimiento' requests per address: a buyer sends one or two, a script would fill Pedidos.
  withdrawalAddress: { limit: 10, windowMs: 60 * MINUTE, message: TOO_MANY_ORDERS },
  // Recovery links tried from one address: guessing tokens, or a new password hashed per try.
  resetConfirmAddress: { limit: 10, windowMs: 15 * MINUTE, message: TOO_MANY_RESET_LINKS },
  // Tries of one link (by its hash) from all addresses: a leaked link cannot be a free hashing service.
  resetConfirmLink: { limit: 5, windowMs: 15 * MINUTE, message: TOO_MANY_RESET_LINKS },
  // "Continuar con Google" started from one address: a person needs a few, a script thousands.
  googleStartAddress: { limit: 20, windowMs: 10 * MINUTE, message: TOO_MANY_GOOGLE_STARTS },
  // Cart adds a store's statistics count from one address (an IPv4 address, an IPv6 /64): a shopper fills a
  // cart, a script inflates figures. Statistics keep no address: counted by worker/lib/store-throttle.ts under
  // keys that mean nothing once their hour is over, and at most `rowsPerStore` of them per store and hour: past
  // that, newcomers share one count of `shared`, so rotating addresses add no rows.
  cartAddAddressStore: { limit: 30, windowMs: 60 * MINUTE, message: TOO_MANY_CART_EVENTS, rowsPerStore: 100, shared: 300 },
  // The same from one IPv6 /48 (one ISP customer: 65,536 /64s), room for a few shoppers of one home or office.
  cartAddNeighbourhoodStore: { limit: 120, windowMs: 60 * MINUTE, message: TOO_MANY_CART_EVENTS, rowsPerStore: 100, shared: 300 },
} as const;

export type Policy = keyof typeof POLICIES;
export type Subject = readonly [policy: Policy, id: string];

const keyOf = ([policy, id]: Subject) => `${policy}:${id}`;

/** The subjects a password check counts against: from the narrowest to the widest (see `attempt`). */
export function passwordSubjects(account: string, address: string): Subject[] {
  return [
    ["loginPair", `${address}|${account}`],
    ["loginAddress", address],
    ["loginAccount", account],
  ];
}

/**
 * Counts one attempt for each subject and throws 429 with the policy's Spanish
 * message when any of them is over its limit. The attempt is counted whatever
 * its outcome: call `release` when it turned out not to count (a right
 * password, an order that was refused for its content).
 *
 * Subjects are counted in order, each only while every earlier one is still
 * within its limit. So for a password check [pair, address, account], an
 * address that used up its budget on an account stops adding to the
 * account's wider count, and the owner, from another address, keeps theirs.
 */
export async function attempt(db: Db, subjects: Subject[], now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const statements = subjects.map((subject, i) => {
    const policy = POLICIES[subject[0]];
    const expired = now - policy.windowMs;
    // Every earlier subject of this attempt is within its limit (as written by the statements before this one).
    const earlier = subjects.slice(0, i);
    const gate =
      earlier
        .map((e, j) => {
          const p = POLICIES[e[0]];
          return `COALESCE((SELECT t.failures FROM login_throttle AS t WHERE t.key = ?${5 + 2 * j} AND t.window_started_at > ?${6 + 2 * j}), 0) <= ${p.limit}`;
        })
        .join(" AND ") || "1";
    return d1
      .prepare(
        `INSERT INTO login_throttle (key, failures, window_started_at)
         VALUES (?1, CASE WHEN ${gate} THEN 1 ELSE 0 END, ?2)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE
             WHEN login_throttle.window_started_at <= ?3 THEN (CASE WHEN ${gate} THEN 1 ELSE 0 END)
             WHEN ${gate} AND login_throttle.failures <= ?4 THEN login_throttle.failures + 1
             ELSE login_throttle.failures END,
           window_started_at = CASE WHEN login_throttle.window_started_at <= ?3 THEN ?2 ELSE login_throttle.window_started_at END
         RETURNING failures`,
      )
      .bind(keyOf(subject), now, expired, policy.limit, ...earlier.flatMap((e) => [keyOf(e), now - POLICIES[e[0]].windowMs]));
  });
  if (!statements.length) return;
  const results = await d1.batch<{ failures: number }>(statements);
  subjects.forEach((subject, i) => {
    const failures = results[i]?.results[0]?.failures ?? 0;
    const policy = POLICIES[subject[0]];
    if (failures > policy.limit) throw new ApiError(429, policy.message);
  });
}

/** Gives back one counted attempt per subject (the attempt did not count against them). */
export async function release(db: Db, subjects: Subject[]): Promise<void> {
  if (!subjects.length) return;
  const d1 = db.$client;
  await d1.batch(
    subjects.map((subject) => d1.prepare("UPDATE login_throttle SET failures = max(failures - 1, 0) WHERE key = ?1").bind(keyOf(subject))),
  );
}

export async function clear(db: Db, subject: Subject) {
  await db.$client.prepare("DELETE FROM login_throttle WHERE key = ?1").bind(keyOf(subject)).run();
}

/**
 * The right password: the pair's count is forgotten (the owner proved who they are from
 * there) and the attempt is given back to the address and the account.
 */
export async function passwordAccepted(db: Db, subjects: Subject[]): Promise<void> {
  const [pair, ...wider] = subjects;
  if (pair) await clear(db, pair);
  await release(db, wider);
}

/** Drops every count whose key holds this e-mail (account deletion: no personal data stays behind). */
export async function forgetAccount(db: Db, email: string): Promise<void> {
  await db.$client
    .prepare("DELETE FROM login_throttle WHERE key = ?1 OR (key LIKE 'loginPair:%' AND substr(key, -length(?2)) = ?2)")
    .bind(`loginAccount:${email}`, `|${email}`)
    .run();
}
