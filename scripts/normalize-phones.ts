/**
 * One-off: rewrites the WhatsApp numbers saved before common/phone.ts as
 * WhatsApp dials them ("+54 1123456789" → "+54 91123456789"). Before, the
 * forms had no landline choice, so every Argentine number was meant as a
 * mobile and gains its 9. Numbers it cannot read are left as they are and
 * listed. Idempotent: a normalised number stays the same.
 *
 *   npm run dev                          runs it on the local database
 *   npm run phones:normalize -- --remote runs it once on production (after the deploy)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { parseWhatsappNumber } from "../common/phone.ts";

interface Row {
  id: string;
  phone: string;
  country_code: string | null;
}

function d1(args: string[], where: string[]): string {
  return execFileSync("wrangler", ["d1", "execute", "DB", ...args, ...where], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
  });
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The new number for each saved one that changes; the ones it cannot read apart. */
export function phoneUpdates(rows: Row[]): { updates: { id: string; from: string; to: string }[]; unreadable: Row[] } {
  const updates: { id: string; from: string; to: string }[] = [];
  const unreadable: Row[] = [];
  for (const row of rows) {
    // The saved number names its country by its dial code ("+54 …"); the saved country is the fallback.
    const read = parsePhoneNumberFromString(row.phone);
    const code = read?.country ?? row.country_code ?? "AR";
    const dialCode = read?.countryCallingCode ?? (code === "AR" ? "54" : "");
    const parsed = dialCode ? parseWhatsappNumber(row.phone, { code, dialCode, name: code, flag: "" }) : { error: "sin país" };
    if ("error" in parsed) unreadable.push(row);
    else if (parsed.phone !== row.phone) updates.push({ id: row.id, from: row.phone, to: parsed.phone });
  }
  return { updates, unreadable };
}

/** `where`: ["--local"] (with an optional --persist-to) or ["--remote"]. */
export function normalizeStoredPhones(where: string[], say: (line: string) => void = console.log) {
  const out = d1(
    ["--json", "--command", "SELECT id, phone, country_code FROM users WHERE phone IS NOT NULL AND deleted_at IS NULL"],
    where,
  );
  const rows = (JSON.parse(out) as { results: Row[] }[])[0]?.results ?? [];
  const { updates, unreadable } = phoneUpdates(rows);
  if (updates.length) {
    const dir = join(".wrangler", "tmp");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "normalize-phones.sql");
    // Only while the number is still the one read; the store page's cache key moves with it.
    writeFileSync(
      file,
      updates
        .map(
          (u) =>
            `UPDATE users SET phone = ${sqlText(u.to)}, store_version = store_version + 1 WHERE id = ${sqlText(u.id)} AND phone = ${sqlText(u.from)};`,
        )
        .join("\n"),
    );
    d1([`--file=${file}`], where);
  }
  say(`Números de WhatsApp: ${updates.length} normalizados, ${unreadable.length} sin poder leer.`);
  for (const row of unreadable) say(`  Revisa el número de la tienda ${row.id}: ${row.phone}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  normalizeStoredPhones(process.argv.includes("--remote") ? ["--remote"] : ["--local"]);
}
