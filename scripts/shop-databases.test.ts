import { describe, expect, it } from "vitest";
import { shopBindingProblems, unboundShards } from "./shop-databases.ts";

const DB = { binding: "DB", database_id: "aaaa", migrations_dir: "migrations" };

describe("the shop databases of a deploy", () => {
  it("refuses a deploy where some user has a shard whose database is not bound", () => {
    expect(unboundShards([0], [DB])).toEqual([]);
    expect(unboundShards([0, 1, 1], [DB])).toEqual([1]);
    expect(unboundShards([0, 1, 2], [DB, { binding: "SHOP_DB_1", database_id: "bbbb", migrations_dir: "migrations" }])).toEqual([2]);
    expect(unboundShards([1], [DB, { binding: "SHOP_DB_1", database_id: "bbbb" }])).toEqual([]);
  });

  it("refuses a shop binding that shares DB's database or takes other migrations", () => {
    expect(shopBindingProblems([DB, { binding: "SHOP_DB_1", database_id: "bbbb", migrations_dir: "migrations" }])).toEqual([]);
    expect(shopBindingProblems([DB, { binding: "SHOP_DB_1", database_id: "aaaa", migrations_dir: "migrations" }])).toEqual([
      "SHOP_DB_1 points at DB's own database: a shard needs a database of its own",
    ]);
    expect(shopBindingProblems([DB, { binding: "SHOP_DB_2", database_id: "cccc", migrations_dir: "other" }])).toHaveLength(1);
  });
});
