/**
 * Moving a shop with its rows from one shop database to another (`npm run shop:move`, docs/operations.md):
 * 1. the fence: a shop_moves row in the database it leaves, after which the triggers there refuse every write of
 *    the shop's rows (D1 batches are atomic, so once that row is committed no later batch writes there);
 * 2. the copy of every table of SHOP_TABLES to the target, then a check per table (row count and a SHA-256 of
 *    the rows, read and computed the same way on both sides); both read a table a page at a time (by rowid, in
 *    rowid order, which the copy keeps), so a big shop never needs a whole table in memory;
 * 3. the switch of users.shard in DB, only while it still names the source;
 * 4. the old rows deleted in ONE batch of the source, which leaves the fence as 'moved': a request that read the
 *    old shard before the switch is refused (503, worker/lib/errors.ts) and its retry reads the new one.
 * A move that fails before the switch deletes what it copied and lifts the fence: the shop stays whole where it
 * was. One that stops after the switch is finished by running it again (the leftovers are cleared first).
 * The copy inserts products, orders and stock rows itself: the one writer of those rows besides the product and
 * order cores, because it copies them verbatim, never changes one (docs/data.md).
 * It works on bare D1 bindings, so scripts/shop-move.ts runs it through wrangler's bindings too (hence the
 * import with its extension: Node loads this file as it is).
 */
import { SHOP_TABLES, type ShopTable, shopRowCondition } from "../db/shop-tables.ts";

/** What the move needs of a D1 binding, so Node (scripts/shop-move.ts, without the Workers' types) runs it too. */
interface Statement {
  bind(...values: unknown[]): Statement;
  first<T>(): Promise<T | null>;
  run(): Promise<{ meta: { changes: number } }>;
  raw<T>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
}
export interface D1 {
  prepare(sql: string): Statement;
  batch(statements: Statement[]): Promise<unknown[]>;
}
type D1Database = D1;
type D1PreparedStatement = Statement;
type Env = { DB: D1 };

export interface TableCheck {
  table: string;
  rows: number;
  checksum: string;
}

export interface MoveOptions {
  /** Runs between the copy and its check (tests: a copy gone wrong). */
  beforeVerify?: (target: D1Database) => Promise<void>;
  /** Rows read at a time (tests: a shop bigger than one page). */
  pageRows?: number;
}

/** Rows read at a time from a table: a page of the widest (orders) stays a few megabytes at most. */
export const PAGE_ROWS = 500;

const bindingName = (shard: number) => (shard === 0 ? "DB" : `SHOP_DB_${shard}`);

function d1Of(env: Env, shard: number): D1Database {
  const d1 = (env as unknown as Record<string, D1Database | undefined>)[bindingName(shard)];
  if (!Number.isInteger(shard) || shard < 0 || !d1) throw new Error(`shop database ${bindingName(shard)} is not bound`);
  return d1;
}

function boundShards(env: Env): number[] {
  const shards = Object.keys(env)
    .map((name) => /^SHOP_DB_([1-9][0-9]*)$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return [0, ...shards.sort((a, b) => a - b)];
}

/**
 * The shop's rows of one table, a page at a time in rowid order (a page's last rowid is where the next one
 * starts): every shop table has a rowid, and the copy inserts in that order, so both sides read the same order.
 */
async function* pagesOf(
  d1: D1Database,
  table: ShopTable,
  userId: string,
  pageRows = PAGE_ROWS,
): AsyncGenerator<{ columns: string[]; rows: unknown[][] }> {
  let after: number | null = null;
  for (;;) {
    const [header, ...page] = await d1
      .prepare(
        `SELECT ${table.name}.rowid AS "__page_rowid", * FROM ${table.name}
         WHERE ${shopRowCondition(table)} AND (?2 IS NULL OR ${table.name}.rowid > ?2)
         ORDER BY ${table.name}.rowid LIMIT ${pageRows}`,
      )
      .bind(userId, after)
      .raw<unknown[]>({ columnNames: true });
    if (page.length === 0) return;
    after = page.at(-1)![0] as number;
    yield { columns: (header as string[]).slice(1), rows: page.map((row) => row.slice(1)) };
    if (page.length < pageRows) return;
  }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lines hashed together in a table's checksum: fixed, so the checksum does not depend on the page size. */
const CHECK_BLOCK = 100;

/**
 * Each shop table's row count and checksum in one database: rows as JSON lines in rowid order, hashed
 * CHECK_BLOCK lines at a time after the hash of the blocks before them, so the table is never held whole.
 */
export async function shopChecks(d1: D1Database, userId: string, pageRows = PAGE_ROWS): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of SHOP_TABLES) {
    let rows = 0;
    let checksum = await sha256("");
    let block: string[] = [];
    const hashBlock = async () => {
      checksum = await sha256(`${checksum}\n${block.join("\n")}`);
      block = [];
    };
    for await (const page of pagesOf(d1, table, userId, pageRows)) {
      for (const row of page.rows) {
        block.push(JSON.stringify(Object.fromEntries(page.columns.map((c, i) => [c, row[i]]))));
        if (block.length === CHECK_BLOCK) await hashBlock();
      }
      rows += page.rows.length;
    }
    if (block.length > 0) await hashBlock();
    checks.push({ table: table.name, rows, checksum });
  }
  return checks;
}

