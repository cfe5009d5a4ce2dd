import { describe, expect, it } from "vitest";
import {
  BREB_KEY_INVALID,
  CLABE_INVALID_CHECK,
  CLABE_INVALID_LENGTH,
  MPESA_ACCOUNT_INVALID,
  MPESA_PAYBILL_INVALID,
  MPESA_TILL_INVALID,
  NEQUI_DAVIPLATA_INVALID,
  NUBAN_INVALID_BANK,
  NUBAN_INVALID_CHECK,
  NUBAN_INVALID_LENGTH,
  parseBrebKey,
  parseClabe,
  parseColombiaWallet,
  parseMpesaPaybill,
  parseMpesaTill,
  parseNuban,
  parsePeruWallet,
  parseRut,
  RUT_INVALID,
  YAPE_PLIN_INVALID,
} from "./bank-ids";
import { CNPJ_INVALID, CPF_INVALID, parseCnpj, parseCpf } from "./br-documents";

describe("Mexico's CLABE", () => {
  it("takes Banxico's own example and real-looking ones as typed, with spaces", () => {
    expect(parseClabe("032180000118359719")).toEqual({ clabe: "032180000118359719" });
    expect(parseClabe("032 180 00011835971 9")).toEqual({ clabe: "032180000118359719" });
    expect(parseClabe("002010077777777771")).toEqual({ clabe: "002010077777777771" });
    // A bank newer than clabe-validator's table (Cashi, 715): its check digit is all that is checked.
    expect(parseClabe("715180000123456788")).toEqual({ clabe: "715180000123456788" });
  });

  it("refuses a wrong check digit, swapped digits and a wrong length, each in Spanish", () => {
    expect(parseClabe("032180000118359718")).toEqual({ error: CLABE_INVALID_CHECK });
    expect(parseClabe("032180000118359791")).toEqual({ error: CLABE_INVALID_CHECK });
    expect(parseClabe("03218000011835971")).toEqual({ error: CLABE_INVALID_LENGTH });
    expect(parseClabe("03218000011835971A")).toEqual({ error: CLABE_INVALID_LENGTH });
    expect(CLABE_INVALID_CHECK).toBe("Esa CLABE no es válida: algún número está mal. Cópiala de la app de tu banco.");
  });
});

describe("Chile's RUT", () => {
  it("takes RUTs however they are typed and writes them the Chilean way, K included", () => {
    expect(parseRut("12.345.678-5")).toEqual({ rut: "12.345.678-5" });
    expect(parseRut("123456785")).toEqual({ rut: "12.345.678-5" });
    expect(parseRut("10.000.013-k")).toEqual({ rut: "10.000.013-K" });
    expect(parseRut("7.654.321-6")).toEqual({ rut: "7.654.321-6" });
    expect(parseRut(" 11111111-1 ")).toEqual({ rut: "11.111.111-1" });
  });

  it("refuses a wrong check digit or letters with the Spanish reason", () => {
    for (const rut of ["12.345.678-9", "10.000.013-0", "12.345.678-K", "ABC", "", "0-0"])
      expect(parseRut(rut), rut).toEqual({ error: RUT_INVALID });
    expect(RUT_INVALID).toBe("Ese RUT no es válido: revisa los números y el dígito verificador (por ejemplo 12.345.678-5).");
  });
});

describe("Brazil's CPF and CNPJ", () => {
  it("takes valid numbers with or without punctuation, and the new alphanumeric CNPJ", () => {
    expect(parseCpf("529.982.247-25")).toBe("52998224725");
    expect(parseCpf("52998224725")).toBe("52998224725");
    expect(parseCnpj("11.222.333/0001-81")).toBe("11222333000181");
    // Receita Federal's example of the alphanumeric CNPJ (from July 2026), in either case.
    expect(parseCnpj("12.ABC.345/01DE-35")).toBe("12ABC34501DE35");
    expect(parseCnpj("12abc34501de35")).toBe("12ABC34501DE35");
  });

  it("refuses wrong check digits and the repeated-digit numbers that pass the sum", () => {
    for (const cpf of ["529.982.247-24", "111.111.111-11", "5299822472", "52998224725a"]) expect(parseCpf(cpf), cpf).toBeNull();
    for (const cnpj of ["11.222.333/0001-80", "12.ABC.345/01DE-36", "00.000.000/0000-00", "12.ABC.345/01DE-3A"])
      expect(parseCnpj(cnpj), cnpj).toBeNull();
    expect(CPF_INVALID).toBe("Ese CPF no es válido: revisa los 11 números (por ejemplo 529.982.247-25).");
    expect(CNPJ_INVALID).toBe("Ese CNPJ no es válido: revisa los 14 caracteres (por ejemplo 11.222.333/0001-81).");
  });
});

