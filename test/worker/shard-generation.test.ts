/**
 * A shop in its own database (shard 1) generates and runs batches as a shop of shard 0 does, with every job,
 * image, batch and picture in SHOP_DB_1 and its debits in DB's ledger. Its debit and its job's row are two
 * writes in two databases (worker/jobs/start-job.ts, worker/jobs/lost-debits.ts): the crash between them is
 * played with triggers that make D1 refuse a write, and the reconciliation then refunds exactly once, however
 * many runs race. The cross-database ledger check (scripts/ledger-checks.ts) holds on all of it and fails on a
 * planted inconsistency. Its weekly summary's claim is kept in SHOP_DB_1 too.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { BatchView } from "../../common/batches";
import type { Product } from "../../common/product";
import { brokenCrossDatabaseChecks, brokenLedgerChecks, SHOP_LEDGER_SQL, SHOP_PICTURES_SQL } from "../../scripts/ledger-checks";
import { LOST_AFTER_MS, refundLostDebits } from "../../worker/jobs/lost-debits";
import { overrideProviderForTests } from "../../worker/providers/select";
import { placeShop } from "../../worker/lib/shops";
import { Browser, register } from "./browser";
import { workerLogs } from "./capture-logs";
import { photoForm, photoOfSize } from "./fixtures";
import { provider, resultBytes } from "./generation-helpers";
import { creditsOf } from "./payments-fakes";
import { brokenChecks, finishedBatch } from "./archive-helpers";
import { database, shopDatabase } from "../../worker/db/client";
import { generationJobs } from "../../worker/db/schema";
import { refundJob } from "../../worker/jobs/refund-job";
import { archiveOldData } from "../../worker/lib/archive-daily";
import { HISTORY_LENGTH, moveCredits } from "../../worker/lib/credits";
import { archiveShopBatches } from "../../worker/lib/archive-shop-batches";
import { recordAt } from "./stats-helpers";
import { openStore } from "./store-helpers";
import type { Bindings } from "../../worker/env";
import { addDays, dayStart, localDay } from "../../worker/stats/days";
import { event } from "../../worker/stats/events";
import { mondayOf, sendWeeklySummaries } from "../../worker/stats/weekly";
import { rows } from "./d1-rows";
import { until } from "./until";

afterEach(() => overrideProviderForTests(undefined));

const countIn = async (d1: D1Database, table: string, userId: string) =>
  (await d1.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n;

/** A seller placed in `shard` before anything of the shop exists, with products made from uploaded photos. */
async function sellerIn(shard: number, names: string[]) {
  const browser = new Browser();
  const { user } = await register(browser);
  await placeShop(env, user.id, shard);
  const files = names.map((name, i) => ({ bytes: photoOfSize("jpeg", 2048, 20 + i), name }));
  const response = await browser.request("/api/products/upload-images", { method: "POST", body: photoForm(files) });
  expect(response.status).toBe(201);
  const products = ((await response.json()) as { products: Product[] }).products;
  return { browser, id: user.id, products };
}

/** The ledger holds on DB and across databases: every check of scripts/ledger-checks.ts, as check:ledger runs them. */
async function ledgerHolds() {
  expect(await brokenLedgerChecks((sql) => rows(env.DB, sql))).toEqual([]);
  expect(await crossChecks()).toEqual([]);
}
async function crossChecks() {
  const ledger = (await rows(env.DB, SHOP_LEDGER_SQL)) as { key: string; delta: number; shard: number; created_at: number }[];
  const pictures = (await rows(env.SHOP_DB_1, SHOP_PICTURES_SQL)) as { id: string; status: string; kind: string }[];
  return brokenCrossDatabaseChecks(ledger, new Map([[1, pictures]]));
}

/** Makes one kind of write refuse in one database, as D1 refusing it would; `heal` drops every one made. */
const triggers: { d1: D1Database; name: string }[] = [];
async function failWrites(d1: D1Database, name: string, on: string, when = "") {
  await d1.prepare(`CREATE TRIGGER ${name} BEFORE ${on} ${when} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`).run();
  triggers.push({ d1, name });
}
async function heal() {
  for (const { d1, name } of triggers.splice(0)) await d1.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
}
afterEach(heal);

