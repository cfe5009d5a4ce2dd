import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gunzipLines, gzipLines } from "../../common/ledger-archive";
import { endUnstarted } from "../../worker/batches/refund-items";
import { refundJob } from "../../worker/jobs/refund-job";
import { archiveOldBatches } from "../../worker/lib/archive-batches";
import { balanceOf, HISTORY_LENGTH, moveCredits } from "../../worker/lib/credits";
import { parseCsv } from "../../worker/lib/catalogue-csv";
import { Browser, register } from "./browser";
import { brokenChecks, db, exportZip, finishedBatch, finishedJob, rows, quietOutbox } from "./archive-helpers";

beforeAll(quietOutbox);
afterAll(() => vi.restoreAllMocks());

/**
 * A seller with old batches: two finished (every way a picture ends), one whose e-mail was asked for and never
 * sent, one with a picture still waiting, one with a picture still being made, and `more` finished ones; then
 * HISTORY_LENGTH + 5 recent generations.
 */
async function sellerWithBatches(tag: string, more = 0) {
  const browser = new Browser();
  const { user } = await register(browser);
  expect(
    (await moveCredits(db, { userId: user.id, delta: 20_000, reason: "purchase", idempotencyKey: `payment:test:${tag}` })).status,
  ).toBe("applied");
  const done = [
    await finishedBatch(user.id, `${tag}-b1`, ["succeeded", "succeeded", "failed", "cancelled", "succeeded"], { days: 200 }),
    await finishedBatch(user.id, `${tag}-b2`, ["succeeded", "cancelled", "cancelled"], { days: 160, notify: true, notified: true }),
  ];
  await finishedBatch(user.id, `${tag}-unannounced`, ["succeeded", "succeeded"], { days: 160, notify: true });
  await finishedBatch(user.id, `${tag}-waiting`, ["succeeded", "queued"], { days: 160 });
  await finishedBatch(user.id, `${tag}-running`, ["succeeded", "running"], { days: 160 });
  for (let i = 0; i < more; i++)
    done.push(await finishedBatch(user.id, `${tag}-x${i}`, ["succeeded", "failed", "cancelled"], { days: 130 + i }));
  for (let i = 0; i < HISTORY_LENGTH + 5; i++) await finishedJob(user.id, `${tag}-new-${i}`, i % 7 === 6 ? "failed" : "succeeded");
  return { browser, user, done };
}

type History = { movements: { id: number; delta: number; balanceAfter: number }[] };
const history = async (browser: Browser) => ((await (await browser.request("/api/credits/history")).json()) as History).movements;

