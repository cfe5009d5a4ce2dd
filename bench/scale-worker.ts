/**
 * The inside of `npm run bench:scale` (bench/scale.ts): runs in workerd on a scratch Worker with its own local
 * D1, fills it with shops through the app's own functions and routes, and times the hot reads and writes.
 *
 * What a shop is made of, per month, is SHOP_MONTH below: the proportions of the app's flows for an active
 * small clothing store. Where a flow's writes are inside a route or a Durable Object that needs a provider or
 * an upload (a generation's job row and image row, a batch's rows, a product's photo), the same statements the
 * route or the object writes are issued here with the same ledger functions around them; the row shapes come
 * from worker/db/schema.ts, so a column added there is filled by its default as the app fills it.
 */
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";
import { database, inGlobalDatabase, type ShopDb, shopBindingName, shopDatabase } from "../worker/db/client";
import {
  batches,
  batchItems,
  generatedImages,
  generationJobs,
  payments,
  products,
  storeCheckout,
  users,
  weeklySummaries,
} from "../worker/db/schema";
import type { Env } from "../worker/env";
import { brokenCrossDatabaseChecks, brokenLedgerChecks, SHOP_LEDGER_SQL, SHOP_PICTURES_SQL } from "../scripts/ledger-checks";
import { ORDERS_LISTED } from "../worker/lib/orders";
import { findStore, storeProducts } from "../worker/lib/store-data";
import { keepBatchesMoving } from "../worker/batches/upkeep";
import { findUserByEmail, createAccount } from "../worker/lib/accounts";
import { moveCredits, moveCreditsTogether } from "../worker/lib/credits";
import { errorResponse } from "../worker/lib/errors";
import { randomId } from "../worker/lib/ids";
import { recoveryEmail } from "../worker/lib/password-reset";
import { startSession } from "../worker/lib/sessions";
import { replaceVariants } from "../worker/lib/stock";
import { attempt, passwordAccepted, passwordSubjects } from "../worker/lib/throttle";
import { refundJob } from "../worker/jobs/refund-job";
import { reconcileOpenCheckouts } from "../worker/payments/reconcile";
import { orderRoutes } from "../worker/routes/orders";
import { sendWeeklySummaries } from "../worker/stats/weekly";
import { eq } from "drizzle-orm";
import { remoteSqliteD1, runSql, type SqlRequest, sqliteD1 } from "./sqlite-d1";

export { StoreStats } from "../worker/stats/local-twin";

/** One active shop's month, from the app's flows (docs/data.md says where each figure comes from). */
export const SHOP_MONTH = {
  generations: 30,
  failedGenerations: 2,
  batchItems: 8,
  orders: 40,
  confirmedOrders: 28,
  signIns: 6,
  purchases: 1,
  recoveryLinks: 1,
  weeklySummaries: 4,
} as const;
/** The largest population whose weekly e-mail run is timed (measure, below). */
const WEEKLY_TIMED_UP_TO = 2000;
/** A shop's catalogue, made once: products, each with two colours of four sizes. */
export const CATALOGUE = { products: 20, colors: ["Negro", "Verde oliva"], sizes: ["S", "M", "L", "XL"] } as const;

const PASSWORD_HASH = "scrypt$16384$8$1$c2NhbGUtYmVuY2gtc2FsdA$bm90LWEtcmVhbC1oYXNoLWJ1dC1vZi10aGUtc2FtZS1sZW5ndGgtYXMtb25l";

type Bindings = Env["Bindings"];

const emailOf = (shop: number) => `tienda.${shop}@ejemplo.com.ar`;
const usernameOf = (shop: number) => `modasur${shop}`;

/** The sign-in route's work past the password hash (scrypt's CPU is the same at any size; D1's is not). */
const signIn = new Hono<Env>().post("/signin/:shop", async (c) => {
  const db = database(c.env.DB);
  const email = emailOf(Number(c.req.param("shop")));
  const subjects = passwordSubjects(email, c.req.header("cf-connecting-ip") ?? "198.51.100.1");
  await attempt(db, subjects);
  const user = await findUserByEmail(db, email);
  if (!user) return c.json({ error: "no" }, 404);
  await passwordAccepted(db, subjects);
  await startSession(c, db, user.id);
  return c.json({ ok: true });
});

