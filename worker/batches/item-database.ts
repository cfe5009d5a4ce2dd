import { inArray } from "drizzle-orm";
import { everyShopDatabase, type ShopDb } from "../db/client";
import { batchItems } from "../db/schema";
import type { Bindings } from "../env";
import { chunks } from "../lib/chunks";

/**
 * Batch pictures live in their shop's database, and a queue message or a gate's ticket names only the
 * picture: each bound shop database is asked for the ids it holds (one lookup on the primary key each, as the
 * buyer's order link does). Answers every database with the given ids it holds, `DB`'s shard 0 first.
 */
export async function itemDatabases(env: Bindings, ids: string[]): Promise<{ shopDb: ShopDb; ids: string[] }[]> {
  const found: { shopDb: ShopDb; ids: string[] }[] = [];
  let left = [...new Set(ids)];
  for (const shopDb of everyShopDatabase(env)) {
    if (left.length === 0) break;
    const here: string[] = [];
    for (const part of chunks(left, 90)) {
      const rows = await shopDb.select({ id: batchItems.id }).from(batchItems).where(inArray(batchItems.id, part));
      here.push(...rows.map((row) => row.id));
    }
    if (here.length === 0) continue;
    found.push({ shopDb, ids: here });
    const held = new Set(here);
    left = left.filter((id) => !held.has(id));
  }
  return found;
}

/** The shop database that holds one batch picture; undefined when none does (an account deleted meanwhile). */
export async function itemDatabase(env: Bindings, id: string): Promise<ShopDb | undefined> {
  return (await itemDatabases(env, [id]))[0]?.shopDb;
}
