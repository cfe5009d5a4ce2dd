import { describe, expect, it } from "vitest";
import { imagesLabel } from "../../../common/credits";
import { storePlanTerms } from "../../../common/price-claims";
import { imagesText } from "./amounts";
import { t } from "./texts";

describe("the products screens in Spanish", () => {
  it("name a balance exactly as they always did", () => {
    for (const credits of [0, 49, 50, 99, 100, 1000, 123_456]) expect(imagesText(credits)).toBe(imagesLabel(credits));
  });

  it("say the store plan's terms as common/price-claims.ts does", () => {
    expect(t("storePlanTerms", { price: "$25.000" })).toBe(storePlanTerms("$25.000"));
  });
});
