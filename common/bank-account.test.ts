import { describe, expect, it } from "vitest";
import { ALIAS_INVALID, CBU_NOT_DIGITS, CBU_WRONG_CHECK, CBU_WRONG_LENGTH, cbuKind, parseAlias, parseCbu } from "./bank-account";

describe("CBU and CVU", () => {
  it("takes real numbers as people paste them, including a check digit of 0", () => {
    expect(parseCbu("2850590940090418135201")).toEqual({ cbu: "2850590940090418135201" });
    // Both check digits 0: refused by the npm package `stdnum` 1.12.0, valid for every bank.
    expect(parseCbu("0720429088000002339140")).toEqual({ cbu: "0720429088000002339140" });
    expect(parseCbu(" 0720 4290 8800-0002 3391 40 ")).toEqual({ cbu: "0720429088000002339140" });
    expect(parseCbu("0000003110003456789128")).toEqual({ cbu: "0000003110003456789128" });
  });

  it("refuses a wrong check digit in either block, a wrong length and letters, each with its reason", () => {
    expect(parseCbu("2850590940090418135202")).toEqual({ error: CBU_WRONG_CHECK });
    expect(parseCbu("2850590840090418135201")).toEqual({ error: CBU_WRONG_CHECK });
    // Two digits swapped: the weights catch it.
    expect(parseCbu("2850590940090418135210")).toEqual({ error: CBU_WRONG_CHECK });
    expect(parseCbu("285059094009041813520")).toEqual({ error: CBU_WRONG_LENGTH });
    expect(parseCbu("28505909400904181352011")).toEqual({ error: CBU_WRONG_LENGTH });
    expect(parseCbu("28505909400904181352O1")).toEqual({ error: CBU_NOT_DIGITS });
  });

  it("names a virtual account CVU and a bank account CBU", () => {
    expect(cbuKind("0000003110003456789128")).toBe("CVU");
    expect(cbuKind("2850590940090418135201")).toBe("CBU");
  });
});

describe("alias", () => {
  it("takes letters, digits, dots and hyphens, 6 to 20 of them, kept as written", () => {
    expect(parseAlias(" mi.tienda.mp ")).toEqual({ alias: "mi.tienda.mp" });
    expect(parseAlias("CUARTO.CENTRO.NAIPE")).toEqual({ alias: "CUARTO.CENTRO.NAIPE" });
    expect(parseAlias("ropa-linda-2024")).toEqual({ alias: "ropa-linda-2024" });
  });

  it("refuses spaces, ñ, other signs and the wrong length", () => {
    for (const bad of ["mi tienda", "peña.ropa", "tienda@mp", "corto", "a".repeat(21), ""]) {
      expect(parseAlias(bad), bad).toEqual({ error: ALIAS_INVALID });
    }
  });
});
