import { evictDurableObject, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { mainProvider } from "../../common/image-providers";
import { gateStub } from "../../worker/jobs/gate-admission";
import type { GenerationJob } from "../../worker/jobs/generation-job";
import type { JobState } from "../../worker/jobs/job-types";
import type { ProviderGate } from "../../worker/batches/gate";

/**
 * What a test can leave behind that outlives it in the shared runtime (`isolate: false`), and its undoing.
 *
 * A generation job lives in its Durable Object, not in the test: when a test fails or times out, its job keeps
 * running, and its heartbeat alarm (every 15 s) picks it up again minutes later, in a later test or file. It then
 * asks `imageProvider()` for a provider: the later test's fake (which gets a call it never made) or, once the
 * failed test's afterEach has put the override back, the real studio pipeline, seconds of CPU that slow the
 * tests after it into their own timeouts. So a running job is stopped with the test that started it, and the
 * provider gate's permit it holds is given back: every test's job goes through the one gate of the configured
 * provider (the studio's, two at a time), and a permit a hung job keeps would make the next tests' jobs wait out
 * its lease (150 s), past their own timeouts.
 */
export async function stopRunningJobs() {
  const { results } = await env.DB.prepare("SELECT id FROM generation_jobs WHERE status = 'running'").all<{ id: string }>();
  for (const { id } of results) {
    const stub = env.GENERATION_JOBS.get(env.GENERATION_JOBS.idFromName(id));
    // Without its state and its alarm nothing picks it up again; the eviction drops what runs in memory.
    const job = await runInDurableObject(stub, async (_job: GenerationJob, state) => {
      const stored = await state.storage.get<JobState>("job");
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
      return stored;
    });
    await evictDurableObject(stub);
    const gate = gateStub(env, job?.provider ?? mainProvider(env));
    const permits = await runInDurableObject(gate, (_gate: ProviderGate, state) =>
      state.storage.sql.exec<{ id: string }>("SELECT id FROM permits WHERE holder = ?", id).toArray(),
    );
    for (const permit of permits) await gate.release(permit.id);
  }
}

/**
 * The provider gates (one object per provider for the whole runtime) as new: an earlier file's pause after a 429,
 * its calls counted in the minute, its batch pictures waiting or reserved, and its permits are not this file's.
 */
export async function resetProviderGates() {
  for (const id of await listDurableObjectIds(env.PROVIDER_GATES)) {
    const gate = env.PROVIDER_GATES.get(id);
    await runInDurableObject(gate, async (_gate: ProviderGate, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
    // The next call builds it again from empty storage (its tables are made in its constructor).
    await evictDurableObject(gate);
  }
}

/**
 * Fault tests make D1 refuse a write with a trigger of their own and drop it in a finally, which a timed-out
 * test never reaches: every trigger the migrations did not create is dropped (the migrations' SQL says which
 * they create).
 */
export async function dropInjectedTriggers() {
  const ours = new Set(
    env.TEST_MIGRATIONS.flatMap((m) => m.queries).flatMap((sql) =>
      [...sql.matchAll(/CREATE TRIGGER\s+(?:IF NOT EXISTS\s+)?[`"]?(\w+)/gi)].map((match) => match[1]!),
    ),
  );
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all<{ name: string }>();
  for (const { name } of results) if (!ours.has(name)) await env.DB.prepare(`DROP TRIGGER IF EXISTS "${name}"`).run();
}
