import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gunzipLines, gzipLines } from "../../common/ledger-archive";
import worker from "../../worker/index";
import { refundJob } from "../../worker/jobs/refund-job";
import { ARCHIVE_RETENTION_MS, archiveCutoff, archiveOldGenerations } from "../../worker/lib/archive";
import { balanceOf, HISTORY_LENGTH, moveCredits } from "../../worker/lib/credits";
import { parseCsv } from "../../worker/lib/catalogue-csv";
import { PURGE_CRON } from "../../worker/lib/purge";
import { overrideProviderForTests } from "../../worker/providers/select";
import { backdate, brokenChecks, DAY, db, exportZip, finishedJob, rows, quietOutbox } from "./archive-helpers";
import { Browser, register } from "./browser";
import { provider, resultBytes } from "./generation-helpers";
import { addProducts, seller, setPricing } from "./store-helpers";

beforeAll(quietOutbox);
afterAll(() => {
  vi.restoreAllMocks();
  overrideProviderForTests(undefined);
});

/**
 * A seller with `old` finished jobs (every fifth failed and refunded) spread over two months long past the
 * retention period, one old job still running, and then HISTORY_LENGTH + 5 recent ones.
 */
async function sellerWithHistory(tag: string, old = 40) {
  const browser = new Browser();
  const { user } = await register(browser);
  expect(
    (await moveCredits(db, { userId: user.id, delta: 20_000, reason: "purchase", idempotencyKey: `payment:test:${tag}` })).status,
  ).toBe("applied");
  const oldIds = Array.from({ length: old }, (_, i) => `${tag}-old-${i}`);
  for (const [i, id] of oldIds.entries()) await finishedJob(user.id, id, i % 5 === 4 ? "failed" : "succeeded");
  await finishedJob(user.id, `${tag}-stuck`, "running");
  await backdate(oldIds.slice(0, old / 2), 200);
  await backdate(oldIds.slice(old / 2), 160);
  await backdate([`${tag}-stuck`], 160);
  for (let i = 0; i < HISTORY_LENGTH + 5; i++) await finishedJob(user.id, `${tag}-new-${i}`, i % 7 === 6 ? "failed" : "succeeded");
  return { browser, user, oldIds };
}

type History = { movements: { id: number; delta: number; balanceAfter: number }[] };
const history = async (browser: Browser) => ((await (await browser.request("/api/credits/history")).json()) as History).movements;

