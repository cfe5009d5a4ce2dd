import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Every statement of migrations/, in order, for a bench's scratch Worker to apply to its own D1 (the benches
 * that build a population there: bench:scale and bench:export). Split where drizzle-kit marks a break.
 */
export function migrationStatements(): string[] {
  const dir = join(resolve(import.meta.dirname, ".."), "migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint"))
    .map((sql) => sql.trim())
    .filter(Boolean);
}
