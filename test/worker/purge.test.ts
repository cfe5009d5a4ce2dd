import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "../../worker/db/client";
import worker from "../../worker/index";
import { OUTBOX_RETENTION_MS, PURGE_CRON, purgeExpired } from "../../worker/lib/purge";
import { attempt } from "../../worker/lib/throttle";
import { Browser, count, register } from "./browser";

const db = database(env.DB);

/** The outbox prints the recovery mail asked for during the race for `npm run dev`; here it is not printed. */
beforeAll(() => {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterAll(() => vi.restoreAllMocks());
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The purge's cron, as Cloudflare fires it, waiting for what it left running. */
async function dailyCron() {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: PURGE_CRON }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const insert = (sql: string, rows: unknown[][]) => env.DB.batch(rows.map((row) => env.DB.prepare(sql).bind(...row)));

/** Expired rows of every kind the purge takes, `n` of each, for `userId`; `tag` keeps keys apart between tests. */
async function seedExpired(userId: string, n: number, tag: string, now = Date.now()) {
  const range = Array.from({ length: n }, (_, i) => i);
  await insert(
    "INSERT INTO sessions (id, user_id, expires_at) VALUES (?1, ?2, ?3)",
    range.map((i) => [`old-${tag}-${i}`, userId, now - DAY - i]),
  );
  await insert(
    "INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?1, 3, ?2)",
    range.map((i) => [`orderAddress:203.0.113.${i}-${tag}`, now - 2 * 60 * MINUTE]),
  );
  await insert(
    "INSERT INTO password_resets (token_hash, user_id, expires_at, used_at) VALUES (?1, ?2, ?3, ?4)",
    range.map((i) => [`hash-${tag}-${i}`, userId, i % 2 ? now - MINUTE : now + 30 * MINUTE, i % 2 ? null : now - MINUTE]),
  );
  await insert(
    "INSERT INTO email_outbox (\"to\", subject, text, html, created_at) VALUES (?1, 'Viejo', 'x', 'x', ?2)",
    range.map((i) => [`old-${tag}-${i}@example.com`, now - OUTBOX_RETENTION_MS - DAY]),
  );
  await insert(
    "INSERT INTO weekly_summaries (user_id, week) VALUES (?1, ?2)",
    range.map((i) => [userId, new Date(now - (60 + 7 * i) * DAY).toISOString().slice(0, 10)]),
  );
}

const expiredLeft = async (tag: string) => ({
  sessions: await count("sessions", "id LIKE ?1", `old-${tag}-%`),
  throttle: await count("login_throttle", "key LIKE ?1 AND failures = 3", `orderAddress:%-${tag}`),
  resets: await count("password_resets", "token_hash LIKE ?1", `hash-${tag}-%`),
  outbox: await count("email_outbox", '"to" LIKE ?1', `old-${tag}-%`),
});
const none = { sessions: 0, throttle: 0, resets: 0, outbox: 0 };

describe("the daily purge of what has expired", () => {
  it("takes every expired row while sign-ins, orders and recovery links write the same tables, and nothing live", async () => {
    const owner = new Browser();
    const { user, email, password } = await register(owner);
    await seedExpired(user.id, 40, "race");
    // Live rows of each kind, written before the race: none may go.
    await insert("INSERT INTO email_outbox (\"to\", subject, text, html) VALUES ('reciente@example.com', 'Nuevo', 'x', 'x')", [[]]);
    const liveBefore = await count("sessions", "expires_at > ?1", Date.now());

    // While the purge runs in small chunks: new sessions (sign-ins), the very throttle rows it is deleting
    // counted again (orders from those addresses), a wrong password, and new recovery links for the owner.
    const signIns = Array.from({ length: 6 }, () => new Browser());
    const [purged] = await Promise.all([
      purgeExpired(env.DB, { chunk: 7, maxChunks: 100 }),
      ...signIns.map((b) => b.json("POST", "/api/auth/login", { email, password })),
      ...Array.from({ length: 20 }, (_, i) => attempt(db, [["orderAddress", `203.0.113.${i}-race`]])),
      new Browser().json("POST", "/api/auth/login", { email, password: "no-es-la-clave" }),
      owner.json("POST", "/api/auth/password-reset", { email }),
    ]);

    expect(await expiredLeft("race")).toEqual(none);
    expect(await count("weekly_summaries", "user_id = ?1", user.id)).toBe(0);
    expect(purged.sessions).toBe(40);
    // Each session written during the race still signs its browser in, and the owner's own too.
    for (const b of [owner, ...signIns]) expect((await b.request("/api/auth/profile")).status).toBe(200);
    expect(await count("sessions", "expires_at > ?1", Date.now())).toBe(liveBefore + signIns.length);
    // A throttle row renewed during the race is either kept (renewed first) or written again (purged first):
    // both ways it holds this window's one attempt.
    expect(
      await count("login_throttle", "key LIKE 'orderAddress:%-race' AND failures = 1 AND window_started_at > ?1", Date.now() - 10 * MINUTE),
    ).toBe(20);
    expect(await count("login_throttle", "key LIKE 'loginAccount:%' AND failures = 1")).toBe(1);
    // The recovery link asked for during the race is live and kept.
    expect(await count("password_resets", "user_id = ?1 AND used_at IS NULL AND expires_at > ?2", user.id, Date.now())).toBe(1);
    expect(await count("email_outbox", "\"to\" = 'reciente@example.com'")).toBe(1);
  });

  it("holds each throttle row to its own policy's window", async () => {
    const now = Date.now();
    // 12 minutes in: over for orders (10-minute window), not for wrong passwords (15 minutes).
    await insert("INSERT INTO login_throttle (key, failures, window_started_at) VALUES (?1, 2, ?2)", [
      ["orderAddress:192.0.2.1", now - 12 * MINUTE],
      ["loginAddress:192.0.2.1", now - 12 * MINUTE],
      ["signupAddress:192.0.2.1", now - 59 * MINUTE],
      ["signupAddress:192.0.2.2", now - 61 * MINUTE],
    ]);
    await purgeExpired(env.DB, { now });
    const left = await env.DB.prepare("SELECT key FROM login_throttle WHERE key LIKE '%192.0.2.%' ORDER BY key").all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual(["loginAddress:192.0.2.1", "signupAddress:192.0.2.1"]);
  });

  it("runs daily from its cron in bounded chunks, and what is left goes the next run", async () => {
    const { user } = await register(new Browser());
    await seedExpired(user.id, 30, "cron");
    const first = await purgeExpired(env.DB, { chunk: 4, maxChunks: 3 });
    expect(first.sessions).toBe(12);
    expect(await count("sessions", "id LIKE 'old-cron-%'")).toBe(18);
    await dailyCron();
    expect(await expiredLeft("cron")).toEqual(none);
  });
});
