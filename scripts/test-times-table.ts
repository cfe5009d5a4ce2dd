/**
 * The table of `npm test` runs in docs/testing.md (written by `npm run test:times`, scripts/test-times.ts), as plain
 * functions so scripts/test-times-table.test.ts checks them without running the suite.
 */
import { betweenMarkers } from "./doc-markers.ts";

/** One `npm test` run as scripts/test-all.ts reports it when TEST_TIMES_FILE is set. */
export interface TestRunSummary {
  seconds: number;
  /** CPU seconds its processes reported (Linux: the children it waited for; a grandchild nobody reaped is missing). */
  cpuSeconds: number | null;
  /** How long the machine's cores were busy during the run, from /proc/stat: everything running, nothing missed. */
  busyCoreSeconds: number | null;
  cores: number;
  /** The machine's 1-minute load average when the run started and when it ended. */
  load: [number, number];
  steps: { name: string; seconds: number; code: number }[];
}

export const TEST_TIMES_MARKERS = ["<!-- test-times:start (written by npm run test:times) -->", "<!-- test-times:end -->"] as const;

/** The steps whose time the table shows one column each (the others take seconds, and are in the total). */
const COLUMNS = ["typecheck", "unit", "e2e"];

export interface TimesInput {
  runs: TestRunSummary[];
  date: Date;
  commit: string;
  /** What the suite took before it ran its steps side by side, for the comparison under the table. */
  before: { seconds: number; commit: string };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/** The table of runs with its heading and the median against the time before. */
export function renderTimes(input: TimesInput): string {
  if (input.runs.length === 0) throw new Error("no npm test run to write");
  const when = `${input.date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const cores = input.runs[0]!.cores;
  const lines = [
    `Written by \`npm run test:times\` on ${when} from commit \`${input.commit}\`, on ${cores} cores: \`npm test\` ${input.runs.length} times in a row, each on a fresh checkout (\`git clean -xdf\` but node_modules).`,
    "",
    `| run | result | total | ${COLUMNS.join(" | ")} | cores busy | load at start → end |`,
    `| --- | --- | --- | ${COLUMNS.map(() => "---").join(" | ")} | --- | --- |`,
  ];
  input.runs.forEach((run, index) => {
    const failed = run.steps.filter((step) => step.code !== 0).map((step) => step.name);
    const step = (name: string) => {
      const found = run.steps.find((s) => s.name === name);
      return found ? `${found.seconds} s` : "—";
    };
    const busy = run.busyCoreSeconds === null ? "—" : `${(run.busyCoreSeconds / run.seconds).toFixed(2)} of ${run.cores}`;
    lines.push(
      `| ${index + 1} | ${failed.length ? `**failed:** ${failed.join(", ")}` : "passed"} | ${run.seconds} s | ${COLUMNS.map(step).join(" | ")} | ${busy} | ${run.load[0]} → ${run.load[1]} |`,
    );
  });
  const middle = median(input.runs.map((run) => run.seconds));
  const share = Math.round((middle / input.before.seconds) * 100);
  lines.push(
    "",
    `Median ${middle} s, ${share}% of the ${input.before.seconds} s that \`npm test\` took from a fresh clone of \`${input.before.commit}\`, before its steps ran side by side.`,
    "'Cores busy' is the machine's busy time over the run's (/proc/stat), so near the core count the suite is bound by CPU, not by waiting.",
  );
  return lines.join("\n");
}

/** docs/testing.md with the table put between its markers; throws when a marker is missing. */
export function writeTimes(readme: string, table: string): string {
  return betweenMarkers(readme, TEST_TIMES_MARKERS, table, "docs/testing.md");
}
