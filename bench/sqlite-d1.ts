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
 *
 * `remoteSqliteD1` is the same over another Durable Object's SQLite, asked by RPC (one call a statement or a
 * batch): a shop database of the several-database population, since one object has one SQLite file.
 */
type Value = string | number | null | ArrayBuffer;

function bindable(value: unknown): Value {
  if (value === undefined) throw new Error("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'");
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  return value as Value;
}

export interface SqlRequest {
  query: string;
  values: Value[];
}

export interface SqlAnswer {
  rows: Record<string, unknown>[];
  raw: unknown[][];
  columns: string[];
  meta: D1Meta & Record<string, unknown>;
}

/** Runs one statement to its end (a cursor is lazy) and answers its rows with D1's meta. */
function execute(sql: SqlStorage, { query, values }: SqlRequest): SqlAnswer {
  let cursor: SqlStorageCursor<Record<string, SqlStorageValue>>;
  try {
    cursor = sql.exec(query, ...values);
  } catch (error) {
    throw new Error(`D1_ERROR: ${(error as Error).message}`, { cause: error });
  }
  const raw = [...cursor.raw()] as unknown[][];
  const columns = cursor.columnNames;
  const rows = raw.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
  const counts = sql.exec("SELECT changes() AS changes, last_insert_rowid() AS id").one() as { changes: number; id: number };
  const writes = !/^\s*(SELECT|WITH|PRAGMA|EXPLAIN)\b/i.test(query);
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

/**
 * Runs statements on a Durable Object's SQLite: one alone, or several as D1 runs a batch, one transaction (a
 * failing statement rolls the earlier ones back). What a shop database's object answers to remoteSqliteD1.
 */
export function runSql(storage: DurableObjectStorage, requests: SqlRequest[], batch: boolean): SqlAnswer[] {
  if (!batch) return requests.map((request) => execute(storage.sql, request));
  return storage.transactionSync(() => requests.map((request) => execute(storage.sql, request)));
}

type Backend = (requests: SqlRequest[], batch: boolean) => Promise<SqlAnswer[]>;

class Statement {
  constructor(
    private readonly backend: Backend,
    readonly query: string,
    readonly values: Value[] = [],
  ) {}

  bind(...values: unknown[]): Statement {
    return new Statement(this.backend, this.query, values.map(bindable));
  }

  async answer(): Promise<SqlAnswer> {
    return (await this.backend([{ query: this.query, values: this.values }], false))[0]!;
  }

  async run() {
    return toResult(await this.answer());
  }
  async all() {
    return toResult(await this.answer());
  }
  async first(column?: string) {
    const row = (await this.answer()).rows[0];
    if (!row) return null;
    return column === undefined ? row : row[column];
  }
  async raw(options?: { columnNames?: boolean }) {
    const { raw, columns } = await this.answer();
    return options?.columnNames ? [columns, ...raw] : raw;
  }
}

const toResult = ({ rows, meta }: SqlAnswer): D1Result<Record<string, unknown>> => ({ success: true, results: rows, meta });

function d1Over(backend: Backend): D1Database {
  const db = {
    prepare: (query: string) => new Statement(backend, query),
    batch: async (statements: Statement[]) =>
      (
        await backend(
          statements.map((s) => ({ query: s.query, values: s.values })),
          true,
        )
      ).map(toResult),
    exec: async (query: string) => {
      await backend([{ query, values: [] }], false);
      return { count: 1, duration: 0 };
    },
    withSession: () => db,
    dump: () => Promise.reject(new Error("dump is not supported here")),
  };
  return db as unknown as D1Database;
}

export function sqliteD1(storage: DurableObjectStorage): D1Database {
  return d1Over(async (requests, batch) => runSql(storage, requests, batch));
}

/** A D1Database over the SQLite of the Durable Object behind `stub`, which answers `sql` with runSql. */
export function remoteSqliteD1(stub: { sql(requests: SqlRequest[], batch: boolean): Promise<SqlAnswer[]> }): D1Database {
  return d1Over((requests, batch) => stub.sql(requests, batch));
}
