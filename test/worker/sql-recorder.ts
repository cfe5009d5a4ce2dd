import { env } from "cloudflare:workers";

/** A statement the app prepared, with the values it was first bound to. */
export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

/**
 * Records every SQL statement prepared on a D1 binding while `work` runs: the routes', the Durable Objects'
 * and the queue consumers' alike, since they share this isolate and D1's classes with the tests. It wraps
 * prepare() on the prototypes of the database and of its sessions (the store's reads go through one), and
 * bind() on the statement's, so the list is what the code really issued, each statement once.
 */
/** Puts D1's own prepare and bind back; set while recordStatements has them replaced. */
let putBack: (() => void) | undefined;

/**
 * Ends a recording that never finished (its work timed out, so its finally never ran): the replaced prototypes are
 * the isolate's, and would record every statement of every later file. For an afterAll of the file that records.
 */
export function stopRecordingStatements() {
  putBack?.();
}

export async function recordStatements(work: () => Promise<void>): Promise<RecordedStatement[]> {
  const seen = new Map<string, RecordedStatement>();
  const dbProto = Object.getPrototypeOf(env.DB) as D1Database;
  const sessionProto = Object.getPrototypeOf(env.DB.withSession("first-unconstrained")) as D1DatabaseSession;
  const statementProto = Object.getPrototypeOf(env.DB.prepare("SELECT 1")) as D1PreparedStatement;
  const originals = { db: dbProto.prepare, session: sessionProto.prepare, bind: statementProto.bind };
  const sqlOf = new WeakMap<object, string>();
  const record = (sql: string, params: unknown[]) => {
    if (!seen.has(sql)) seen.set(sql, { sql, params });
    else if (params.length && !seen.get(sql)!.params.length) seen.set(sql, { sql, params });
  };
  const prepare = (original: (query: string) => D1PreparedStatement) =>
    function (this: unknown, query: string) {
      const statement = original.call(this, query);
      sqlOf.set(statement, query);
      record(query, []);
      return statement;
    };
  dbProto.prepare = prepare(originals.db);
  sessionProto.prepare = prepare(originals.session);
  statementProto.bind = function (this: D1PreparedStatement, ...values: unknown[]) {
    const bound = originals.bind.apply(this, values);
    const sql = sqlOf.get(this);
    if (sql !== undefined) {
      sqlOf.set(bound, sql);
      record(sql, values);
    }
    return bound;
  };
  putBack = () => {
    dbProto.prepare = originals.db;
    sessionProto.prepare = originals.session;
    statementProto.bind = originals.bind;
    putBack = undefined;
  };
  try {
    await work();
  } finally {
    putBack?.();
  }
  return [...seen.values()];
}

/** What EXPLAIN QUERY PLAN says a statement does, one detail line per step. */
export async function queryPlan(statement: RecordedStatement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}
