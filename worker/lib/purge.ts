import { POLICIES } from "./throttle";
import { log } from "./log";

/**
 * The daily purge of what has expired, so no table grows without end: sessions past their expiry, throttle
 * counts whose window is over, OAuth states past theirs, recovery links used or expired, offline e-mail past
 * its retention and weekly-summary claims of weeks long gone.
 *
 * Each table is emptied in chunks: one DELETE of at most `chunk` rows at a time (D1 runs one statement at a
 * time per database, so a short one keeps sign-ins and orders from waiting behind it), and at most
 * `maxChunks` of them per table and run; what is left goes the next day. Each DELETE picks and deletes its
 * rows in one statement, with the same condition the app reads them with, so a row written or renewed in
 * the meantime (a new session, a throttle window that just began again) is never taken.
 */
export const PURGE_CRON = "23 4 * * *";

const DAY = 24 * 60 * 60 * 1000;
/** Offline e-mail (the dev outbox) is kept this long after it was written. */
export const OUTBOX_RETENTION_MS = 30 * DAY;
/** Weekly summaries claimed longer ago than this can no longer be sent twice: their week is long over. */
export const WEEKLY_CLAIM_RETENTION_MS = 35 * DAY;

export type PurgeOptions = { chunk?: number; maxChunks?: number; now?: number };

type Rule = { table: string; where: string; binds: (now: number) => unknown[] };

/** A throttle row's window is over once its policy's window has passed (see worker/lib/throttle.ts). */
const throttleWindowOver = (() => {
  const entries = Object.entries(POLICIES);
  const shortest = Math.min(...entries.map(([, p]) => p.windowMs));
  const longest = Math.max(...entries.map(([, p]) => p.windowMs));
  const cases = entries.map(([name, p]) => `WHEN '${name}' THEN ${p.windowMs}`).join(" ");
  // The range on window_started_at uses the index; the CASE then holds each key to its own policy's window.
  return `window_started_at <= ?1 - ${shortest} AND window_started_at <= ?1 - (CASE substr(key, 1, instr(key, ':') - 1) ${cases} ELSE ${longest} END)`;
})();

export const PURGE_RULES: readonly Rule[] = [
  { table: "sessions", where: "expires_at <= ?1", binds: (now) => [now] },
  { table: "login_throttle", where: throttleWindowOver, binds: (now) => [now] },
  // Two rules, not one OR: each then finds its rows by its own index.
  { table: "password_resets", where: "expires_at <= ?1", binds: (now) => [now] },
  { table: "password_resets", where: "used_at IS NOT NULL", binds: () => [] },
  { table: "email_outbox", where: "created_at <= ?1", binds: (now) => [now - OUTBOX_RETENTION_MS] },
  {
    table: "weekly_summaries",
    where: "week < ?1",
    binds: (now) => [new Date(now - WEEKLY_CLAIM_RETENTION_MS).toISOString().slice(0, 10)],
  },
];

/** The DELETE of one chunk: the rows are chosen and deleted by one statement. */
export function purgeStatement(rule: Rule, chunk: number): string {
  return `DELETE FROM ${rule.table} WHERE rowid IN (SELECT rowid FROM ${rule.table} WHERE ${rule.where} LIMIT ${chunk})`;
}

/** Runs every rule; answers how many rows each table lost. */
export async function purgeExpired(d1: D1Database, options: PurgeOptions = {}): Promise<Record<string, number>> {
  const chunk = options.chunk ?? 1000;
  const maxChunks = options.maxChunks ?? 50;
  const now = options.now ?? Date.now();
  const deleted: Record<string, number> = {};
  for (const rule of PURGE_RULES) {
    const statement = d1.prepare(purgeStatement(rule, chunk)).bind(...rule.binds(now));
    let total = 0;
    for (let i = 0; i < maxChunks; i++) {
      const { meta } = await statement.run();
      total += meta.changes;
      if (meta.changes < chunk) break;
    }
    deleted[rule.table] = (deleted[rule.table] ?? 0) + total;
  }
  log("info", "purge", deleted);
  return deleted;
}
