import { describe, expect, it } from "vitest";
import { translator } from "./i18n";
import { payDetailRows, payMessageLines, pixCode } from "./pay-details";
import { type PayMethod, payMethodSchema, payMethodsFromLegacy } from "./pay-methods";
import { brCodeCrcValid } from "./pix";

const ar = translator("es-AR").t;
const br = translator("pt-BR").t;

describe("how a way to pay reads to the shopper", () => {
  it("writes Argentina's ways exactly as the message does today", () => {
    const legacy = {
      transfer: { alias: "mi.tienda.mp", cbu: "0000003110003456789128", holder: "Ana Pérez" },
      mercadoPago: { link: "https://mpago.la/2aBcD3" },
      cash: true,
    };
    const [transfer, mercadoPago, cash] = payMethodsFromLegacy(legacy) as [PayMethod, PayMethod, PayMethod];
    // The lines Argentine messages carried before every country had its ways (common/store-cart.ts paymentLines of old).
    expect(payMessageLines(transfer, ar)).toEqual([
      "Pago: Transferencia bancaria",
      "Alias: mi.tienda.mp",
      "CVU: 0000003110003456789128",
      "Titular: Ana Pérez",
    ]);
    expect(payMessageLines(mercadoPago, ar)).toEqual(["Pago: Mercado Pago", "Link de pago: https://mpago.la/2aBcD3"]);
    expect(payMessageLines(cash, ar)).toEqual(["Pago: Efectivo al retirar o al recibir"]);
    expect(payDetailRows(transfer, ar)).toEqual([
      ["Alias", "mi.tienda.mp"],
      ["CVU", "0000003110003456789128"],
      ["Titular", "Ana Pérez"],
    ]);
  });

  it("gives a Brazilian shopper the Pix key and the order's copia e cola, in Portuguese", () => {
    const pix = payMethodSchema.parse({ kind: "pix", keyType: "phone", key: "(11) 98765-4321", name: "Loja Bela", city: "São Paulo" });
    const order = { total: 25_980, code: "K7P2", currency: "BRL" };
    const rows = payDetailRows(pix, br, order);
    expect(rows.slice(0, 2)).toEqual([
      ["Chave", "+5511987654321"],
      ["Titular", "Loja Bela"],
    ]);
    expect(rows[2]![0]).toBe("Pix copia e cola");
    expect(rows[2]![1]).toBe(pixCode(pix as Extract<PayMethod, { kind: "pix" }>, order));
    expect(rows[2]![1]).toContain("5406259.80");
    expect(rows[2]![1]).toContain("0504K7P2");
    expect(brCodeCrcValid(rows[2]![1])).toBe(true);
    // A store in another money: the payer types the amount.
    expect(pixCode(pix as Extract<PayMethod, { kind: "pix" }>, { ...order, currency: "ARS" })).not.toContain("5406");
    expect(payMessageLines(pix, br, order)[0]).toBe("Pagamento: Pix");
  });

  it("lists each country's details with their labels", () => {
    const t = translator("es-MX").t;
    const spei = payMethodSchema.parse({ kind: "spei", clabe: "032180000118359719", bank: "BBVA", holder: "Ana López" });
    expect(payMessageLines(spei, t)).toEqual([
      "Pago: Transferencia SPEI",
      "CLABE: 032180000118359719",
      "Banco: BBVA",
      "Titular: Ana López",
    ]);
    const cl = payMethodSchema.parse({
      kind: "cl_transfer",
      bank: "BancoEstado",
      accountType: "rut",
      account: "12345678",
      holder: "Ana",
      rut: "12345678-5",
    });
    expect(payDetailRows(cl, translator("es-CL").t)).toEqual([
      ["Banco", "BancoEstado"],
      ["Tipo de cuenta", "CuentaRUT"],
      ["Cuenta", "12345678"],
      ["Titular", "Ana"],
      ["RUT", "12.345.678-5"],
    ]);
    const paybill = payMethodSchema.parse({ kind: "mpesa_paybill", paybill: "247247", account: "0712345678", holder: "Wanjiku Stores" });
    expect(payMessageLines(paybill, translator("en-KE").t)).toEqual([
      "Payment: M-Pesa (Paybill)",
      "Paybill number: 247247",
      "Account number: 0712345678",
      "Account name: Wanjiku Stores",
    ]);
  });
});
