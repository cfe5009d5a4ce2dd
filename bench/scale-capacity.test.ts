import { describe, expect, it } from "vitest";
import { D1_LIMIT_BYTES, databasesNeeded, shopsPerDatabase } from "./scale-capacity.ts";

describe("shop databases for a number of shops", () => {
  it("counts whole shops a 10 GB database holds", () => {
    // A year-old shop at the measured 801.5 KB (80.2 GB per 100,000).
    expect(shopsPerDatabase(801_500)).toBe(12_476);
    expect(shopsPerDatabase(1_000, 2_999)).toBe(2);
    expect(D1_LIMIT_BYTES).toBe(10_000_000_000);
  });

  it("rounds up: a shop past the last full database needs one more", () => {
    expect(databasesNeeded(100_000, 801_500)).toBe(9);
    expect(databasesNeeded(100_000, 398_000)).toBe(4);
    expect(databasesNeeded(12_476, 801_500)).toBe(1);
    expect(databasesNeeded(12_477, 801_500)).toBe(2);
    expect(databasesNeeded(3, 1_000, 2_000)).toBe(2);
    expect(databasesNeeded(0, 801_500)).toBe(0);
  });

  it("refuses what has no answer", () => {
    expect(() => databasesNeeded(10, 3_000, 2_000)).toThrow(/larger than a database/);
    expect(() => databasesNeeded(10, 0)).toThrow(/positive/);
    expect(() => databasesNeeded(1.5, 1_000)).toThrow(/whole number/);
    expect(() => shopsPerDatabase(Number.NaN)).toThrow(/positive/);
  });
});
