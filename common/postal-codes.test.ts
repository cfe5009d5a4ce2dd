import { describe, expect, it } from "vitest";
import { checkPostalCode, POSTAL_CODES, postalCodeRule } from "./postal-codes";
import { COUNTRY_LOCALES } from "./store-locale";

describe("postal codes by country", () => {
  it("read a CEP however it is typed and keep it as 00000-000", () => {
    for (const typed of ["01310100", "01310-100", " 01310 100 ", "01310.100", "01310–100"]) {
      expect(checkPostalCode("BR", typed)).toEqual({ code: "01310-100" });
    }
    expect(checkPostalCode("BR", "")).toEqual({ problem: "required", example: "01310-100" });
    expect(checkPostalCode("BR", "1310-100")).toEqual({ problem: "invalid", example: "01310-100" });
    expect(checkPostalCode("BR", "0131O-100")).toEqual({ problem: "invalid", example: "01310-100" });
  });

  it("ask Mexico for 5 digits, leave Argentina's optional (4 digits or a CPA) and ask nothing where none is used", () => {
    expect(checkPostalCode("MX", "06600")).toEqual({ code: "06600" });
    expect(checkPostalCode("MX", null)).toEqual({ problem: "required", example: "06600" });
    expect(checkPostalCode("MX", "6600")).toEqual({ problem: "invalid", example: "06600" });
    expect(checkPostalCode("AR", undefined)).toEqual({ code: null });
    expect(checkPostalCode("AR", "1425")).toEqual({ code: "1425" });
    expect(checkPostalCode("AR", "c1425abc")).toEqual({ code: "C1425ABC" });
    expect(checkPostalCode("AR", "C14250")).toEqual({ problem: "invalid", example: "C1425ABC" });
    for (const none of ["BO", "KE", "NG", null, "ZZ"]) expect(checkPostalCode(none, "anything")).toEqual({ code: null });
  });

  it("are the countries' table's own rule, and every example passes its rule", () => {
    for (const [code, row] of Object.entries(COUNTRY_LOCALES)) expect(row.postalCode, code).toBe(postalCodeRule(code));
    for (const [code, rule] of Object.entries(POSTAL_CODES)) {
      expect(checkPostalCode(code, rule.example), code).toEqual({ code: rule.example });
      expect(code in COUNTRY_LOCALES, code).toBe(true);
    }
  });
});
