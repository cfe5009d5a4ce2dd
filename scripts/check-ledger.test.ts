/**
 * `npm run check:ledger -- --remote` against a deployed account that is a fake `wrangler` first on PATH
 * (scripts/fake-wrangler.ts): the real script runs, its `wrangler d1 execute` calls read a SQLite file made from
 * the migrations, and its `wrangler r2 object get` calls read archived objects from a folder. The fake takes only
 * what wrangler's own command definitions take (read here from the installed wrangler) and answers as wrangler
 * does, errors included. No network.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { experimental_getWranglerCommands, type Unstable_Config as Config, unstable_readConfig } from "wrangler";
import { type ArchiveLine, gzipLines } from "../common/ledger-archive.ts";
import type { FakeWranglerSpec } from "./fake-wrangler.ts";

/** node:sqlite warns once, on loading, that it is experimental: the test's output stays quiet. */
const quiet = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
const { DatabaseSync } = await import("node:sqlite");
quiet.mockRestore();

const root = resolve(import.meta.dirname, "..");
const MAY = Date.UTC(2026, 4, 12, 15, 30);
const NOVEMBER = Date.UTC(2026, 10, 20, 10, 0);
const LUCIA = "3f9a6c2e-lucia";
const MARTIN = "7b1d0e4f-martin";
const OBJECT_KEY = `archive/${LUCIA}/2026-05/generations-2-4-1.ndjson.gz`;

/** The month the archival moved: one succeeded job, one failed and refunded (ledger ids 2 to 4). */
const ARCHIVED: ArchiveLine[] = [
  {
    kind: "job",
    id: "job-may-1",
    userId: LUCIA,
    productId: null,
    jobKind: "product_photo",
    quality: "standard",
    cost: 50,
    status: "succeeded",
    error: null,
    imageId: "img-may-1",
    createdAt: MAY,
    finishedAt: MAY + 40_000,
  },
  {
    kind: "ledger",
    id: 2,
    userId: LUCIA,
    delta: -50,
    reason: "generation",
    idempotencyKey: "job:job-may-1",
    balanceAfter: 50,
    createdAt: MAY,
  },
  {
    kind: "job",
    id: "job-may-2",
    userId: LUCIA,
    productId: null,
    jobKind: "product_photo",
    quality: "standard",
    cost: 50,
    status: "failed",
    error: "provider_error",
    imageId: null,
    createdAt: MAY + 60_000,
    finishedAt: MAY + 90_000,
  },
  {
    kind: "ledger",
    id: 3,
    userId: LUCIA,
    delta: -50,
    reason: "generation",
    idempotencyKey: "job:job-may-2",
    balanceAfter: 0,
    createdAt: MAY + 60_000,
  },
  {
    kind: "ledger",
    id: 4,
    userId: LUCIA,
    delta: 50,
    reason: "refund",
    idempotencyKey: "refund:job-may-2",
    balanceAfter: 50,
    createdAt: MAY + 90_000,
  },
];

/** wrangler.toml as wrangler reads it. */
const config: Config = unstable_readConfig({ config: join(root, "wrangler.toml") });

/** wrangler's definitions of the two commands the check runs, with the global flags every command takes. */
function wranglerSpec(): Pick<FakeWranglerSpec, "commands" | "databases" | "buckets"> {
  const { registry, globalFlags } = experimental_getWranglerCommands();
  type Args = Record<string, { type?: string; alias?: string | readonly string[] }>;
  type Node = { definition?: { args?: Args; positionalArgs?: string[] }; subtree: Map<string, Node> };
  const command = (path: string) => {
    const node = path.split(" ").reduce<Node>((at, word) => at.subtree.get(word)!, registry as unknown as Node);
    const args = Object.entries({ ...(globalFlags as unknown as Args), ...node.definition!.args! }).map(([name, arg]) => [
      name,
      { type: arg.type === "boolean" ? "boolean" : "string", aliases: [arg.alias ?? []].flat() as string[] },
    ]);
    return { positionals: node.definition!.positionalArgs ?? [], args: Object.fromEntries(args) };
  };
  return {
    commands: { "d1 execute": command("d1 execute"), "r2 object get": command("r2 object get") },
    databases: config.d1_databases.map((d: Config["d1_databases"][number]) => ({ binding: d.binding, database_name: d.database_name! })),
    buckets: config.r2_buckets.map((b: Config["r2_buckets"][number]) => b.bucket_name!),
  };
}
const spec = wranglerSpec();
/** Where the deployed Worker's archive goes: wrangler.toml's DATA binding. */
const dataBucket = config.r2_buckets.find((b: Config["r2_buckets"][number]) => b.binding === "DATA")!.bucket_name!;

