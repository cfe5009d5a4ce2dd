/**
 * Every table that holds a shop's own rows, the one list the shop move copies, checks and clears
 * (worker/lib/shop-move.ts), the fence's triggers cover (migration shop_move_fence, checked by
 * test/worker/shop-move.test.ts) and docs/data.md describes. In the order the rows can be inserted (a table
 * after the ones its foreign keys point at); deleted in the reverse order.
 * `key`: the column naming the shop (its users.id); `parent`: a child row found through its parent's row.
 */
export interface ShopTable {
  name: string;
  key: string;
  parent?: { table: string; column: string };
}

export const SHOP_TABLES: readonly ShopTable[] = [
  { name: "products", key: "user_id" },
  { name: "product_stock", key: "product_id", parent: { table: "products", column: "id" } },
  { name: "generation_jobs", key: "user_id" },
  { name: "generated_images", key: "user_id" },
  { name: "store_models", key: "user_id" },
  { name: "orders", key: "seller_id" },
  { name: "withdrawal_requests", key: "seller_id" },
  { name: "coupons", key: "seller_id" },
  { name: "size_guides", key: "seller_id" },
  { name: "shop_money", key: "user_id" },
  { name: "store_checkout", key: "user_id" },
  { name: "weekly_summaries", key: "user_id" },
  { name: "batches", key: "user_id" },
  { name: "batch_items", key: "user_id" },
  { name: "data_exports", key: "user_id" },
  { name: "order_archives", key: "user_id" },
];

/** The SQL condition, on a row of `table` (as `row`), that it belongs to the shop bound as the one parameter. */
export function shopRowCondition(table: ShopTable, row = table.name): string {
  return table.parent
    ? `${row}.${table.key} IN (SELECT ${table.parent.column} FROM ${table.parent.table} WHERE user_id = ?1)`
    : `${row}.${table.key} = ?1`;
}

/** The shop's id of a row in a trigger (`NEW` or `OLD`). */
function triggerShop(table: ShopTable, row: "NEW" | "OLD"): string {
  return table.parent
    ? `(SELECT user_id FROM ${table.parent.table} WHERE ${table.parent.column} = ${row}.${table.key})`
    : `${row}.${table.key}`;
}

export const FENCE_MESSAGE = "shop moving";

/**
 * The fence's triggers: every write of a shop's row aborts its whole statement (and so its whole D1 batch)
 * while shop_moves holds the shop in a state other than 'clearing'. The migration was written from this.
 */
export function fenceTriggersSql(): string[] {
  const out: string[] = [];
  for (const table of SHOP_TABLES) {
    for (const [op, row] of [
      ["INSERT", "NEW"],
      ["UPDATE", "NEW"],
      ["DELETE", "OLD"],
    ] as const) {
      out.push(
        `CREATE TRIGGER \`${table.name}_fence_${op.toLowerCase()}\` BEFORE ${op} ON \`${table.name}\` ` +
          `WHEN EXISTS (SELECT 1 FROM shop_moves WHERE user_id = ${triggerShop(table, row)} AND state <> 'clearing') ` +
          `BEGIN SELECT RAISE(ABORT, '${FENCE_MESSAGE}'); END;`,
      );
    }
  }
  return out;
}
