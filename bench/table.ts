/**
 * What `npm run bench` (bench/all.ts) runs and the README table it writes, as plain functions
 * (bench/table.test.ts checks them without running a bench).
 */
import type { BenchRow } from "./results.ts";

export const README_MARKERS = ["<!-- bench:table:start (written by npm run bench) -->", "<!-- bench:table:end -->"] as const;

/** Scripts that print figures for the README's table besides the bench:* ones. */
const ALSO_FIGURES = ["check:deploy"];

/** Every `bench:*` script in package.json's order, then the other scripts that report rows. */
export function benchScripts(scripts: Record<string, string>): string[] {
  return [...Object.keys(scripts).filter((name) => name.startsWith("bench:")), ...ALSO_FIGURES.filter((name) => name in scripts)];
}

export interface MeasuredRow extends BenchRow {
  /** The machine's 1-minute load average when the row's bench started and when it ended. */
  load: [number, number];
}

export interface TableInput {
  rows: MeasuredRow[];
  failures: { script: string; code: number; rows: number }[];
  date: Date;
  commit: string;
  dirty: boolean;
  cores: number;
  quick: boolean;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

export function renderTable(input: TableInput): string {
  const when = `${input.date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const lines = [
    `Written by \`npm run bench\` on ${when} from commit \`${input.commit}\`${input.dirty ? " with uncommitted changes" : ""}, on ${input.cores} cores. ` +
      "The load column is the machine's 1-minute load average when the row's bench started → ended: figures measured at a load " +
      `near or above ${input.cores} (the core count) are a busy machine's, not the code's.` +
      (input.quick
        ? " **Quick run** (BENCH_QUICK=1: fewer iterations): these figures prove the machinery, they are not the figures of record."
        : ""),
    "",
    "| what | figure | budget | load | how |",
    "| --- | --- | --- | --- | --- |",
  ];
  const seen = new Set<string>();
  for (const row of input.rows) {
    if (seen.has(row.row)) throw new Error(`bench row "${row.row}" reported twice`);
    seen.add(row.row);
    const figure = row.over ? `**over budget:** ${row.figure}` : row.figure;
    lines.push(
      `| ${cell(row.what)} | ${cell(figure)} | ${cell(row.budget || "—")} | ${row.load[0]} → ${row.load[1]} | \`${cell(row.how)}\` |`,
    );
  }
  const over = input.rows.filter((row) => row.over).length;
  lines.push("");
  lines.push(`${input.rows.length} rows, ${over === 0 ? "none" : over} over budget.`);
  for (const failure of input.failures) {
    lines.push(
      failure.rows > 0
        ? `\`npm run ${failure.script}\` exited ${failure.code} after reporting ${failure.rows} rows (above).`
        : `\`npm run ${failure.script}\` failed (exit ${failure.code}) and reported no figures: its rows are missing from this table.`,
    );
  }
  return lines.join("\n");
}
