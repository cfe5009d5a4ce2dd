/**
 * `npm run check:ledger [-- --persist-to DIR]`: proves the money invariants on
 * a local D1 database (the dev one by default). Exits 1 when one is broken.
 * `npm run check:ledger -- --remote` reads the deployed database instead
 * (wrangler signed in; read-only, and it never applies migrations there).
 *
 * - every balance equals the sum of that user's ledger, and none is negative;
 * - no generation job was charged or refunded more than once, a refunded job
 *   is failed, and a succeeded job was not refunded;
 * - every provider payment was credited at most once, and only approved ones;
 * - a deleted account was closed at zero credits and keeps nothing but its
 *   anonymous row (no sessions, products, images or personal data);
 * - across databases: every picture of a shop outside DB (its job or batch item in SHOP_DB_<n>) has its debit in
 *   DB's ledger, every such debit has its picture there or its refund, and a failed picture was refunded
 *   (`wrangler d1 execute SHOP_DB_<n>` for each shop database wrangler.toml binds, locally or with `--remote`);
 * - the archived months count: each balance is the ledger left in D1 plus the summaries of what the archival
 *   moved to the DATA bucket, and each archived object (read back, locally or with `--remote`) holds exactly
 *   what its summary says, each job with its charge and, if it failed, its refund, each batch with all its
 *   pictures, and each archived orders object the orders its summary counts;
 * - locally, R2 holds only what D1 shows: every stored image is one a row
 *   points to, and every rendition and link preview belongs to one, so
 *   nothing deleted is still served (R2 cannot be listed through wrangler
 *   against the deployed bucket, so `--remote` checks D1 only and says so).
 *
 * The checks themselves live in ledger-checks.ts and storage-checks.ts, shared with the Worker tests.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { type ArchiveLine, type ArchiveSummary, gunzipLines, type OrderArchiveSummary } from "../common/ledger-archive.ts";
import {
  ARCHIVE_OBJECTS_CHECK,
  ARCHIVE_SUMMARIES_SQL,
  type BrokenCheck,
  brokenArchiveObjects,
  brokenCrossDatabaseChecks,
  brokenLedgerChecks,
  CROSS_DATABASE_CHECKS,
  LEDGER_CHECKS,
  SHOP_LEDGER_SQL,
  SHOP_PICTURES_SQL,
  ORDER_ARCHIVE_OBJECTS_CHECK,
  ORDER_ARCHIVE_SUMMARIES_SQL,
} from "./ledger-checks.ts";
import { applyMigrations, OFFLINE_ENV } from "./local-state.ts";
import { boundShards, configuredDatabases } from "./shop-databases.ts";
import { allObjectKeys, brokenStorageChecks, REFERENCED_IMAGES_SQL, STORAGE_CHECKS } from "./storage-checks.ts";

const persistAt = process.argv.indexOf("--persist-to");
const persistTo = persistAt > 0 ? process.argv[persistAt + 1] : undefined;
const remote = process.argv.includes("--remote");

// A local database from before the latest migrations is brought up to date first, so every table exists.
if (!remote) applyMigrations(persistTo);
const where = remote ? ["--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];

/**
 * Room for wrangler's answers: the archive summaries come back whole, one pretty-printed row per archived object,
 * and execFileSync's default of 1 MB would cut them off after a few thousand objects (a few weeks of archival).
 */
const MAX_OUTPUT = 512 * 1024 * 1024;

/** Stops the check with one line saying why: wrangler's own reason, not a stack. */
function stop(message: string): never {
  console.error(`check:ledger stopped: ${message}`);
  process.exit(1);
}

/**
 * Why a wrangler command failed. With `--json` wrangler prints its error as `{ "error": { text, notes } }` on
 * stdout (d1 execute's JsonFriendlyFatalError); otherwise it writes `✘ [ERROR] <message>` on stderr.
 */
