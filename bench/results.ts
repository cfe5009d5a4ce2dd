/**
 * The bench contract. Every bench prints its figures for a human and, when the environment variable
 * BENCH_RESULTS names a file, appends one JSON line per row of the performance table (docs/performance.md):
 *
 *   {"row":"<stable id>","what":"<what is measured>","figure":"<value as text>","budget":"<budget or empty>",
 *    "over":<true when over budget>,"how":"npm run bench:<name>"}
 *
 * `npm run bench` (bench/all.ts) runs every bench in turn on one production build and writes the table
 * from these lines, with the machine's load and core count, the date and the commit. A bench that has a
 * row to report calls `recordRow` once per row, after it has measured it.
 *
 * BENCH_QUICK=1 asks for fewer iterations (`iterations`), to prove the machinery end to end in minutes;
 * its figures say so and are not the table's.
 */
import { appendFileSync } from "node:fs";

export interface BenchRow {
  /** Stable across runs (the table keeps rows in the order the benches report them). */
  row: string;
  what: string;
  figure: string;
  /** The budget as text, or "" for a figure reported without one. */
  budget: string;
  over: boolean;
  how: string;
}

export const QUICK = process.env.BENCH_QUICK === "1";

/** The iteration count for this run: `full`, or `quick` under BENCH_QUICK=1 (an explicit env override wins over both). */
export function iterations(full: number, quick: number, override?: string): number {
  if (override !== undefined && override !== "") return Number(override);
  return QUICK ? quick : full;
}

export function recordRow(row: BenchRow): void {
  if (!/^[a-z0-9][a-z0-9:._-]*$/.test(row.row)) throw new Error(`bench row id "${row.row}": lowercase letters, digits, : . _ - only`);
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** A figure against an upper budget: the row, with `over` decided by the numbers, not by hand. */
export function rowWithin(row: Omit<BenchRow, "over">, value: number, limit: number): BenchRow {
  return { ...row, over: value > limit };
}
