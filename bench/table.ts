/**
 * What `npm run bench` (bench/all.ts) runs and the tables it writes, as plain functions
 * (bench/table.test.ts checks them without running a bench).
 *
 * Rows go to the performance table (docs/performance.md), except those whose id starts with `abuse:`
 * (bench/abuse.ts: one per attack), which go to the reliability table (docs/reliability.md).
 */
import { betweenMarkers } from "../scripts/doc-markers.ts";
import type { BenchRow } from "./results.ts";

export type TableName = "performance" | "reliability";

/** The file each table lives in, from the repository's root. */
export const TABLE_FILES: Record<TableName, string> = {
  performance: "docs/performance.md",
  reliability: "docs/reliability.md",
};

/** Each table's place in its file: everything between its two markers is rewritten. */
export const TABLE_MARKERS: Record<TableName, readonly [string, string]> = {
  performance: ["<!-- bench:performance:start (written by npm run bench) -->", "<!-- bench:performance:end -->"],
  reliability: ["<!-- bench:reliability:start (written by npm run bench) -->", "<!-- bench:reliability:end -->"],
};

const tableOf = (row: BenchRow): TableName => (row.row.startsWith("abuse:") ? "reliability" : "performance");

/** Scripts that print figures for the performance table besides the bench:* ones. */
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

/** Both tables, each with the run's date, commit and machine, ready to go between its markers. */
export function renderTables(input: TableInput): Record<TableName, string> {
  const seen = new Set<string>();
  for (const row of input.rows) {
    if (seen.has(row.row)) throw new Error(`bench row "${row.row}" reported twice`);
    seen.add(row.row);
  }
  const when = `${input.date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const heading =
    `Written by \`npm run bench\` on ${when} from commit \`${input.commit}\`${input.dirty ? " with uncommitted changes" : ""}, on ${input.cores} cores. ` +
    "The load column is the machine's 1-minute load average when the row's bench started → ended: figures measured at a load " +
    `near or above ${input.cores} (the core count) are a busy machine's, not the code's.` +
    (input.quick
      ? " **Quick run** (BENCH_QUICK=1: fewer iterations): these figures prove the machinery, they are not the figures of record."
      : "");
  const render = (name: TableName, columns: [string, string, string]) => {
    const rows = input.rows.filter((row) => tableOf(row) === name);
    const lines = [heading, "", `| ${columns.join(" | ")} | load | how |`, "| --- | --- | --- | --- | --- |"];
    for (const row of rows) {
      // An attack's row says whether the promise held; a figure's row, its budget (and whether it is over).
      const third = name === "reliability" ? (row.over ? "**no**" : "yes") : row.budget || "—";
      const figure = row.over && name === "performance" ? `**over budget:** ${row.figure}` : row.figure;
      lines.push(`| ${cell(row.what)} | ${cell(figure)} | ${cell(third)} | ${row.load[0]} → ${row.load[1]} | \`${cell(row.how)}\` |`);
    }
    const over = rows.filter((row) => row.over).length;
    lines.push("", `${rows.length} rows, ${over === 0 ? "none" : over} ${name === "performance" ? "over budget" : "not held"}.`);
    for (const failure of input.failures) {
      const own = input.rows.filter((row) => row.how === `npm run ${failure.script}`);
      if (own.length > 0 && !own.some((row) => tableOf(row) === name)) continue;
      lines.push(
        failure.rows > 0
          ? `\`npm run ${failure.script}\` exited ${failure.code} after reporting ${failure.rows} rows.`
          : `\`npm run ${failure.script}\` failed (exit ${failure.code}) and reported no figures: its rows are missing from this table.`,
      );
    }
    return lines.join("\n");
  };
  return {
    performance: render("performance", ["what", "figure", "budget"]),
    reliability: render("reliability", ["attack", "what happened", "held as promised"]),
  };
}

/** A table's file with the table put between its markers; throws when a marker is missing. */
export function writeTable(doc: string, name: TableName, table: string): string {
  return betweenMarkers(doc, TABLE_MARKERS[name], table, TABLE_FILES[name]);
}
