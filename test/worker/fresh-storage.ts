import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach } from "vitest";
import { allObjectKeys } from "../../scripts/storage-checks";
import { overrideProviderForTests } from "../../worker/providers/select";
import { dropInjectedTriggers, resetProviderGates, stopRunningJobs } from "./leftover-work";

/**
 * Each test file starts from an empty database at the current schema and an empty bucket.
 *
 * The Worker test files share a runtime (`isolate: false` in vitest.config.ts: loading the Worker's modules
 * once per vitest worker instead of once per file halves the step's CPU), and with it D1 and R2. Tests that
 * read a whole table or the whole bucket (the storage and ledger checks, the outbox count) must not see what
 * an earlier file left, so this setup file, run before every file, empties both.
 *
 * Nor may an earlier file's failed or timed-out test reach into this one: its generation jobs still running and
 * the triggers it made D1 fail with are ended first, and the provider gates start empty (leftover-work.ts says
 * why); and a test of this file that
 * fails ends its own jobs at once, before a later test's provider or the studio's is asked for them.
 */
// Every database: the global DB and the shop database the tests bind beside it (vitest.config.ts).
const databases = [env.DB, env.SHOP_DB_1];
for (const d1 of databases) await applyD1Migrations(d1, env.TEST_MIGRATIONS);
await stopRunningJobs();
// And no earlier file's test provider: one left set made this file's studio pictures its 64 px answers.
overrideProviderForTests(undefined);
await resetProviderGates();
await dropInjectedTriggers();
// vitest's 10 s hook budget is too little on a loaded machine: it bounds a stuck hook, not a slow one.
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") await stopRunningJobs();
}, 120_000);

for (const d1 of databases) {
  const tables = await d1
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  // One transaction, with foreign keys checked at its end, when every table is empty: any order of deletes works.
  await d1.batch([d1.prepare("PRAGMA defer_foreign_keys = on"), ...tables.results.map(({ name }) => d1.prepare(`DELETE FROM "${name}"`))]);
}

// R2 deletes at most 1,000 keys a call.
const keys = await allObjectKeys(env.IMAGES);
for (let at = 0; at < keys.length; at += 1000) await env.IMAGES.delete(keys.slice(at, at + 1000));