function wranglerReason(err: unknown): string {
  const { stdout, stderr, message } = err as { stdout?: string | Buffer; stderr?: string | Buffer; message: string };
  try {
    const { error } = JSON.parse(String(stdout ?? "")) as { error: { text: string; notes?: { text: string }[] } };
    return [error.text, ...(error.notes ?? []).map((note) => note.text)].join(" ");
  } catch {
    const lines = stripVTControlCharacters(String(stderr ?? "")).split("\n");
    const errors = lines.filter((line) => line.includes("[ERROR]")).map((line) => line.replace(/^.*\[ERROR\]\s*/, ""));
    return errors.join(" ") || lines.join(" ").trim() || message;
  }
}

/**
 * Every statement of `sqls` in ONE `wrangler d1 execute`: each run starts wrangler (and locally a workerd) anew,
 * seconds of CPU, and remotely each is a request to D1's query endpoint, whose `sql` "supports multiple
 * statements, joined by semicolons, which will be executed as a batch" (Cloudflare's API reference, D1 "Query
 * database"), one result per statement; locally wrangler splits them and runs one D1 batch the same way. A batch
 * runs as one transaction, so every check reads the same moment of the database.
 */
function queryAll(sqls: readonly string[], binding = "DB"): Record<string, unknown>[][] {
  let out: string;
  try {
    out = execFileSync("wrangler", ["d1", "execute", binding, ...where, "--json", "--command", sqls.join(";\n")], {
      env: remote ? process.env : { ...OFFLINE_ENV, CI: "true" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: MAX_OUTPUT,
    });
  } catch (err) {
    stop(`wrangler d1 execute failed: ${wranglerReason(err)}`);
  }
  const answers = JSON.parse(out) as { results: Record<string, unknown>[] }[];
  if (answers.length !== sqls.length) stop(`wrangler d1 execute answered ${answers.length} results for ${sqls.length} statements`);
  return answers.map((answer) => answer.results);
}

/** The deployed archive bucket (wrangler.toml's DATA binding). */
const DATA_BUCKET = "vidriera-data";

type LocalBuckets = {
  IMAGES: Parameters<typeof allObjectKeys>[0];
  DATA: { get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null> };
};

/**
 * The local buckets, through wrangler's platform proxy on the same persisted state wrangler and
 * `npm run dev` use (`<dir>/v3`), with a config holding only the buckets (the app's would also ask for its
 * Durable Object class).
 */
async function withLocalBuckets<T>(use: (buckets: LocalBuckets) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "check-storage-"));
  try {
    const configPath = join(dir, "wrangler.json");
    writeFileSync(
      configPath,
      JSON.stringify({
        name: "check-storage",
        compatibility_date: "2026-10-01",
        r2_buckets: [
          { binding: "IMAGES", bucket_name: "vidriera-images" },
          { binding: "DATA", bucket_name: DATA_BUCKET },
        ],
      }),
    );
    const state = resolve(persistTo ?? ".wrangler/state", "v3");
    // Loaded here, not at the top: importing wrangler costs about 1.5 s of CPU, and `--remote` never needs it.
    const { getPlatformProxy } = await import("wrangler");
    const proxy = await getPlatformProxy<LocalBuckets>({ configPath, persist: { path: state } });
    try {
      return await use(proxy.env);
    } finally {
      await proxy.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One archived object from the deployed bucket (wrangler can read an object by its key, not list the bucket), or
 * undefined when the key is not there. Any other failure (not signed in, no network) stops the check: it is not
 * a missing object. An object that is there but does not unzip is reported by brokenArchiveObjects.
 */
async function remoteArchive(key: string): Promise<ArchiveLine[] | undefined> {
  let bytes: Buffer;
  try {
    bytes = execFileSync("wrangler", ["r2", "object", "get", `${DATA_BUCKET}/${key}`, "--remote", "--pipe"], {
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: MAX_OUTPUT,
    });
  } catch (err) {
    const reason = wranglerReason(err);
    // r2ObjectGetCommand's own words for a key the bucket does not hold.
    if (reason.includes("The specified key does not exist.")) return undefined;
    stop(`wrangler r2 object get ${DATA_BUCKET}/${key} failed: ${reason}`);
  }
  return gunzipLines(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

const TOTALS_SQL = `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM credit_ledger) AS ledger,
  (SELECT COUNT(*) FROM generation_jobs) AS jobs, (SELECT COUNT(*) FROM payments) AS payments`;
// Everything this check reads from DB, in one call (R2 is read locally only: --remote cannot list the bucket).
const reads = [
  ...LEDGER_CHECKS.map((check) => check.sql),
  SHOP_LEDGER_SQL,
  ARCHIVE_SUMMARIES_SQL,
  ORDER_ARCHIVE_SUMMARIES_SQL,
  TOTALS_SQL,
  ...(remote ? [] : [REFERENCED_IMAGES_SQL]),
];
const answered = new Map(queryAll(reads).map((rows, i) => [reads[i]!, rows]));
const answer = <T>(sql: string) => answered.get(sql) as T[];

const broken: BrokenCheck[] = await brokenLedgerChecks((sql) => answer<Record<string, unknown>>(sql));
// The shops outside DB: their debits in DB, their pictures in each SHOP_DB_<n> wrangler.toml binds.
const shopBindings = [...boundShards(configuredDatabases())].filter(([shard]) => shard !== 0);
broken.push(
  ...brokenCrossDatabaseChecks(
    answer<{ key: string; delta: number; shard: number; created_at: number }>(SHOP_LEDGER_SQL),
    new Map(
      shopBindings.map(([shard, d]) => [
        shard,
        queryAll([SHOP_PICTURES_SQL], d.binding)[0] as { id: string; status: string; kind: string }[],
      ]),
    ),
  ),
);
const checks: string[] = [
  ...LEDGER_CHECKS.map((c) => c.name),
  ...CROSS_DATABASE_CHECKS,
  ARCHIVE_OBJECTS_CHECK,
  ORDER_ARCHIVE_OBJECTS_CHECK,
];
const summaries = answer<ArchiveSummary>(ARCHIVE_SUMMARIES_SQL);
const orderSummaries = answer<OrderArchiveSummary>(ORDER_ARCHIVE_SUMMARIES_SQL);
let objects: number | undefined;
if (!remote) {
  const referenced = answer<{ key: string }>(REFERENCED_IMAGES_SQL).map((r) => r.key);
  await withLocalBuckets(async ({ IMAGES, DATA }) => {
    const keys = await allObjectKeys(IMAGES);
    objects = keys.length;
    broken.push(...brokenStorageChecks(keys, referenced));
    broken.push(
      ...(await brokenArchiveObjects(
        summaries,
        async (key) => {
          const object = await DATA.get(key);
          return object ? gunzipLines(await object.arrayBuffer()) : undefined;
        },
        orderSummaries,
      )),
    );
  });
  checks.push(...STORAGE_CHECKS);
} else {
  broken.push(...(await brokenArchiveObjects(summaries, remoteArchive, orderSummaries)));
  console.log("skipped the images' R2 checks: wrangler cannot list the deployed bucket");
}
for (const name of checks) {
  const failure = broken.find((b) => b.name === name);
  if (!failure) {
    console.log(`ok      ${name}`);
    continue;
  }
  console.log(`BROKEN  ${name}: ${failure.rows.length} row(s)`);
  for (const row of failure.rows.slice(0, 10)) console.log(`        ${JSON.stringify(row)}`);
}
const [totals] = answer<{ users: number; ledger: number; jobs: number; payments: number }>(TOTALS_SQL);
const archived = summaries.reduce((n, s) => n + s.entries, 0);
const archivedOrders = orderSummaries.reduce((n, s) => n + s.orders, 0);
console.log(
  `checked ${totals!.users} users, ${totals!.ledger} ledger rows (and ${archived} archived in ${summaries.length} objects), ${totals!.jobs} jobs, ${totals!.payments} payments, ${archivedOrders} archived orders in ${orderSummaries.length} objects${objects === undefined ? "" : `, ${objects} R2 objects`}`,
);
process.exit(broken.length ? 1 : 0);