// An unexpected error's cause (D1's own message) goes back to the bench, which would otherwise see only a 500.
const app = new Hono<Env>()
  .route("/api/auth", signIn)
  .route("/api/orders", orderRoutes)
  .onError((error, c) => {
    const response = errorResponse(error, c);
    if (response.status < 500) return response;
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? "");
    return c.json({ error: `${error.name}: ${error.message.slice(0, 300)} | ${cause}` }, 500);
  });

async function call(env: Bindings, path: string, init: RequestInit & { address?: string; cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("cf-connecting-ip", init.address ?? "198.51.100.1");
  headers.set("origin", "https://vidriera.test");
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body) headers.set("content-type", "application/json");
  const response = await app.request(`https://vidriera.test${path}`, { ...init, headers }, env);
  if (response.status >= 400) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function sessionCookie(env: Bindings, shop: number, address?: string): Promise<string> {
  const response = await call(env, `/api/auth/signin/${shop}`, { method: "POST", address });
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** A shop as it is after sign-up, 'Mi tienda', its catalogue and its delivery and payment settings. */
async function openShop(env: Bindings, shop: number) {
  const db = database(env.DB);
  // With env the sign-up places the shop by the app's rule among SHOP_DBS_OPEN (the fewest shops first).
  const user = await createAccount(db, { email: emailOf(shop), passwordHash: PASSWORD_HASH, name: `Tienda ${shop}` }, env);
  const shopDb = shopDatabase(env, user);
  await db
    .update(users)
    .set({ username: usernameOf(shop), name: `Moda Sur ${shop}`, phone: "+54 91155556666", countryCode: "AR", storeVersion: 1 })
    .where(eq(users.id, user.id));
  await shopDb.insert(storeCheckout).values({
    userId: user.id,
    delivery: JSON.stringify({
      pickup: { enabled: true, address: "Av. Corrientes 1234, CABA" },
      shipping: { enabled: true, zones: [{ name: "CABA", cost: 3500 }], freeFrom: "" },
    }),
    payments: JSON.stringify({
      transfer: { alias: "moda.sur.mp", cbu: "2850590940090418135201", holder: "Moda Sur" },
      mercadoPago: null,
      cash: true,
    }),
    updatedAt: new Date(),
  });
  for (let p = 0; p < CATALOGUE.products; p++) {
    const id = randomId();
    await shopDb.batch([
      shopDb.insert(products).values({
        id,
        userId: user.id,
        name: `Remera oversize algodón ${p + 1}`,
        imageKey: `o/${user.id}/${randomId()}.jpg`,
        price: 12500 + 500 * p,
        published: true,
        description: "Algodón peinado 24/1, corte amplio. Lavar a mano o en lavarropas con agua fría.",
        category: "Remeras",
        storeImageKeys: JSON.stringify([`g/${user.id}/${randomId()}.jpg`]),
      }),
      ...replaceVariants(
        shopDb,
        id,
        [],
        CATALOGUE.colors.map((name) => ({ name, imageKey: null, sizes: CATALOGUE.sizes.map((size) => ({ name: size, stock: 500 })) })),
      ),
    ]);
  }
  return user.id;
}

/**
 * A generation as the route and its job write it (worker/jobs/start-job.ts): the debit with the running job (for
 * a shop outside DB the debit, then the job's row in its database), then the image and success.
 */
async function generation(env: Bindings, shopDb: ShopDb, userId: string, productId: string, fail: boolean) {
  const db = database(env.DB);
  const id = randomId();
  const job = { id, userId, cost: 50 };
  const row = shopDb.insert(generationJobs).values({ id, userId, productId, kind: "ad", quality: "standard", cost: 50, status: "running" });
  await moveCredits(
    db,
    { userId, delta: -50, reason: "generation", idempotencyKey: `job:${id}` },
    { after: inGlobalDatabase(shopDb) ? [row] : [] },
  );
  if (!inGlobalDatabase(shopDb)) await row;
  if (fail) return refundJob(db, job, "El proveedor de imágenes no respondió a tiempo.", shopDb);
  await shopDb.batch([
    shopDb
      .insert(generatedImages)
      .values({ id, userId, productId, key: `g/${userId}/${id}.jpg`, kind: "ad", variant: "ad-model", jobId: id }),
    shopDb.update(generationJobs).set({ status: "succeeded", imageId: id, finishedAt: new Date() }).where(eq(generationJobs.id, id)),
  ]);
}

async function shopMonth(env: Bindings, shop: number, month: number) {
  const db = database(env.DB);
  const user = (await findUserByEmail(db, emailOf(shop)))!;
  const shopDb = shopDatabase(env, user);
  const catalogue = await shopDb.select({ id: products.id }).from(products).where(eq(products.userId, user.id));
  const productAt = (i: number) => catalogue[i % catalogue.length]!.id;
  // Credits first (a pack a month), so the month's generations are paid for.
  for (let i = 0; i < SHOP_MONTH.purchases; i++) {
    const id = randomId();
    await db.insert(payments).values({
      id,
      userId: user.id,
      provider: "mercadopago",
      purpose: "credits",
      packId: "pack-50",
      credits: 2000,
      amount: 15000,
      currency: "ARS",
    });
    await moveCredits(
      db,
      { userId: user.id, delta: 2000, reason: "purchase", idempotencyKey: `payment:mercadopago:${id}` },
      {
        after: [
          db
            .update(payments)
            .set({ status: "approved", providerPaymentId: `mp-${id}`, updatedAt: new Date() })
            .where(eq(payments.id, id)),
        ],
      },
    );
  }
  for (let i = 0; i < SHOP_MONTH.generations; i++) await generation(env, shopDb, user.id, productAt(i), i < SHOP_MONTH.failedGenerations);
  // A batch: one charge for all its pictures, each then a job of its own (worker/batches/create.ts: for a shop
  // outside DB the charges first, then the batch's rows in its database).
  const batchId = randomId();
  const items = Array.from({ length: SHOP_MONTH.batchItems }, (_, position) => ({ id: randomId(), position }));
  const batchRows = [
    shopDb.insert(batches).values({
      id: batchId,
      userId: user.id,
      kind: "ad",
      includeModel: true,
      quality: "standard",
      provider: "studio",
      unitCost: 50,
      size: items.length,
      origin: "https://vidriera.com.ar",
    }),
    ...items.map((item) =>
      shopDb.insert(batchItems).values({
        id: item.id,
        batchId,
        userId: user.id,
        productId: productAt(item.position),
        position: item.position,
        sentAt: new Date(),
      }),
    ),
  ];
  await moveCreditsTogether(
    db,
    items.map((item) => ({ userId: user.id, delta: -50, reason: "generation" as const, idempotencyKey: `job:${item.id}` })),
    { before: inGlobalDatabase(shopDb) ? batchRows : [] },
  );
  if (!inGlobalDatabase(shopDb)) await shopDb.batch(batchRows as unknown as [(typeof batchRows)[number]]);
  for (const item of items) {
    const productId = productAt(item.position);
    await shopDb.batch([
      shopDb.update(batchItems).set({ status: "started", heldAt: new Date(), startedAt: new Date() }).where(eq(batchItems.id, item.id)),
      shopDb
        .insert(generationJobs)
        .values({ id: item.id, userId: user.id, productId, kind: "ad", quality: "standard", cost: 50, status: "running" }),
    ]);
    await shopDb.batch([
      shopDb.insert(generatedImages).values({
        id: item.id,
        userId: user.id,
        productId,
        key: `g/${user.id}/${item.id}.jpg`,
        kind: "ad",
        variant: "ad-model",
        jobId: item.id,
      }),
      shopDb
        .update(generationJobs)
        .set({ status: "succeeded", imageId: item.id, finishedAt: new Date() })
        .where(eq(generationJobs.id, item.id)),
      shopDb.update(batchItems).set({ finishedAt: new Date() }).where(eq(batchItems.id, item.id)),
    ]);
  }
  // Shoppers order through the order route, each from an address of their own (a throttle row each).
  const cookie = await sessionCookie(env, shop);
  for (let i = 0; i < SHOP_MONTH.orders; i++) {
    const body = {
      username: usernameOf(shop),
      lines: [
        { productId: productAt(i), color: CATALOGUE.colors[i % 2], size: CATALOGUE.sizes[i % 4], quantity: 1 },
        ...(i % 3 === 0 ? [{ productId: productAt(i + 1), color: CATALOGUE.colors[0], size: "M", quantity: 2 }] : []),
      ],
      buyer: {
        name: "María José Peña",
        delivery: i % 2 ? "envio" : "retiro",
        zone: i % 2 ? "CABA" : null,
        ...(i % 2
          ? { address: { street: "Av. Rivadavia 4321, 3° B", locality: "Caballito, CABA", reference: "Timbre roto, llamar al llegar" } }
          : {}),
        payment: "transferencia",
        whatsapp: "11 5555-1234",
        note: "Si puede ser a la tarde, gracias 🙌",
      },
    };
    const n = shop * 256 + month * 64 + i;
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const { order } = (await (await call(env, "/api/orders", { method: "POST", body: JSON.stringify(body), address })).json()) as {
      order: { id: string };
    };
    if (i < SHOP_MONTH.confirmedOrders)
      await call(env, `/api/orders/${order.id}/status`, { method: "PUT", body: JSON.stringify({ status: "confirmado" }), cookie });
  }
  for (let i = 1; i < SHOP_MONTH.signIns; i++) await sessionCookie(env, shop, `203.0.113.${(shop + i) % 250}`);
  for (let i = 0; i < SHOP_MONTH.recoveryLinks; i++) await recoveryEmail(db, emailOf(shop), "https://vidriera.com.ar");
  for (let w = 0; w < SHOP_MONTH.weeklySummaries; w++) {
    const week = new Date(Date.UTC(2026, month * 1, 1 + 7 * w)).toISOString().slice(0, 10);
    await shopDb.insert(weeklySummaries).values({ userId: user.id, week }).onConflictDoNothing();
  }
}

const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p95: at(95), n: sorted.length };
};

