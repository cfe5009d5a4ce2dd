/**
 * A stand-in for the `wrangler` CLI against a deployed account, for scripts/check-ledger.test.ts: put first on
 * PATH (a `wrangler` file that runs this), it answers the two commands `npm run check:ledger -- --remote` runs,
 * as wrangler 4 does (node_modules/wrangler/wrangler-dist/cli.js, d1ExecuteCommand and r2ObjectGetCommand):
 *
 * - `wrangler d1 execute <database> --remote --json --command <sql>`: the SQL runs on a SQLite file (D1 is
 *   SQLite) and stdout gets the D1 API's answer as wrangler prints it, `JSON.stringify(result, null, 2)`: one
 *   `{ results, success, meta }` per statement. A failing statement prints `{ "error": … }` on stdout and exits 1;
 * - `wrangler r2 object get <bucket>/<key> --remote --pipe`: the object's raw bytes on stdout, or, for a key that
 *   is not there, wrangler's "✘ [ERROR] The specified key does not exist." on stderr and exit 1.
 *
 * Arguments are checked against wrangler's own command definitions (what `experimental_getWranglerCommands()`
 * answers, written by the test into FAKE_WRANGLER_SPEC with the wrangler.toml bindings), so a flag wrangler
 * does not take, a flag given the wrong kind of value or an unknown database or bucket fails as it would there.
 * Each call is appended to FAKE_WRANGLER_CALLS, one JSON array of arguments a line.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/** What the test hands over: wrangler's definitions of the commands this fake serves, and the config's bindings. */
export interface FakeWranglerSpec {
  commands: Record<string, { positionals: string[]; args: Record<string, { type: "string" | "boolean"; aliases: string[] }> }>;
  databases: { binding: string; database_name: string }[];
  buckets: string[];
  /** The SQLite file standing for the deployed D1 database. */
  d1File: string;
  /** The folder standing for the deployed buckets: <dir>/<bucket>/<key>. */
  r2Dir: string;
}

/**
 * The statements of a `--command`, split at each semicolon outside quotes, brackets and comments, empty ones
 * dropped: what wrangler's splitSqlQuery does locally and D1's query endpoint does remotely.
 */
function statements(sql: string): string[] {
  const found: string[] = [];
  let start = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    const close = c === "'" || c === '"' || c === "`" ? c : c === "[" ? "]" : undefined;
    if (close) {
      let end = sql.indexOf(close, i + 1);
      // A doubled quote inside a literal ('it''s') is part of it.
      while (end !== -1 && close !== "]" && sql[end + 1] === close) end = sql.indexOf(close, end + 2);
      if (end === -1) break;
      i = end;
    } else if (c === "-" && sql[i + 1] === "-") {
      i = sql.indexOf("\n", i);
      if (i === -1) break;
    } else if (c === "/" && sql[i + 1] === "*") {
      i = sql.indexOf("*/", i + 2) + 1;
      if (i === 0) break;
    } else if (c === ";") {
      found.push(sql.slice(start, i));
      start = i + 1;
    }
  }
  found.push(sql.slice(start));
  return found.map((statement) => statement.trim()).filter(Boolean);
}

/** wrangler's way of printing an error (logger.error through esbuild's formatMessages, without colour). */
function fail(message: string, stdout = "\n"): never {
  process.stdout.write(stdout);
  process.stderr.write(`✘ [ERROR] ${message}\n\n\n`);
  process.exit(1);
}

const spec = JSON.parse(readFileSync(process.env.FAKE_WRANGLER_SPEC!, "utf8")) as FakeWranglerSpec;
const argv = process.argv.slice(2);
if (process.env.FAKE_WRANGLER_CALLS) appendFileSync(process.env.FAKE_WRANGLER_CALLS, `${JSON.stringify(argv)}\n`);

