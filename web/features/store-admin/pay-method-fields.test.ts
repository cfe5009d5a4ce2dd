import { describe, expect, it } from "vitest";
import { CLABE_INVALID_CHECK, MPESA_ACCOUNT_INVALID, MPESA_PAYBILL_INVALID, NUBAN_INVALID_CHECK } from "../../../common/bank-ids";
import { CPF_INVALID } from "../../../common/br-documents";
import { HOLDER_REQUIRED, PAY_METHOD_KINDS, PIX_CITY_REQUIRED } from "../../../common/pay-methods";
import { NIGERIAN_BANKS, newPayMethodDraft, payMethodDraft, payMethodFields, payMethodProblems } from "./pay-method-fields";

describe("each way to pay's fields, checked by the Worker's schema", () => {
  it("puts each reason at the field it is about, one per field", () => {
    expect(payMethodProblems({ ...newPayMethodDraft("spei"), clabe: "032180000118359718", holder: "Ana" })).toEqual({
      clabe: CLABE_INVALID_CHECK,
    });
    expect(payMethodProblems({ ...newPayMethodDraft("pix"), key: "529.982.247-24", name: "Loja", city: " " })).toEqual({
      key: CPF_INVALID,
      city: PIX_CITY_REQUIRED,
    });
    // The paybill's pair is checked together; each reason goes to its own field.
    expect(payMethodProblems({ ...newPayMethodDraft("mpesa_paybill"), paybill: "12", account: "x", holder: "W" })).toEqual({
      paybill: MPESA_PAYBILL_INVALID,
    });
    expect(payMethodProblems({ ...newPayMethodDraft("mpesa_paybill"), paybill: "247247", account: "", holder: "W" })).toEqual({
      account: MPESA_ACCOUNT_INVALID,
    });
    expect(
      payMethodProblems({ ...newPayMethodDraft("ng_transfer"), bankCode: "058", bank: "GTBank", account: "0000014579", holder: "" }),
    ).toEqual({
      account: NUBAN_INVALID_CHECK,
      holder: HOLDER_REQUIRED,
    });
    expect(payMethodProblems(newPayMethodDraft("cash"))).toEqual({});
  });

  it("offers the banks Nigerian sellers are paid through, each with a code the Worker takes, and no closed bank", () => {
    const names = NIGERIAN_BANKS.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(["OPay", "Moniepoint", "PalmPay", "Kuda"]));
    // The CBN revoked Heritage Bank's licence in 2024: a shopper's transfer there would not arrive.
    expect(names.some((n) => /heritage/i.test(n))).toBe(false);
    const opay = NIGERIAN_BANKS.find((b) => b.name === "OPay")!;
    expect(
      payMethodProblems({
        ...newPayMethodDraft("ng_transfer"),
        bankCode: opay.code,
        bank: opay.name,
        account: "803 123 4567",
        holder: "Adaeze Okafor",
      }),
    ).toEqual({});
  });

  it("a new draft picks each choice's first option, and a Nigerian bank fills in its name", () => {
    expect(newPayMethodDraft("pix").keyType).toBe("cpf");
    expect(newPayMethodDraft("ng_transfer")).toMatchObject({ bankCode: "044", bank: "Access Bank" });
    // Every kind has its fields listed (cash has none).
    for (const kind of PAY_METHOD_KINDS) expect(payMethodFields(kind)).toBeDefined();
  });

  it("a saved way to pay comes back to the form with empty fields as empty text", () => {
    const draft = payMethodDraft({ kind: "spei", clabe: "032180000118359719", bank: null, holder: "Ana" });
    expect(draft).toEqual({ kind: "spei", clabe: "032180000118359719", bank: "", holder: "Ana" });
    expect(payMethodProblems(draft)).toEqual({});
  });
});