describe("a shop of shard 1 generating", () => {
  it("generates a picture with its job and image in SHOP_DB_1, the debit in DB, and the ledger holds across both", async () => {
    provider(async () => resultBytes(7));
    const s = await sellerIn(1, ["remera-ñandú.jpg"]);
    const response = await s.browser.json("POST", `/api/products/generate-ad/${s.products[0]!.id}`, { quality: "standard" });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { imageId: string; jobId: string; credits: number };
    expect(body.credits).toBe(450);
    expect(await creditsOf(s.id)).toBe(450);

    expect(await countIn(env.SHOP_DB_1, "generation_jobs", s.id)).toBe(1);
    expect(await countIn(env.SHOP_DB_1, "generated_images", s.id)).toBe(1);
    expect(await countIn(env.DB, "generation_jobs", s.id)).toBe(0);
    expect(await countIn(env.DB, "generated_images", s.id)).toBe(0);
    // The gallery, the product's pictures and the jobs list read the shop's database.
    const gallery = (await (await s.browser.request(`/api/products/images/by-user/${s.id}`)).json()) as { images: { imageId: string }[] };
    expect(gallery.images.map((i) => i.imageId)).toEqual([body.imageId]);
    const job = (await (await s.browser.request(`/api/jobs/${body.jobId}`)).json()) as { job: { status: string } };
    expect(job.job.status).toBe("succeeded");
    // The product list shows its newest generated picture, read beside it in SHOP_DB_1.
    const listed = (await (await s.browser.request(`/api/products/list/${s.id}`)).json()) as { products: Product[] };
    expect(listed.products[0]!.generatedImageUrl).toMatch(/^\/img\/g\//);
    await ledgerHolds();
  });

  it("keeps the picture as 'Modelo de mi tienda' in SHOP_DB_1, and deleting the account takes image, model and R2 object", async () => {
    provider(async () => resultBytes(11));
    const s = await sellerIn(1, ["vestido-zoë.jpg"]);
    const generated = await s.browser.json("POST", `/api/products/generate-ad/${s.products[0]!.id}`, { quality: "standard" });
    expect(generated.status).toBe(200);
    const { imageId } = (await generated.json()) as { imageId: string };
    const kept = await s.browser.json("PUT", "/api/store-models/adult", { imageId });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect(await countIn(env.SHOP_DB_1, "store_models", s.id)).toBe(1);
    expect(await countIn(env.DB, "store_models", s.id)).toBe(0);
    const [image] = (await rows(env.SHOP_DB_1, "SELECT key FROM generated_images WHERE id = ?", imageId)) as { key: string }[];
    expect(await env.IMAGES.head(image!.key)).not.toBeNull();

    const deleted = await s.browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await countIn(env.SHOP_DB_1, "generated_images", s.id)).toBe(0);
    expect(await countIn(env.SHOP_DB_1, "store_models", s.id)).toBe(0);
    expect(await env.IMAGES.head(image!.key)).toBeNull();
    await ledgerHolds();
  });

  it("runs a batch with its pictures in SHOP_DB_1: every picture made once and charged once", async () => {
    const calls = provider(async (request) => resultBytes(request.source.bytes[10]!));
    const s = await sellerIn(1, ["buzo-1.jpg", "buzo-2.jpg", "buzo-3.jpg"]);
    const created = await s.browser.json("POST", "/api/batches", { kind: "ad", productIds: s.products.map((p) => p.id) });
    expect(created.status, await created.clone().text()).toBe(201);
    const batch = ((await created.json()) as { batch: BatchView }).batch;
    expect(batch).toMatchObject({ total: 3, charged: 150, refunded: 0 });
    expect(await creditsOf(s.id)).toBe(350);
    const done = await until(
      async () => ((await (await s.browser.request(`/api/batches/${batch.id}`)).json()) as { batch: BatchView }).batch,
      (b) => b.finished,
    );
    expect(done).toMatchObject({ total: 3, done: 3, failed: 0 });
    expect(calls).toHaveLength(3);
    expect(await countIn(env.SHOP_DB_1, "batch_items", s.id)).toBe(3);
    expect(await countIn(env.SHOP_DB_1, "generated_images", s.id)).toBe(3);
    expect(await countIn(env.DB, "batch_items", s.id)).toBe(0);
    expect(await countIn(env.DB, "batches", s.id)).toBe(0);

    await ledgerHolds();
  });
});

