/**
 * Local state for development and end-to-end runs: D1 migrations applied by
 * wrangler and a demo seller seeded, plus `npm run dev`'s secrets in .dev.vars.
 * Idempotent.
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { hashPassword } from "../worker/lib/passwords.ts";
import { SIGNUP_CREDITS } from "../common/credits.ts";
import { normalizeStoredPhones } from "./normalize-phones.ts";

/**
 * Environment for every local tool: no metrics, and no fetch of Cloudflare's
 * `Request.cf` sample (miniflare would otherwise call workers.cloudflare.com).
 */
export const OFFLINE_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/**
 * For test and bench servers, also without miniflare's local trace store (on by default in the Vite plugin):
 * it writes every request, statement and log line into a SQLite file of its own that only `npm run dev`'s
 * local explorer reads, about 750 MB and half a core within five minutes of the growth bench.
 */
export const LOCAL_OBSERVABILITY_OFF = { X_LOCAL_OBSERVABILITY: "false" } as const;

export const DEMO_SELLER = { id: "demo-seller", email: "demo@vidriera.test", password: "vidriera-demo", name: "Tienda Demo" };

/** `npm run dev`'s secrets; the tests and benches write their own (scripts/local-app.ts). */
export function ensureDevVars(say: (line: string) => void = console.log) {
  if (existsSync(".dev.vars")) return;
  writeFileSync(
    ".dev.vars",
    [
      "# Local secrets for `npm run dev`; never committed. Production uses `wrangler secret put`.",
      `SESSION_SECRET=${randomBytes(32).toString("hex")}`,
      "# Offline stand-in for Google sign-in. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to use the real Google.",
      "GOOGLE_SIGN_IN=simulated",
      "",
    ].join("\n"),
  );
  say("Creé .dev.vars con una clave de sesión local (queda solo en tu computadora).");
}

function wrangler(args: string[], persistTo?: string) {
  try {
    execFileSync("wrangler", [...args, "--local", ...(persistTo ? ["--persist-to", persistTo] : [])], {
      stdio: ["ignore", "pipe", "pipe"],
      // CI=true keeps wrangler from asking for confirmation.
      env: { ...OFFLINE_ENV, CI: "true" },
    });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
    console.error(`wrangler ${args.join(" ")} falló:\n${stdout ?? ""}${stderr ?? ""}`);
    throw err;
  }
}

export function applyMigrations(persistTo?: string, say: (line: string) => void = console.log) {
  wrangler(["d1", "migrations", "apply", "DB"], persistTo);
  say("Base de datos local lista (al día con las migraciones).");
}

/**
 * `persistTo` is the folder Vite's `persistState.path` points at (default: wrangler's own).
 * `say` gets the progress lines: the terminal for `npm run dev`, the server's own log for tests. `fresh`: the
 * folder was empty, so no phone number was ever saved in it to normalize.
 */
export async function prepareLocalState(persistTo?: string, say: (line: string) => void = console.log, { fresh = false } = {}) {
  applyMigrations(persistTo, say);

  const dir = join(".wrangler", "tmp");
  mkdirSync(dir, { recursive: true });
  const seed = join(dir, "seed-demo.sql");
  const hash = await hashPassword(DEMO_SELLER.password);
  // The demo seller starts as any new seller does: the sign-up bonus and its ledger row, consistent.
  // A demo account deleted from /settings (its row left as a tombstone) is replaced by a fresh one; the
  // tombstone's local rows go with it, which only ever touches this local database.
  writeFileSync(
    seed,
    `DELETE FROM users WHERE id = '${DEMO_SELLER.id}' AND deleted_at IS NOT NULL;
     INSERT OR IGNORE INTO users (id, email, password_hash, name, credits)
       VALUES ('${DEMO_SELLER.id}', '${DEMO_SELLER.email}', '${hash}', '${DEMO_SELLER.name}', ${SIGNUP_CREDITS});
     INSERT OR IGNORE INTO credit_ledger (user_id, delta, reason, idempotency_key, balance_after)
       VALUES ('${DEMO_SELLER.id}', ${SIGNUP_CREDITS}, 'signup_bonus', 'signup:${DEMO_SELLER.id}', ${SIGNUP_CREDITS});`,
  );
  wrangler(["d1", "execute", "DB", `--file=${seed}`], persistTo);
  say(`Vendedora de prueba lista: ${DEMO_SELLER.email}`);
  // WhatsApp numbers saved before they were read with libphonenumber-js (issue 14). A database made just now
  // (the e2e tests' and benches' apps) holds none: one wrangler run less per app.
  if (!fresh) normalizeStoredPhones(["--local", ...(persistTo ? ["--persist-to", persistTo] : [])], say);
  return DEMO_SELLER;
}

const root = resolve(import.meta.dirname, "..");

/**
 * What a fresh local state is made from: the migrations, this file (the seed), the sign-up credits and the
 * wrangler that writes the files. Any change makes another state.
 */
function freshStateKey(): string {
  const hash = createHash("sha256");
  const migrations = join(root, "migrations");
  for (const name of readdirSync(migrations)
    .filter((n) => n.endsWith(".sql"))
    .sort())
    hash.update(name).update(readFileSync(join(migrations, name)));
  for (const file of ["scripts/local-state.ts", "common/credits.ts"]) hash.update(readFileSync(join(root, file)));
  hash.update(createRequire(import.meta.url)("wrangler/package.json").version);
  return hash.digest("hex").slice(0, 16);
}

/**
 * A fresh app's state in `stateDir` (migrations applied, the demo seller seeded), as prepareLocalState makes
 * it, made once and then copied: each `wrangler d1` run starts wrangler and a workerd, seconds of CPU, and
 * the end-to-end tests and benches start several apps. The copy is kept under node_modules/.cache; a state
 * being made goes in beside it and is renamed into place, so apps started together never copy half of one.
 */
export async function freshLocalState(stateDir: string, say: (line: string) => void) {
  const cache = join(root, "node_modules", ".cache", "vidriera-fresh-state");
  const made = join(cache, freshStateKey());
  if (!existsSync(made)) {
    mkdirSync(cache, { recursive: true });
    const making = mkdtempSync(join(cache, "making-"));
    await prepareLocalState(making, say, { fresh: true });
    try {
      renameSync(making, made);
    } catch {
      // Another app made it meanwhile: theirs is the same.
      rmSync(making, { recursive: true, force: true });
    }
  } else {
    say("Base de datos local lista (copia de una recién migrada, con la vendedora de prueba).");
  }
  cpSync(made, stateDir, { recursive: true });
}
