/**
 * Local state for development and end-to-end runs: D1 migrations applied by
 * wrangler and a demo seller seeded, plus `npm run dev`'s secrets in .dev.vars.
 * Idempotent.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../worker/lib/passwords.ts";
import { SIGNUP_CREDITS } from "../common/credits.ts";
import { normalizeStoredPhones } from "./normalize-phones.ts";

/**
 * Environment for every local tool: no metrics, and no fetch of Cloudflare's
 * `Request.cf` sample (miniflare would otherwise call workers.cloudflare.com).
 */
export const OFFLINE_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

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
