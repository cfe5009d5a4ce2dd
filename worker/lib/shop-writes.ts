/**
 * Writes that touch a shop's own tables and the global database together (a product save with the store's
 * money guard and its version, a stock change and the version, the store's settings and its ways to pay on
 * the account). D1 has no transaction across databases, so:
 * - a shop in the global database (shard 0) runs them as ONE db.batch, atomic as before;
 * - a shop in its own database runs up to three batches, each atomic in its database, each only when the one
 *   before applied: `guard` (global statements that may refuse the write, such as the store's money being
 *   the one the prices were read in), then `shop` (the shop's rows: all or nothing, e.g. stock that would go
 *   below zero fails them all), then `after` (global follow-ups, such as the store's version that renews the
 *   cached pages: after the rows, so no page is cached under the new version with the old rows).
 * `shopGuard`: statements of the shop's database that may refuse the write (the prices' money in shop_money being
 * the one they were typed in), run first in the shop's batch; their results are not returned.
 * What two databases give up: a guard holds when its batch runs, not until the shop's batch commits, and a
 * failure of `after` leaves the shop's rows written (the store's pages renew at the next change).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inGlobalDatabase, type ShopDb } from "../db/client";

type Items = BatchItem<"sqlite">[];

async function run(db: Db, items: Items): Promise<unknown[]> {
  return items.length ? db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
}

export async function writeAcross(
  db: Db,
  shopDb: ShopDb,
  { guard = [], shopGuard = [], shop: rows, after = [] }: { guard?: Items; shopGuard?: Items; shop: Items; after?: Items },
): Promise<{ guard: unknown[]; shop: unknown[]; after: unknown[] }> {
  const shop = [...shopGuard, ...rows];
  if (inGlobalDatabase(shopDb)) {
    const results = await run(db, [...guard, ...shop, ...after]);
    return {
      guard: results.slice(0, guard.length),
      shop: results.slice(guard.length + shopGuard.length, guard.length + shop.length),
      after: results.slice(guard.length + shop.length),
    };
  }
  const guarded = await run(db, guard);
  const written = await run(shopDb, shop);
  return { guard: guarded, shop: written.slice(shopGuard.length), after: await run(db, after) };
}
