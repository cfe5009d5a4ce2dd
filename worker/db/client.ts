import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof database>;

export function database(d1: D1Database) {
  return drizzle(d1, { schema });
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

/**
 * The database that holds one shop's own rows (products, images, jobs, batches, orders, its settings). Today
 * every shop lives in `DB`; when shops spread over several D1 databases (docs/data.md, "The plan past one
 * database"), this is the one place that maps a shop to its database. Accounts, sessions and the credits
 * ledger stay in `DB` whatever this answers.
 */
export function shopDatabase(env: { DB: D1Database }, _shopId: string) {
  return database(env.DB);
}
