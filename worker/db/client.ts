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