describe("the debit and the job's row, two databases apart", () => {
  it("a debit whose row never came is refunded by the reconciliation exactly once, however many runs race", async () => {
    provider(async () => resultBytes(9));
    const s = await sellerIn(1, ["campera-piñón.jpg"]);
    // The job's row is refused in the shop's database, and so is the route's own refund: the request dies
    // between the two as a crash would, charged without a job.
    await failWrites(env.SHOP_DB_1, "no_jobs", "INSERT ON generation_jobs");
    await failWrites(env.DB, "no_refunds", "INSERT ON credit_ledger", "WHEN NEW.idempotency_key LIKE 'refund:%'");
    const response = await s.browser.json("POST", `/api/products/generate-ad/${s.products[0]!.id}`, { quality: "standard" });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/No pudimos iniciar la generación/);
    expect(workerLogs({ message: "lost debit not refunded; the reconciliation will" })).not.toHaveLength(0);
    await heal();
    expect(await creditsOf(s.id)).toBe(450);
    const [debit] = (await rows(
      env.DB,
      "SELECT idempotency_key AS k FROM credit_ledger WHERE user_id = ? AND reason = 'generation'",
      s.id,
    )) as {
      k: string;
    }[];
    const jobId = debit!.k.slice("job:".length);
    expect(await countIn(env.SHOP_DB_1, "generation_jobs", s.id)).toBe(0);

    // Too recent: a request may still be writing its row.
    expect(await refundLostDebits(env)).toBe(0);
    expect(await creditsOf(s.id)).toBe(450);

    // Past the wait, two runs at once: one refund between them.
    const later = Date.now() + LOST_AFTER_MS + 60_000;
    const refunded = await Promise.all([refundLostDebits(env, later), refundLostDebits(env, later)]);
    expect(refunded.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await refundLostDebits(env, later)).toBe(0);
    expect(await creditsOf(s.id)).toBe(500);
    expect(await rows(env.DB, "SELECT delta FROM credit_ledger WHERE idempotency_key = ?", `refund:${jobId}`)).toEqual([{ delta: 50 }]);

    // The id is claimed: the row that comes late is refused, so the refunded picture can never run.
    await expect(
      env.SHOP_DB_1.prepare(
        "INSERT INTO generation_jobs (id, user_id, kind, quality, cost, status) VALUES (?, ?, 'ad', 'standard', 50, 'running')",
      )
        .bind(jobId, s.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    // The claim is no job the seller started: the jobs list leaves it out.
    const listed = (await (await s.browser.request("/api/jobs")).json()) as { jobs: { id: string }[] };
    expect(listed.jobs.map((j) => j.id)).not.toContain(jobId);
    await ledgerHolds();
  });

  it("a batch charged without its pictures is refunded picture by picture, once, however many runs race", async () => {
    const s = await sellerIn(1, ["buzo-a.jpg", "buzo-b.jpg"]);
    await failWrites(env.SHOP_DB_1, "no_items", "INSERT ON batch_items");
    await failWrites(env.DB, "no_refunds_2", "INSERT ON credit_ledger", "WHEN NEW.idempotency_key LIKE 'refund:%'");
    const response = await s.browser.json("POST", "/api/batches", { kind: "ad", productIds: s.products.map((p) => p.id) });
    expect(response.status).toBe(503);
    await heal();
    expect(await creditsOf(s.id)).toBe(400);
    const later = Date.now() + LOST_AFTER_MS + 60_000;
    const refunded = await Promise.all([refundLostDebits(env, later), refundLostDebits(env, later)]);
    expect(refunded.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await creditsOf(s.id)).toBe(500);
    // Each picture's id is claimed by a failed row, which the jobs list leaves out.
    expect(await rows(env.SHOP_DB_1, "SELECT kind, status FROM generation_jobs WHERE user_id = ?", s.id)).toEqual([
      { kind: "lost", status: "failed" },
      { kind: "lost", status: "failed" },
    ]);
    expect(await countIn(env.SHOP_DB_1, "batch_items", s.id)).toBe(0);
    await ledgerHolds();
  });

  it("the route refunds at once when only the job's row fails, and nothing is left to reconcile", async () => {
    const s = await sellerIn(1, ["gorra.jpg"]);
    await failWrites(env.SHOP_DB_1, "no_jobs_2", "INSERT ON generation_jobs", "WHEN NEW.status = 'running'");
    const response = await s.browser.json("POST", `/api/products/generate-ad/${s.products[0]!.id}`, { quality: "standard" });
    expect(response.status).toBe(503);
    await heal();
    expect(await creditsOf(s.id)).toBe(500);
    expect(await refundLostDebits(env, Date.now() + LOST_AFTER_MS + 60_000)).toBe(0);
    expect(await creditsOf(s.id)).toBe(500);
    await ledgerHolds();
  });

  it("the cross-database check fails on a job without its debit and on a debit without its job", async () => {
    const s = await sellerIn(1, ["pollera.jpg"]);
    await env.SHOP_DB_1.prepare(
      "INSERT INTO generation_jobs (id, user_id, kind, quality, cost, status) VALUES ('sin-debito', ?, 'ad', 'standard', 50, 'succeeded')",
    )
      .bind(s.id)
      .run();
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET credits = credits - 50 WHERE id = ?").bind(s.id),
      env.DB.prepare(
        "INSERT INTO credit_ledger (user_id, delta, reason, idempotency_key, balance_after, created_at) VALUES (?, -50, 'generation', 'job:sin-fila', 450, ?)",
      ).bind(s.id, Date.now() - LOST_AFTER_MS - 60_000),
    ]);
    const broken = await crossChecks();
    expect(broken.map((b) => b.name)).toEqual([
      "a picture in a shop database has its debit in the global ledger",
      "a debit of a shop outside DB has its picture in that shop's database, or its refund",
    ]);
    expect(broken[0]!.rows).toEqual([{ shard: 1, id: "sin-debito", kind: "job" }]);
    expect(broken[1]!.rows).toEqual([{ shard: 1, job: "sin-fila" }]);
    // The reconciliation settles the second; the first stays for the operator (nothing was charged).
    expect(await refundLostDebits(env)).toBe(1);
    expect((await crossChecks()).map((b) => b.name)).toEqual(["a picture in a shop database has its debit in the global ledger"]);
    await env.SHOP_DB_1.prepare("DELETE FROM generation_jobs WHERE id = 'sin-debito'").run();
    await ledgerHolds();
  });
});

