/**
 * Shops and their databases: which shard a shop's rows live in (users.shard, read from the global `DB`) and
 * the one-time placement of a new shop in a shard. worker/db/client.ts `shopDatabase` maps the shard to its
 * binding.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { database, type Db, type Shop, shopBindingName, shopDatabase } from "../db/client";
import { users } from "../db/schema";

/** The shop of a seller by id, from the global database; undefined for no such seller. */
export async function findShop(db: Db, userId: string): Promise<Shop | undefined> {
  return db.select({ id: users.id, shard: users.shard }).from(users).where(eq(users.id, userId)).get();
}

/**
 * Places a shop that has no rows yet (a new account) in shard `shard`. A shop database is a whole copy of the
 * schema, whose shop tables point at `users(id)`, so the shop first gets its anchor there: a users row with
 * only its id and a placeholder e-mail, which nothing reads (the account itself stays in the global `DB`).
 * Then `shard` is switched in one statement. Moving a shop WITH rows is the copy-check-switch of docs/data.md.
 */
export async function placeShop(env: { DB: D1Database }, userId: string, shard: number): Promise<void> {
  const target = shopDatabase(env, { id: userId, shard });
  if (shard !== 0) {
    await target
      .insert(users)
      .values({ id: userId, email: `tienda:${userId}` })
      .onConflictDoNothing();
  }
  await database(env.DB).update(users).set({ shard }).where(eq(users.id, userId));
}

/**
 * The shop databases new shops may be placed in: `SHOP_DBS_OPEN`, shard numbers separated by commas ("0,1"),
 * each with its binding (DB for 0, SHOP_DB_<n> for n); unset or empty, only DB. A shard is closed to new shops
 * by leaving it out (its shops stay where they are). A number without its binding is a configuration error,
 * said at the first sign-up rather than by a shop whose requests fail later.
 */
export function openShards(env: { DB: D1Database; SHOP_DBS_OPEN?: string }): number[] {
  const listed = (env.SHOP_DBS_OPEN ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!listed.length) return [0];
  const shards = [...new Set(listed.map(Number))];
  for (const shard of shards) {
    const bound = shard === 0 || (env as unknown as Record<string, unknown>)[shopBindingName(shard)] !== undefined;
    if (!Number.isInteger(shard) || shard < 0 || !bound) {
      throw new Error(`SHOP_DBS_OPEN names ${shard}, which is not a bound shop database (add ${shopBindingName(shard)} to wrangler.toml)`);
    }
  }
  return shards.sort((a, b) => a - b);
}

/**
 * The rule that places a new shop: among the open shop databases, the one that holds the fewest shops (by the
 * `shard` of every account, one grouped count on `users_shard` order), the lowest number on a tie. Shops
 * rather than bytes: every shop grows at about the same rate (docs/data.md, growth model), and a count is
 * exact and cheap where a database's size is not readable from the Worker.
 */
export async function chooseShard(db: Db, open: number[], newShopId?: string): Promise<number> {
  if (open.length === 1) return open[0]!;
  // The shop being placed is already an account (in shard 0 until it moves): it is not counted anywhere.
  const counts = await db
    .select({ shard: users.shard, shops: sql<number>`count(*)` })
    .from(users)
    .where(and(inArray(users.shard, open), newShopId ? ne(users.id, newShopId) : undefined))
    .groupBy(users.shard);
  const shopsIn = (shard: number) => counts.find((c) => c.shard === shard)?.shops ?? 0;
  return open.reduce((best, shard) => (shopsIn(shard) < shopsIn(best) ? shard : best), open[0]!);
}

/** Places a just-created account's shop by the rule (nothing to do while only DB is open) and answers its shard. */
export async function placeNewShop(env: { DB: D1Database; SHOP_DBS_OPEN?: string }, userId: string): Promise<number> {
  const open = openShards(env);
  if (open.length === 1 && open[0] === 0) return 0;
  const shard = await chooseShard(database(env.DB), open, userId);
  if (shard !== 0) await placeShop(env, userId, shard);
  return shard;
}