describe("Nigeria's NUBAN", () => {
  it("takes the CBN's own example and checks against the bank's code, 3, 5 or 6 digits", () => {
    // CBN, NUBAN proposals: First Bank (011), serial 000001457, check digit 9.
    expect(parseNuban("0000014579", "011")).toEqual({ account: "0000014579" });
    expect(parseNuban("012 345 6785", "058")).toEqual({ account: "0123456785" });
    expect(parseNuban("1234567896", "50515")).toEqual({ account: "1234567896" });
    expect(parseNuban("1234567896", "950515")).toEqual({ account: "1234567896" });
  });

  it("takes OPay's and PalmPay's accounts, the holder's mobile without its 0, which carry no check digit", () => {
    expect(parseNuban("803 123 4567", "999992")).toEqual({ account: "8031234567" });
    expect(parseNuban("9061234560", "999991")).toEqual({ account: "9061234560" });
    // Not a Nigerian mobile, and not a NUBAN of OPay either.
    expect(parseNuban("1234567890", "999992")).toEqual({ error: NUBAN_INVALID_CHECK });
    // A bank that numbers by NUBAN does not take a mobile on sight.
    expect(parseNuban("9061234560", "50211")).toEqual({ error: NUBAN_INVALID_CHECK });
  });

  it("refuses a number of another bank, a wrong length and a missing bank, in Spanish", () => {
    expect(parseNuban("0000014579", "058")).toEqual({ error: NUBAN_INVALID_CHECK });
    expect(parseNuban("0000014578", "011")).toEqual({ error: NUBAN_INVALID_CHECK });
    expect(parseNuban("000001457", "011")).toEqual({ error: NUBAN_INVALID_LENGTH });
    expect(parseNuban("0000014579", "")).toEqual({ error: NUBAN_INVALID_BANK });
    expect(NUBAN_INVALID_CHECK).toBe("Ese número de cuenta no corresponde a ese banco: revisa el número y el banco elegido.");
  });
});

describe("wallets and keys", () => {
  it("reads Peruvian Yape/Plin phones with or without +51", () => {
    expect(parsePeruWallet("+51 912 345 678")).toEqual({ phone: "+51912345678" });
    expect(parsePeruWallet("912345678")).toEqual({ phone: "+51912345678" });
    for (const bad of ["812345678", "+51 12 345 678", "+54 9 11 2345-6789"])
      expect(parsePeruWallet(bad), bad).toEqual({ error: YAPE_PLIN_INVALID });
  });

  it("reads Colombian Nequi/Daviplata phones", () => {
    expect(parseColombiaWallet("+57 312 345 6789")).toEqual({ phone: "+573123456789" });
    expect(parseColombiaWallet("312-345-6789")).toEqual({ phone: "+573123456789" });
    expect(parseColombiaWallet("6012345678")).toEqual({ error: NEQUI_DAVIPLATA_INVALID });
  });

  it("reads each kind of Bre-B key", () => {
    expect(parseBrebKey("+57 312 345 6789")).toEqual({ key: "+573123456789" });
    expect(parseBrebKey("1.020.304.050")).toEqual({ key: "1020304050" });
    expect(parseBrebKey("Tienda@Correo.co")).toEqual({ key: "tienda@correo.co" });
    expect(parseBrebKey("@MITIENDA123")).toEqual({ key: "@MITIENDA123" });
    for (const bad of ["@", "hola", "@con espacio"]) expect(parseBrebKey(bad), bad).toEqual({ error: BREB_KEY_INVALID });
  });

  it("reads M-Pesa tills and paybills", () => {
    expect(parseMpesaTill("123 456")).toEqual({ till: "123456" });
    expect(parseMpesaTill("1234")).toEqual({ error: MPESA_TILL_INVALID });
    expect(parseMpesaPaybill("247247", "0712345678")).toEqual({ paybill: "247247", account: "0712345678" });
    expect(parseMpesaPaybill("24724", " ACC-1 ")).toEqual({ paybill: "24724", account: "ACC-1" });
    expect(parseMpesaPaybill("12", "x")).toEqual({ error: MPESA_PAYBILL_INVALID });
    expect(parseMpesaPaybill("247247", "")).toEqual({ error: MPESA_ACCOUNT_INVALID });
  });
});