let dir: string;
let d1File: string;
let objectFile: string;

/** The deployed database: every migration, two sellers, Lucía with an archived May and a November in D1. */
function seedDatabase(file: string) {
  const db = new DatabaseSync(file);
  for (const migration of readdirSync(join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(join(root, "migrations", migration), "utf8"));
  }
  db.exec(`
    INSERT INTO users (id, email, name, username, phone, credits, created_at) VALUES
      ('${LUCIA}', 'lucia.nunez@correo.com.ar', 'Lucía Núñez 🌵', 'lucia-nunez', '+54 9 11 5555-0101', 200, ${MAY - 86_400_000}),
      ('${MARTIN}', 'martin@correo.com.ar', 'Martín Pérez', 'martin-perez', '011 15 4444-0202', 100, ${NOVEMBER});
    INSERT INTO credit_ledger (id, user_id, delta, reason, idempotency_key, balance_after, created_at) VALUES
      (1, '${LUCIA}', 100, 'signup_bonus', 'signup:${LUCIA}', 100, ${MAY - 86_400_000}),
      (5, '${LUCIA}', 200, 'purchase', 'payment:mercadopago:1329847561', 250, ${NOVEMBER}),
      (6, '${LUCIA}', -50, 'generation', 'job:job-nov-1', 200, ${NOVEMBER + 60_000}),
      (7, '${MARTIN}', 100, 'signup_bonus', 'signup:${MARTIN}', 100, ${NOVEMBER});
    INSERT INTO payments (id, user_id, provider, purpose, credits, amount, currency, status, provider_payment_id, created_at) VALUES
      ('pay-1', '${LUCIA}', 'mercadopago', 'credits', 200, 12500, 'ARS', 'approved', '1329847561', ${NOVEMBER});
    INSERT INTO generation_jobs (id, user_id, kind, quality, cost, status, created_at, finished_at) VALUES
      ('job-nov-1', '${LUCIA}', 'product_photo', 'standard', 50, 'succeeded', ${NOVEMBER + 60_000}, ${NOVEMBER + 95_000});
    INSERT INTO ledger_archives (object_key, user_id, month, first_id, last_id, entries, delta_sum, jobs, created_at) VALUES
      ('${OBJECT_KEY}', '${LUCIA}', '2026-05', 2, 4, 3, -50, 2, ${NOVEMBER});
    INSERT INTO archived_ledger_keys (key) VALUES ('job:job-may-1'), ('refund:job-may-1'), ('job:job-may-2'), ('refund:job-may-2');
  `);
  db.close();
}

