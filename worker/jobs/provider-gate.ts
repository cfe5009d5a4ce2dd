import { DurableObject } from "cloudflare:workers";
import { gateLimits, type GateLimits } from "../../common/image-providers";
import type { Bindings } from "../env";
import { randomId } from "../lib/ids";
import { errorName, log } from "../lib/log";
import type { AcquireAnswer, AcquireRequest, GatePriority, GateStatus, GateTicket, ProviderGateRpc, ReleaseOutcome } from "./gate-types";
import { JOB_DEADLINE_MS } from "./generation-job";

/**
 * A minute, and a second's margin: the gate counts a call when it lets it through, the provider when the
 * request reaches it a little later, and that delay varies; without the margin a provider counting its own
 * minute could see one call more than the limit.
 */
const WINDOW_MS = 61_000;
/** A 429 that names no wait pauses the provider this long. */
export const DEFAULT_PAUSE_MS = 20_000;
/** A permit a job took is given back by then at the latest: no provider call outlives its job's deadline. */
const CLAIMED_LEASE_MS = JOB_DEADLINE_MS + 30_000;
/**
 * A reservation for a batch picture the gate began, until its job claims it: as long as a job can live, since
 * the job may wait its turn at the provider holding it.
 */
const RESERVED_LEASE_MS = CLAIMED_LEASE_MS;
/** A picture whose start failed (D1 or its job's object unreachable) is tried again after this. */
const START_RETRY_MS = 5_000;
/** A start that never reported back (this object was reset meanwhile) is taken up again after this. */
const START_TIMEOUT_MS = 120_000;

type Limits = (provider: string, env: Bindings) => GateLimits;
let limitsOverride: Limits | undefined;

/** Lets tests set a gate's limits inside the isolate (the Worker reads PROVIDER_LIMITS). Nothing in the app calls it. */
export function overrideGateLimitsForTests(limits: Limits | undefined) {
  limitsOverride = limits;
}

interface Waiter {
  holder: string;
  priority: GatePriority;
  resolve: (answer: AcquireAnswer) => void;
  timer: ReturnType<typeof setTimeout>;
}

const RANK: Record<GatePriority, number> = { interactive: 0, retry: 1 };

/**
 * One per image provider (by name), for the whole deployment: the only place
 * that decides when that provider may be called.
 * - At most `inFlight` calls at once and `perMinute` in any 60 s
 *   (PROVIDER_LIMITS, defaults in common/image-providers.ts). Every decision
 *   is made inside this one object, so callers fired together cannot both
 *   take the last place.
 * - A 429 reported by any caller pauses the provider for everyone until the
 *   wait it named (or DEFAULT_PAUSE_MS) has passed.
 * - Who calls next: a seller waiting on screen (interactive) before any batch
 *   picture (those already begun, in the order they got ready).
 * - Which batch picture begins next: one seller at a time in turn
 *   (round-robin), each seller's in the order they came.
 * Batch pictures wait here as tickets (stored, so a restart loses none). The
 * gate begins as many as the provider takes at once (their jobs read the photo
 * and build the request meanwhile), each with a reservation that takes no
 * place at the provider until its job claims it for the call; so a place that
 * frees goes to a picture ready to call. Callers hold their call open (up to
 * `waitMs`) and get their place as soon as one frees. The minute's calls are
 * counted when a place is claimed, as the provider counts them.
 *
 * What begins an admitted picture belongs to the batches, above this layer: the deployed class
 * (worker/batches/gate.ts) supplies `beginPicture`, so the gate never imports batch code.
 */
export abstract class ProviderGateBase extends DurableObject<Bindings> implements ProviderGateRpc {
  private readonly sql: SqlStorage;
  private readonly waiters: Waiter[] = [];