async function timed(samples: number, work: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await work(i);
    ms.push(performance.now() - started);
  }
  return percentiles(ms);
}

/** The hot reads and writes, each on shops spread over the whole population. */
async function measure(env: Bindings, shops: number, samples: number) {
  const db = database(env.DB);
  const shopAt = (i: number) => (i * 7919) % shops;
  const ids = await Promise.all(Array.from({ length: samples }, async (_, i) => (await findUserByEmail(db, emailOf(shopAt(i))))!));
  // One after another, each from an address of its own: thirty sign-ins at once from one address are, rightly,
  // more than the address's throttle lets through.
  const cookies: string[] = [];
  for (let i = 0; i < samples; i++) cookies.push(await sessionCookie(env, shopAt(i), `198.51.100.${1 + (i % 250)}`));
  const product = await Promise.all(
    ids.map((u) => shopDatabase(env, u).select({ id: products.id }).from(products).where(eq(products.userId, u.id)).get()),
  );
  const cronEnv = { ...env, PUBLIC_ORIGIN: "http://localhost:8787" };
  return {
    "sign-in": await timed(samples, (i) => sessionCookie(env, shopAt(i), `192.0.2.${i % 250}`)),
    "store page miss": await timed(samples, async (i) => {
      const store = (await findStore(db, usernameOf(shopAt(i))))!;
      await storeProducts(shopDatabase(env, store), store.id);
    }),
    "orders list": await timed(samples, (i) => call(env, "/api/orders", { cookie: cookies[i] })),
    "generation's ledger debit": await timed(samples, (i) =>
      generation(env, shopDatabase(env, ids[i]!), ids[i]!.id, product[i]!.id, false),
    ),
    "batch upkeep": await timed(Math.min(samples, 10), () => keepBatchesMoving(cronEnv)),
    reconcile: await timed(Math.min(samples, 10), () => reconcileOpenCheckouts(cronEnv)),
    // The weekly e-mail reads every store's figures: locally from the stats twin, one Durable Object (and its
    // SQLite file) per store. Past a few thousand stores workerd holding them all open passes the process's
    // open-file limit (10,000 stores failed so), which production's Analytics Engine does not have: timed only
    // up to WEEKLY_TIMED_UP_TO stores.
    ...(shops <= WEEKLY_TIMED_UP_TO ? { "weekly summary (all shops)": await timed(1, () => sendWeeklySummaries(cronEnv)) } : {}),
  };
}

