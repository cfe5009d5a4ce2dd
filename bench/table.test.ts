import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { benchScripts, type MeasuredRow, renderTables, TABLE_FILES, TABLE_MARKERS, writeTable } from "./table.ts";

const row = (over: Partial<MeasuredRow> = {}): MeasuredRow => ({
  row: "size:entry-js",
  what: "SPA entry JavaScript (gzip)",
  figure: "123.7 KiB",
  budget: "170 KiB",
  over: false,
  how: "npm run bench:size",
  load: [0.42, 0.9],
  ...over,
});

const tables = (rows: MeasuredRow[], extra: Partial<Parameters<typeof renderTables>[0]> = {}) =>
  renderTables({
    rows,
    failures: [],
    date: new Date("2026-11-20T21:05:09Z"),
    commit: "0123456789ab",
    dirty: false,
    cores: 2,
    quick: false,
    ...extra,
  });
const table = (rows: MeasuredRow[], extra: Partial<Parameters<typeof renderTables>[0]> = {}) => tables(rows, extra).performance;

describe("npm run bench's list and tables", () => {
  it("runs every bench:* script in package.json's order, then check:deploy, and nothing else", () => {
    const scripts = { test: "x", "bench:size": "x", dev: "x", "bench:jobs": "x", "check:deploy": "x", bench: "x", "bench:load:store": "x" };
    expect(benchScripts(scripts)).toEqual(["bench:size", "bench:jobs", "bench:load:store", "check:deploy"]);
  });

  it("dates the table, names the commit and cores, and gives each row its load", () => {
    const text = table([row()]);
    expect(text).toContain("on 2026-11-20 21:05 UTC from commit `0123456789ab`, on 2 cores");
    expect(text).toContain("| SPA entry JavaScript (gzip) | 123.7 KiB | 170 KiB | 0.42 → 0.9 | `npm run bench:size` |");
    expect(text).toContain("1 rows, none over budget.");
    expect(text).not.toContain("uncommitted");
    expect(table([row()], { dirty: true })).toContain("with uncommitted changes");
  });

  it("marks a figure over its budget in the table and counts it", () => {
    const text = table([row(), row({ row: "jobs:overhead", what: "overhead", figure: "p50 244 ms", budget: "p50 < 50 ms", over: true })]);
    expect(text).toContain("| overhead | **over budget:** p50 244 ms | p50 < 50 ms |");
    expect(text).toContain("2 rows, 1 over budget.");
  });

  it("names a bench that failed, and says quick figures are not the figures of record", () => {
    const text = table([row()], { failures: [{ script: "bench:load:store", code: 1, rows: 0 }], quick: true });
    expect(text).toContain("`npm run bench:load:store` failed (exit 1) and reported no figures");
    expect(text).toContain("**Quick run**");
  });

  it("puts bench:abuse's attacks in the reliability table and every other row in the performance table", () => {
    const attack = row({
      row: "abuse:sign-ups",
      what: "sign-ups from one address",
      figure: "10 × 201, 10 × 429",
      budget: "10 accounts",
      how: "npm run bench:abuse",
    });
    const both = tables([row(), attack, { ...attack, row: "abuse:orders", what: "orders", over: true }]);
    expect(both.performance).toContain("SPA entry JavaScript");
    expect(both.performance).not.toContain("sign-ups");
    expect(both.reliability).toContain("| sign-ups from one address | 10 × 201, 10 × 429 | yes |");
    expect(both.reliability).toContain("| orders | 10 × 201, 10 × 429 | **no** |");
    expect(both.reliability).toContain("2 rows, 1 not held.");
  });

  it("rewrites only what lies between a table's markers", () => {
    const [ps, pe] = TABLE_MARKERS.performance;
    const doc = `# A\n${ps}\nold figures\n${pe}\nprose kept\n`;
    expect(writeTable(doc, "performance", "NEW P")).toBe(`# A\n${ps}\nNEW P\n${pe}\nprose kept\n`);
    expect(() => writeTable("# no markers", "reliability", "y")).toThrow("docs/reliability.md has no");
  });

  it("finds each table's markers in the file it is written to", () => {
    for (const [name, file] of Object.entries(TABLE_FILES)) {
      const text = readFileSync(join(import.meta.dirname, "..", file), "utf8");
      const [start, end] = TABLE_MARKERS[name as keyof typeof TABLE_MARKERS];
      expect(text.indexOf(start), `${file} ${start}`).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(end), `${file} ${end}`).toBeGreaterThan(text.indexOf(start));
    }
  });

  it("keeps a cell's pipe and line breaks from breaking the table, and refuses a row reported twice", () => {
    expect(table([row({ figure: "a | b\n  c" })])).toContain("| a \\| b c |");
    expect(() => tables([row(), row()])).toThrow('bench row "size:entry-js" reported twice');
  });
});
