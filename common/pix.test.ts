import { describe, expect, it } from "vitest";
import { CNPJ_INVALID, CPF_INVALID } from "./br-documents";
import { brCodeCrcValid, buildBrCode, crc16, PIX_EMAIL_INVALID, PIX_PHONE_INVALID, PIX_RANDOM_INVALID, parsePixKey } from "./pix";

// The Banco Central's example BR Code ("Manual de Padrões para Iniciação do Pix"): a random key, no amount, no txid.
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("the BR Code (Pix copia e cola)", () => {
  it("computes CRC16-CCITT-FALSE: the standard check value and the manual's CRC", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  it("writes the manual's own example byte for byte", () => {
    expect(buildBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA" })).toBe(MANUAL_EXAMPLE);
    expect(brCodeCrcValid(MANUAL_EXAMPLE)).toBe(true);
    expect(brCodeCrcValid(MANUAL_EXAMPLE.replace("Fulano", "Fulana"))).toBe(false);
  });

  it("carries the order's total and code, with plain-ASCII name and city cut to their fields", () => {
    const code = buildBrCode({
      key: "+5511987654321",
      name: "Loja da Conceição — Moda Íntima Ltda",
      city: "São Paulo do Potengi",
      amount: 25_980,
      txid: "K7P-2",
    });
    // 54: "259.80" (6 characters); 59: 25 characters; 60: 15; 62/05: the code without its hyphen.
    expect(code).toBe(
      "00020126360014br.gov.bcb.pix0114+5511987654321520400005303986" +
        "5406259.80" +
        "5802BR5925Loja da Conceicao Moda In6015Sao Paulo do Po62080504K7P26304BA3B",
    );
    expect(brCodeCrcValid(code)).toBe(true);
  });
});

describe("Pix keys", () => {
  it("normalises each kind of key as the BR Code carries it", () => {
    expect(parsePixKey("cpf", "529.982.247-25")).toEqual({ key: "52998224725" });
    expect(parsePixKey("cnpj", "12.ABC.345/01DE-35")).toEqual({ key: "12ABC34501DE35" });
    expect(parsePixKey("email", " Loja@Exemplo.com.BR ")).toEqual({ key: "loja@exemplo.com.br" });
    expect(parsePixKey("phone", "(11) 98765-4321")).toEqual({ key: "+5511987654321" });
    expect(parsePixKey("phone", "+55 61 3333-4444")).toEqual({ key: "+556133334444" });
    expect(parsePixKey("random", "123E4567-E12B-12D1-A456-426655440000")).toEqual({ key: "123e4567-e12b-12d1-a456-426655440000" });
  });

  it("refuses a wrong key of each kind with its Spanish reason", () => {
    expect(parsePixKey("cpf", "529.982.247-24")).toEqual({ error: CPF_INVALID });
    expect(parsePixKey("cnpj", "11.222.333/0001-80")).toEqual({ error: CNPJ_INVALID });
    expect(parsePixKey("email", "loja@")).toEqual({ error: PIX_EMAIL_INVALID });
    expect(parsePixKey("phone", "+54 9 11 2345-6789")).toEqual({ error: PIX_PHONE_INVALID });
    expect(parsePixKey("phone", "(01) 98765-4321")).toEqual({ error: PIX_PHONE_INVALID });
    expect(parsePixKey("random", "123e4567e12b12d1a456426655440000")).toEqual({ error: PIX_RANDOM_INVALID });
  });
});
