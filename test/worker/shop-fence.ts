/**
 * The fence a shop's move stands in the shop's source database while it copies (worker/lib/shop-move.ts):
 * while its row is there, the database's triggers refuse every write of that shop's rows. Tests stand it
 * and lift it by hand to fire writes at a shop in mid-move.
 */
export const standFence = (d1: D1Database, userId: string, toShard: number) =>
  d1.prepare("INSERT INTO shop_moves (user_id, state, to_shard) VALUES (?, 'moving', ?)").bind(userId, toShard).run();

export const liftFence = (d1: D1Database, userId: string) => d1.prepare("DELETE FROM shop_moves WHERE user_id = ?").bind(userId).run();
