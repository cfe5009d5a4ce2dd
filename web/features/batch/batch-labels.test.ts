import { describe, expect, it } from "vitest";
import { batchPriceLabel, notEnoughForBatch, picturesLabel, timeLeftLabel } from "../../../common/batches";
import { creditsLabel, imagesLabel } from "../../../common/credits";
import { batchPriceText, creditsText, imagesText, notEnoughText, picturesText, timeLeftText } from "./batch-labels";

describe("the batch screens' amounts in Spanish", () => {
  it("read exactly as they always did", () => {
    for (const n of [0, 1, 2, 20, 100, 2500, 123456]) {
      expect(creditsText(n)).toBe(creditsLabel(n));
      expect(picturesText(n)).toBe(picturesLabel(n));
      expect(imagesText(n)).toBe(imagesLabel(n));
    }
    for (const quality of ["standard", "pro"] as const) {
      expect(batchPriceText(20, quality)).toBe(batchPriceLabel(20, quality));
      for (const balance of [0, 99, 150, 1000]) expect(notEnoughText(20, quality, balance)).toBe(notEnoughForBatch(20, quality, balance));
    }
    for (const seconds of [null, 0, 59, 60, 61, 3599, 3600, 3660, 7200, 9000]) expect(timeLeftText(seconds)).toBe(timeLeftLabel(seconds));
  });
});
