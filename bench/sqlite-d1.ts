/**
 * A D1Database over a Durable Object's own SQLite (`ctx.storage.sql`), for `npm run bench:scale` only.
 *
 * Filling a local D1 with thousands of shops through the app's functions costs a round trip to miniflare's D1
 * object for every statement (about 15 s a shop-month on a shared 2-core box: days for 10,000 shops). Inside a
 * Durable Object the same SQLite engine answers synchronously, in-process, so the bench runs the very same
 * functions (routes, ledger, stock, throttle) with this object as their `DB` and then hands the resulting file to
 * a real local D1 for the timed reads and writes. It answers what Drizzle's D1 driver and the app ask of D1:
 * prepare/bind with run/all/first/raw, batch() as one transaction (all or nothing, as D1's), `meta.changes`
 * and `meta.last_row_id`, and withSession() (the store page's replica reads).
 */
type Value = string | number | null | ArrayBuffer;

function bindable(value: unknown): Value {
  if (value === undefined) throw new Error("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'");
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  return value as Value;
}

class Statement {
  constructor(
    private readonly sql: SqlStorage,
    readonly query: string,
    private readonly values: Value[] = [],
  ) {}

  bind(...values: unknown[]): Statement {
    return new Statement(this.sql, this.query, values.map(bindable));
  }

  /** Runs the statement to its end (a cursor is lazy) and answers its rows with D1's meta. */
  execute(): { rows: Record<string, unknown>[]; raw: unknown[][]; columns: string[]; meta: D1Meta & Record<string, unknown> } {
    let cursor: SqlStorageCursor<Record<string, SqlStorageValue>>;
    try {
      cursor = this.sql.exec(this.query, ...this.values);
    } catch (error) {
      throw new Error(`D1_ERROR: ${(error as Error).message}`, { cause: error });
    }
    const raw = [...cursor.raw()] as unknown[][];
    const columns = cursor.columnNames;
    const rows = raw.map((values) => Object.fromEntries(columns.map((name, i) => [name, values[i]])));
    const counts = this.sql.exec("SELECT changes() AS changes, last_insert_rowid() AS id").one() as { changes: number; id: number };
    const writes = !/^\s*(SELECT|WITH|PRAGMA|EXPLAIN)\b/i.test(this.query);
    return {
      rows,
      raw,
      columns,
      meta: {
        duration: 0,
        size_after: 0,
        rows_read: cursor.rowsRead,
        rows_written: cursor.rowsWritten,
        last_row_id: counts.id,
        changed_db: writes && counts.changes > 0,
        changes: writes ? counts.changes : 0,
      },
    };
  }

  result(): D1Result<Record<string, unknown>> {
    const { rows, meta } = this.execute();
    return { success: true, results: rows, meta };
  }

  async run() {
    return this.result();
  }
  async all() {
    return this.result();
  }
  async first(column?: string) {
    const row = this.execute().rows[0];
    if (!row) return null;
    return column === undefined ? row : row[column];
  }
  async raw(options?: { columnNames?: boolean }) {
    const { raw, columns } = this.execute();
    return options?.columnNames ? [columns, ...raw] : raw;
  }
}

export function sqliteD1(storage: DurableObjectStorage): D1Database {
  const db = {
    prepare: (query: string) => new Statement(storage.sql, query),
    // D1 runs a batch as one transaction: a failing statement rolls the earlier ones back.
    batch: async (statements: Statement[]) => storage.transactionSync(() => statements.map((s) => s.result())),
    exec: async (query: string) => {
      const cursor = storage.sql.exec(query);
      [...cursor];
      return { count: 1, duration: 0 };
    },
    withSession: () => db,
    dump: () => Promise.reject(new Error("dump is not supported here")),
  };
  return db as unknown as D1Database;
}