describe("a shop of shard 1 in the crons", () => {
  it("gets its weekly summary once, its claim in SHOP_DB_1, when two runs race", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await placeShop(env, user.id, 1);
    await openStore(browser, { storeName: "Ñandú Ropa", phoneNumber: "+54 9 11 4000-1234" });
    const now = Date.now();
    const zone = "America/Argentina/Buenos_Aires";
    const monday = mondayOf(addDays(localDay(now, zone), -7));
    await recordAt(
      user.id,
      Array.from({ length: 3 }, () => event("view", { entry: true, source: "instagram" })),
      dayStart(addDays(monday, 2), zone) + 15 * 60 * 60 * 1000,
    );
    const withOrigin = { ...env, PUBLIC_ORIGIN: "https://vidriera.test" } as Bindings;
    const runs = await Promise.all([sendWeeklySummaries(withOrigin, now), sendWeeklySummaries(withOrigin, now)]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(await countIn(env.SHOP_DB_1, "weekly_summaries", user.id)).toBe(1);
    expect(await countIn(env.DB, "weekly_summaries", user.id)).toBe(0);
    const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(user.id).first<{ email: string }>())!.email;
    const mails = await rows(env.DB, 'SELECT subject FROM email_outbox WHERE "to" = ?', email);
    expect(mails).toEqual([{ subject: "Tu semana en Ñandú Ropa: 3 visitas" }]);
  });
});