describe("the archival of finished generations to R2", () => {
  it("moves old finished jobs and their ledger rows, keeps balances, history and checks exact, and refuses their keys again", async () => {
    const { browser, user, oldIds } = await sellerWithHistory("a");
    const before = { balance: await balanceOf(db, user.id), history: await history(browser) };
    const failedOld = oldIds[4]!;
    const succeededOld = oldIds[0]!;

    const moved = await archiveOldGenerations(env, { chunk: 16 });
    // 40 jobs, 40 charges and 8 refunds; the stuck job and everything recent stay.
    expect(moved).toMatchObject({ jobs: 40, ledger: 48, refused: 0 });
    expect(await rows("SELECT id FROM generation_jobs WHERE id LIKE 'a-old-%'")).toEqual([]);
    expect(await rows("SELECT status FROM generation_jobs WHERE id = 'a-stuck'")).toEqual([{ status: "running" }]);
    expect(await rows("SELECT id FROM credit_ledger WHERE idempotency_key = 'payment:test:a'")).toHaveLength(1);
    expect(await rows("SELECT id FROM credit_ledger WHERE idempotency_key = 'job:a-stuck'")).toHaveLength(1);

    // One summary per month at least, under the seller's own prefix, and each object reads back as its summary says.
    const summaries = await rows("SELECT month, entries, delta_sum FROM ledger_archives WHERE user_id = ?1 ORDER BY month", user.id);
    const months = new Set(summaries.map((s) => s.month));
    expect(months).toEqual(new Set([200, 160].map((d) => new Date(Date.now() - d * DAY).toISOString().slice(0, 7))));
    expect(summaries.reduce((n, s) => n + (s.entries as number), 0)).toBe(48);
    expect(summaries.reduce((n, s) => n + (s.delta_sum as number), 0)).toBe(-32 * 50);
    const listed = await env.DATA.list({ prefix: `archive/${user.id}/` });
    expect(listed.objects.map((o) => o.key).sort()).toEqual(
      (await rows("SELECT object_key FROM ledger_archives WHERE user_id = ?1", user.id)).map((r) => r.object_key).sort(),
    );

    expect(await balanceOf(db, user.id)).toBe(before.balance);
    expect(await history(browser)).toEqual(before.history);
    expect(await brokenChecks()).toEqual([]);

    // A late retry of an archived refund or charge moves nothing: the keys are refused as duplicates.
    expect(await refundJob(db, { id: succeededOld, userId: user.id, cost: 50 }, "tarde")).toBe("already-refunded");
    expect(await refundJob(db, { id: failedOld, userId: user.id, cost: 50 }, "tarde")).toBe("already-refunded");
    expect(
      (await moveCredits(db, { userId: user.id, delta: -50, reason: "generation", idempotencyKey: `job:${succeededOld}` })).status,
    ).toBe("duplicate");
    expect(await balanceOf(db, user.id)).toBe(before.balance);

    // Run again: nothing left to move, nothing written twice.
    const again = await archiveOldGenerations(env, { chunk: 16 });
    expect(again).toMatchObject({ jobs: 0, ledger: 0, objects: 0 });
    expect(await brokenChecks()).toEqual([]);
  });

  it("takes a seller's month only once all of it is past retention, and at most maxObjects objects a run", async () => {
    const { user, oldIds } = await sellerWithHistory("g", 10);
    const june = Date.UTC(2026, 5, 1);
    await backdate(oldIds.slice(0, 5), 0, june - 60 * 60 * 1000);
    await backdate(oldIds.slice(5), 0, june + 60 * 60 * 1000);
    // Ninety days after two hours into June: May is over and past retention; June's first jobs are past 90 days
    // too, but the rest of June is not, so June waits.
    const now = june + 2 * 60 * 60 * 1000 + ARCHIVE_RETENTION_MS;
    expect(archiveCutoff(now)).toBe(june);
    expect(await archiveOldGenerations(env, { now, maxObjects: 0 })).toMatchObject({ jobs: 0, objects: 0 });
    expect(await archiveOldGenerations(env, { now })).toMatchObject({ jobs: 5, objects: 1 });
    expect(await rows("SELECT month FROM ledger_archives WHERE user_id = ?1", user.id)).toEqual([{ month: "2026-05" }]);
    expect((await rows("SELECT id FROM generation_jobs WHERE id LIKE 'g-old-%'")).length).toBe(5);
    // A month later June is past retention too, and goes whole.
    expect(await archiveOldGenerations(env, { now: now + 31 * DAY })).toMatchObject({ jobs: 5, objects: 1 });
    expect(await brokenChecks()).toEqual([]);
  });

  it("the checks catch an archived object that does not match its summary", async () => {
    const { user } = await sellerWithHistory("b", 10);
    await archiveOldGenerations(env);
    const [summary] = await rows("SELECT object_key FROM ledger_archives WHERE user_id = ?1 LIMIT 1", user.id);
    const key = summary!.object_key as string;
    const original = await (await env.DATA.get(key))!.arrayBuffer();
    const lines = await gunzipLines(original);
    // One ledger row dropped from the object: its summary no longer matches.
    await env.DATA.put(key, await gzipLines(lines.filter((l, i) => !(l.kind === "ledger" && i === lines.length - 1))));
    const broken = await brokenChecks();
    expect(broken.map((b) => b.name)).toEqual(["each archived month's object holds what its summary says"]);
    await env.DATA.put(key, original);
    expect(await brokenChecks()).toEqual([]);
  });

  it("two runs at once archive each row once", async () => {
    const sellers = await Promise.all(["c", "d"].map((tag) => sellerWithHistory(tag, 30)));
    const balances = await Promise.all(sellers.map(({ user }) => balanceOf(db, user.id)));
    const [one, two] = await Promise.all([archiveOldGenerations(env, { chunk: 7 }), archiveOldGenerations(env, { chunk: 5 })]);
    expect(one!.jobs + two!.jobs).toBe(60);
    expect(one!.ledger + two!.ledger).toBe(72);
    for (const [i, { user }] of sellers.entries()) {
      expect(await balanceOf(db, user.id)).toBe(balances[i]);
      const listed = await env.DATA.list({ prefix: `archive/${user.id}/` });
      // A run refused for rows the other took first leaves no object behind.
      expect(listed.objects.length).toBe((await rows("SELECT 1 FROM ledger_archives WHERE user_id = ?1", user.id)).length);
    }
    expect(await brokenChecks()).toEqual([]);
  });

  it("runs on the daily purge's cron while orders and generations are in flight, and every check still passes", async () => {
    const { user, browser } = await sellerWithHistory("e", 30);
    provider(async (_r, call) => resultBytes(call));
    const shop = await seller({ phoneNumber: "+54 9 11 4000-1234" });
    const [remera] = await addProducts(shop.browser, ["Remera"]);
    expect((await setPricing(shop.browser, [{ id: remera!.id, price: "12.500", sizes: [{ name: "M", stock: 40 }] }])).status).toBe(200);
    const [product] = await addProducts(browser, ["Campera"]);
    const balance = await balanceOf(db, user.id);

    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: PURGE_CRON }), env, ctx);
    const [generations, orders] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => browser.json("POST", `/api/products/generate-ad/${product!.id}`, {}))),
      Promise.all(
        Array.from({ length: 6 }, () =>
          new Browser().json("POST", "/api/orders", {
            username: shop.username,
            lines: [{ productId: remera!.id, size: "M", quantity: 1 }],
          }),
        ),
      ),
      waitOnExecutionContext(ctx),
    ]);
    expect(generations.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(orders.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await rows("SELECT id FROM generation_jobs WHERE id LIKE 'e-old-%'")).toEqual([]);
    expect(await balanceOf(db, user.id)).toBe(balance - 4 * 50);
    expect(await brokenChecks()).toEqual([]);
  });

  it("'Descargar mis datos' lists the archived movements in creditos.csv, in ledger order", async () => {
    const { user } = await sellerWithHistory("f", 10);
    const ledgerBefore = await rows("SELECT delta, balance_after FROM credit_ledger WHERE user_id = ?1 ORDER BY id", user.id);
    await archiveOldGenerations(env);
    expect((await rows("SELECT 1 FROM ledger_archives WHERE user_id = ?1", user.id)).length).toBeGreaterThan(0);

    const zip = await exportZip(user.id);
    const [header, ...lines] = parseCsv(new TextDecoder().decode(zip["creditos.csv"]));
    expect(header).toEqual(["Fecha (UTC)", "Movimiento", "Créditos", "Saldo después"]);
    // Every movement the seller ever had, archived or not, with its balance after, in order.
    expect(lines.map((l) => [Number(l[2]), Number(l[3])])).toEqual(ledgerBefore.map((r) => [r.delta, r.balance_after]));
  });
});
