import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof database>;

/**
 * One client per D1 binding for the isolate's life: building one walks the whole schema for its relations
 * (drizzle's extractTablesRelationalConfig), and a request asked for several (the session, the route, the
 * shop's database). A client holds no request's state, so requests can share it. 2.72 -> 2.59 ms of workerd
 * CPU for a signed-in GET /api/auth/profile, 3.33 -> 2.84 for /api/credits/history.
 */
const clients = new WeakMap<D1Database, ReturnType<typeof drizzle<typeof schema>>>();
export function database(d1: D1Database) {
  const known = clients.get(d1);
  if (known) return known;
  const db = drizzle(d1, { schema });
  clients.set(d1, db);
  return db;
}

/**
 * Reads for the public store through a D1 session (Sessions API): with read
 * replication on, the first query goes to whichever copy is nearest
 * ("first-unconstrained") and every later query of the same session sees at
 * least what the earlier ones saw (sequential consistency). Drizzle only needs
 * prepare() and batch(), which a session has. Never for writes.
 */
export function replicaDatabase(d1: D1Database) {
  return drizzle(d1.withSession("first-unconstrained") as unknown as D1Database, { schema });
}

/** A shop as the seam needs it: its id and the `shard` column of its users row. */
export interface Shop {
  id: string;
  shard: number;
}

/** The client of one shop's database, knowing which shard it is (0: the global `DB`). */
export type ShopDb = Db & { readonly shard: number };

/** The binding name of shard `n`'s database; shard 0 is the global `DB`. */
export const shopBindingName = (shard: number) => (shard === 0 ? "DB" : `SHOP_DB_${shard}`);
const SHOP_BINDING = /^SHOP_DB_([1-9][0-9]*)$/;

type ShopEnv = { DB: D1Database };

function shopD1(env: ShopEnv, shard: number): D1Database {
  if (shard === 0) return env.DB;
  const d1 = (env as unknown as Record<string, D1Database | undefined>)[shopBindingName(shard)];
  if (!Number.isInteger(shard) || shard < 0 || !d1) {
    throw new Error(`shop database ${shopBindingName(shard)} is not bound to this Worker (add it to wrangler.toml's [[d1_databases]])`);
  }
  return d1;
}

/**
 * The database that holds one shop's own rows: its products and their stock, its store settings
 * (store_checkout), its orders. Shard 0 is `DB`, shard n the D1 binding `SHOP_DB_<n>`; this is the one place
 * that maps a shop to its database (docs/data.md, "The plan past one database"). Accounts, sessions, the
 * throttle, the credits ledger and payments stay in `DB` (`database(env.DB)`) whatever this answers.
 * `readSession`: a read session of the global database (replicaDatabase) that a shop living there reads
 * through as well, so one session sees both (the public store's version and its rows); a shop elsewhere reads
 * its own database's primary, since a replica there knows nothing of what that session saw.
 */
export function shopDatabase(env: ShopEnv, shop: Shop, options: { readSession?: Db } = {}): ShopDb {
  const d1 = shopD1(env, shop.shard);
  return Object.assign(shop.shard === 0 && options.readSession ? options.readSession : database(d1), { shard: shop.shard });
}

/**
 * Every shop database this Worker has bound, `DB`'s shard 0 first: for what is found by something other than
 * its shop (a buyer's private link) and for crons that sweep every shop.
 */
export function everyShopDatabase(env: ShopEnv): ShopDb[] {
  const shards = Object.keys(env)
    .map((name) => SHOP_BINDING.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  return [0, ...shards].map((shard) => Object.assign(database(shopD1(env, shard)), { shard }));
}

/** Whether a shop's rows live in the global database, so one batch can hold its rows and global ones together. */
export const inGlobalDatabase = (shopDb: ShopDb) => shopDb.shard === 0;
