/**
 * `npm run shop:move -- <shop> <to> [--remote] [--persist-to DIR]`: moves a shop (its seller's id, or its store's
 * username) with all its rows to shop database `<to>` (0: DB, n: SHOP_DB_<n>), as worker/lib/shop-move.ts does
 * it: fence, copy, check per table, switch users.shard, clear the old rows. It reaches the databases through
 * wrangler's platform proxy with the D1 bindings of wrangler.toml: the local ones (the dev state by default), or
 * the deployed ones with `--remote` (wrangler signed in). docs/operations.md, "Moving a shop", says what to do
 * when it stops half way (run it again).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getPlatformProxy } from "wrangler";
import { type D1, moveShop } from "../worker/lib/shop-move.ts";
import { applyMigrations } from "./local-state.ts";
import { configuredDatabases } from "./shop-databases.ts";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const persistAt = args.indexOf("--persist-to");
const persistTo = persistAt >= 0 ? args[persistAt + 1] : undefined;
const [shop, to] = args.filter((a, i) => !a.startsWith("--") && (persistAt < 0 || i !== persistAt + 1));
if (!shop || to === undefined || !/^[0-9]+$/.test(to)) {
  console.error("Usage: npm run shop:move -- <seller id or username> <shard> [--remote] [--persist-to DIR]");
  process.exit(2);
}

if (!remote) applyMigrations(persistTo);
const databases = configuredDatabases();
const dir = mkdtempSync(join(tmpdir(), "shop-move-"));
const configPath = join(dir, "wrangler.json");
// Only the databases: the app's config would also ask for its Durable Objects and queues.
writeFileSync(
  configPath,
  JSON.stringify({
    name: "shop-move",
    compatibility_date: "2026-10-01",
    d1_databases: databases.map((d) => ({
      ...d,
      migrations_dir: resolve(d.migrations_dir ?? "migrations"),
      ...(remote ? { remote: true } : {}),
    })),
  }),
);
const proxy = await getPlatformProxy<{ DB: D1 }>({ configPath, persist: { path: resolve(persistTo ?? ".wrangler/state", "v3") } });
try {
  const seller = await proxy.env.DB.prepare("SELECT id, shard FROM users WHERE id = ?1 OR username = ?1")
    .bind(shop)
    .first<{ id: string; shard: number }>();
  if (!seller) throw new Error(`no shop ${shop}`);
  console.log(`Moving ${seller.id} from shard ${seller.shard} to ${to}...`);
  const checks = await moveShop(proxy.env, seller.id, Number(to));
  for (const c of checks.filter((c) => c.rows)) console.log(`  ${c.table}: ${c.rows} rows, sha256 ${c.checksum.slice(0, 12)}`);
  console.log(`Done: the shop is in shard ${to}.`);
} catch (error) {
  console.error(`The move did not finish: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await proxy.dispose();
  rmSync(dir, { recursive: true, force: true });
}