/** Runs the real script with the fake first on PATH; resolves with its exit code and output (never rejects). */
function checkLedgerRemote(): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["scripts/check-ledger.ts", "--remote"],
      {
        cwd: root,
        env: {
          ...process.env,
          PATH: `${join(dir, "bin")}:${process.env.PATH}`,
          FAKE_WRANGLER_SPEC: join(dir, "spec.json"),
          FAKE_WRANGLER_CALLS: join(dir, "calls.ndjson"),
        },
      },
      (error, stdout, stderr) => done({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

function calls(): string[][] {
  return readFileSync(join(dir, "calls.ndjson"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as string[]);
}

const ARCHIVE_CHECK = "each archived month's object holds what its summary says";

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "check-ledger-remote-"));
  d1File = join(dir, "d1.sqlite");
  seedDatabase(d1File);
  objectFile = join(dir, "r2", dataBucket, OBJECT_KEY);
  mkdirSync(dirname(objectFile), { recursive: true });
  writeFileSync(objectFile, await gzipLines(ARCHIVED));
  writeFileSync(join(dir, "spec.json"), JSON.stringify({ ...spec, d1File, r2Dir: join(dir, "r2") } satisfies FakeWranglerSpec));
  mkdirSync(join(dir, "bin"));
  const fake = join(dir, "bin", "wrangler");
  writeFileSync(
    fake,
    `#!/bin/sh\nexec "${process.execPath}" --disable-warning=ExperimentalWarning "${join(root, "scripts", "fake-wrangler.ts")}" "$@"\n`,
  );
  chmodSync(fake, 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Each run starts Node for the script and once more for each of its wrangler calls.
describe("npm run check:ledger -- --remote", { timeout: 120_000 }, () => {
  it("passes on a consistent deployed database and its archived month, reading D1 and R2 only remotely", async () => {
    const run = await checkLedgerRemote();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("BROKEN");
    expect(run.stdout).toContain(`ok      ${ARCHIVE_CHECK}`);
    expect(run.stdout).toContain("checked 2 users, 4 ledger rows (and 3 archived in 1 objects), 1 jobs, 1 payments");
    const made = calls();
    // Everything it reads from a database in one call to it: DB, and each shop database wrangler.toml binds.
    expect(made.filter((c) => c[0] === "d1").map((c) => c[2])).toEqual(spec.databases.map((d) => d.binding));
    expect(made.filter((c) => c[0] === "r2")).toEqual([["r2", "object", "get", `${dataBucket}/${OBJECT_KEY}`, "--remote", "--pipe"]]);
    expect(made.every((c) => c.includes("--remote") && !c.includes("--local"))).toBe(true);
  });

  it("fails on an archived object whose refund was changed, and says what no longer matches", async () => {
    const tampered = ARCHIVED.map((l) => (l.kind === "ledger" && l.idempotencyKey === "refund:job-may-2" ? { ...l, delta: 5 } : l));
    writeFileSync(objectFile, await gzipLines(tampered));
    const run = await checkLedgerRemote();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`BROKEN  ${ARCHIVE_CHECK}: 1 row(s)`);
    expect(run.stdout).toContain("deltas sum -95, summary says -50");
    expect(run.stdout).toContain("failed picture job-may-2 without its refund");
  });

  it("fails on an archived object that is not in the bucket", async () => {
    unlinkSync(objectFile);
    const run = await checkLedgerRemote();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`BROKEN  ${ARCHIVE_CHECK}: 1 row(s)`);
    expect(run.stdout).toContain(JSON.stringify({ object: OBJECT_KEY, problems: ["object missing"] }));
  });

  it("fails on an archived object that is there but is not a gzipped archive, without calling it missing", async () => {
    writeFileSync(objectFile, "not gzip at all");
    const run = await checkLedgerRemote();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`BROKEN  ${ARCHIVE_CHECK}: 1 row(s)`);
    expect(run.stdout).toContain("object unreadable");
    expect(run.stdout).not.toContain("object missing");
  });

  it("stops with wrangler's reason when the bucket is not there, instead of calling each object missing", async () => {
    // The account without the DATA bucket (docs/operations.md: created once with `wrangler r2 bucket create`).
    const withoutBucket = { ...spec, buckets: spec.buckets.filter((b) => b !== dataBucket), d1File, r2Dir: join(dir, "r2") };
    writeFileSync(join(dir, "spec.json"), JSON.stringify(withoutBucket satisfies FakeWranglerSpec));
    const run = await checkLedgerRemote();
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `check:ledger stopped: wrangler r2 object get ${dataBucket}/${OBJECT_KEY} failed: The specified bucket does not exist. [code: 10006]`,
    );
    expect(run.stdout).not.toContain("object missing");
  });

  it("stops with D1's own reason when a query is refused", async () => {
    const db = new DatabaseSync(d1File);
    db.exec("DROP TABLE ledger_archives");
    db.close();
    const run = await checkLedgerRemote();
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^check:ledger stopped: wrangler d1 execute failed: A request to the Cloudflare API .* failed\. no such table: ledger_archives: SQLITE_ERROR \[code: 7500\]$/,
    );
  });

  it("reads answers of more than a megabyte whole", async () => {
    // Fifteen thousand accounts whose balance has no ledger behind it: the balance check answers them all.
    const db = new DatabaseSync(d1File);
    db.exec("BEGIN");
    const insert = db.prepare("INSERT INTO users (id, email, credits) VALUES (?, ?, 30)");
    for (let i = 0; i < 15_000; i++) insert.run(`sin-libro-${i}`, `comprador${i}@correo.com.ar`);
    db.exec("COMMIT");
    db.close();
    const run = await checkLedgerRemote();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("BROKEN  balance equals the sum of the user's ledger, archived months included: 15000 row(s)");
    expect(run.stdout).toContain(`ok      ${ARCHIVE_CHECK}`);
  });
});
