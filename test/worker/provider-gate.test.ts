import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import type { AcquireAnswer, AcquireRequest } from "../../worker/jobs/gate-types";
import { gateStub } from "../../worker/jobs/gate-admission";
import { overrideGateLimitsForTests } from "../../worker/jobs/provider-gate";

/**
 * The provider gate on its own: every test uses a gate of its own name (one object per provider), with the
 * limits it sets. Callers are fired together (Promise.all), as a burst of jobs would arrive.
 */
const limits = new Map<string, { inFlight: number; perMinute: number }>();
overrideGateLimitsForTests((name) => limits.get(name) ?? { inFlight: 1, perMinute: 60 });
afterAll(() => overrideGateLimitsForTests(undefined));

function newGate(own: { inFlight: number; perMinute: number }) {
  const provider = `gate-test-${limits.size + 1}`;
  limits.set(provider, own);
  return { provider, gate: gateStub(env, provider) };
}

const ask = (provider: string, holder: string, extra: Partial<AcquireRequest> = {}): AcquireRequest => ({
  provider,
  holder,
  seller: `seller-${holder}`,
  priority: "interactive",
  waitMs: 50,
  ...extra,
});

const permits = (answers: AcquireAnswer[]) => answers.filter((a): a is { permit: string } => "permit" in a);

describe("provider gate", () => {
  it("lets at most inFlight callers through when they all come at once, then the next as one gives back", async () => {
    const { provider, gate } = newGate({ inFlight: 3, perMinute: 1000 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => gate.acquire(ask(provider, `job-${i}`))));
    expect(permits(answers)).toHaveLength(3);
    expect(new Set(permits(answers).map((a) => a.permit)).size).toBe(3);
    expect((await gate.status(provider)).inFlight).toBe(3);

    // Callers holding on get the places in the order they came, as places come back.
    const waiting = [gate.acquire(ask(provider, "late-1", { waitMs: 60_000 })), gate.acquire(ask(provider, "late-2", { waitMs: 60_000 }))];
    await gate.release(permits(answers)[0]!.permit);
    const first = await waiting[0]!;
    expect("permit" in first).toBe(true);
    expect((await gate.status(provider)).inFlight).toBe(3);
    await gate.release(permits(answers)[1]!.permit);
    expect("permit" in (await waiting[1]!)).toBe(true);
  });

  it("lets at most perMinute callers through in a minute, however quickly they give their places back", async () => {
    const { provider, gate } = newGate({ inFlight: 100, perMinute: 4 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => gate.acquire(ask(provider, `job-${i}`))));
    expect(permits(answers)).toHaveLength(4);
    for (const { permit } of permits(answers)) await gate.release(permit);
    const again = await Promise.all(Array.from({ length: 5 }, (_, i) => gate.acquire(ask(provider, `again-${i}`))));
    expect(permits(again)).toHaveLength(0);
    // The answer says when a place opens: when the first of the four leaves the minute.
    for (const answer of again) expect((answer as { waitMs: number }).waitMs).toBeGreaterThan(50_000);
    expect((await gate.status(provider)).lastMinute).toBe(4);
  });

  it("a 429 reported by one caller pauses the provider for every caller until the wait it named", async () => {
    const { provider, gate } = newGate({ inFlight: 5, perMinute: 1000 });
    const first = (await gate.acquire(ask(provider, "saw-429"))) as { permit: string };
    const before = Date.now();
    await gate.release(first.permit, { rateLimited: true, retryAfterSeconds: 2 });
    const status = await gate.status(provider);
    expect(status.pausedUntil).toBeGreaterThanOrEqual(before + 2000);

    // Another seller's job, and a burst of them: nobody is let through during the pause.
    const during = await Promise.all(Array.from({ length: 4 }, (_, i) => gate.acquire(ask(provider, `other-${i}`, { seller: "otra" }))));
    expect(permits(during)).toHaveLength(0);
    // One that holds on gets its place once the pause is over, not before.
    const held = (await gate.acquire(ask(provider, "patient", { waitMs: 30_000 }))) as { permit: string };
    expect(held.permit).toBeTruthy();
    expect(Date.now()).toBeGreaterThanOrEqual(status.pausedUntil!);
    expect((await gate.status(provider)).pausedUntil).toBeNull();
  });

  it("a seller waiting on screen goes before a batch picture trying again, whichever came first", async () => {
    const { provider, gate } = newGate({ inFlight: 1, perMinute: 1000 });
    const busy = (await gate.acquire(ask(provider, "running"))) as { permit: string };
    const retry = gate.acquire(ask(provider, "batch-picture", { priority: "retry", waitMs: 30_000 }));
    const drawer = gate.acquire(ask(provider, "drawer", { priority: "interactive", waitMs: 30_000 }));
    const order: string[] = [];
    const watched = [retry.then(() => order.push("batch-picture")), drawer.then(() => order.push("drawer"))];
    await gate.release(busy.permit);
    const drawerPermit = (await drawer) as { permit: string };
    expect(order).toEqual(["drawer"]);
    await gate.release(drawerPermit.permit);
    await Promise.all(watched);
    expect(order).toEqual(["drawer", "batch-picture"]);
  });

  it("a job that restarted gets back the permit it held instead of a second place", async () => {
    const { provider, gate } = newGate({ inFlight: 1, perMinute: 1000 });
    const first = (await gate.acquire(ask(provider, "job-a"))) as { permit: string };
    const again = (await gate.acquire(ask(provider, "job-a"))) as { permit: string };
    expect(again.permit).toBe(first.permit);
    expect((await gate.status(provider)).inFlight).toBe(1);
    expect("permit" in (await gate.acquire(ask(provider, "job-b")))).toBe(false);
  });

  it("keeps one ticket per picture however often it is handed in, and forgets dropped ones", async () => {
    const { provider, gate } = newGate({ inFlight: 1, perMinute: 1000 });
    // Paused first, so tickets wait (pictures that do not exist would otherwise be begun and found gone).
    const busy = (await gate.acquire(ask(provider, "running"))) as { permit: string };
    await gate.release(busy.permit, { rateLimited: true, retryAfterSeconds: 60 });
    const tickets = [1, 2, 3].map((n) => ({ item: `item-${n}`, seller: "vendedora", batch: "lote" }));
    const added = await Promise.all([gate.enqueue(provider, tickets), gate.enqueue(provider, tickets), gate.enqueue(provider, tickets)]);
    expect(added.map((a) => a.added).reduce((a, b) => a + b, 0)).toBe(3);
    expect(await gate.status(provider, "vendedora")).toMatchObject({ waiting: 3, sellers: 1, sellerWaiting: 3 });
    await gate.drop(provider, ["item-2"]);
    expect((await gate.status(provider)).waiting).toBe(2);
  });
});
