import { describe, expect, it } from "vitest";
import { sizesSummary } from "./pay-store-preview";

describe("the store preview's sizes", () => {
  it("shows the first 3 and counts the rest", () => {
    expect(sizesSummary([{ name: "S" }, { name: "M" }, { name: "L" }, { name: "XL" }, { name: "XXL" }])).toEqual({
      shown: ["S", "M", "L"],
      more: 2,
    });
    expect(sizesSummary([{ name: "31" }])).toEqual({ shown: ["31"], more: 0 });
  });
});
