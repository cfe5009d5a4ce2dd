/** A query's rows straight from a D1 binding (DB or SHOP_DB_n), for tests that look into one database. */
export type Json = Record<string, unknown>;

export const rows = async (d1: D1Database, sql: string, ...params: unknown[]) =>
  (
    await d1
      .prepare(sql)
      .bind(...params)
      .all<Json>()
  ).results;