  /** Begins an admitted picture's job; idempotent. "gone": the picture will not run, its place frees at once. */
  protected abstract beginPicture(item: string): Promise<"started" | "gone">;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value);
      CREATE TABLE IF NOT EXISTS permits (id TEXT PRIMARY KEY, holder TEXT NOT NULL, state TEXT NOT NULL, lease_until INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS permits_holder ON permits (holder);
      CREATE TABLE IF NOT EXISTS grants (permit TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS tickets (
        item TEXT PRIMARY KEY, seller TEXT NOT NULL, batch TEXT NOT NULL, seq INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'waiting', retry_at INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX IF NOT EXISTS tickets_seller ON tickets (seller, state, seq);
      CREATE TABLE IF NOT EXISTS sellers (seller TEXT PRIMARY KEY, turn REAL NOT NULL);
    `);
  }

  async acquire(request: AcquireRequest): Promise<AcquireAnswer> {
    this.remember(request.provider);
    const now = Date.now();
    this.expire(now);
    const held = this.sql
      .exec<{ id: string; state: string }>("SELECT id, state FROM permits WHERE holder = ? LIMIT 1", request.holder)
      .toArray()[0];
    // Taken before its object restarted: the same place, not a second one.
    if (held?.state === "claimed") {
      this.sql.exec("UPDATE permits SET lease_until = ? WHERE id = ?", now + CLAIMED_LEASE_MS, held.id);
      return { permit: held.id };
    }
    if (!this.waiters.some((w) => RANK[w.priority] <= RANK[request.priority]) && this.room(now)) {
      const permit = this.claim(now, request.holder, held?.id);
      // A reservation became a call: the next batch picture can begin getting ready.
      if (held) this.pump();
      return { permit };
    }
    return new Promise<AcquireAnswer>((resolve) => {
      const waiter: Waiter = {
        holder: request.holder,
        priority: request.priority,
        resolve,
        timer: setTimeout(() => {
          this.forget(waiter);
          resolve({ waitMs: Math.max(0, this.nextOpening(Date.now()) - Date.now()) });
        }, request.waitMs),
      };
      // Behind everyone of the same or a higher priority, ahead of the lower ones.
      const at = this.waiters.findIndex((w) => RANK[w.priority] > RANK[request.priority]);
      this.waiters.splice(at < 0 ? this.waiters.length : at, 0, waiter);
      this.pump();
    });
  }

  async release(permit: string, outcome: ReleaseOutcome = {}): Promise<void> {
    const now = Date.now();
    this.sql.exec("DELETE FROM permits WHERE id = ?", permit);
    if (outcome.rateLimited) {
      const until = now + (outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : DEFAULT_PAUSE_MS);
      if (until > this.pausedUntil()) this.setMeta("paused_until", until);
      log("warn", "provider paused by a 429", { provider: this.provider(), ms: until - now });
    }
    this.pump();
  }

  async enqueue(provider: string, tickets: GateTicket[]): Promise<{ added: number }> {
    this.remember(provider);
    let added = 0;
    for (const ticket of tickets) {
      // A seller with nothing waiting joins the rotation behind everyone served so far.
      const waiting = this.sql
        .exec<{ n: number }>("SELECT COUNT(*) AS n FROM tickets WHERE seller = ? AND state = 'waiting'", ticket.seller)
        .one().n;
      const seq = this.bump("seq");
      const inserted = this.sql.exec(
        "INSERT OR IGNORE INTO tickets (item, seller, batch, seq) VALUES (?, ?, ?, ?)",
        ticket.item,
        ticket.seller,
        ticket.batch,
        seq,
      ).rowsWritten;
      if (inserted === 0) continue;
      added++;
      if (waiting === 0) {
        this.sql.exec(
          "INSERT INTO sellers (seller, turn) VALUES (?, ?) ON CONFLICT (seller) DO UPDATE SET turn = excluded.turn",
          ticket.seller,
          this.meta("turn") + 0.5,
        );
      }
    }
    this.pump();
    return { added };
  }

  async drop(provider: string, items: string[]): Promise<void> {
    this.remember(provider);
    for (const item of items) {
      this.sql.exec("DELETE FROM tickets WHERE item = ? AND state = 'waiting'", item);
      this.unreserve(item);
    }
    this.pump();
  }

  async status(provider: string, seller?: string): Promise<GateStatus> {
    this.remember(provider);
    const now = Date.now();
    this.expire(now);
    const count = (query: string, ...bindings: unknown[]) => this.sql.exec<{ n: number }>(query, ...bindings).one().n;
    const paused = this.pausedUntil();
    return {
      provider: this.provider(),
      limits: this.limits(),
      inFlight: this.inFlight(),
      lastMinute: this.lastMinute(now),
      waiting: count("SELECT COUNT(*) AS n FROM tickets WHERE state = 'waiting'"),
      sellers: count("SELECT COUNT(DISTINCT seller) AS n FROM tickets WHERE state = 'waiting'"),
      sellerWaiting: seller ? count("SELECT COUNT(*) AS n FROM tickets WHERE state = 'waiting' AND seller = ?", seller) : 0,
      holding: this.waiters.length,
      pausedUntil: paused > now ? paused : null,
    };
  }

  async alarm(): Promise<void> {
    this.pump();
  }

  /**
   * Lets through whoever may call now, in priority order; then, unless the provider is paused, begins as
   * many batch pictures as it may call at once (round-robin by seller), so each is ready (its photo read, its
   * request built) when a place frees: its reservation takes no place at the provider until its job claims
   * it. Then books the next look.
   */
  private pump() {
    const now = Date.now();
    this.expire(now);
    while (this.room(now)) {
      const waiter = this.waiters.shift();
      if (!waiter) break;
      clearTimeout(waiter.timer);
      const reserved = this.sql
        .exec<{ id: string }>("SELECT id FROM permits WHERE holder = ? AND state = 'reserved'", waiter.holder)
        .toArray()[0];
      waiter.resolve({ permit: this.claim(now, waiter.holder, reserved?.id) });
    }
    while (this.pausedUntil() <= now && this.reserved() < this.limits().inFlight) {
      const ticket = this.sql
        .exec<{ item: string; seller: string }>(
          `SELECT t.item, t.seller FROM tickets t JOIN sellers s ON s.seller = t.seller
           WHERE t.state = 'waiting' AND t.retry_at <= ? ORDER BY s.turn, t.seq LIMIT 1`,
          now,
        )
        .toArray()[0];
      if (!ticket) break;
      this.sql.exec("UPDATE tickets SET state = 'starting', retry_at = ? WHERE item = ?", now, ticket.item);
      this.sql.exec("UPDATE sellers SET turn = ? WHERE seller = ?", this.bump("turn"), ticket.seller);
      const permit = randomId();
      this.sql.exec(
        "INSERT INTO permits (id, holder, state, lease_until) VALUES (?, ?, 'reserved', ?)",
        permit,
        ticket.item,
        now + RESERVED_LEASE_MS,
      );
      void this.begin(ticket.item, permit);
    }
    this.book(now);
  }

  /** Begins a batch picture's job (its permit is reserved); a picture that is gone frees its place at once. */
  private async begin(item: string, permit: string) {
    try {
      const outcome = await this.beginPicture(item);
      this.sql.exec("DELETE FROM tickets WHERE item = ?", item);
      // Cancelled, failed or deleted meanwhile: its reservation goes, for the next picture.
      if (outcome === "gone") this.sql.exec("DELETE FROM permits WHERE id = ? AND state = 'reserved'", permit);
    } catch (err) {
      log("error", "batch picture could not begin; the gate tries again", { item, error: errorName(err) });
      this.sql.exec("UPDATE tickets SET state = 'waiting', retry_at = ? WHERE item = ?", Date.now() + START_RETRY_MS, item);
      this.sql.exec("DELETE FROM permits WHERE id = ? AND state = 'reserved'", permit);
    }
    this.pump();
  }

  /** A place at the provider: counted at once in the calls at once and in the minute's calls. */
  private claim(now: number, holder: string, reserved?: string): string {
    const id = reserved ?? randomId();
    if (reserved) this.sql.exec("UPDATE permits SET state = 'claimed', lease_until = ? WHERE id = ?", now + CLAIMED_LEASE_MS, id);
    else
      this.sql.exec("INSERT INTO permits (id, holder, state, lease_until) VALUES (?, ?, 'claimed', ?)", id, holder, now + CLAIMED_LEASE_MS);
    this.sql.exec("INSERT INTO grants (permit, at) VALUES (?, ?)", id, now);
    return id;
  }

  private unreserve(holder: string) {
    this.sql.exec("DELETE FROM permits WHERE holder = ? AND state = 'reserved'", holder);
  }

  private room(now: number): boolean {
    const limits = this.limits();
    return this.pausedUntil() <= now && this.inFlight() < limits.inFlight && this.lastMinute(now) < limits.perMinute;
  }

  /** Calls at the provider now (claimed places). */
  private inFlight(): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM permits WHERE state = 'claimed'").one().n;
  }

  /** Batch pictures begun and getting ready to call. */
  private reserved(): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM permits WHERE state = 'reserved'").one().n;
  }

  private lastMinute(now: number): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM grants WHERE at > ?", now - WINDOW_MS).one().n;
  }

  /** Permits never given back (their job's object was reset mid-call) and grants out of the window. */
  private expire(now: number) {
    const lost = this.sql.exec("DELETE FROM permits WHERE lease_until < ?", now).rowsWritten;
    if (lost > 0) log("warn", "gate permits taken back after their lease", { provider: this.provider(), permits: lost });
    this.sql.exec("DELETE FROM grants WHERE at <= ?", now - WINDOW_MS);
    // A picture whose start never reported back (this object was reset meanwhile): waiting again. Its job
    // may have begun after all; beginning it again finds it begun (beginPicture is idempotent).
    this.sql.exec("UPDATE tickets SET state = 'waiting', retry_at = 0 WHERE state = 'starting' AND retry_at < ?", now - START_TIMEOUT_MS);
  }

  /** When the next call could go: the pause's end, a place in the minute's window, a lease running out. */
  private nextOpening(now: number): number {
    const limits = this.limits();
    let at = Math.max(now, this.pausedUntil());
    if (this.lastMinute(now) >= limits.perMinute) {
      const oldest = this.sql
        .exec<{ at: number }>(
          "SELECT at FROM grants WHERE at > ? ORDER BY at LIMIT 1 OFFSET ?",
          now - WINDOW_MS,
          this.lastMinute(now) - limits.perMinute,
        )
        .toArray()[0];
      if (oldest) at = Math.max(at, oldest.at + WINDOW_MS + 1);
    }
    if (this.inFlight() >= limits.inFlight) {
      const lease = this.sql.exec<{ at: number }>("SELECT MIN(lease_until) AS at FROM permits WHERE state = 'claimed'").one().at;
      // A permit usually comes back long before its lease: release() pumps then.
      at = Math.max(at, Math.min(lease, now + 5_000));
    }
    return at;
  }

  /** The alarm looks again when something could change without a call: pauses, windows, leases, retries. */
  private book(now: number) {
    const one = (query: string, ...bindings: unknown[]) => this.sql.exec<{ at: number | null }>(query, ...bindings).one().at;
    const candidates = [
      // A caller holding on, or a picture to begin (only held back by a pause): the next opening.
      this.waiters.length > 0 ||
      (this.reserved() < this.limits().inFlight &&
        one("SELECT MIN(seq) AS at FROM tickets WHERE state = 'waiting' AND retry_at <= ?", now) !== null)
        ? this.nextOpening(now)
        : null,
      one("SELECT MIN(retry_at) AS at FROM tickets WHERE state = 'waiting' AND retry_at > ?", now),
      ((at) => (at === null ? null : at + START_TIMEOUT_MS))(one("SELECT MIN(retry_at) AS at FROM tickets WHERE state = 'starting'")),
      ((at) => (at === null ? null : at + 1))(one("SELECT MIN(lease_until) AS at FROM permits")),
    ].filter((at): at is number => at !== null);
    if (candidates.length === 0) {
      void this.ctx.storage.deleteAlarm();
      return;
    }
    void this.ctx.storage.setAlarm(Math.max(Math.min(...candidates), now + 1));
  }

  private forget(waiter: Waiter) {
    const at = this.waiters.indexOf(waiter);
    if (at >= 0) this.waiters.splice(at, 1);
  }

  private limits(): GateLimits {
    const provider = this.provider();
    return (limitsOverride ?? gateLimits)(provider, this.env);
  }

  private pausedUntil(): number {
    return this.meta("paused_until");
  }

  private provider(): string {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'provider'").toArray()[0]?.value ?? "";
  }

  private remember(provider: string) {
    this.sql.exec("INSERT OR IGNORE INTO meta (key, value) VALUES ('provider', ?)", provider);
  }

  private meta(key: string): number {
    return Number(this.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? 0);
  }

  private setMeta(key: string, value: number) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  private bump(key: string): number {
    const next = this.meta(key) + 1;
    this.setMeta(key, next);
    return next;
  }
}