const name = Object.keys(spec.commands).find((command) => command.split(" ").every((word, i) => argv[i] === word));
if (!name) fail(`Unknown command: ${argv.slice(0, 3).join(" ")} (this fake serves ${Object.keys(spec.commands).join(", ")})`);
const definition = spec.commands[name]!;

/** The arguments as yargs reads them for this command: positionals in order, `--flag` booleans, `--flag value` strings. */
const positionals: string[] = [];
const flags = new Map<string, string | true>();
const rest = argv.slice(name.split(" ").length);
for (let i = 0; i < rest.length; i++) {
  const word = rest[i]!;
  if (!word.startsWith("-")) {
    positionals.push(word);
    continue;
  }
  const given = word.replace(/^--?/, "");
  const flag = Object.entries(definition.args).find(([key, arg]) => key === given || arg.aliases.includes(given));
  if (!flag) fail(`Unknown argument: ${given}`);
  const [key, arg] = flag;
  if (arg.type === "boolean") flags.set(key, true);
  else {
    const value = rest[++i];
    if (value === undefined) fail(`Not enough arguments following: ${given}`);
    flags.set(key, value);
  }
}
if (positionals.length !== definition.positionals.length) {
  fail(`Expected ${definition.positionals.join(", ")}, got ${JSON.stringify(positionals)}`);
}
// The deployed account only: this fake has no local state to stand for.
if (!flags.has("remote") || flags.has("local") || flags.has("persist-to")) fail("This fake wrangler only serves --remote.");

if (name === "d1 execute") {
  const database = positionals[0]!;
  if (!spec.databases.some((d) => d.binding === database || d.database_name === database)) {
    fail(`Couldn't find a D1 DB with the name or binding '${database}' in your wrangler.toml file.`);
  }
  const sql = flags.get("command");
  if (typeof sql !== "string" || flags.has("file")) fail("The check runs one --command, never a --file.");
  if (flags.get("json") !== true) fail("Without --json wrangler prints a table, not JSON.");
  const db = new DatabaseSync(spec.d1File);
  try {
    // The query endpoint runs statements joined by semicolons as one batch and answers one result per statement.
    const answers = statements(sql).map((statement) => {
      const results = db.prepare(statement).all();
      const meta = {
        served_by: "v3-prod",
        served_by_region: "SAM",
        served_by_primary: true,
        timings: { sql_duration_ms: 0.3 },
        duration: 0.3,
        changes: 0,
        last_row_id: 0,
        changed_db: false,
        size_after: 94208,
        rows_read: results.length,
        rows_written: 0,
      };
      return { results, success: true, meta };
    });
    process.stdout.write(`${JSON.stringify(answers, null, 2)}\n`);
  } catch (err) {
    // The D1 API's refusal, as wrangler's JsonFriendlyFatalError prints it (on stdout, from logger.log).
    const error = {
      text: "A request to the Cloudflare API (/accounts/0a1b/d1/database/00000000/query) failed.",
      notes: [{ text: `${(err as Error).message}: SQLITE_ERROR [code: 7500]` }],
      kind: "error",
      name: "APIError",
      code: 7500,
    };
    process.stdout.write(`\n${JSON.stringify({ error }, null, 2)}\n`);
    process.exit(1);
  } finally {
    db.close();
  }
} else {
  const path = positionals[0]!;
  const slash = path.indexOf("/");
  if (slash <= 0 || slash === path.length - 1) fail("The object path must be in the form of {bucket}/{key}");
  const bucket = path.slice(0, slash);
  const key = path.slice(slash + 1);
  if (!spec.buckets.includes(bucket)) fail(`The specified bucket does not exist. [code: 10006]`);
  if (flags.get("pipe") !== true || flags.has("file")) fail("Without --pipe wrangler writes the object to a file.");
  const file = join(spec.r2Dir, bucket, key);
  if (!existsSync(file)) fail("The specified key does not exist.");
  process.stdout.write(readFileSync(file));
}
