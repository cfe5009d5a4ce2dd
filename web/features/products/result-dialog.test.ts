import { describe, expect, it } from "vitest";
import { estimatedProgress } from "./result-dialog";

describe("generation progress", () => {
  it("starts at 0, keeps moving, and never claims to be done", () => {
    expect(estimatedProgress(0)).toBe(0);
    const samples = [1_000, 5_000, 15_000, 30_000, 60_000, 600_000].map(estimatedProgress);
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThanOrEqual(samples[i - 1]!);
    expect(samples[2]).toBeGreaterThan(50);
    expect(Math.max(...samples)).toBeLessThanOrEqual(95);
  });
});