/** The bench's own bindings: the population's objects, and as many shop databases' objects as it asks for. */
type BenchBindings = Bindings & {
  POPULATION: DurableObjectNamespace<Population>;
  SHOP_SHARD: DurableObjectNamespace<ShopShard>;
};

const shardStub = (env: BenchBindings, shard: number) => env.SHOP_SHARD.get(env.SHOP_SHARD.idFromName(`shard-${shard}`));

/**
 * Shop database n > 0 of the several-database population: its own SQLite (one object, one file), at the same
 * migrations, which the population's object asks statement by statement (bench/sqlite-d1.ts remoteSqliteD1).
 */
export class ShopShard extends DurableObject<Bindings> {
  sql(requests: SqlRequest[], batch: boolean) {
    return runSql(this.ctx.storage, requests, batch);
  }
  migrate(statements: string[]) {
    for (const sql of statements) this.ctx.storage.sql.exec(sql);
  }
  /** The rows of a query, for the checks across databases. */
  rows(sql: string) {
    return this.ctx.storage.sql.exec(sql).toArray();
  }
}

/**
 * The population's builder: runs the shops' openings and months through the app's functions with its own SQLite
 * as their `DB` (bench/sqlite-d1.ts), one request at a time; with `databases` > 1, shop databases 1… are
 * ShopShard objects bound as SHOP_DB_<n> and all of them open to new shops (SHOP_DBS_OPEN), so the sign-up's own
 * placement rule spreads the shops. The database files are then copied over the scratch Worker's local D1s
 * (bench/scale.ts), where the hot reads and writes are timed.
 */
