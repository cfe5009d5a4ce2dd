import { describe, expect, it } from "vitest";
import { renderTimes, TEST_TIMES_MARKERS, type TestRunSummary, writeTimes } from "./test-times-table";

const run = (seconds: number, failing?: string): TestRunSummary => ({
  seconds,
  cpuSeconds: 500,
  busyCoreSeconds: 540,
  cores: 2,
  load: [0.4, 3.1],
  steps: [
    { name: "typecheck", seconds: 12, code: 0 },
    { name: "unit", seconds: seconds - 3, code: failing === "unit" ? 1 : 0 },
    { name: "e2e", seconds: 200, code: failing === "e2e" ? 1 : 0 },
  ],
});

describe("the table of npm test runs (docs/testing.md)", () => {
  it("shows each run's steps and the median against the time before", () => {
    const table = renderTimes({
      runs: [run(300), run(280), run(320, "e2e")],
      date: new Date("2026-11-26T01:02:00Z"),
      commit: "abc123def456",
      before: { seconds: 600, commit: "0000000" },
    });
    expect(table).toContain("on 2026-11-26 01:02 UTC from commit `abc123def456`, on 2 cores: `npm test` 3 times in a row");
    expect(table).toContain("| 1 | passed | 300 s | 12 s | 297 s | 200 s | 1.80 of 2 | 0.4 → 3.1 |");
    expect(table).toContain("| 2 | passed | 280 s | 12 s | 277 s | 200 s | 1.93 of 2 |");
    expect(table).toContain("| 3 | **failed:** e2e | 320 s |");
    expect(table).toContain("Median 300 s, 50% of the 600 s");
  });

  it("refuses to write nothing and needs both markers", () => {
    expect(() => renderTimes({ runs: [], date: new Date(), commit: "x", before: { seconds: 1, commit: "y" } })).toThrow();
    const [start, end] = TEST_TIMES_MARKERS;
    expect(writeTimes(`a\n${start}\nold\n${end}\nb`, "new")).toBe(`a\n${start}\nnew\n${end}\nb`);
    expect(() => writeTimes("no markers", "new")).toThrow(/markers/);
  });
});
