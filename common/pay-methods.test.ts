import { describe, expect, it } from "vitest";
import { CBU_WRONG_CHECK } from "./bank-account";
import { CLABE_INVALID_CHECK, NUBAN_INVALID_CHECK, RUT_INVALID } from "./bank-ids";
import { CPF_INVALID } from "./br-documents";
import { DEFAULT_PAYMENTS } from "./checkout";
import {
  DUPLICATE_PAY_METHOD,
  HOLDER_REQUIRED,
  PAY_METHOD_INVALID,
  payMethodSchema,
  payMethodsFromLegacy,
  payMethodsOutside,
  payMethodsSchema,
  TRANSFER_NEEDS_ACCOUNT,
} from "./pay-methods";
import { COUNTRY_LOCALES } from "./store-locale";

const errors = (input: unknown) => {
  const result = payMethodSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("one schema per way to pay, in one union", () => {
  it("saves each method normalised by its parser", () => {
    expect(payMethodSchema.parse({ kind: "pix", keyType: "cpf", key: "529.982.247-25", name: " Loja  Bela ", city: "Recife" })).toEqual({
      kind: "pix",
      keyType: "cpf",
      key: "52998224725",
      name: "Loja Bela",
      city: "Recife",
    });
    expect(payMethodSchema.parse({ kind: "spei", clabe: "032 180 00011835971 9", bank: "", holder: "Ana Pérez" })).toEqual({
      kind: "spei",
      clabe: "032180000118359719",
      bank: null,
      holder: "Ana Pérez",
    });
    expect(
      payMethodSchema.parse({
        kind: "cl_transfer",
        bank: "BancoEstado",
        accountType: "rut",
        account: "12345678",
        holder: "Ana",
        rut: "123456785",
      }),
    ).toMatchObject({ rut: "12.345.678-5" });
    expect(payMethodSchema.parse({ kind: "yape", phone: "912 345 678", holder: "Ana" })).toEqual({
      kind: "yape",
      phone: "+51912345678",
      holder: "Ana",
    });
    expect(
      payMethodSchema.parse({ kind: "ng_transfer", bankCode: "011", bank: "First Bank", account: "0000014579", holder: "Ade" }),
    ).toMatchObject({
      account: "0000014579",
    });
    expect(payMethodSchema.parse({ kind: "mpesa_paybill", paybill: "247247", account: "0712345678", holder: "Wanjiku" })).toMatchObject({
      paybill: "247247",
    });
    expect(payMethodSchema.parse({ kind: "ar_transfer", alias: "mi.tienda.mp", cbu: "", holder: "Ana" })).toEqual({
      kind: "ar_transfer",
      alias: "mi.tienda.mp",
      cbu: null,
      holder: "Ana",
    });
  });

  it("answers each wrong number with its parser's Spanish reason", () => {
    expect(errors({ kind: "pix", keyType: "cpf", key: "529.982.247-24", name: "Loja", city: "Recife" })).toEqual([CPF_INVALID]);
    expect(errors({ kind: "spei", clabe: "032180000118359718", holder: "Ana" })).toEqual([CLABE_INVALID_CHECK]);
    expect(
      errors({ kind: "cl_transfer", bank: "BancoEstado", accountType: "vista", account: "1", holder: "Ana", rut: "12.345.678-9" }),
    ).toEqual([RUT_INVALID]);
    expect(errors({ kind: "ng_transfer", bankCode: "058", bank: "GTBank", account: "0000014579", holder: "Ade" })).toEqual([
      NUBAN_INVALID_CHECK,
    ]);
    expect(errors({ kind: "ar_transfer", alias: "", cbu: "2850590940090418135202", holder: "Ana" })).toEqual([CBU_WRONG_CHECK]);
    expect(errors({ kind: "ar_transfer", alias: "", cbu: "", holder: "Ana" })).toEqual([TRANSFER_NEEDS_ACCOUNT]);
    expect(errors({ kind: "bank_transfer", bank: "BAC", account: "123", holder: "\u200b " })).toEqual([HOLDER_REQUIRED]);
    expect(errors({ kind: "bitcoin", address: "x" })).toEqual([PAY_METHOD_INVALID]);
  });

  it("takes a store's list with each kind once", () => {
    expect(payMethodsSchema.safeParse([{ kind: "cash" }, { kind: "cash" }]).error?.issues[0]?.message).toBe(DUPLICATE_PAY_METHOD);
    expect(payMethodsSchema.parse([{ kind: "cash" }, { kind: "mercadopago", link: "https://mpago.la/2x3y" }])).toHaveLength(2);
  });

  it("names the methods a country does not offer", () => {
    expect(payMethodsOutside([{ kind: "pix" }, { kind: "cash" }], COUNTRY_LOCALES.MX!.payMethods)).toEqual(["pix"]);
    expect(payMethodsOutside([{ kind: "spei" }, { kind: "mercadopago" }], COUNTRY_LOCALES.MX!.payMethods)).toEqual([]);
    expect(payMethodsOutside([{ kind: "mercadopago" }], COUNTRY_LOCALES.KE!.payMethods)).toEqual(["mercadopago"]);
  });

  it("reads today's Argentine settings as the same list, in the cart's order", () => {
    expect(payMethodsFromLegacy(DEFAULT_PAYMENTS)).toEqual([]);
    const legacy = { transfer: { alias: "mi.tienda", cbu: null, holder: "Ana" }, mercadoPago: { link: "https://mpago.la/1" }, cash: true };
    const methods = payMethodsFromLegacy(legacy);
    expect(methods.map((m) => m.kind)).toEqual(["ar_transfer", "mercadopago", "cash"]);
    // What the old settings hold passes the new schema unchanged.
    expect(payMethodsSchema.parse(methods)).toEqual(methods);
  });
});
