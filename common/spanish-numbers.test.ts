import { describe, expect, it } from "vitest";
import { spellDecimal, spellSpanish } from "./spanish-numbers";

describe("numbers in Spanish words", () => {
  it("spells whole numbers as the RAE writes them", () => {
    const cases: [number, string][] = [
      [0, "cero"],
      [1, "uno"],
      [16, "dieciséis"],
      [21, "veintiuno"],
      [22, "veintidós"],
      [31, "treinta y uno"],
      [100, "cien"],
      [101, "ciento uno"],
      [500, "quinientos"],
      [1000, "mil"],
      [1299, "mil doscientos noventa y nueve"],
      [21_500, "veintiún mil quinientos"],
      [31_000, "treinta y un mil"],
      [100_000, "cien mil"],
      [101_001, "ciento un mil uno"],
      [999_999, "novecientos noventa y nueve mil novecientos noventa y nueve"],
    ];
    for (const [n, words] of cases) expect(spellSpanish(n), String(n)).toBe(words);
  });

  it("reads decimals digit by digit", () => {
    expect(spellDecimal("1", "299")).toBe("uno coma dos nueve nueve");
    expect(spellDecimal("12", "500")).toBe("doce coma cinco cero cero");
  });
});
