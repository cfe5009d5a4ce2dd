/**
 * The shop databases of a deploy (worker/db/client.ts shopDatabase: shard 0 is `DB`, shard n the D1 binding
 * `SHOP_DB_<n>`), checked before `npm run deploy` uploads a Worker:
 * - offline, from the built config (dist/vidriera/wrangler.json): every SHOP_DB_<n> binding has its own database
 *   and the same migrations as DB;
 * - against the account (`--remote`, run by `npm run deploy`, which needs the account anyway): every shard some
 *   user has is bound, or the deploy stops before a shop's requests fail; then each SHOP_DB_<n> gets the
 *   migrations DB gets. Which shards users have lives only in the remote database, so that part cannot be
 *   checked offline (`npm run check:deploy` checks the bindings alone).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";
import { DEPLOY_CONFIG } from "./deploy-bindings.ts";

interface D1Binding {
  binding: string;
  database_id?: string;
  database_name?: string;
  migrations_dir?: string;
}

const SHOP_BINDING = /^SHOP_DB_([1-9][0-9]*)$/;

/** The shard each SHOP_DB_<n> binding serves, with DB as shard 0. */
export function boundShards(databases: readonly D1Binding[]): Map<number, D1Binding> {
  const shards = new Map<number, D1Binding>();
  for (const d of databases) {
    if (d.binding === "DB") shards.set(0, d);
    const n = SHOP_BINDING.exec(d.binding)?.[1];
    if (n) shards.set(Number(n), d);
  }
  return shards;
}

/** What is wrong with the shop database bindings themselves (checkable offline). */
export function shopBindingProblems(databases: readonly D1Binding[]): string[] {
  const shards = boundShards(databases);
  const global = shards.get(0);
  const problems: string[] = [];
  for (const [shard, d] of shards) {
    if (shard === 0) continue;
    if (global && d.database_id && d.database_id === global.database_id)
      problems.push(`${d.binding} points at DB's own database: a shard needs a database of its own`);
    if ((d.migrations_dir ?? "migrations") !== (global?.migrations_dir ?? "migrations"))
      problems.push(`${d.binding} takes its migrations from ${d.migrations_dir}, not DB's ${global?.migrations_dir ?? "migrations"}`);
  }
  return problems;
}

/** The shards some user has (`SELECT DISTINCT shard FROM users` on the remote DB) that this deploy does not bind. */
export function unboundShards(usedShards: readonly number[], databases: readonly D1Binding[]): number[] {
  const bound = boundShards(databases);
  return [...new Set(usedShards)].filter((shard) => !bound.has(shard)).sort((a, b) => a - b);
}

/**
 * wrangler.toml's top-level [[d1_databases]] (no `[env.*]` section is used), read as TOML with smol-toml, the
 * parser wrangler itself bundles: wrangler's own reader would load all of wrangler for this one list.
 */
export function configuredDatabases(path = "wrangler.toml"): D1Binding[] {
  return (parseToml(readFileSync(path, "utf8")) as { d1_databases?: D1Binding[] }).d1_databases ?? [];
}

export function builtDatabases(path = DEPLOY_CONFIG): D1Binding[] {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`vite build\` first.`);
  return (JSON.parse(readFileSync(path, "utf8")) as { d1_databases?: D1Binding[] }).d1_databases ?? [];
}

function wrangler(args: string[]): string {
  return execFileSync("wrangler", [...args, "--config", DEPLOY_CONFIG], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databases = builtDatabases();
  const problems = shopBindingProblems(databases);
  if (process.argv.includes("--remote")) {
    const answer = JSON.parse(wrangler(["d1", "execute", "DB", "--remote", "--json", "--command", "SELECT DISTINCT shard FROM users"])) as {
      results: { shard: number }[];
    }[];
    const missing = unboundShards(
      answer.flatMap((r) => r.results.map((row) => row.shard)),
      databases,
    );
    for (const shard of missing)
      problems.push(`users have shard ${shard}, but SHOP_DB_${shard} is not bound (wrangler.toml [[d1_databases]])`);
  }
  if (problems.length) {
    for (const problem of problems) console.error(`ERROR ${problem}`);
    process.exit(1);
  }
  if (process.argv.includes("--remote")) {
    for (const [shard, d] of boundShards(databases)) if (shard !== 0) wrangler(["d1", "migrations", "apply", d.binding, "--remote"]);
  }
  console.log(`shop databases: ${[...boundShards(databases).values()].map((d) => d.binding).join(", ") || "DB"}`);
}