describe("the archival of finished batches to R2", () => {
  it("moves finished, announced batches with their pictures, jobs and ledger rows; balances, history and every check stay exact", async () => {
    const { browser, user, done } = await sellerWithBatches("a");
    const before = { balance: await balanceOf(db, user.id), history: await history(browser) };
    const ledgerBefore = await rows("SELECT delta, balance_after FROM credit_ledger WHERE user_id = ?1 ORDER BY id", user.id);
    expect(await brokenChecks()).toEqual([]);

    const moved = await archiveOldBatches(env);
    // 8 pictures: 8 charges, and refunds of the failed one and the three cancelled.
    expect(moved).toMatchObject({ batches: 2, pictures: 8, ledger: 12, refused: 0 });
    expect(await rows("SELECT id FROM batches WHERE user_id = ?1 ORDER BY id", user.id)).toEqual([
      { id: "a-running" },
      { id: "a-unannounced" },
      { id: "a-waiting" },
    ]);
    const pictures = done.flat();
    const left = (sql: string) => rows(sql.replace("?list", pictures.map((p) => `'${p}'`).join(", ")));
    expect(await left("SELECT id FROM batch_items WHERE id IN (?list)")).toEqual([]);
    expect(await left("SELECT id FROM generation_jobs WHERE id IN (?list)")).toEqual([]);
    expect(await left("SELECT id FROM credit_ledger WHERE substr(idempotency_key, instr(idempotency_key, ':') + 1) IN (?list)")).toEqual(
      [],
    );
    // The batches that stay keep their pictures, jobs and charges.
    expect((await rows("SELECT id FROM batch_items WHERE batch_id IN ('a-running', 'a-unannounced', 'a-waiting')")).length).toBe(6);

    const summaries = await rows(
      "SELECT object_key, month, jobs, batches, entries, delta_sum FROM ledger_archives WHERE user_id = ?1",
      user.id,
    );
    expect(summaries.reduce((n, s) => n + (s.batches as number), 0)).toBe(2);
    expect(summaries.reduce((n, s) => n + (s.jobs as number), 0)).toBe(8);
    expect(summaries.reduce((n, s) => n + (s.delta_sum as number), 0)).toBe(-4 * 50);
    for (const s of summaries) expect(s.object_key).toMatch(new RegExp(`^archive/${user.id}/${s.month}/batches-`));
    const listed = await env.DATA.list({ prefix: `archive/${user.id}/` });
    expect(listed.objects.map((o) => o.key).sort()).toEqual(summaries.map((s) => s.object_key).sort());

    expect(await balanceOf(db, user.id)).toBe(before.balance);
    expect(await history(browser)).toEqual(before.history);
    expect(await brokenChecks()).toEqual([]);
    // The batch screen of an archived batch answers as for one that is not the seller's.
    expect((await browser.request("/api/batches/a-b1")).status).toBe(404);

    // A late refund of an archived picture, begun or not, moves nothing.
    expect(await refundJob(db, { id: "a-b1-0", userId: user.id, cost: 50 }, "tarde")).toBe("already-refunded");
    await endUnstarted(db, [{ id: "a-b1-3", userId: user.id, cost: 50 }], "cancelled", "tarde");
    expect(await balanceOf(db, user.id)).toBe(before.balance);

    // The export's credit history still holds every movement, archived ones included, in order.
    const [, ...lines] = parseCsv(new TextDecoder().decode((await exportZip(user.id))["creditos.csv"]));
    expect(lines.map((l) => [Number(l[2]), Number(l[3])])).toEqual(ledgerBefore.map((r) => [r.delta, r.balance_after]));

    expect(await archiveOldBatches(env)).toMatchObject({ batches: 0, pictures: 0, objects: 0 });
    expect(await brokenChecks()).toEqual([]);
  });

  it("keeps a batch whose movements are among the seller's latest ones", async () => {
    const { user } = await register(new Browser());
    await moveCredits(db, { userId: user.id, delta: 1000, reason: "purchase", idempotencyKey: "payment:test:h" });
    await finishedBatch(user.id, "h-b1", ["succeeded", "failed"], { days: 200 });
    expect(await archiveOldBatches(env)).toMatchObject({ batches: 0 });
    expect(await rows("SELECT id FROM batches WHERE user_id = ?1", user.id)).toEqual([{ id: "h-b1" }]);
  });

  it("the checks catch an archived batch that lost a picture", async () => {
    const { user } = await sellerWithBatches("b");
    await archiveOldBatches(env);
    const [summary] = await rows("SELECT object_key FROM ledger_archives WHERE user_id = ?1 AND batches > 0 LIMIT 1", user.id);
    const key = summary!.object_key as string;
    const original = await (await env.DATA.get(key))!.arrayBuffer();
    const lines = await gunzipLines(original);
    const item = lines.findIndex((l) => l.kind === "item");
    await env.DATA.put(key, await gzipLines(lines.filter((_, i) => i !== item)));
    expect((await brokenChecks()).map((b) => b.name)).toEqual(["each archived month's object holds what its summary says"]);
    await env.DATA.put(key, original);
    expect(await brokenChecks()).toEqual([]);
  });

  it("two runs at once archive each batch once and leave no object behind", async () => {
    const sellers = await Promise.all(["c", "d"].map((tag) => sellerWithBatches(tag, 4)));
    const balances = await Promise.all(sellers.map(({ user }) => balanceOf(db, user.id)));
    const [one, two] = await Promise.all([archiveOldBatches(env, { chunk: 1 }), archiveOldBatches(env, { chunk: 2 })]);
    expect(one!.batches + two!.batches).toBe(12);
    expect(one!.pictures + two!.pictures).toBe(2 * (8 + 12));
    for (const [i, { user }] of sellers.entries()) {
      expect(await balanceOf(db, user.id)).toBe(balances[i]);
      const listed = await env.DATA.list({ prefix: `archive/${user.id}/` });
      expect(listed.objects.length).toBe((await rows("SELECT 1 FROM ledger_archives WHERE user_id = ?1", user.id)).length);
    }
    expect(await brokenChecks()).toEqual([]);
  });
});