export class Population extends DurableObject<BenchBindings> {
  private turn: Promise<unknown> = Promise.resolve();

  /** The app's env over this object's SQLite and the shop databases' objects; how many is kept in storage. */
  private appEnv(): Bindings {
    const databases = this.ctx.storage.kv.get<number>("databases") ?? 1;
    const env: Record<string, unknown> = { ...this.env, DB: sqliteD1(this.ctx.storage) };
    for (let shard = 1; shard < databases; shard++) env[shopBindingName(shard)] = remoteSqliteD1(shardStub(this.env, shard));
    env.SHOP_DBS_OPEN = Array.from({ length: databases }, (_, shard) => shard).join(",");
    return env as unknown as Bindings;
  }

  private shards(): number[] {
    return Array.from({ length: (this.ctx.storage.kv.get<number>("databases") ?? 1) - 1 }, (_, i) => i + 1);
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = (await request.json()) as Record<string, unknown>;
    const env = this.appEnv();
    if (url.pathname === "/migrate") {
      this.ctx.storage.kv.put("databases", body.databases as number);
      const statements = body.statements as string[];
      for (const sql of statements) this.ctx.storage.sql.exec(sql);
      for (const shard of this.shards()) await shardStub(this.env, shard).migrate(statements);
      return Response.json({ ok: true });
    }
    // A phase (the openings, or month N) goes shop by shop from where it stopped, kept in the object's own
    // storage: a request the proxy lost, retried, continues instead of living a shop's month twice, and
    // requests take turns (one phase's work never interleaves with another request's).
    if (url.pathname === "/open" || url.pathname === "/month") {
      const phase = url.pathname === "/open" ? "open" : `month:${body.month}`;
      const run = this.turn.then(async () => {
        const shops = body.shops as number;
        let shop = this.ctx.storage.kv.get<number>(phase) ?? 0;
        for (const stop = Math.min(shops, shop + (body.limit as number)); shop < stop; shop++) {
          if (phase === "open") await openShop(env, shop);
          else await shopMonth(env, shop, body.month as number);
          this.ctx.storage.kv.put(phase, shop + 1);
        }
        return shop;
      });
      this.turn = run.catch(() => undefined);
      return Response.json({ next: await run });
    }
    // What the shops hold against what their months wrote: a request run twice would show here.
    if (url.pathname === "/counts") {
      const shops = body.shops as number;
      const months = body.months as number;
      const rows = (sql: string) => this.ctx.storage.sql.exec(sql).toArray();
      const everywhere = async (sql: string) => {
        let sum = (rows(sql)[0] as { n: number }).n;
        for (const shard of this.shards()) sum += ((await shardStub(this.env, shard).rows(sql))[0] as { n: number }).n;
        return sum;
      };
      // The money checks of `npm run check:ledger` on the population: the ledger as the app's functions left it
      // through this stand-in for D1 (a wrong change count would show here as double charges or lost refunds),
      // and for shops outside DB the checks across databases, their pictures against DB's debits.
      const pictures = new Map<number, { id: string; status: string; kind: string }[]>();
      for (const shard of this.shards())
        pictures.set(
          shard,
          (await shardStub(this.env, shard).rows(SHOP_PICTURES_SQL)) as unknown as { id: string; status: string; kind: string }[],
        );
      const ledger = [
        ...(await brokenLedgerChecks(rows)),
        ...brokenCrossDatabaseChecks(
          rows(SHOP_LEDGER_SQL) as { key: string; delta: number; shard: number; created_at: number }[],
          pictures,
        ),
      ];
      // Shops by database, as the placement rule left them.
      const placed = rows("SELECT shard, COUNT(*) AS n FROM users WHERE username IS NOT NULL GROUP BY shard ORDER BY shard") as {
        shard: number;
        n: number;
      }[];
      return Response.json({
        brokenLedgerChecks: ledger.map((check) => `${check.name}: ${check.rows.length} row(s)`),
        // What archival keeps whatever its age: the seller's latest orders the orders screen lists.
        ordersKeptMonths: ORDERS_LISTED / SHOP_MONTH.orders,
        placed: placed.map((p) => p.n),
        orders: [await everywhere("SELECT COUNT(*) AS n FROM orders"), shops * months * SHOP_MONTH.orders],
        jobs: [
          await everywhere("SELECT COUNT(*) AS n FROM generation_jobs"),
          shops * months * (SHOP_MONTH.generations + SHOP_MONTH.batchItems),
        ],
      });
    }
    return new Response("not found", { status: 404 });
  }
}

export default {
  async fetch(request: Request, env: BenchBindings): Promise<Response> {
    const url = new URL(request.url);
    if (["/migrate", "/open", "/month", "/counts"].includes(url.pathname))
      return env.POPULATION.get(env.POPULATION.idFromName("population")).fetch(request);
    const body = request.method === "POST" ? ((await request.json()) as Record<string, unknown>) : {};
    // Makes a local D1's file exist (DB, or SHOP_DB_<n>), for a population's file to be copied over it.
    if (url.pathname === "/touch") {
      const binding = shopBindingName((body.shard as number | undefined) ?? 0);
      return Response.json(await (env as unknown as Record<string, D1Database>)[binding]!.prepare("SELECT 1 AS one").first());
    }
    // The ids of the shop databases' objects, which name their SQLite files.
    if (url.pathname === "/shard-ids")
      return Response.json(Array.from({ length: body.shards as number }, (_, i) => env.SHOP_SHARD.idFromName(`shard-${i + 1}`).toString()));
    if (url.pathname === "/measure") return Response.json(await measure(env, body.shops as number, body.samples as number));
    return new Response("not found", { status: 404 });
  },
};