/** The statements deleting every row of the shop in one database, children first. */
function deleteAll(d1: D1Database, userId: string): D1PreparedStatement[] {
  return [...SHOP_TABLES].reverse().map((t) => d1.prepare(`DELETE FROM ${t.name} WHERE ${shopRowCondition(t)}`).bind(userId));
}

async function copy(source: D1Database, target: D1Database, userId: string, pageRows = PAGE_ROWS): Promise<void> {
  for (const table of SHOP_TABLES) {
    for await (const { columns, rows } of pagesOf(source, table, userId, pageRows)) {
      const insert = `INSERT INTO ${table.name} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
      for (let i = 0; i < rows.length; i += 50) {
        await target.batch(rows.slice(i, i + 50).map((row) => target.prepare(insert).bind(...row)));
      }
    }
  }
}

/** The source's old rows deleted and its fence left as 'moved', in one batch. */
async function clearSource(source: D1Database, userId: string): Promise<void> {
  await source.batch([
    source.prepare("UPDATE shop_moves SET state = 'clearing' WHERE user_id = ?").bind(userId),
    ...deleteAll(source, userId),
    source.prepare("UPDATE shop_moves SET state = 'moved' WHERE user_id = ?").bind(userId),
  ]);
}

/** A move that stopped after its switch left the old database fenced with its rows: cleared here. */
async function finishLeftovers(env: Env, userId: string, current: number): Promise<number[]> {
  const cleared: number[] = [];
  for (const shard of boundShards(env)) {
    if (shard === current) continue;
    const d1 = d1Of(env, shard);
    const fence = await d1.prepare("SELECT state FROM shop_moves WHERE user_id = ?").bind(userId).first<{ state: string }>();
    if (fence && fence.state !== "moved") {
      await clearSource(d1, userId);
      cleared.push(shard);
    }
  }
  return cleared;
}

export class ShopMoveError extends Error {}

/** Moves the shop of `userId` to shard `to` (see the file's comment); answers the checks of the moved rows. */
export async function moveShop(env: Env, userId: string, to: number, options: MoveOptions = {}): Promise<TableCheck[]> {
  const shop = await env.DB.prepare("SELECT shard FROM users WHERE id = ?").bind(userId).first<{ shard: number }>();
  if (!shop) throw new ShopMoveError(`no shop ${userId}`);
  const from = shop.shard;
  const target = d1Of(env, to);
  const source = d1Of(env, from);
  await finishLeftovers(env, userId, from);
  const pageRows = options.pageRows ?? PAGE_ROWS;
  if (from === to) return shopChecks(source, userId, pageRows);

  // The target is not the shop's database (users.shard names the source): anything of the shop there is a
  // leftover, and its fence from an earlier move out would refuse the copy.
  await target.batch([...deleteAll(target, userId), target.prepare("DELETE FROM shop_moves WHERE user_id = ?").bind(userId)]);
  if (to !== 0) {
    await target.prepare("INSERT INTO users (id, email) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(userId, `tienda:${userId}`).run();
  }
  await source
    .prepare(
      "INSERT INTO shop_moves (user_id, state, to_shard) VALUES (?, 'moving', ?) ON CONFLICT (user_id) DO UPDATE SET state = 'moving', to_shard = excluded.to_shard",
    )
    .bind(userId, to)
    .run();
  let checks: TableCheck[];
  try {
    await copy(source, target, userId, pageRows);
    await options.beforeVerify?.(target);
    checks = await shopChecks(source, userId, pageRows);
    const copied = await shopChecks(target, userId, pageRows);
    const wrong = checks.filter((c, i) => c.rows !== copied[i]!.rows || c.checksum !== copied[i]!.checksum);
    if (wrong.length) throw new ShopMoveError(`the copy differs from the source in ${wrong.map((c) => c.table).join(", ")}`);
    const switched = await env.DB.prepare("UPDATE users SET shard = ? WHERE id = ? AND shard = ?").bind(to, userId, from).run();
    if (switched.meta.changes !== 1) throw new ShopMoveError("the shop's shard changed during the move");
  } catch (error) {
    await target.batch(deleteAll(target, userId));
    await source.prepare("DELETE FROM shop_moves WHERE user_id = ?").bind(userId).run();
    throw error;
  }
  await clearSource(source, userId);
  // A page rendered by a request that read the old shard just before the switch and its rows just after the
  // clearing would be cached empty under the store's version: a new version renders it again.
  await env.DB.prepare("UPDATE users SET store_version = store_version + 1 WHERE id = ?").bind(userId).run();
  return checks;
}