describe("the archival of a shop of shard 1", () => {
  it("moves its old finished jobs out of SHOP_DB_1 and their ledger rows to R2, and deletes a job a crash left behind", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await placeShop(env, user.id, 1);
    const db = database(env.DB);
    const shopDb = shopDatabase(env, { id: user.id, shard: 1 });
    // Two jobs as the route and the object leave them for this shop: the debit, then the row; one succeeded,
    // one failed and refunded.
    for (const [id, status] of [
      ["viejo-ok", "succeeded"],
      ["viejo-mal", "failed"],
    ] as const) {
      expect((await moveCredits(db, { userId: user.id, delta: -50, reason: "generation", idempotencyKey: `job:${id}` })).status).toBe(
        "applied",
      );
      await shopDb.insert(generationJobs).values({ id, userId: user.id, kind: "ad", quality: "standard", cost: 50, status: "running" });
      if (status === "succeeded")
        await env.SHOP_DB_1.prepare("UPDATE generation_jobs SET status = 'succeeded' WHERE id = ?").bind(id).run();
      else expect(await refundJob(db, { id, userId: user.id, cost: 50 }, "El proveedor no respondió.", shopDb)).toBe("refunded");
    }
    // Fifty later movements: the credits screen's history, which the archival keeps.
    for (let i = 0; i < 50; i++) {
      await moveCredits(db, { userId: user.id, delta: 1, reason: "purchase", idempotencyKey: `payment:prueba:${user.id}:${i}` });
    }
    const then = Date.now() - 200 * 24 * 60 * 60 * 1000;
    await env.SHOP_DB_1.prepare("UPDATE generation_jobs SET created_at = ?2, finished_at = ?2 WHERE user_id = ?1")
      .bind(user.id, then)
      .run();
    await env.DB.prepare("UPDATE credit_ledger SET created_at = ?2 WHERE user_id = ?1 AND reason LIKE 'generation%'")
      .bind(user.id, then)
      .run();
    const balance = await creditsOf(user.id);
    const job = (await rows(env.SHOP_DB_1, "SELECT * FROM generation_jobs WHERE id = 'viejo-ok'"))[0]!;

    await archiveOldData(env);
    expect(await countIn(env.SHOP_DB_1, "generation_jobs", user.id)).toBe(0);
    expect(
      await rows(env.DB, "SELECT idempotency_key FROM credit_ledger WHERE user_id = ? AND reason LIKE 'generation%'", user.id),
    ).toEqual([]);
    expect(await rows(env.DB, "SELECT jobs, entries, delta_sum FROM ledger_archives WHERE user_id = ?", user.id)).toEqual([
      { jobs: 2, entries: 3, delta_sum: -50 },
    ]);
    expect(await creditsOf(user.id)).toBe(balance);
    expect(await brokenChecks()).toEqual([]);
    await ledgerHolds();

    // A run that died after DB's batch and before the shop's delete leaves the job: the next run deletes it.
    await env.SHOP_DB_1.prepare(
      "INSERT INTO generation_jobs (id, user_id, kind, quality, cost, status, created_at) VALUES (?1, ?2, 'ad', 'standard', 50, 'succeeded', ?3)",
    )
      .bind(job.id, user.id, then)
      .run();
    expect((await crossChecks()).map((b) => b.name)).toEqual(["a picture in a shop database has its debit in the global ledger"]);
    await archiveOldData(env);
    expect(await countIn(env.SHOP_DB_1, "generation_jobs", user.id)).toBe(0);
    expect(await rows(env.DB, "SELECT jobs FROM ledger_archives WHERE user_id = ?", user.id)).toEqual([{ jobs: 2 }]);
    await ledgerHolds();
  });

  it("moves its old finished batches out of SHOP_DB_1 once when two runs race, and deletes a batch a crash left behind", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await placeShop(env, user.id, 1);
    const db = database(env.DB);
    expect(
      (await moveCredits(db, { userId: user.id, delta: 20_000, reason: "purchase", idempotencyKey: `payment:prueba:${user.id}` })).status,
    ).toBe("applied");
    const shard = { shard: 1 } as const;
    const done = [
      await finishedBatch(user.id, `${user.id}-b1`, ["succeeded", "succeeded", "failed", "cancelled", "succeeded"], {
        days: 200,
        ...shard,
      }),
      await finishedBatch(user.id, `${user.id}-b2`, ["succeeded", "cancelled", "cancelled"], {
        days: 160,
        notify: true,
        notified: true,
        ...shard,
      }),
    ];
    for (let i = 0; i < 4; i++) {
      done.push(await finishedBatch(user.id, `${user.id}-x${i}`, ["succeeded", "failed", "cancelled"], { days: 130 + i, ...shard }));
    }
    // What must stay: an e-mail asked for and never sent, a picture still waiting, one still being made.
    await finishedBatch(user.id, `${user.id}-unannounced`, ["succeeded", "succeeded"], { days: 160, notify: true, ...shard });
    await finishedBatch(user.id, `${user.id}-waiting`, ["succeeded", "queued"], { days: 160, ...shard });
    await finishedBatch(user.id, `${user.id}-running`, ["succeeded", "running"], { days: 160, ...shard });
    // The credits screen's history, which the archival keeps.
    for (let i = 0; i < HISTORY_LENGTH; i++) {
      await moveCredits(db, { userId: user.id, delta: 1, reason: "purchase", idempotencyKey: `payment:prueba:${user.id}:${i}` });
    }
    const balance = await creditsOf(user.id);
    const b2 = {
      batch: await rows(env.SHOP_DB_1, "SELECT * FROM batches WHERE id = ?", `${user.id}-b2`),
      items: await rows(env.SHOP_DB_1, "SELECT * FROM batch_items WHERE batch_id = ?", `${user.id}-b2`),
      jobs: await rows(
        env.SHOP_DB_1,
        "SELECT * FROM generation_jobs WHERE id IN (SELECT id FROM batch_items WHERE batch_id = ?)",
        `${user.id}-b2`,
      ),
    };
    await ledgerHolds();

    const shopDb = shopDatabase(env, { id: user.id, shard: 1 });
    const runs = await Promise.all([archiveShopBatches(env, shopDb, { chunk: 1 }), archiveShopBatches(env, shopDb, { chunk: 2 })]);
    // Six batches of 5 + 3 + 4 × 3 pictures: 20 charges, and the refunds of 4 failed and 8 cancelled.
    expect(runs[0]!.batches + runs[1]!.batches).toBe(6);
    expect(runs[0]!.pictures + runs[1]!.pictures).toBe(20);
    expect(runs[0]!.ledger + runs[1]!.ledger).toBe(32);
    const left = await rows(env.SHOP_DB_1, "SELECT id FROM batches WHERE user_id = ? ORDER BY id", user.id);
    expect(left.map((b) => b.id)).toEqual([`${user.id}-running`, `${user.id}-unannounced`, `${user.id}-waiting`]);
    expect(await countIn(env.SHOP_DB_1, "batch_items", user.id)).toBe(6);
    expect(await countIn(env.SHOP_DB_1, "generation_jobs", user.id)).toBe(5);
    const pictures = done.flat();
    const keys = JSON.stringify(pictures.flatMap((id) => [`job:${id}`, `refund:${id}`]));
    expect(await rows(env.DB, "SELECT id FROM credit_ledger WHERE idempotency_key IN (SELECT value FROM json_each(?))", keys)).toEqual([]);
    const summaries = await rows(env.DB, "SELECT object_key, batches, jobs, delta_sum FROM ledger_archives WHERE user_id = ?", user.id);
    expect(summaries.reduce((n, s) => n + (s.batches as number), 0)).toBe(6);
    expect(summaries.reduce((n, s) => n + (s.jobs as number), 0)).toBe(20);
    expect(summaries.reduce((n, s) => n + (s.delta_sum as number), 0)).toBe(-8 * 50);
    // One object per summary: the run that lost the race left none behind.
    const listed = await env.DATA.list({ prefix: `archive/${user.id}/` });
    expect(listed.objects.map((o) => o.key).sort()).toEqual(summaries.map((s) => s.object_key).sort());
    expect(await creditsOf(user.id)).toBe(balance);
    expect(await brokenChecks()).toEqual([]);
    await ledgerHolds();

    // A run that died after DB's batch and before the shop's delete leaves the batch: the daily run deletes it,
    // and archives nothing twice.
    const insert = async (table: string, list: Record<string, unknown>[]) => {
      for (const row of list) {
        const columns = Object.keys(row);
        await env.SHOP_DB_1.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
          .bind(...Object.values(row))
          .run();
      }
    };
    await insert("batches", b2.batch);
    await insert("batch_items", b2.items);
    await insert("generation_jobs", b2.jobs);
    expect(await countIn(env.SHOP_DB_1, "batches", user.id)).toBe(4);
    await archiveOldData(env);
    expect(await countIn(env.SHOP_DB_1, "batches", user.id)).toBe(3);
    expect(await countIn(env.SHOP_DB_1, "batch_items", user.id)).toBe(6);
    expect(await rows(env.DB, "SELECT COUNT(*) AS n, SUM(batches) AS batches FROM ledger_archives WHERE user_id = ?", user.id)).toEqual([
      { n: summaries.length, batches: 6 },
    ]);
    expect(await creditsOf(user.id)).toBe(balance);
    expect(await brokenChecks()).toEqual([]);
    await ledgerHolds();
  });
});
