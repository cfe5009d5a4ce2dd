import { describe, expect, it } from "vitest";
import { groupStarts } from "./photo-upload";

describe("the order a batch's photos are sent in", () => {
  it("sends the last group of ten first, so the first photo picked ends up newest and first in the store", () => {
    expect(groupStarts(25)).toEqual([20, 10, 0]);
    expect(groupStarts(10)).toEqual([0]);
    expect(groupStarts(11)).toEqual([10, 0]);
    expect(groupStarts(0)).toEqual([]);
  });
});
