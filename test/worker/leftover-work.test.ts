import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { mainProvider } from "../../common/image-providers";
import { gateStub } from "../../worker/jobs/gate-admission";
import type { GenerationJob } from "../../worker/jobs/generation-job";
import type { JobState } from "../../worker/jobs/job-types";
import { overrideProviderForTests } from "../../worker/providers/select";
import { provider, sellerWithProduct } from "./generation-helpers";
import { dropInjectedTriggers, resetProviderGates, stopRunningJobs } from "./leftover-work";

afterEach(() => overrideProviderForTests(undefined));

const stubOf = (jobId: string) => env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(jobId));

describe("what a failed test leaves behind is ended", () => {
  it("a job still running, evicted mid-call, is not picked up again by its heartbeat with whatever provider is current then, and its gate permit is given back", async () => {
    // The first call never answers, as a provider that hangs past the test's timeout.
    const calls = provider((_request, _call, signal) => new Promise((_, reject) => signal?.addEventListener("abort", reject)));
    const { browser, product } = await sellerWithProduct();
    const response = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const stub = stubOf(jobId);
    await evictDurableObject(stub);
    const state = () => runInDurableObject(stub, (_job: GenerationJob, s) => s.storage.get<JobState>("job"));
    expect((await state())?.status).toBe("running");
    // Every test's job goes through the configured provider's gate; the hung call holds one of its places.
    const gate = gateStub(env, mainProvider(env));
    expect((await gate.status(mainProvider(env))).inFlight).toBe(1);

    await stopRunningJobs();
    expect((await gate.status(mainProvider(env))).inFlight).toBe(0);
    // A later test's provider: the heartbeat would have handed the job to it.
    const later = provider(async () => new Uint8Array([1]));
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    expect(await state()).toBeUndefined();
    expect(later).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it("a provider gate an earlier file paused and filled starts the next file empty", async () => {
    const name = "gemini";
    const gate = gateStub(env, name);
    const { permit } = (await gate.acquire({ provider: name, holder: "job-x", seller: "s", priority: "interactive", waitMs: 0 })) as {
      permit: string;
    };
    await gate.acquire({ provider: name, holder: "job-y", seller: "s", priority: "interactive", waitMs: 0 });
    await gate.release(permit, { rateLimited: true, retryAfterSeconds: 600 });
    const before = await gate.status(name);
    expect([before.inFlight, before.lastMinute, before.pausedUntil! > Date.now()]).toEqual([1, 2, true]);

    await resetProviderGates();
    const after = await gate.status(name);
    expect([after.inFlight, after.lastMinute, after.pausedUntil]).toEqual([0, 0, null]);
  });

  it("a trigger a test made D1 fail with is dropped; the migrations' own stay", async () => {
    const triggers = async () =>
      (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all<{ name: string }>()).results.map(
        (t) => t.name,
      );
    const migrations = await triggers();
    expect(migrations).toContain("credit_ledger_archived_key");
    await env.DB.prepare("CREATE TRIGGER fault_left_over BEFORE INSERT ON products BEGIN SELECT RAISE(ABORT, 'injected fault'); END").run();
    expect(await triggers()).toContain("fault_left_over");
    await dropInjectedTriggers();
    expect(await triggers()).toEqual(migrations);
  });
});
