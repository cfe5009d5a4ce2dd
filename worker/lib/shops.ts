/**
 * Shops and their databases: which shard a shop's rows live in (users.shard, read from the global `DB`) and
 * the one-time placement of a new shop in a shard. worker/db/client.ts `shopDatabase` maps the shard to its
 * binding.
 */
import { eq } from "drizzle-orm";
import { database, type Db, type Shop, shopDatabase } from "../db/client";
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
