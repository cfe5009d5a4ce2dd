import { everyShopDatabase } from "../db/client";
import type { Bindings } from "../env";
import { archiveOldGenerations } from "./archive";
import { archiveOldBatches } from "./archive-batches";
import { archiveOldOrders } from "./archive-orders";
import { archiveShopGenerations } from "./archive-shop";
import { archiveShopBatches } from "./archive-shop-batches";
import { errorName, log } from "./log";

/**
 * The daily archival, on the purge's cron: finished generations, then finished batches, then old orders, one
 * after the other so a run's R2 writes and D1 calls stay bounded (each bounds its own objects). One failing
 * does not stop the others; what is left goes the next day, and a rerun is safe. Orders live in their shop's
 * database (worker/db/client.ts, shopDatabase), and so does each order object's summary, written in the same
 * batch that deletes them: each shop database is archived on its own.
 */
export async function archiveOldData(env: Pick<Bindings, "DB" | "DATA">, now = Date.now()) {
  const steps = [
    ["generations", () => archiveOldGenerations(env, { now })],
    ["batches", () => archiveOldBatches(env, { now })],
    // The generations and batches of shops in a database of their own: the same objects, two batches apart
    // (archive-shop.ts, archive-shop-batches.ts).
    ...everyShopDatabase(env)
      .filter((shopDb) => shopDb.shard !== 0)
      .flatMap((shopDb) => [
        [`generations (shard ${shopDb.shard})`, () => archiveShopGenerations(env, shopDb, { now })] as const,
        [`batches (shard ${shopDb.shard})`, () => archiveShopBatches(env, shopDb, { now })] as const,
      ]),
    ...everyShopDatabase(env).map(
      (shopDb) => [`orders (shard ${shopDb.shard})`, () => archiveOldOrders({ DB: shopDb.$client, DATA: env.DATA }, { now })] as const,
    ),
  ] as const;
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (err) {
      log("error", "archival stopped", { step: name, error: errorName(err) });
    }
  }
}
